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

/** Every string field set to `text`: control characters, an overlong value. */
function withStrings(schema: JsonSchema, textFor: (property: JsonSchema) => unknown) {
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

/** `count` of the candidates, a different few for each operation (the index turns the wheel). */
function pick<T>(candidates: T[], index: number, count: number): T[] {
  return candidates
    .slice(0, count)
    .map((_, offset) => candidates[(index * count + offset) % candidates.length]);
}

interface Call {
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
}

/** The requests an operation is called with: every valid-looking one, and a few broken ones of each kind. */
function requestsFor(
  operation: Operation,
  index: number,
  fakes: Record<string, unknown[]>,
  user: TestUser,
): FuzzRequest[] {
  const { key, method, path, spec } = operation;
  const parameters = spec.parameters ?? [];
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const bodies = Object.entries(spec.requestBody?.content ?? {});
  const fake = (name: string, which: number) => fakes[name][which];

  const idOf = (name: string) => {
    const before = path.split(`{${name}}`)[0].split('/').filter(Boolean).at(-1);
    return ids[`${before}/${name}`] ?? fake(`${key} path ${name}`, 0);
  };
  const urlWith = (valueOf: (name: string) => unknown, query = '') =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(asText(valueOf(name)))) +
    (query && `?${query}`);
  const rawUrlWith = (value: string) => path.replace(/\{(\w+)\}/g, value);
  const fakeQuery = (which: number) =>
    new URLSearchParams(
      queryParameters
        // The first value set has the required parameters only.
        .filter((parameter) => which > 0 || parameter.required)
        .map((parameter) => [
          parameter.name,
          asText(fake(`${key} query ${parameter.name}`, which)),
        ]),
    ).toString();
  const queryOf = (valueOf: (schema: JsonSchema) => string[]) =>
    queryParameters
      .flatMap((parameter) =>
        valueOf(parameter.schema).map((value) => `${parameter.name}=${encodeURIComponent(value)}`),
      )
      .join('&');
  const fakeBody = (which: number, [mediaType, { schema }]: (typeof bodies)[number]) =>
    encodeBody(mediaType, schema, {
      ...(fake(`${key} ${mediaType}`, which) as object),
      ...BODY_FIELDS[key],
    });
  const realUrl = urlWith(idOf);
  const firstBody = bodies[0] && fakeBody(0, bodies[0]);

  const requests: FuzzRequest[] = [];
  const add = (what: string, call: Call, credential: Record<string, string> = user.headers) =>
    requests.push({
      what,
      method,
      url: call.url,
      headers: { ...call.headers, ...credential },
      payload: call.payload,
    });
  const addEach = (calls: [string, Call][], count: number) => {
    for (const [what, call] of pick(calls, index, count)) add(what, call);
  };

  // Valid-looking: what the document describes, with real ids, then with faked ids and every optional field.
  add('faked, with real ids', { url: urlWith(idOf, fakeQuery(0)), ...firstBody });
  const lastBody = bodies.length > 0 ? fakeBody(1, bodies.at(-1)!) : undefined;
  add('faked, every field', {
    url: urlWith((name) => fake(`${key} path ${name}`, 1), fakeQuery(1)),
    ...lastBody,
  });
  if (spec.security.some((scheme) => 'apiKey' in scheme)) {
    add('faked, with an API key', { url: urlWith(idOf, fakeQuery(1)), ...firstBody }, apiKey);
  }

  if (spec.security.length > 0) {
    const credentials: [string, Record<string, string>][] = [
      ['no credential', {}],
      ['a bogus API key', { authorization: 'Bearer qrv_not-a-key' }],
      ['a bogus bearer token', { authorization: 'Bearer not.a.token' }],
      ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
    ];
    for (const [what, credential] of pick(credentials, index, 1)) {
      add(what, { url: realUrl, ...firstBody }, credential);
    }
  }

  if (pathParameters.length > 0) {
    const values = [
      'not-an-id',
      '%E0%A4%A',
      'a%2Fb',
      'a%00b',
      '%C3%BC%F0%9F%94%91',
      'a'.repeat(300),
    ];
    addEach(
      values.map((value) => [
        `path parameters ${value.slice(0, 20)}`,
        { url: rawUrlWith(value), ...firstBody },
      ]),
      2,
    );
  }

  if (queryParameters.length > 0) {
    const queries: [string, string][] = [
      [
        'query values of the wrong type',
        queryOf((schema) => [asText(wrongTypeFor(schema) ?? 'x')]),
      ],
      ['query values out of range', queryOf((schema) => [outOfRange(schema)])],
      ['overlong query values', queryOf((schema) => [overlong(schema)])],
      ['query values with control characters', queryOf(() => ['a\u0000b\u202e'])],
      ['query values given twice', queryOf(() => ['1', '2'])],
    ];
    addEach(
      queries.map(([what, query]) => [what, { url: `${realUrl}?${query}` }]),
      2,
    );
  }

  if (bodies.length > 0) {
    const [mediaType, { schema }] = bodies[index % bodies.length];
    const required = (schema.required as string[] | undefined) ?? [];
    const broken: [string, Call][] = [
      ['fields of the wrong type', { url: realUrl, ...wrongTypesBody(mediaType, schema) }],
      [
        'fields all null',
        {
          url: realUrl,
          ...encodeBody(
            mediaType,
            schema,
            withStrings(schema, () => null),
          ),
        },
      ],
      [
        'fields with control characters',
        {
          url: realUrl,
          ...encodeBody(
            mediaType,
            schema,
            withStrings(schema, () => 'a\u0000b\u202e'),
          ),
        },
      ],
      [
        'overlong fields',
        { url: realUrl, ...encodeBody(mediaType, schema, withStrings(schema, overlong)) },
      ],
      ...(required.length > 0
        ? [
            ['required fields missing', { url: realUrl, ...encodeBody(mediaType, schema, {}) }] as [
              string,
              Call,
            ],
          ]
        : []),
    ];
    addEach(broken, 2);
  }

  if (MUTATING_METHODS.has(method)) {
    const contentTypes: [string, string, string][] = [
      ['malformed JSON', 'application/json', '{"title": '],
      ['an empty JSON body', 'application/json', ''],
      ['a JSON list', 'application/json', '[1, 2]'],
      ['a __proto__ key', 'application/json', '{"__proto__": {"is_admin": true}}'],
      ['a text body', 'text/plain', 'hello'],
      ['multipart without a boundary', 'multipart/form-data', 'hello'],
      ['an unparseable Content-Type', 'application/json; charset="', '{}'],
      ['a Content-Type without a subtype', 'application/', '{}'],
    ];
    addEach(
      contentTypes.map(([what, contentType, payload]) => [
        what,
        { url: realUrl, headers: { 'content-type': contentType }, payload },
      ]),
      2,
    );
  }
  return requests;
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
