import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance } from 'fastify';

let app: FastifyInstance;

afterEach(async () => {
  await app.close();
});

async function contentSecurityPolicy(): Promise<Record<string, string>> {
  const response = await app.inject({ method: 'GET', url: '/api/health/' });
  const directives = String(response.headers['content-security-policy'])
    .split(';')
    .map((directive) => directive.trim().split(/\s+/));
  return Object.fromEntries(directives.map(([name, ...values]) => [name, values.join(' ')]));
}

test('with GOOGLE_CLIENT_ID set, the policy lets Google’s sign-in script, popup and calls through', async () => {
  app = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' } });

  const csp = await contentSecurityPolicy();

  expect(csp['script-src']).toBe("'self' https://accounts.google.com");
  expect(csp['frame-src']).toBe("'self' https://accounts.google.com");
  expect(csp['connect-src']).toBe("'self' https://accounts.google.com");
});

test('without it, Google is not allowed anywhere', async () => {
  app = await createTestApp();

  const csp = await contentSecurityPolicy();

  expect(csp['script-src']).toBe("'self'");
  expect(csp['frame-src']).toBe("'self'");
  expect(JSON.stringify(csp)).not.toContain('google');
});
