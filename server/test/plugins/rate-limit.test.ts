import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

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
