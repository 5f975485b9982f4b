import { setCsrfCookie } from '../../src/plugins/csrf';
import { sharedTestApp } from '../helpers/test-app';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let app: FastifyInstance;

// Stands in for the SPA plugin serving index.html.
function addSpaPage(created: FastifyInstance): void {
  created.get('/test/spa-page', async (request, reply) => {
    setCsrfCookie(request, reply);
    return reply.type('text/html').send('<!doctype html>');
  });
}

beforeAll(async () => {
  app = await sharedTestApp({}, (created) => {
    addSpaPage(created);
    created.post('/api/test/change/', { config: { access: 'public' } }, async () => ({
      changed: true,
    }));
    created.get('/api/test/read/', { config: { access: 'public' } }, async () => ({ read: true }));
    created.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/test/any/',
      config: { access: 'public' },
      handler: async () => ({ ok: true }),
    });
  });
});

const FORBIDDEN = { error: { code: 'csrf_failed', message: 'CSRF token missing or incorrect.' } };

function csrfCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'csrftoken');
}

test('the SPA page gives a visitor without one a token the SPA can read', async () => {
  const response = await app.inject({ method: 'GET', url: '/test/spa-page' });

  const cookie = csrfCookie(response);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 });
  expect(cookie?.value).toMatch(/^[\w-]{32,}$/);
  expect(cookie?.httpOnly).toBeFalsy();
  expect(cookie?.secure).toBeFalsy();
});

test('each new visitor gets a different token', async () => {
  const first = csrfCookie(await app.inject({ method: 'GET', url: '/test/spa-page' }));
  const second = csrfCookie(await app.inject({ method: 'GET', url: '/test/spa-page' }));

  expect(first?.value).not.toBe(second?.value);
});

test('a visitor who already has the cookie keeps it', async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/test/spa-page',
    cookies: { csrftoken: 'abc' },
  });

  expect(csrfCookie(response)).toBeUndefined();
});

test('over https the cookie is sent only over TLS', async () => {
  const httpsApp = await sharedTestApp(
    { env: { PUBLIC_URL: 'https://qr.example.com' } },
    addSpaPage,
  );

  const response = await httpsApp.inject({ method: 'GET', url: '/test/spa-page' });

  expect(csrfCookie(response)?.secure).toBe(true);
});

// Only the SPA's HTML needs the token; elsewhere a Set-Cookie would cost a random draw and defeat shared caches.
test.each([
  ['a JSON answer', '/api/test/read/'],
  ['a public verification page', '/v/NOSUCHCODE'],
  ['a 404', '/api/no-such-route/'],
  ['a hashed asset', '/assets/app.3f2a1c.js'],
])('%s sets no cookie', async (_name, url) => {
  const response = await app.inject({ method: 'GET', url });

  expect(response.headers['set-cookie']).toBeUndefined();
});

test('a cookie-carrying POST without the header is refused', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/test/change/',
    cookies: { csrftoken: 'abc' },
  });

  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual(FORBIDDEN);
});

test('a cookie-carrying POST with a different header value is refused', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/test/change/',
    cookies: { csrftoken: 'abc' },
    headers: { 'x-csrftoken': 'abd' },
  });

  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual(FORBIDDEN);
});

test.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
  '%s with the matching header passes',
  async (method) => {
    const response = await app.inject({
      method,
      url: '/api/test/any/',
      cookies: { csrftoken: 'abc' },
      headers: { 'x-csrftoken': 'abc' },
    });

    expect(response.statusCode).toBe(200);
  },
);

test('an API client without cookies is not cookie-reliant and passes', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/test/change/' });

  expect(response.statusCode).toBe(200);
});

test('a request with a bearer token passes even with the cookie', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/test/change/',
    cookies: { csrftoken: 'abc' },
    headers: { authorization: 'Bearer some-access-token' },
  });

  expect(response.statusCode).toBe(200);
});

test('reads are never checked', async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/test/read/',
    cookies: { csrftoken: 'abc' },
  });

  expect(response.statusCode).toBe(200);
});
