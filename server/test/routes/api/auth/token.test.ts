import {
  CLIENT,
  getProfile,
  GOOD_PASSWORD,
  multipart,
  passwordGrant,
  refreshGrant,
  register,
  signedUpUser,
  urlencoded,
  type TokenPair,
} from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';

import type { Environment } from '../../../../src/config';
import type { FastifyInstance } from 'fastify';

const EMAIL = 'ada@example.com';
const INVALID_CREDENTIALS = {
  error: 'invalid_grant',
  error_description: 'Invalid credentials given.',
};

let mail: MailCapture;
let app: FastifyInstance;

beforeAll(async () => {
  mail = await startMailCapture();
});

afterAll(async () => {
  await mail.stop();
});

async function startApp(env: Environment = {}): Promise<void> {
  mail.clear();
  app = await createTestApp({ env: { SMTP_URL: mail.smtpUrl, ...env } });
}

afterEach(async () => {
  await app.close();
});

function revoke(token: string, credentials = CLIENT) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/token/revoke/',
    ...urlencoded({ ...credentials, token }),
  });
}

describe('password grant', () => {
  beforeEach(() => startApp());

  test('answers a bearer token pair for a verified account (multipart, as the SPA sends it)', async () => {
    const tokens = await signedUpUser(app, mail);

    expect(tokens).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      expires_in: 172800,
      token_type: 'Bearer',
    });
    expect(tokens.access_token).not.toBe(tokens.refresh_token);
    expect((await getProfile(app, tokens.access_token)).statusCode).toBe(200);
  });

  test('stores only hashes of the tokens', async () => {
    const tokens = await signedUpUser(app, mail);

    const rows = await app.db.selectFrom('auth_tokens').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(tokens.access_token);
    expect(stored).not.toContain(tokens.refresh_token);
  });

  test('takes urlencoded forms, username for email, and the email in any case', async () => {
    await signedUpUser(app, mail);

    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...urlencoded({
        grant_type: 'password',
        ...CLIENT,
        username: 'ADA@example.com ',
        password: GOOD_PASSWORD,
      }),
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('the access token lifetime follows ACCESS_TOKEN_TTL_SECONDS', async () => {
    await app.close();
    await startApp({ ACCESS_TOKEN_TTL_SECONDS: '60' });

    expect((await signedUpUser(app, mail)).expires_in).toBe(60);
  });

  test('a wrong password and an unknown email fail alike', async () => {
    await signedUpUser(app, mail);

    const wrong = await passwordGrant(app, EMAIL, 'Wrong-password-1');
    const unknown = await passwordGrant(app, 'nobody@example.com', GOOD_PASSWORD);

    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID_CREDENTIALS);
    }
  });

  test('a right password on an unverified account asks for verification and mails a fresh code', async () => {
    await register(app);
    const firstCode = mail.lastCode(EMAIL);

    const response = await passwordGrant(app, EMAIL, GOOD_PASSWORD);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'email_verification_failed',
      error_description: 'Email is not verified, Please verify your email',
    });
    expect(mail.to(EMAIL)).toHaveLength(2);
    const freshCode = mail.lastCode(EMAIL);
    const verified = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email-verification/?source=email_verification',
      payload: { email: EMAIL, otp: freshCode },
    });
    expect(verified.statusCode).toBe(200);
    expect((await passwordGrant(app, EMAIL, GOOD_PASSWORD)).statusCode).toBe(200);
    expect(firstCode).toMatch(/^\d{6}$/);
  });

  test('a wrong password on an unverified account is just wrong, and mails nothing', async () => {
    await register(app);

    const response = await passwordGrant(app, EMAIL, 'Wrong-password-1');

    expect(response.json()).toEqual(INVALID_CREDENTIALS);
    expect(mail.to(EMAIL)).toHaveLength(1);
  });

  test('missing email or password is invalid_request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...multipart({ grant_type: 'password', ...CLIENT, email: EMAIL }),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Email and password are required.',
    });
  });
});

