// The API answers in its own schema (issue 29 §5). Every operation of the app's OpenAPI document is called with
// requests faked from its own request schemas (json-schema-faker, a fixed seed) and with broken ones: wrong types,
// missing fields, a body that is not an object, malformed JSON, a wrong or unparseable Content-Type, bad,
// badly encoded and overlong path parameters, bad and overlong query values, no or a bogus credential. Requests
// are made as an owner, and with an API key where the operation takes one. No answer may be a 5xx, and every
// answer must be one the document gives (helpers/openapi-answers.ts).
import { apiKeyHeaders, postApiKey } from '../../helpers/api-keys';
import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  waitForStatus,
  zipPart,
} from '../../helpers/bulk';
import { fakeValues } from '../../helpers/fake-values';
import {
  documentedAnswers,
  getOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from '../../helpers/openapi-answers';
import { NO_LIMITS, planLimitsOverride } from '../../helpers/plans';
import { sharedUser, VIEW_ALL } from '../../helpers/team';
import { createTemplate } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { makePdf } from '../../helpers/test-documents';
import {
  createVerification,
  formData,
  signedInUser,
  type TestUser,
} from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const SEED = 29;

// Nothing leaves the machine: Google's endpoints and webhook receivers are a closed port on loopback, mail goes to
// the dev mailbox in the test's DATA_DIR, and Stripe is not configured (billing_not_configured). Custom domains are
// on, but the plan has none: a domain is refused by the plan before any DNS question, and plan refusals (with
// their details) are fuzzed too.
const CLOSED_PORT_URL = 'http://127.0.0.1:1/';

// Off: a 429 would hide what the request would have found (the limits have tests of their own).
const RATE_LIMITS = [
  'RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP',
  'RATE_LIMIT_SIGN_IN_PER_EMAIL',
  'RATE_LIMIT_SIGN_IN_PER_IP',
  'RATE_LIMIT_OTP_PER_EMAIL',
  'RATE_LIMIT_RESEND_OTP_PER_IP',
  'RATE_LIMIT_FORGOT_PASSWORD_PER_IP',
  'RATE_LIMIT_REGISTER_PER_IP',
  'RATE_LIMIT_UPLOADS_PER_IP',
  'RATE_LIMIT_TEAM_INVITES_PER_ACCOUNT',
  'RATE_LIMIT_INVITATION_RESENDS_PER_MEMBER',
  'RATE_LIMIT_API_KEY_REQUESTS',
  'RATE_LIMIT_SUPPORT_MESSAGES_PER_USER',
];

const ENV = {
  PLAN_LIMITS_OVERRIDE: planLimitsOverride({ free: { ...NO_LIMITS, custom_domain: false } }),
  CUSTOM_DOMAIN_TARGET: 'domains.example.com',
  GOOGLE_USERINFO_URL: CLOSED_PORT_URL,
  GOOGLE_TOKENINFO_URL: CLOSED_PORT_URL,
  WEBHOOKS_ALLOW_HTTP: 'true',
  WEBHOOKS_ALLOW_LOCAL_URLS: 'true',
  ...Object.fromEntries(RATE_LIMITS.map((name) => [name, '0'])),
};

// Faked bodies go where the test says for these fields: webhook deliveries to the closed port.
const BODY_FIELDS: Record<string, Record<string, unknown>> = {
  'POST /api/integrations/webhooks/': { url: `${CLOSED_PORT_URL}hook` },
  'PATCH /api/integrations/webhooks/{id}/': { url: `${CLOSED_PORT_URL}hook` },
};

// Operations that end or change the signed-in account or its sessions: each is made by a fresh owner of its own.
const ACCOUNT_CHANGING = new Set([
  'DELETE /api/account/',
  'POST /api/account/restore/',
  'DELETE /api/auth/sessions/',
  'POST /api/auth/password/',
  'POST /api/auth/email/verify/',
]);

const MUTATING_METHODS = new Set(['post', 'put', 'patch', 'delete']);

interface Operation {
  method: string;
  path: string;
  key: string;
  spec: OpenApiOperation;
}

interface FuzzRequest {
  /** What the request tries, for the findings. */
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

let app: FastifyInstance;
let document: OpenApiDocument;
let owner: TestUser;
let apiKey: { authorization: string };
let pdf: Buffer;
/** Ids of things the owner has, by the path segment before the parameter and its name: `verifications/id`. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await createTestApp({ env: ENV });
  owner = await signedInUser(app);
  pdf = Buffer.from(await makePdf());
  apiKey = apiKeyHeaders((await postApiKey(app, owner)).key);
  document = await getOpenApiDocument(app);
  await makeThingsToCall();
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** One of each thing an operation's path names, so that valid requests reach something real. */
async function makeThingsToCall(): Promise<void> {
  const verification = await createVerification(app, owner);
  ids['verifications/id'] = verification.id;
  ids['verifications/code'] = verification.code;
  ids['templates/id'] = (await createTemplate(app, owner)).id;
  // A second key, for the DELETE: the first one makes the requests.
  ids['api-keys/id'] = (await postApiKey(app, owner, 'To delete')).id;
  ids['users/id'] = (await sharedUser(app, owner, VIEW_ALL)).memberId;
  const upload = formData({ file: { name: 'transcript.pdf', data: pdf } });
  ids['uploads/id'] = (
    await app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...owner.headers, ...upload.headers },
      payload: upload.payload,
    })
  ).json().id;
  ids['webhooks/id'] = (
    await app.inject({
      method: 'POST',
      url: '/api/integrations/webhooks/',
      headers: owner.headers,
      payload: { url: `${CLOSED_PORT_URL}hook`, events: ['verification.created'] },
    })
  ).json().id;
  ids['keys/kid'] = (await app.inject({ url: '/api/seals/keys/', headers: owner.headers })).json()
    .keys?.[0]?.kid;
  const bulk = await postBulkOperation(app, owner, {
    sheet: csvPart(
      makeCsv([
        ['file', 'title', 'holder_name'],
        ['a.pdf', 'Certificate', 'Ada Lovelace'],
      ]),
    ),
    documents: zipPart(await makeZip([{ name: 'a.pdf', data: pdf }])),
  });
  ids['bulk-operations/id'] = bulk.json().id;
  await waitForStatus(app, owner, ids['bulk-operations/id'], ['ready']);
}

