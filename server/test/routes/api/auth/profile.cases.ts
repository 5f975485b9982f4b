import { getProfile, signedUpUser, type TokenPair } from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';

import type { FastifyInstance } from 'fastify';

const UNAUTHENTICATED = {
  error: {
    code: 'not_authenticated',
    message: 'Authentication credentials were not provided or are invalid.',
  },
};

let mail: MailCapture;
let app: FastifyInstance;
let tokens: TokenPair;

beforeAll(async () => {
  mail = await startMailCapture();
});

afterAll(async () => {
  await mail.stop();
});

beforeEach(async () => {
  mail.clear();
  app = await createTestApp({ env: { SMTP_URL: mail.smtpUrl } });
  tokens = await signedUpUser(app, mail);
});

afterEach(async () => {
  await app.close();
});

function patchProfile(changes: unknown, accessToken: string | null = tokens.access_token) {
  return app.inject({
    method: 'PATCH',
    url: '/api/auth/profile/',
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    payload: changes as Record<string, unknown>,
  });
}

test('answers the signed-in user’s profile', async () => {
  const response = await getProfile(app, tokens.access_token);

  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    email: 'ada@example.com',
    first_name: 'Ada Lovelace',
    last_name: '',
    has_custom_domain: false,
    industry: null,
    organisation_name: null,
    issuer_name: 'Ada Lovelace',
    issuer_identity: {
      issuer: null,
      issuer_proof: null,
      declared_name: 'Ada Lovelace',
      declared_name_withheld: null,
    },
    has_password: true,
    pending_email: null,
    delete_after: null,
    is_shared: false,
    shared_access: null,
    owner_user: null,
  });
});

test.each([
  ['no Authorization header', undefined],
  ['an unknown token', 'Bearer not-a-real-token'],
  ['another scheme', `Basic ${Buffer.from('ada:pw').toString('base64')}`],
  ['an empty bearer', 'Bearer '],
])('%s is a 401 not_authenticated', async (_case, authorization) => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/profile/',
    headers: authorization ? { authorization } : {},
  });

  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual(UNAUTHENTICATED);
});

test('a revoked access token is a 401', async () => {
  await app.db.updateTable('auth_tokens').set({ revoked_at: new Date() }).execute();

  expect((await getProfile(app, tokens.access_token)).json()).toEqual(UNAUTHENTICATED);
});

test('the scheme is case-insensitive', async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/profile/',
    headers: { authorization: `bearer ${tokens.access_token}` },
  });

  expect(response.statusCode).toBe(200);
});

test('PATCH changes only the fields given and answers the profile', async () => {
  const response = await patchProfile({ industry: '  Education ', last_name: 'Byron' });

  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    first_name: 'Ada Lovelace',
    last_name: 'Byron',
    industry: 'Education',
  });
  expect((await getProfile(app, tokens.access_token)).json()).toMatchObject({
    industry: 'Education',
  });
});

test('PATCH with nothing to change answers the profile as it is', async () => {
  const response = await patchProfile({});

  expect(response.statusCode).toBe(200);
  expect(response.json().first_name).toBe('Ada Lovelace');
});

test('PATCH ignores fields it does not own', async () => {
  const response = await patchProfile({ email: 'mallory@example.com', is_shared: true });

  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ email: 'ada@example.com', is_shared: false });
});

test.each([
  [{ first_name: 'Al' }, { first_name: ['Name must be at least 3 characters'] }],
  [{ first_name: '' }, { first_name: ['Name is required'] }],
  [{ first_name: 'x'.repeat(10_000) }, { first_name: ['Name must be at most 150 characters'] }],
  [{ last_name: 'y'.repeat(151) }, { last_name: ['Last name must be at most 150 characters'] }],
  [{ industry: 'z'.repeat(101) }, { industry: ['Industry must be at most 100 characters'] }],
  [{ industry: 42 }, { industry: ['Industry must be text.'] }],
  [{ industry: 'Bad\u0000' }, { industry: ['Industry must not contain control characters'] }],
])('PATCH refuses %p with field messages', async (changes, details) => {
  const response = await patchProfile(changes);

  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual(details);
});

test('PATCH without a token is a 401, whatever the body', async () => {
  const response = await patchProfile({ first_name: 'X' }, null);

  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual(UNAUTHENTICATED);
});
