import { createServer } from 'node:net';

import { addSsoConnection } from '../../../../src/services/sso/add-sso-connection';
import {
  CLIENT,
  getProfile,
  GOOD_PASSWORD,
  passwordGrant,
  register,
  type TokenPair,
} from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import {
  followAuthorization,
  startOidcProvider,
  type TestOidcProvider,
} from '../../../helpers/oidc-provider';
import { createTestApp } from '../../../helpers/test-app';

import type { FastifyInstance } from 'fastify';

const PUBLIC_URL = 'http://qrverify.test';
const REDIRECT_URI = `${PUBLIC_URL}/sso`;
const SSO_CLIENT = {
  clientId: 'qr-verify-acme',
  clientSecret: 'acme-secret',
  redirectUris: [REDIRECT_URI],
};
const EMAIL = 'grace@acme.test';

let provider: TestOidcProvider;
let mail: MailCapture;
let app: FastifyInstance;

// One provider process for the whole file.
beforeAll(async () => {
  [provider, mail] = await Promise.all([startOidcProvider(SSO_CLIENT), startMailCapture()]);
});

afterAll(async () => {
  await Promise.all([provider.stop(), mail.stop()]);
});

beforeEach(async () => {
  app = await createTestApp({ env: { PUBLIC_URL, SMTP_URL: mail.smtpUrl } });
  await app.ready();
  await addSsoConnection(app.db, {
    name: 'Acme',
    issuerUrl: provider.issuer,
    clientId: SSO_CLIENT.clientId,
    clientSecret: SSO_CLIENT.clientSecret,
    emailDomains: ['acme.test', 'unverified.test'],
  });
});

afterEach(async () => {
  await app.close();
});

function ssoRedirect(email: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sso/redirect/', payload: { email } });
}

function ssoToken(fields: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/token/sso/',
    payload: { grant_type: 'sso_token', ...CLIENT, ...fields },
  });
}

/** Starts SSO for `email` and signs in at the provider as `signInAs`; answers the code and state. */
async function signInAtProvider(
  email: string,
  signInAs = email,
): Promise<{ code: string; state: string }> {
  const redirect = await ssoRedirect(email);
  expect(redirect.statusCode).toBe(200);
  const authUrl = new URL(redirect.json().auth_url);
  authUrl.searchParams.set('login_hint', signInAs);
  const callback = await followAuthorization(authUrl.toString(), REDIRECT_URI);
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! };
}

async function userRow(email: string) {
  return app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

test('the redirect answers an authorization-code URL with state, nonce, PKCE S256 and the email hint', async () => {
  const response = await ssoRedirect(' Grace@ACME.test ');

  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.data.auth_url).toBe(body.auth_url);
  const url = new URL(body.auth_url);
  expect(url.origin).toBe(provider.issuer);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    client_id: SSO_CLIENT.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: REDIRECT_URI,
    code_challenge_method: 'S256',
    login_hint: EMAIL,
    state: expect.any(String),
    nonce: expect.any(String),
    code_challenge: expect.any(String),
  });
  const login = await app.db.selectFrom('sso_logins').selectAll().executeTakeFirstOrThrow();
  expect(login).toMatchObject({ state: url.searchParams.get('state'), email: EMAIL });
  expect(login.expires_at.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
});

test('round trip: redirect, provider sign-in, code exchange, then the profile; the account is made once', async () => {
  const { code } = await signInAtProvider(EMAIL);

  const response = await ssoToken({ email: 'GRACE@acme.test', code });

  expect(response.statusCode).toBe(200);
  const tokens = response.json<TokenPair>();
  expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 172800 });
  expect((await getProfile(app, tokens.access_token)).json()).toMatchObject({
    email: EMAIL,
    first_name: 'grace',
    last_name: 'Tester',
  });
  expect(await userRow(EMAIL)).toMatchObject({
    sign_up_method: 'sso',
    password_hash: null,
    email_verified_at: expect.any(Date),
  });

  const again = await signInAtProvider(EMAIL);
  const second = await ssoToken({ email: EMAIL, code: again.code, state: again.state });
  expect(second.statusCode).toBe(200);
  expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(1);
});

test('an email domain without a connection is refused with a field message', async () => {
  const response = await ssoRedirect('someone@elsewhere.test');

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: {
      code: 'sso_not_configured',
      message: 'Single sign-on is not set up for this email domain.',
      details: { email: ['Single sign-on is not set up for this email domain.'] },
    },
  });
});

test('a bad email is a validation error', async () => {
  const response = await ssoRedirect('not-an-email');

  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual({ email: ['Invalid email address'] });
});