/** Every operation, deletions last so that the others still find what they name. */
function operations(): Operation[] {
  const all = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, spec]) => ({
      method,
      path,
      key: `${method.toUpperCase()} ${path}`,
      spec,
    })),
  );
  const rank = (operation: Operation) => (operation.method === 'delete' ? 1 : 0);
  return all.sort((a, b) => rank(a) - rank(b));
}

/** The schemas to fake values from, by name: each body's per media type, each parameter's. */
function schemasToFake(all: Operation[]): Record<string, JsonSchema> {
  const schemas: Record<string, JsonSchema> = {};
  for (const { key, spec } of all) {
    for (const [mediaType, { schema }] of Object.entries(spec.requestBody?.content ?? {})) {
      schemas[`${key} ${mediaType}`] = schema;
    }
    for (const parameter of spec.parameters ?? []) {
      schemas[`${key} ${parameter.in} ${parameter.name}`] = parameter.schema;
    }
  }
  return schemas;
}

/** A value of another type than the schema's, or undefined when the schema takes anything. */
function wrongTypeFor(schema: JsonSchema): unknown {
  if (Array.isArray(schema.enum)) return 'not-one-of-them';
  switch (schema.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not a number';
    case 'boolean':
      return 'maybe';
    case 'array':
      return { not: 'a list' };
    case 'object':
      return ['not', 'an', 'object'];
    default:
      return undefined;
  }
}

function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>;
}

