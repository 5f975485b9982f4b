// The document against the server: every documented operation an API key may read (and the creations that make
// something to read) is called with a key, and each answer must be one the document gives for that status: its
// JSON valid against the documented schema (Ajv, draft 2020-12, the dialect of OpenAPI 3.1), a file of a
// documented media type.
import { Ajv2020 } from 'ajv/dist/2020';

import { apiKeyHeaders, createApiKey } from '../../helpers/api-keys';
import {
  csvPart,
  makeCsv,
  makeZip,
  postBulkOperation,
  startOperation,
  waitForStatus,
  zipPart,
} from '../../helpers/bulk';
import { defaultTemplate } from '../../helpers/templates';
import { createTestApp } from '../../helpers/test-app';
import { makePdf } from '../../helpers/test-documents';
import {
  formData,
  signedInUser,
  uploadVerification,
  type TestUser,
} from '../../helpers/verifications';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

interface Operation {
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

// Links mailed with a token of their own (an invitation, a data export): no key reaches them.
const NOT_CALLED = new Set(['/api/team/invitations/{token}/', '/api/account/exports/{token}/']);

// Caddy's question before a certificate: 404 for any name that is not a verified custom domain.
const ASKED: Record<string, { query: string; status: number }> = {
  '/api/custom-domains/allowed/': { query: '?domain=nowhere.example', status: 404 },
};

const DOCUMENT_KEY = 'openapi.json';

let app: FastifyInstance;
let document: OpenApiDocument;
let ajv: Ajv2020;
/** The owner's account, reached with an API key instead of the owner's token. */
let integration: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  const owner = await signedInUser(app);
  integration = { ...owner, headers: apiKeyHeaders(await createApiKey(app, owner)) };
  document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  // The whole document, so that its schemas' refs to #/components/schemas/… resolve in it.
  ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addFormat('binary', true);
  ajv.addSchema(document, DOCUMENT_KEY);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

function pointer(...segments: string[]): string {
  return segments.map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
}

/** Fails unless the answer is one the document gives for this operation and status. */
function expectDocumented(response: LightMyRequestResponse, method: string, path: string): void {
  const status = String(response.statusCode);
  const label = `${method.toUpperCase()} ${path} ${status}`;
  const responses = document.paths[path][method].responses;
  // An exact status, or its range (4XX: the error envelope).
  const documented = status in responses ? status : `${status[0]}XX`;
  const answer = responses[documented];
  expect([label, answer !== undefined]).toEqual([label, true]);
  const mediaTypes = Object.keys(answer.content ?? {});
  if (!mediaTypes.includes('application/json')) {
    const contentType = String(response.headers['content-type'] ?? '').split(';')[0];
    expect([label, mediaTypes]).toEqual([label, expect.arrayContaining([contentType])]);
    return;
  }
  const validate = ajv.compile({
    $ref: `${DOCUMENT_KEY}#/${pointer('paths', path, method, 'responses', documented, 'content', 'application/json', 'schema')}`,
  });
  const isValid = validate(response.json());
  expect([label, isValid ? [] : validate.errors]).toEqual([label, []]);
}

function call(method: string, url: string, form?: ReturnType<typeof formData>) {
  return app.inject({
    method: method.toUpperCase() as 'GET' | 'POST',
    url,
    headers: { ...integration.headers, ...form?.headers },
    payload: form?.payload,
  });
}

// Filled by the creations below, read by the GETs.
const ids: Record<string, string> = {};

test('a verification secured from a multipart form with an API key answers as documented', async () => {
  const response = await uploadVerification(app, integration);
  expect(response.statusCode).toBe(201);
  expectDocumented(response, 'post', '/api/verifications/');
  ids.verifications = response.json().id;
  ids.code = response.json().code;
});

test('a staged upload and a bulk operation, created and run with an API key, answer as documented', async () => {
  const upload = await call(
    'post',
    '/api/uploads/',
    formData({ file: { name: 'transcript.pdf', data: await makePdf() } }),
  );
  expect(upload.statusCode).toBe(201);
  expectDocumented(upload, 'post', '/api/uploads/');
  ids.uploads = upload.json().id;

  const created = await postBulkOperation(app, integration, {
    sheet: csvPart(
      makeCsv([
        ['file', 'title', 'holder_name'],
        ['a.pdf', 'Certificate', 'Ada Lovelace'],
      ]),
    ),
    documents: zipPart(await makeZip([{ name: 'a.pdf', data: await makePdf() }])),
  });
  expect(created.statusCode).toBe(201);
  expectDocumented(created, 'post', '/api/bulk-operations/');
  ids['bulk-operations'] = created.json().id;
  await waitForStatus(app, integration, ids['bulk-operations'], ['ready']);
  const started = await startOperation(app, integration, ids['bulk-operations']);
  expectDocumented(started, 'post', '/api/bulk-operations/{id}/start/');
  await waitForStatus(app, integration, ids['bulk-operations'], ['completed']);
}, 60_000);

test('every GET an API key may call answers as documented', async () => {
  ids.templates = (await defaultTemplate(app, integration)).id;
  const reads = Object.entries(document.paths)
    .filter(([path, item]) => item.get && !NOT_CALLED.has(path))
    .filter(([, item]) => {
      const security = item.get.security;
      return security.length === 0 || security.some((scheme) => 'apiKey' in scheme);
    })
    .map(([path]) => path);
  expect(reads).toEqual(
    expect.arrayContaining([
      '/api/health/',
      '/api/health/ready/',
      '/api/settings/',
      '/api/public/verifications/{code}/',
      '/api/verifications/',
      '/api/verifications/{id}/',
      '/api/templates/',
      '/api/bulk-operations/{id}/',
    ]),
  );
  for (const path of reads) {
    const resource = path.split('/')[2];
    const asked = ASKED[path] ?? { query: '', status: 200 };
    const url = path.replace('{code}', ids.code).replace('{id}', ids[resource]) + asked.query;
    const response = await call('get', url);
    expect([url, response.statusCode]).toEqual([url, asked.status]);
    expectDocumented(response, 'get', path);
  }
}, 60_000);
