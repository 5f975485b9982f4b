// Text Postgres cannot store (NUL) or that is not Unicode (a lone surrogate) is refused by the validator
// for every route, in each route's own error shape, before it can reach the database as a 500.
import {
  CLIENT,
  GOOD_PASSWORD,
  multipart,
  register,
  urlencoded,
} from '../../helpers/auth-requests';
import { createTestApp } from '../../helpers/test-app';
import { signedInUser } from '../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const NUL_MESSAGE = 'Must not contain a NUL character (U+0000).';
const SURROGATE_MESSAGE = 'Must be valid Unicode text: it has an unpaired surrogate.';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});

afterEach(async () => {
  await app.close();
});

describe('password grant', () => {
  const grant = { grant_type: 'password', ...CLIENT, password: GOOD_PASSWORD };

  test.each([
    ['urlencoded', urlencoded],
    ['multipart', multipart],
  ])('a NUL in the email (%s) is invalid_request in RFC 6749 shape', async (_, encode) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...encode({ ...grant, email: 'ada\u0000@example.com' }),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: `Invalid body: email: ${NUL_MESSAGE}`,
    });
  });

  test('a NUL in a JSON body is still a 400, never a 500', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { ...grant, email: 'ada\u0000@example.com' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('verification list', () => {
  test('a NUL in ?search= is a 400 with the field named', async () => {
    const user = await signedInUser(app);

    const response = await app.inject({
      method: 'GET',
      url: '/api/verifications/?search=ada%00',
      headers: user.headers,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: `Invalid query: search: ${NUL_MESSAGE}`,
        details: { search: [NUL_MESSAGE] },
      },
    });
  });
});

describe('registration', () => {
  test('an unpaired surrogate in journey is a 400 with the entry named', async () => {
    const response = await register(app, { journey: ['https://qrverify.app/', 'x\ud800y'] });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'validation_failed',
      details: { 'journey.1': [SURROGATE_MESSAGE] },
    });
  });

  test('a lone low surrogate in a field name or in the referrer is refused too', async () => {
    const response = await register(app, { referrer: '\udc00', ['x\udfff']: 'y' });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({
      referrer: [SURROGATE_MESSAGE],
      'x\udfff': [SURROGATE_MESSAGE],
    });
  });

  test('a journey sent as JSON text with an escaped surrogate is cleaned, not stored', async () => {
    const response = await register(app, {
      journey: '["https://qrverify.app/\\ud800", "a\\u0000b"]',
    });

    expect(response.statusCode).toBe(201);
    const user = await app.db
      .selectFrom('users')
      .select('journey')
      .where('email', '=', 'ada@example.com')
      .executeTakeFirstOrThrow();
    expect(user.journey).toEqual(['https://qrverify.app/', 'ab']);
  });

  test('paired surrogates (emoji) and right-to-left letters are ordinary text', async () => {
    const response = await register(app, { first_name: 'مريم 😀 כהן' });

    expect(response.statusCode).toBe(201);
  });
});

test('a deeply nested body is walked without running out of stack or memory', async () => {
  const depth = 100_000;

  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    headers: { 'content-type': 'application/json' },
    payload: `{"journey": ${'['.repeat(depth)}"a\\u0000"${']'.repeat(depth)}}`,
  });

  expect(response.statusCode).toBe(400);
  expect(Object.keys(response.json().error.details)).toEqual([
    'first_name',
    'email',
    'password',
    expect.stringMatching(/^journey(\.0)+$/),
  ]);
});