describe('client authentication and malformed requests', () => {
  beforeEach(() => startApp());

  test.each([
    [{ client_id: 'someone-else', client_secret: CLIENT.client_secret }],
    [{ client_id: CLIENT.client_id, client_secret: 'wrong' }],
    [{ client_id: CLIENT.client_id }],
    [{}],
  ])('a wrong or missing client (%p) is a 401 invalid_client', async (credentials) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...multipart({
        grant_type: 'password',
        email: EMAIL,
        password: GOOD_PASSWORD,
        ...credentials,
      }),
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Client authentication failed.',
    });
  });

  test('the client is checked against OAUTH_CLIENT_ID and OAUTH_CLIENT_SECRET', async () => {
    await app.close();
    await startApp({ OAUTH_CLIENT_ID: 'custom', OAUTH_CLIENT_SECRET: 'custom-secret' });

    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...urlencoded({
        grant_type: 'refresh_token',
        client_id: 'custom',
        client_secret: 'custom-secret',
        refresh_token: 'x',
      }),
    });

    expect(response.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid, expired or revoked.',
    });
  });

  test('an unsupported grant type is unsupported_grant_type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...urlencoded({ grant_type: 'client_credentials', ...CLIENT }),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  test('a missing grant type is invalid_request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...urlencoded(CLIENT),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'grant_type is required.',
    });
  });

  test('JSON is the wrong content type for the token endpoint', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      payload: { grant_type: 'password', ...CLIENT, email: EMAIL, password: GOOD_PASSWORD },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description:
        'Send this request as application/x-www-form-urlencoded or multipart/form-data.',
    });
  });

  test('other content types and a body-less request are OAuth errors too', async () => {
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      headers: { 'content-type': 'text/plain' },
      payload: 'grant_type=password',
    });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      headers: { 'content-type': 'application/xml' },
      payload: '<grant_type>password</grant_type>',
    });
    const empty = await app.inject({ method: 'POST', url: '/api/auth/token/' });

    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ error: 'invalid_request' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ error: 'invalid_request' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'invalid_request' });
  });

  test('malformed multipart and repeated fields are invalid_request', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="grant_type"\r\n\r\npass',
    });
    const repeated = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&grant_type=refresh_token',
    });

    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'invalid_request' });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('refresh grant', () => {
  let tokens: TokenPair;

  beforeEach(async () => {
    await startApp();
    tokens = await signedUpUser(app, mail);
  });

  test('rotates: a new pair, and the old refresh token stops working', async () => {
    const refreshed = await refreshGrant(app, tokens.refresh_token);

    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json<TokenPair>();
    expect(next).toMatchObject({ token_type: 'Bearer', expires_in: 172800 });
    expect(next.access_token).not.toBe(tokens.access_token);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await getProfile(app, next.access_token)).statusCode).toBe(200);
    expect((await getProfile(app, tokens.access_token)).statusCode).toBe(401);
  });

  test('reusing a rotated refresh token is refused and ends the whole family', async () => {
    const next = (await refreshGrant(app, tokens.refresh_token)).json<TokenPair>();

    const reused = await refreshGrant(app, tokens.refresh_token);

    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await getProfile(app, next.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(app, next.refresh_token)).statusCode).toBe(400);
  });

  test('two parallel refreshes with one token give one new pair', async () => {
    const answers = await Promise.all([
      refreshGrant(app, tokens.refresh_token),
      refreshGrant(app, tokens.refresh_token),
    ]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
  });

  test('an expired or unknown refresh token is invalid_grant', async () => {
    await app.db
      .updateTable('auth_tokens')
      .set({ refresh_expires_at: new Date(Date.now() - 1000) })
      .execute();

    const expired = await refreshGrant(app, tokens.refresh_token);
    const unknown = await refreshGrant(app, 'not-a-token');

    for (const response of [expired, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'The refresh token is invalid, expired or revoked.',
      });
    }
  });

  test('an access token is not a refresh token', async () => {
    expect((await refreshGrant(app, tokens.access_token)).statusCode).toBe(400);
  });

  test('an expired access token is a 401 until refreshed', async () => {
    await app.db
      .updateTable('auth_tokens')
      .set({ access_expires_at: new Date(Date.now() - 1000) })
      .execute();

    expect((await getProfile(app, tokens.access_token)).statusCode).toBe(401);
    const next = (await refreshGrant(app, tokens.refresh_token)).json<TokenPair>();
    expect((await getProfile(app, next.access_token)).statusCode).toBe(200);
  });

  test('a missing refresh token is invalid_request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      ...urlencoded({ grant_type: 'refresh_token', ...CLIENT }),
    });

    expect(response.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token is required.',
    });
  });
});

