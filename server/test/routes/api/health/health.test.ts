import { createServer, type Server } from 'node:net';

import { createTestApp, postgresServerUrl } from '../../../helpers/test-app';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

// A port where nothing answers: take a free one and give it back.
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const expectedDriver = postgresServerUrl() ? 'postgres' : 'pglite';

// An app per test, each closed after it: an app left open (sharedTestApp) would keep the file's database, and each
// later app would have to load a database of its own.
test('reports ok with the database driver and the dev mailbox', async () => {
  app = await createTestApp();
  const response = await app.inject({ method: 'GET', url: '/api/health/' });

  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    status: 'ok',
    database: { ok: true, driver: expectedDriver },
    mail: { ok: true, transport: 'dev-mailbox' },
  });
});

test('answers without the trailing slash too', async () => {
  app = await createTestApp();
  const response = await app.inject({ method: 'GET', url: '/api/health' });

  expect(response.statusCode).toBe(200);
});

test('answers 503 with the same shape when the SMTP server is down', async () => {
  app = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });

  const response = await app.inject({ method: 'GET', url: '/api/health/' });

  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({
    status: 'unavailable',
    database: { ok: true, driver: expectedDriver },
    mail: { ok: false, transport: 'smtp' },
  });
});

test('answers 503 when the database stops answering', async () => {
  app = await createTestApp();
  await app.ready();
  await app.db.destroy();

  const response = await app.inject({ method: 'GET', url: '/api/health/' });

  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ status: 'unavailable', database: { ok: false } });
});