function isFile(schema: JsonSchema | undefined): boolean {
  return schema?.format === 'binary';
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The body as the media type writes it: a file part's value is a small PDF, other form fields are text. */
function encodeBody(
  mediaType: string,
  schema: JsonSchema,
  value: unknown,
): { payload: string | Buffer; headers: Record<string, string> } {
  if (mediaType === 'application/json') {
    return { payload: JSON.stringify(value), headers: { 'content-type': mediaType } };
  }
  const fields = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const entries = Object.entries(fields as Record<string, unknown>);
  if (mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams(entries.map(([name, field]) => [name, asText(field)]));
    return { payload: form.toString(), headers: { 'content-type': mediaType } };
  }
  const properties = propertiesOf(schema);
  return formData(
    Object.fromEntries(
      entries.map(([name, field]) => [
        name,
        isFile(properties[name]) ? { name: 'document.pdf', data: pdf } : asText(field),
      ]),
    ),
  );
}

/** Every field of another type: in a form, a file part where text is expected and text where a file is. */
function wrongTypesBody(mediaType: string, schema: JsonSchema) {
  const properties = Object.entries(propertiesOf(schema));
  if (mediaType !== 'multipart/form-data') {
    const fields = properties
      .map(([name, property]) => [name, wrongTypeFor(property)] as const)
      .filter(([, value]) => value !== undefined);
    return encodeBody(mediaType, schema, Object.fromEntries(fields));
  }
  return formData(
    Object.fromEntries(
      properties.map(([name, property]) => [
        name,
        isFile(property) ? 'not a file' : { name: 'field.txt', type: 'text/plain', data: pdf },
      ]),
    ),
  );
}

/** Every text field as `textFor` writes it, every other field null. */
function withTextFields(schema: JsonSchema, textFor: (property: JsonSchema) => unknown) {
  return Object.fromEntries(
    Object.entries(propertiesOf(schema)).map(([name, property]) => [
      name,
      property.type === 'string' && !isFile(property) ? textFor(property) : null,
    ]),
  );
}

/** Longer than the schema allows, or long. */
function overlong(schema: JsonSchema): string {
  return 'x'.repeat(typeof schema.maxLength === 'number' ? schema.maxLength + 1 : 10_000);
}

/** A number just past the schema's range, or one JSON cannot hold. */
function outOfRange(schema: JsonSchema): string {
  return typeof schema.maximum === 'number' ? String(schema.maximum + 1) : '1e400';
}

const CONTROL_CHARACTERS = 'a\u0000b\u202e';

/** One request to make: what it tries, and its credential when it is not the signed-in owner's. */
interface Attempt {
  what: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  credential?: Record<string, string>;
}

/** An operation's URLs and bodies, from the values faked for it and the ids of real things. */
class OperationCalls {
  readonly pathParameters: OpenApiParameter[];
  readonly queryParameters: OpenApiParameter[];
  readonly bodies: [string, { schema: JsonSchema }][];

  constructor(
    readonly operation: Operation,
    private readonly fakes: Record<string, unknown[]>,
  ) {
    const parameters = operation.spec.parameters ?? [];
    this.pathParameters = parameters.filter((parameter) => parameter.in === 'path');
    this.queryParameters = parameters.filter((parameter) => parameter.in === 'query');
    this.bodies = Object.entries(operation.spec.requestBody?.content ?? {});
  }

  fake(name: string, which: number): unknown {
    return this.fakes[`${this.operation.key} ${name}`][which];
  }

  /** A real thing's id where the test made one, else a faked value. */
  idOf(name: string): unknown {
    const before = this.operation.path.split(`{${name}}`)[0].split('/').filter(Boolean).at(-1);
    return ids[`${before}/${name}`] ?? this.fake(`path ${name}`, 0);
  }

  url(valueOf: (name: string) => unknown = (name) => this.idOf(name), query = ''): string {
    const path = this.operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(asText(valueOf(name))),
    );
    return query ? `${path}?${query}` : path;
  }

  /** Every path parameter written as it is given, not encoded. */
  urlWithRawParameters(value: string): string {
    return this.operation.path.replace(/\{(\w+)\}/g, value);
  }

  /** Faked query values: the first set has the required parameters only. */
  fakeQuery(which: number): string {
    return new URLSearchParams(
      this.queryParameters
        .filter((parameter) => which > 0 || parameter.required)
        .map((parameter) => [parameter.name, asText(this.fake(`query ${parameter.name}`, which))]),
    ).toString();
  }

  /** Each query parameter with the values `valuesFor` gives for its schema. */
  query(valuesFor: (schema: JsonSchema) => string[]): string {
    return this.queryParameters
      .flatMap((parameter) =>
        valuesFor(parameter.schema).map(
          (value) => `${parameter.name}=${encodeURIComponent(value)}`,
        ),
      )
      .join('&');
  }

  /** A faked body of the media type the index picks. */
  fakeBody(which: number, index = 0) {
    if (this.bodies.length === 0) return undefined;
    const [mediaType, { schema }] = this.bodies[index % this.bodies.length];
    const fields = this.fake(mediaType, which) as object;
    return encodeBody(mediaType, schema, { ...fields, ...BODY_FIELDS[this.operation.key] });
  }
}

