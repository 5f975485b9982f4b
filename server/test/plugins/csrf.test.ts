import { createTestApp } from '../helpers/test-app';

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
  app.post('/api/test/change/', async () => ({ changed: true }));
  app.get('/api/test/read/', async () => ({ read: true }));
});

afterEach(async () => {
  await app.close();
});

const FORBIDDEN = { error: { code: 'csrf_failed', message: 'CSRF token missing or incorrect.' } };

function csrfCookie(response: LightMyRequestResponse) {
  return response.cookies.find((cookie) => cookie.name === 'csrftoken');
}

test('a response to a request without the cookie sets one the SPA can read', async () => {
  const response = await app.inject({ method: 'GET', url: '/api/test/read/' });

  const cookie = csrfCookie(response);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
  expect(cookie?.value).toMatch(/^[\w-]{32,}$/);
  expect(cookie?.httpOnly).toBeFalsy();
});

test('each new visitor gets a different token', async () => {
  const first = csrfCookie(await app.inject({ method: 'GET', url: '/api/test/read/' }));
  const second = csrfCookie(await app.inject({ method: 'GET', url: '/api/test/read/' }));

  expect(first?.value).not.toBe(second?.value);
});

test('hashed assets never set it, as shared caches may store them for everyone', async () => {
  const response = await app.inject({ method: 'GET', url: '/assets/app.3f2a1c.js' });

  expect(csrfCookie(response)).toBeUndefined();
});

test('a request that already has the cookie keeps it', async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/test/read/',
    cookies: { csrftoken: 'abc' },
  });

  expect(csrfCookie(response)).toBeUndefined();
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
    app.route({ method, url: '/api/test/any/', handler: async () => ({ ok: true }) });

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