describe('revocation', () => {
  let tokens: TokenPair;

  beforeEach(async () => {
    await startApp();
    tokens = await signedUpUser(app, mail);
  });

  test('revoking the access token ends the pair', async () => {
    const response = await revoke(tokens.access_token);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect((await getProfile(app, tokens.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(400);
  });

  test('revoking the refresh token ends the pair', async () => {
    expect((await revoke(tokens.refresh_token)).statusCode).toBe(200);

    expect((await getProfile(app, tokens.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(400);
  });

  test('other sessions of the same user carry on', async () => {
    const other = (await passwordGrant(app, EMAIL, GOOD_PASSWORD)).json<TokenPair>();

    await revoke(tokens.access_token);

    expect((await getProfile(app, other.access_token)).statusCode).toBe(200);
  });

  test('unknown and already revoked tokens answer 200 as well (RFC 7009)', async () => {
    await revoke(tokens.access_token);

    expect((await revoke(tokens.access_token)).statusCode).toBe(200);
    expect((await revoke('never-issued')).statusCode).toBe(200);
  });

  test('takes multipart too, and refuses a wrong client or a missing token', async () => {
    const viaMultipart = await app.inject({
      method: 'POST',
      url: '/api/auth/token/revoke/',
      ...multipart({ ...CLIENT, token: tokens.refresh_token }),
    });
    const wrongClient = await revoke(tokens.access_token, { ...CLIENT, client_secret: 'nope' });
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/auth/token/revoke/',
      ...urlencoded(CLIENT),
    });
    const json = await app.inject({
      method: 'POST',
      url: '/api/auth/token/revoke/',
      payload: { ...CLIENT, token: 'x' },
    });

    expect(viaMultipart.statusCode).toBe(200);
    expect(wrongClient.statusCode).toBe(401);
    expect(wrongClient.json()).toMatchObject({ error: 'invalid_client' });
    expect(noToken.json()).toEqual({
      error: 'invalid_request',
      error_description: 'token is required.',
    });
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('sign-in attempt limits', () => {
  test('per email: the spec 429 after the limit, other emails unaffected', async () => {
    await startApp({ RATE_LIMIT_SIGN_IN_PER_EMAIL: '3' });
    await signedUpUser(app, mail);

    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push(await passwordGrant(app, EMAIL, 'Wrong-password-1'));
    }
    const overLimit = await passwordGrant(app, 'ADA@example.com', GOOD_PASSWORD);
    const otherEmail = await passwordGrant(app, 'grace@example.com', GOOD_PASSWORD);

    // The first of the 3 allowed attempts was signedUpUser's own sign-in.
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 429]);
    expect(overLimit.statusCode).toBe(429);
    expect(overLimit.json()).toEqual({
      error: { code: 'rate_limited', message: 'Attempt limit exceeded. Try again after a minute' },
    });
    expect(otherEmail.statusCode).toBe(400);
  });

  test('per IP: across emails; refreshing is not counted', async () => {
    await startApp({ RATE_LIMIT_SIGN_IN_PER_IP: '2' });
    await register(app);
    await app.db.updateTable('users').set({ email_verified_at: new Date() }).execute();
    const tokens = (await passwordGrant(app, EMAIL, GOOD_PASSWORD)).json<TokenPair>();

    const second = await passwordGrant(app, 'b@example.com', GOOD_PASSWORD);
    const third = await passwordGrant(app, 'c@example.com', GOOD_PASSWORD);
    const refresh = await refreshGrant(app, tokens.refresh_token);

    expect([second.statusCode, third.statusCode, refresh.statusCode]).toEqual([400, 429, 200]);
  });

  test('0 turns a limit off', async () => {
    await startApp({ RATE_LIMIT_SIGN_IN_PER_EMAIL: '0', RATE_LIMIT_SIGN_IN_PER_IP: '0' });

    for (let attempt = 0; attempt < 40; attempt += 1) {
      expect((await passwordGrant(app, EMAIL, 'Wrong-password-1')).statusCode).toBe(400);
    }
  });
});