/** What the document describes: with real ids, then with faked ids and every optional field, then with a key. */
function validAttempts(calls: OperationCalls): Attempt[] {
  const attempts: Attempt[] = [
    {
      what: 'faked, with real ids',
      url: calls.url(undefined, calls.fakeQuery(0)),
      ...calls.fakeBody(0),
    },
    {
      what: 'faked, every field',
      url: calls.url((name) => calls.fake(`path ${name}`, 1), calls.fakeQuery(1)),
      ...calls.fakeBody(1, calls.bodies.length - 1),
    },
  ];
  if (calls.operation.spec.security.some((scheme) => 'apiKey' in scheme)) {
    attempts.push({
      what: 'faked, with an API key',
      url: calls.url(undefined, calls.fakeQuery(1)),
      ...calls.fakeBody(0),
      credential: apiKey,
    });
  }
  return attempts;
}

function credentialAttempts(calls: OperationCalls): Attempt[] {
  if (calls.operation.spec.security.length === 0) return [];
  const credentials: [string, Record<string, string>][] = [
    ['no credential', {}],
    ['a bogus API key', { authorization: 'Bearer qrv_not-a-key' }],
    ['a bogus bearer token', { authorization: 'Bearer not.a.token' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ];
  return credentials.map(([what, credential]) => ({
    what,
    url: calls.url(),
    ...calls.fakeBody(0),
    credential,
  }));
}

/** Not an id, badly encoded, an encoded slash, a NUL, not ASCII, over the router's 100 characters. */
function pathAttempts(calls: OperationCalls): Attempt[] {
  if (calls.pathParameters.length === 0) return [];
  const values = ['not-an-id', '%E0%A4%A', 'a%2Fb', 'a%00b', '%C3%BC%F0%9F%94%91', 'a'.repeat(300)];
  return values.map((value) => ({
    what: `path parameters ${value.slice(0, 20)}`,
    url: calls.urlWithRawParameters(value),
    ...calls.fakeBody(0),
  }));
}

function queryAttempts(calls: OperationCalls): Attempt[] {
  if (calls.queryParameters.length === 0) return [];
  const queries: [string, string][] = [
    [
      'query values of the wrong type',
      calls.query((schema) => [asText(wrongTypeFor(schema) ?? 'x')]),
    ],
    ['query values out of range', calls.query((schema) => [outOfRange(schema)])],
    ['overlong query values', calls.query((schema) => [overlong(schema)])],
    ['query values with control characters', calls.query(() => [CONTROL_CHARACTERS])],
    ['query values given twice', calls.query(() => ['1', '2'])],
  ];
  return queries.map(([what, query]) => ({ what, url: calls.url(undefined, query) }));
}

/** Bodies of a documented media type (the index picks which) whose fields are wrong. */
function bodyAttempts(calls: OperationCalls, index: number): Attempt[] {
  if (calls.bodies.length === 0) return [];
  const [mediaType, { schema }] = calls.bodies[index % calls.bodies.length];
  const body = (fields: Record<string, unknown>) => encodeBody(mediaType, schema, fields);
  const attempts: Attempt[] = [
    { what: 'fields of the wrong type', url: calls.url(), ...wrongTypesBody(mediaType, schema) },
    { what: 'fields all null', url: calls.url(), ...body(withTextFields(schema, () => null)) },
    {
      what: 'fields with control characters',
      url: calls.url(),
      ...body(withTextFields(schema, () => CONTROL_CHARACTERS)),
    },
    { what: 'overlong fields', url: calls.url(), ...body(withTextFields(schema, overlong)) },
  ];
  if (((schema.required as string[] | undefined) ?? []).length > 0) {
    attempts.push({ what: 'required fields missing', url: calls.url(), ...body({}) });
  }
  return attempts;
}

/** Bodies that are no body the route reads, whatever it documents. */
function contentTypeAttempts(calls: OperationCalls): Attempt[] {
  if (!MUTATING_METHODS.has(calls.operation.method)) return [];
  const bodies: [string, string, string][] = [
    ['malformed JSON', 'application/json', '{"title": '],
    ['an empty JSON body', 'application/json', ''],
    ['a JSON list', 'application/json', '[1, 2]'],
    ['a __proto__ key', 'application/json', '{"__proto__": {"is_admin": true}}'],
    ['a text body', 'text/plain', 'hello'],
    ['multipart without a boundary', 'multipart/form-data', 'hello'],
    ['an unparseable Content-Type', 'application/json; charset="', '{}'],
    ['a Content-Type without a subtype', 'application/', '{}'],
  ];
  return bodies.map(([what, contentType, payload]) => ({
    what,
    url: calls.url(),
    headers: { 'content-type': contentType },
    payload,
  }));
}

/** `count` of the candidates, a different few for each operation (the index turns the wheel). */
function pick<T>(candidates: T[], index: number, count: number): T[] {
  return candidates
    .slice(0, count)
    .map((_, offset) => candidates[(index * count + offset) % candidates.length]);
}

/** Every valid-looking request, and a few broken ones of each kind (which ones turns with the index). */
function requestsFor(
  operation: Operation,
  index: number,
  fakes: Record<string, unknown[]>,
  user: TestUser,
): FuzzRequest[] {
  const calls = new OperationCalls(operation, fakes);
  const attempts = [
    ...validAttempts(calls),
    ...pick(credentialAttempts(calls), index, 1),
    ...pick(pathAttempts(calls), index, 2),
    ...pick(queryAttempts(calls), index, 2),
    ...pick(bodyAttempts(calls, index), index, 2),
    ...pick(contentTypeAttempts(calls), index, 2),
  ];
  return attempts.map(({ what, url, headers, payload, credential = user.headers }) => ({
    what,
    method: operation.method,
    url,
    headers: { ...headers, ...credential },
    payload,
  }));
}

/** A method the document does not give for the path: the router's refusal, in the API's envelope. */
function undocumentedMethodOf(path: string): string {
  const documented = Object.keys(document.paths[path]);
  return ['put', 'patch', 'post', 'delete', 'get'].find((method) => !documented.includes(method))!;
}

test('every operation answers every request, valid or broken, as the document says, and never with a 5xx', async () => {
  const answers = documentedAnswers(document);
  const all = operations();
  const fakes = await fakeValues(schemasToFake(all), { seed: SEED, count: 2 });
  const findings: string[] = [];
  let count = 0;
  for (const [index, operation] of all.entries()) {
    const user = ACCOUNT_CHANGING.has(operation.key) ? await signedInUser(app) : owner;
    for (const request of requestsFor(operation, index, fakes, user)) {
      const response = await app.inject({
        method: request.method.toUpperCase() as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
      });
      count += 1;
      const problem =
        response.statusCode >= 500
          ? `${operation.key} ${response.statusCode}: ${response.body.slice(0, 300)}`
          : answers.problemWith(response, operation.method, operation.path);
      if (problem) findings.push(`${request.what}: ${problem}`);
    }
  }
  for (const path of Object.keys(document.paths)) {
    const method = undocumentedMethodOf(path);
    const response = await app.inject({
      method: method.toUpperCase() as 'GET',
      url: path.replace(/\{(\w+)\}/g, 'x'),
      headers: owner.headers,
    });
    const problem = answers.problemWithRefusal(response, `${method.toUpperCase()} ${path}`);
    if (problem) findings.push(`an undocumented method: ${problem}`);
  }
  // A few requests for each operation, so that a change that stops them being sent fails too.
  expect(count).toBeGreaterThan(all.length * 5);
  expect(findings).toEqual([]);
}, 90_000);
