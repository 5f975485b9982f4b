import Fastify from 'fastify';

import { loadConfig } from '../src/config';
import { createLoggerOptions, redactSecrets } from '../src/logger';

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
