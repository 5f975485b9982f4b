import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';

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

describe('readiness', () => {
  const READY = '/api/health/ready/';

  test('reports ready when the database, the file store and the job queue answer', async () => {
    app = await createTestApp();
    const response = await app.inject({ method: 'GET', url: READY });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: { ok: true }, storage: { ok: true }, queue: { ok: true } },
    });
  });

  test('answers 503 naming the database when it stops answering', async () => {
    app = await createTestApp();
    await app.ready();
    await app.db.destroy();

    const response = await app.inject({ method: 'GET', url: READY });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'unavailable',
      checks: { database: { ok: false }, storage: { ok: true } },
    });
  });

  test('answers 503 naming the file store when its folder is gone', async () => {
    app = await createTestApp();
    await app.ready();
    await rm(path.join(app.config.DATA_DIR, 'files'), { recursive: true, force: true });

    const response = await app.inject({ method: 'GET', url: READY });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      checks: { database: { ok: true }, storage: { ok: false }, queue: { ok: true } },
    });
  });

  test('answers 503 naming Redis when REDIS_URL points where nothing answers', async () => {
    app = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });

    const response = await app.inject({ method: 'GET', url: READY });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'unavailable',
      checks: {
        database: { ok: true },
        storage: { ok: true },
        queue: { ok: true },
        redis: { ok: false },
      },
    });
  });

  test('reports Redis ready when it answers', async () => {
    app = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } });

    const response = await app.inject({ method: 'GET', url: READY });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ready', checks: { redis: { ok: true } } });
  });
});
