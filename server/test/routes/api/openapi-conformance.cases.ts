// The document against the server: every documented operation an API key may read (and the creations that make
// something to read) is called with a key, and each answer must be one the document gives for that status
// (helpers/openapi-answers.ts).
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
import {
  documentedAnswers,
  getOpenApiDocument,
  type OpenApiDocument,
} from '../../helpers/openapi-answers';
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

// Links mailed with a token of their own (an invitation, a data export): no key reaches them.
const NOT_CALLED = new Set(['/api/team/invitations/{token}/', '/api/account/exports/{token}/']);

// Caddy's question before a certificate: 404 for any name that is not a verified custom domain.
const ASKED: Record<string, { query: string; status: number }> = {
  '/api/custom-domains/allowed/': { query: '?domain=nowhere.example', status: 404 },
  // The code's template makes no achievements: its credential is no Open Badge.
  '/api/public/verifications/{code}/badge.png': { query: '', status: 404 },
};

let app: FastifyInstance;
let document: OpenApiDocument;
let answers: ReturnType<typeof documentedAnswers>;
/** The owner's account, reached with an API key instead of the owner's token. */
let integration: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  const owner = await signedInUser(app);
  integration = { ...owner, headers: apiKeyHeaders(await createApiKey(app, owner)) };
  document = await getOpenApiDocument(app);
  answers = documentedAnswers(document);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** Fails unless the answer is one the document gives for this operation and status. */
function expectDocumented(response: LightMyRequestResponse, method: string, path: string): void {
  expect(answers.problemWith(response, method, path)).toBeUndefined();
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
  // Its holder may take it: the public credential download answers too.
  const response = await uploadVerification(app, integration, { allow_download: 'true' });
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
