import { setTimeout } from 'node:timers/promises';

import Fastify, { type FastifyInstance } from 'fastify';

import { loadConfig, type Environment } from '../src/config';
import { createLoggerOptions, redactSecrets } from '../src/logger';

import { createTestApp } from './helpers/test-app';

test('hides credentials at any depth, by key', () => {
  const logged = redactSecrets({
    email: 'ada@example.com',
    password: 'hunter2',
    body: {
      new_password: 'x',
      refresh_token: 'y',
      client_secret: 'z',
      items: [{ access_token: 'w' }],
    },
    headers: {
      authorization: 'Bearer abc',
      cookie: 'csrftoken=1',
      'set-cookie': 'a=b',
      accept: 'text/html',
    },
  });

  expect(logged).toEqual({
    email: 'ada@example.com',
    password: '[redacted]',
    body: {
      new_password: '[redacted]',
      refresh_token: '[redacted]',
      client_secret: '[redacted]',
      items: [{ access_token: '[redacted]' }],
    },
    headers: {
      authorization: '[redacted]',
      cookie: '[redacted]',
      'set-cookie': '[redacted]',
      accept: 'text/html',
    },
  });
});

test('leaves errors alone so their serializer still reports them', () => {
  const error = new Error('boom');

  expect(redactSecrets({ err: error }).err).toBe(error);
});

test('the app logger writes redacted JSON lines at the configured level', () => {
  const lines: string[] = [];
  const app = Fastify({
    logger: createLoggerOptions(loadConfig({ LOG_LEVEL: 'warn' }), {
      write: (line) => lines.push(line),
    }),
  });

  app.log.info({ password: 'hunter2' }, 'below the level');
  app.log.warn({ user: { email: 'ada@example.com', password: 'hunter2' } }, 'sign-in failed');

  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0])).toMatchObject({
    level: 40,
    msg: 'sign-in failed',
    user: { email: 'ada@example.com', password: '[redacted]' },
  });
});

describe('request log lines', () => {
  let app: FastifyInstance;
  let lines: Record<string, unknown>[];

  async function appWith(env: Environment): Promise<FastifyInstance> {
    lines = [];
    app = await createTestApp({
      env: { LOG_LEVEL: 'info', ...env },
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    app.get('/test/ok', async () => ({ ok: true }));
    app.get('/test/slow', async () => {
      await setTimeout(50);
      return { ok: true };
    });
    app.get('/test/unavailable', async (_request, reply) => reply.code(503).send({ ok: false }));
    app.get('/test/broken', async () => {
      throw new Error('boom');
    });
    return app;
  }

  function linesAbout(url: string): Record<string, unknown>[] {
    return lines.filter((line) => JSON.stringify(line).includes(url));
  }

  afterEach(async () => {
    await app.close();
  });

  test('with a sample rate of 1, every request gets one line at info', async () => {
    await (await appWith({ LOG_REQUEST_SAMPLE_RATE: '1' })).inject({ url: '/test/ok' });

    expect(linesAbout('/test/ok')).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/test/ok' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  test('a request line never carries the client’s address', async () => {
    await (
      await appWith({ LOG_REQUEST_SAMPLE_RATE: '1' })
    ).inject({
      url: '/test/ok',
      remoteAddress: '203.0.113.7',
    });

    const [line] = linesAbout('/test/ok');
    expect(line?.req).toBeDefined();
    expect(JSON.stringify(line)).not.toContain('203.0.113.7');
    expect(line?.req).not.toHaveProperty('remoteAddress');
  });

  test('by default a fast answer writes nothing', async () => {
    await (await appWith({})).inject({ url: '/test/ok' });

    expect(linesAbout('/test/ok')).toEqual([]);
    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([]);
  });

  test('a request slower than LOG_SLOW_REQUEST_MS is logged at warn', async () => {
    await (await appWith({ LOG_SLOW_REQUEST_MS: '10' })).inject({ url: '/test/slow' });

    expect(linesAbout('/test/slow')).toEqual([
      expect.objectContaining({ level: 40, msg: 'slow request', res: { statusCode: 200 } }),
    ]);
  });

  test('a 5xx answer is logged at error', async () => {
    await (await appWith({})).inject({ url: '/test/unavailable' });

    expect(linesAbout('/test/unavailable')).toEqual([
      expect.objectContaining({ level: 50, msg: 'server error', res: { statusCode: 503 } }),
    ]);
  });

  test('a thrown error is logged once, by the error handler, with its stack', async () => {
    await (await appWith({ LOG_REQUEST_SAMPLE_RATE: '1' })).inject({ url: '/test/broken' });

    const errorLines = lines.filter((line) => line.level === 50);
    expect(errorLines).toEqual([
      expect.objectContaining({
        msg: 'Request failed',
        err: expect.objectContaining({ stack: expect.stringContaining('boom') }),
      }),
    ]);
  });

  test('credentials sent with a request never reach the log', async () => {
    await (
      await appWith({ LOG_REQUEST_SAMPLE_RATE: '1' })
    ).inject({
      url: '/test/ok',
      headers: { authorization: 'Bearer secret-access-token' },
      cookies: { refresh: 'secret-refresh-token' },
    });

    expect(linesAbout('/test/ok')).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toMatch(/secret-(access|refresh)-token/);
  });

  test('a tokened link’s token never reaches the log, in the path or the query', async () => {
    const token = 'f3a9c2e1b7d64a0e9c8b5a4d3e2f1a0b';
    const tokened = await appWith({ LOG_REQUEST_SAMPLE_RATE: '1' });
    for (const url of [
      `/api/account/exports/${token}/`,
      `/api/team/invitations/${token}/`,
      `/test/ok?token=${token}&page=2`,
      `/test/ok?client_secret=${token}`,
    ]) {
      await tokened.inject({ url });
    }
    await tokened.inject({ method: 'POST', url: `/api/team/invitations/${token}/`, payload: {} });

    const requestLines = lines.filter((line) => line.req);
    expect(requestLines).toHaveLength(5);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(requestLines.map((line) => (line.req as { url: string }).url)).toEqual([
      '/api/account/exports/[redacted]/',
      '/api/team/invitations/[redacted]/',
      '/test/ok?token=[redacted]&page=2',
      '/test/ok?client_secret=[redacted]',
      '/api/team/invitations/[redacted]/',
    ]);
  });
});
