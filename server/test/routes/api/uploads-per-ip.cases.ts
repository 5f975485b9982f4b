// RATE_LIMIT_UPLOADS_PER_IP: documents and logos sent per IP, one count across every route that takes a file,
// checked before authentication and before the body is read.
import { createTestApp } from '../../helpers/test-app';
import { makePdf } from '../../helpers/test-documents';
import { formData } from '../../helpers/verifications';

import type { Environment } from '../../../src/config';
import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

afterEach(async () => {
  await app.close();
});

async function startApp(env: Environment): Promise<void> {
  app = await createTestApp({ env: { RATE_LIMIT_UPLOADS_PER_IP: '2', ...env } });
}

const TEMPLATE_ID = '11111111-1111-4111-8111-111111111111';

// Each without a token: under the limit the answer is 401, over it 429.
const FILE_ROUTES = {
  stage: { method: 'POST', url: '/api/uploads/' },
  createVerification: { method: 'POST', url: '/api/verifications/' },
  createTemplate: { method: 'POST', url: '/api/templates/' },
  editTemplate: { method: 'PATCH', url: `/api/templates/${TEMPLATE_ID}/` },
} as const;

async function send(
  route: keyof typeof FILE_ROUTES,
  {
    remoteAddress = '198.51.100.1',
    forwardedFor,
  }: { remoteAddress?: string; forwardedFor?: string } = {},
): Promise<number> {
  const form = formData({ file: { name: 'a.pdf', data: await makePdf() } });
  const response = await app.inject({
    ...FILE_ROUTES[route],
    remoteAddress,
    headers: forwardedFor ? { ...form.headers, 'x-forwarded-for': forwardedFor } : form.headers,
    payload: form.payload,
  });
  return response.statusCode;
}

test('the third file from one IP is refused with 429 before authentication, the count shared by the routes', async () => {
  await startApp({});

  expect(await send('stage')).toBe(401);
  expect(await send('createVerification')).toBe(401);
  const refused = await app.inject({
    ...FILE_ROUTES.createTemplate,
    remoteAddress: '198.51.100.1',
  });
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error.code).toBe('rate_limited');
  expect(await send('editTemplate')).toBe(429);
  expect(await send('stage')).toBe(429);

  // Another IP has a count of its own; routes without a file are not counted.
  expect(await send('stage', { remoteAddress: '198.51.100.2' })).toBe(401);
  const list = await app.inject({ url: '/api/verifications/', remoteAddress: '198.51.100.1' });
  expect(list.statusCode).toBe(401);
});

test('behind a proxy with TRUST_PROXY=1, each client has its own count', async () => {
  await startApp({ TRUST_PROXY: '1' });
  const proxy = '10.0.0.2';
  const [clientA, clientB] = ['203.0.113.1', '203.0.113.2'];

  const codes = [];
  for (const client of [clientA, clientB, clientA, clientB, clientA]) {
    codes.push(await send('stage', { remoteAddress: proxy, forwardedFor: client }));
  }

  expect(codes).toEqual([401, 401, 401, 401, 429]);
});

test('0 turns the limit off', async () => {
  await startApp({ RATE_LIMIT_UPLOADS_PER_IP: '0' });

  for (let attempt = 0; attempt < 5; attempt += 1) expect(await send('stage')).toBe(401);
});
