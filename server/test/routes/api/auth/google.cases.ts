import { createServer } from 'node:net';

import {
  CLIENT,
  getProfile,
  GOOD_PASSWORD,
  passwordGrant,
  signedUpUser,
} from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import {
  getAccessToken,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../helpers/oidc-provider';
import { createTestApp } from '../../../helpers/test-app';

import type { FastifyInstance } from 'fastify';

// The loopback provider stands in for Google: its userinfo endpoint answers as Google's does.
const GOOGLE_STAND_IN = {
  clientId: 'google-stand-in',
  clientSecret: 'google-stand-in-secret',
  redirectUris: ['http://127.0.0.1/google-popup-callback'],
};
// Another app at Google whose users' tokens must not open accounts here.
const OTHER_APP = {
  clientId: 'someone-elses-app',
  clientSecret: 'someone-elses-secret',
  redirectUris: ['http://127.0.0.1/other-app-callback'],
};
const NOT_VERIFIED = {
  error: 'invalid_grant',
  error_description: 'Could not verify your Google account.',
};

let provider: TestOidcProvider;
let mail: MailCapture;
let app: FastifyInstance;

beforeAll(async () => {
  [provider, mail] = await Promise.all([
    startOidcProvider([GOOGLE_STAND_IN, OTHER_APP]),
    startMailCapture(),
  ]);
});

afterAll(async () => {
  await Promise.all([provider.stop(), mail.stop()]);
});

beforeEach(async () => {
  mail.clear();
  app = await createTestApp({ env: { ...googleEnv(), SMTP_URL: mail.smtpUrl } });
});

function googleEnv() {
  return {
    GOOGLE_CLIENT_ID: GOOGLE_STAND_IN.clientId,
    GOOGLE_USERINFO_URL: `${provider.issuer}/me`,
    GOOGLE_TOKENINFO_URL: `${provider.issuer}/tokeninfo`,
  };
}

afterEach(async () => {
  await app.close();
});

function convert(token: string, fields: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/token/google/',
    payload: {
      grant_type: 'convert_token',
      ...CLIENT,
      backend: 'google-oauth2',
      token,
      referrer: 'https://ads.example/',
      journey: ['https://qrverify.app/'],
      ...fields,
    },
  });
}

async function userRow(email: string) {
  return app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

test('a verified Google account signs up on first use (is_new_user true), then signs in (false)', async () => {
  const first = await convert(
    await getAccessToken(provider.issuer, GOOGLE_STAND_IN, 'Lin@Example.com'),
  );

  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({
    access_token: expect.any(String),
    refresh_token: expect.any(String),
    expires_in: 172800,
    token_type: 'Bearer',
    is_new_user: true,
  });
  expect((await getProfile(app, first.json().access_token)).json()).toMatchObject({
    email: 'lin@example.com',
    first_name: 'Lin',
    last_name: 'Tester',
  });
  expect(await userRow('lin@example.com')).toMatchObject({
    sign_up_method: 'google',
    password_hash: null,
    email_verified_at: expect.any(Date),
    referrer: 'https://ads.example/',
    journey: ['https://qrverify.app/'],
  });

  const second = await convert(
    await getAccessToken(provider.issuer, GOOGLE_STAND_IN, 'lin@example.com'),
  );
  expect(second.statusCode).toBe(200);
  expect(second.json().is_new_user).toBe(false);
  expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(1);
});

test('links an existing password account by email, which keeps its password', async () => {
  await signedUpUser(app, mail, 'ada@example.com');

  const response = await convert(
    await getAccessToken(provider.issuer, GOOGLE_STAND_IN, 'ada@example.com'),
  );

  expect(response.json().is_new_user).toBe(false);
  expect(await userRow('ada@example.com')).toMatchObject({
    sign_up_method: 'password',
    first_name: 'Ada Lovelace',
  });
  expect((await passwordGrant(app, 'ada@example.com', GOOD_PASSWORD)).statusCode).toBe(200);
});

test('an unverified Google email is refused with a clear description', async () => {
  const token = await getAccessToken(provider.issuer, GOOGLE_STAND_IN, 'kim@unverified.test');

  const response = await convert(token);

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: 'invalid_grant',
    error_description:
      "Your Google account's email address is not verified. Verify it with Google, or sign up with your email and a password.",
  });
  expect(await userRow('kim@unverified.test')).toBeUndefined();
});

test('a valid Google token issued to another app is refused: it proves nothing about signing in here', async () => {
  const token = await getAccessToken(provider.issuer, OTHER_APP, 'lin@example.com');

  const response = await convert(token);

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(NOT_VERIFIED);
  expect(await userRow('lin@example.com')).toBeUndefined();
});

test('without GOOGLE_CLIENT_ID Google sign-in is off: every token is refused', async () => {
  await app.close();
  app = await createTestApp({ env: { ...googleEnv(), GOOGLE_CLIENT_ID: '' } });

  const response = await convert(
    await getAccessToken(provider.issuer, GOOGLE_STAND_IN, 'lin@example.com'),
  );

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(NOT_VERIFIED);
});

test('a garbage token is refused', async () => {
  const response = await convert('garbage-token');

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(NOT_VERIFIED);
});

test('an unreachable userinfo endpoint is refused the same way', async () => {
  await app.close();
  const port = await closedPort();
  app = await createTestApp({
    env: { ...googleEnv(), GOOGLE_USERINFO_URL: `http://127.0.0.1:${port}/me` },
  });

  const response = await convert('any-token');

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(NOT_VERIFIED);
});

test('the call checks the client, the grant type, the backend and the token', async () => {
  const wrongClient = await convert('x', { client_secret: 'nope' });
  const wrongGrant = await convert('x', { grant_type: 'password' });
  const wrongBackend = await convert('x', { backend: 'facebook' });
  const noToken = await convert('', {});

  expect(wrongClient.statusCode).toBe(401);
  expect(wrongClient.json()).toMatchObject({ error: 'invalid_client' });
  expect(wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  expect(wrongBackend.json()).toEqual({
    error: 'invalid_request',
    error_description: 'backend must be google-oauth2.',
  });
  expect(noToken.json()).toEqual({
    error: 'invalid_request',
    error_description: 'token is required.',
  });
});

test('sign-in attempts per IP are limited', async () => {
  await app.close();
  app = await createTestApp({
    env: { ...googleEnv(), RATE_LIMIT_SIGN_IN_PER_IP: '1' },
  });

  const answers = [await convert('garbage'), await convert('garbage')];

  expect(answers.map((answer) => answer.statusCode)).toEqual([400, 429]);
  expect(answers[1].json()).toEqual({
    error: { code: 'rate_limited', message: 'Attempt limit exceeded. Try again after a minute' },
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