test('signing in at the provider as someone else is refused', async () => {
  const { code } = await signInAtProvider(EMAIL, 'eve@acme.test');

  const response = await ssoToken({ email: EMAIL, code });

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: 'invalid_grant',
    error_description:
      'You signed in to your organisation as a different email address (eve@acme.test). Use that address, or sign in to your organisation as grace@acme.test.',
  });
  expect(await userRow('eve@acme.test')).toBeUndefined();
});

test('an email outside the connection’s domains is refused', async () => {
  const { code } = await signInAtProvider(EMAIL, 'eve@evil.test');

  const response = await ssoToken({ email: EMAIL, code });

  expect(response.json()).toEqual({
    error: 'invalid_grant',
    error_description:
      "This email domain does not sign in through your organisation's sign-in service.",
  });
});

test('an email the provider has not verified is refused', async () => {
  const { code } = await signInAtProvider('kim@unverified.test');

  const response = await ssoToken({ email: 'kim@unverified.test', code });

  expect(response.json()).toEqual({
    error: 'invalid_grant',
    error_description: "Your organisation's sign-in service has not verified this email address.",
  });
});

test('a bad code is refused, and uses up the pending sign-in', async () => {
  const { code } = await signInAtProvider(EMAIL);

  const bad = await ssoToken({ email: EMAIL, code: 'not-the-code' });
  const retry = await ssoToken({ email: EMAIL, code });

  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toEqual({
    error: 'invalid_grant',
    error_description:
      "Your organisation's sign-in service did not confirm this sign-in. Please start again.",
  });
  expect(retry.json()).toEqual({
    error: 'invalid_grant',
    error_description:
      'This single sign-on has expired or was already used. Please start again from the SSO page.',
  });
});

test('a code is exchanged once', async () => {
  const { code } = await signInAtProvider(EMAIL);
  await ssoToken({ email: EMAIL, code });

  const replay = await ssoToken({ email: EMAIL, code });

  expect(replay.statusCode).toBe(400);
  expect(replay.json().error).toBe('invalid_grant');
});

test('without a pending sign-in, with a wrong state, or after 10 minutes, the exchange is refused', async () => {
  const noLogin = await ssoToken({ email: 'ada@acme.test', code: 'whatever' });
  const { code, state } = await signInAtProvider(EMAIL);
  const wrongState = await ssoToken({ email: EMAIL, code, state: `${state}x` });
  await app.db
    .updateTable('sso_logins')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .execute();
  const expired = await ssoToken({ email: EMAIL, code, state });

  for (const response of [noLogin, wrongState, expired]) {
    expect(response.statusCode).toBe(400);
    expect(response.json().error_description).toBe(
      'This single sign-on has expired or was already used. Please start again from the SSO page.',
    );
  }
});

test('the token call checks the client, the grant type and the fields', async () => {
  const wrongClient = await ssoToken({ client_secret: 'nope', email: EMAIL, code: 'x' });
  const wrongGrant = await ssoToken({ grant_type: 'password', email: EMAIL, code: 'x' });
  const missingCode = await ssoToken({ email: EMAIL });

  expect(wrongClient.statusCode).toBe(401);
  expect(wrongClient.json()).toMatchObject({ error: 'invalid_client' });
  expect(wrongGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
  expect(missingCode.json()).toEqual({
    error: 'invalid_request',
    error_description: 'email and code are required.',
  });
});

test('signing in links an existing account; an unverified one loses the password nobody proved', async () => {
  await register(app, { email: EMAIL });
  const { code } = await signInAtProvider(EMAIL);

  expect((await ssoToken({ email: EMAIL, code })).statusCode).toBe(200);

  expect(await userRow(EMAIL)).toMatchObject({
    sign_up_method: 'password',
    password_hash: null,
    email_verified_at: expect.any(Date),
  });
  expect((await passwordGrant(app, EMAIL, GOOD_PASSWORD)).json().error).toBe('invalid_grant');
});

test('a provider that does not answer is a clear 502', async () => {
  const port = await closedPort();
  await addSsoConnection(app.db, {
    name: 'Down',
    issuerUrl: `http://127.0.0.1:${port}`,
    clientId: 'x',
    clientSecret: 'y',
    emailDomains: ['down.test'],
  });

  const response = await ssoRedirect('ada@down.test');

  expect(response.statusCode).toBe(502);
  expect(response.json().error.message).toBe(
    "Your organisation's sign-in service did not answer. Please try again later.",
  );
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
