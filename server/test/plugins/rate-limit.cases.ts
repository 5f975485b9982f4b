import { randomInt, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';

import { CLIENT, urlencoded } from '../helpers/auth-requests';
import { describeWithRedis, TEST_REDIS_URL } from '../helpers/redis';
import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

describe('in process', () => {
  let app: FastifyInstance;

  beforeEach(async () => {
    app = await createTestApp();
    app.post(
      '/api/test/limited/',
      { config: { access: 'public', rateLimit: { max: 2, timeWindow: '1 minute' } } },
      async () => ({ ok: 1 }),
    );
    app.post('/api/test/unlimited/', { config: { access: 'public' } }, async () => ({ ok: 1 }));
  });

  afterEach(async () => {
    await app.close();
  });

  test('a route that opts in answers 429 with the attempt-limit message once over its limit', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push(await app.inject({ method: 'POST', url: '/api/test/limited/' }));
    }

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2].json()).toEqual({
      error: { code: 'rate_limited', message: 'Attempt limit exceeded. Try again after a minute' },
    });
  });

  test('routes are not limited unless they opt in', async () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await app.inject({ method: 'POST', url: '/api/test/unlimited/' })).statusCode).toBe(
        200,
      );
    }
  });
});

describeWithRedis('with REDIS_URL', () => {
  // Keys of this run's own: an address from a test range and an email nobody else uses.
  const ip = `198.51.100.${randomInt(1, 255)}`;
  const signIn = (app: FastifyInstance, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      remoteAddress: ip,
      ...urlencoded({ grant_type: 'password', email, password: 'Wrong-password-1', ...CLIENT }),
    });

  // The app does not wait for Redis to start (a Redis that is down must not stop it): the test does.
  async function connectedToRedis(app: FastifyInstance): Promise<void> {
    await app.ready();
    if (app.redis!.status !== 'ready') await once(app.redis!, 'ready');
  }

  test('two instances count each key together', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '2' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env });
    await Promise.all([connectedToRedis(first), connectedToRedis(second)]);
    const email = `${randomUUID()}@example.com`;
    try {
      const answers = [
        await signIn(first, email),
        await signIn(second, email),
        await signIn(first, email),
      ];
      const otherEmail = await signIn(second, `${randomUUID()}@example.com`);

      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 429]);
      expect(otherEmail.statusCode).toBe(400);
    } finally {
      await first.close();
      await second.close();
    }
  });

  test('while Redis does not answer, requests go through uncounted and the outage is logged once', async () => {
    // A Redis that takes the connection and never answers.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    const lines: string[] = [];
    const down = await createTestApp({
      env: {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '1',
        LOG_LEVEL: 'error',
      },
      logStream: { write: (line: string) => lines.push(line) },
    });
    try {
      const email = `${randomUUID()}@example.com`;
      const answers = [
        await signIn(down, email),
        await signIn(down, email),
        await signIn(down, email),
      ];

      expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 400]);
      expect(lines.filter((line) => line.includes('Rate limits cannot be counted'))).toHaveLength(
        1,
      );
    } finally {
      await down.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
