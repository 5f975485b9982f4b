import { sha256 } from '../../../../src/lib/sha256';
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

  // Ages the rotation of `refreshToken` past the grace window, as if the retry came 11 s later.
  async function rotatedSecondsAgo(refreshToken: string, seconds: number): Promise<void> {
    await app.db
      .updateTable('auth_tokens')
      .set({ revoked_at: new Date(Date.now() - seconds * 1000) })
      .where('refresh_token_hash', '=', sha256(refreshToken))
      .execute();
  }

  test('reusing a rotated refresh token after the grace window is refused and ends the whole family', async () => {
    const next = (await refreshGrant(app, tokens.refresh_token)).json<TokenPair>();
    await rotatedSecondsAgo(tokens.refresh_token, 11);

    const reused = await refreshGrant(app, tokens.refresh_token);

    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await getProfile(app, next.access_token)).statusCode).toBe(401);
    expect((await refreshGrant(app, next.refresh_token)).statusCode).toBe(400);
  });

  test('two parallel refreshes with one token both get the same new pair, and it works', async () => {
    const answers = await Promise.all([
      refreshGrant(app, tokens.refresh_token),
      refreshGrant(app, tokens.refresh_token),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const [first, second] = answers.map((answer) => answer.json<TokenPair>());
    expect(second.access_token).toBe(first.access_token);
    expect(second.refresh_token).toBe(first.refresh_token);
    expect((await getProfile(app, first.access_token)).statusCode).toBe(200);
    expect((await refreshGrant(app, first.refresh_token)).statusCode).toBe(200);
    expect(await app.db.selectFrom('auth_tokens').select('id').execute()).toHaveLength(3);
  });

  test('a retry within the grace window gets the same pair; the stored copy opens only with the old token', async () => {
    const next = (await refreshGrant(app, tokens.refresh_token)).json<TokenPair>();

    const retried = await refreshGrant(app, tokens.refresh_token);

    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({
      access_token: next.access_token,
      refresh_token: next.refresh_token,
      token_type: 'Bearer',
    });
    const stored = JSON.stringify(await app.db.selectFrom('auth_tokens').selectAll().execute());
    expect(stored).not.toContain(next.access_token);
    expect(stored).not.toContain(next.refresh_token);
  });

  test('the grace window gives nothing back once the new pair is revoked or rotated in turn', async () => {
    const next = (await refreshGrant(app, tokens.refresh_token)).json<TokenPair>();
    const after = (await refreshGrant(app, next.refresh_token)).json<TokenPair>();

    expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(400);
    expect((await getProfile(app, after.access_token)).statusCode).toBe(401);
  });

  test('REFRESH_GRACE_SECONDS=0 turns the window off', async () => {
    await app.close();
    await startApp({ REFRESH_GRACE_SECONDS: '0' });
    tokens = await signedUpUser(app, mail);
    const next = (await refreshGrant(app, tokens.refresh_token)).json<TokenPair>();

    expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(400);
    expect((await getProfile(app, next.access_token)).statusCode).toBe(401);
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
  // A password sign-in for EMAIL that reached the app from `remoteAddress` (with the client a proxy names in
  // X-Forwarded-For, if any); a wrong password unless told.
  function signInFrom(
    remoteAddress: string,
    { forwardedFor, password = 'Wrong-1' }: { forwardedFor?: string; password?: string } = {},
  ) {
    const form = urlencoded({ grant_type: 'password', ...CLIENT, email: EMAIL, password });
    return app.inject({
      method: 'POST',
      url: '/api/auth/token/',
      remoteAddress,
      payload: form.payload,
      headers: forwardedFor ? { ...form.headers, 'x-forwarded-for': forwardedFor } : form.headers,
    });
  }

  async function statusCodes(requests: Array<() => Promise<{ statusCode: number }>>) {
    const codes = [];
    for (const request of requests) codes.push((await request()).statusCode);
    return codes;
  }

  function times<T>(count: number, value: T): T[] {
    return Array.from({ length: count }, () => value);
  }

  const [IP_A, IP_B, IP_C, IP_D] = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];

  test('per email and IP: 429 rate_limited after the limit, other emails unaffected', async () => {
    await startApp({ RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '3' });
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

  test('10 wrong passwords from one IP lock that IP out, not the owner signing in from another', async () => {
    await startApp();
    await signedUpUser(app, mail);

    const fromA = await statusCodes(times(10, () => signInFrom(IP_A)));
    const rightFromA = await signInFrom(IP_A, { password: GOOD_PASSWORD });
    const rightFromB = await signInFrom(IP_B, { password: GOOD_PASSWORD });

    expect(fromA).toEqual(times(10, 400));
    expect(rightFromA.statusCode).toBe(429);
    expect(rightFromB.statusCode).toBe(200);
    expect((await getProfile(app, rightFromB.json<TokenPair>().access_token)).statusCode).toBe(200);
  });

  test('per email from anywhere: a higher limit that counts only failures', async () => {
    await startApp({ RATE_LIMIT_SIGN_IN_PER_EMAIL: '4', RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '0' });
    await signedUpUser(app, mail);

    const rightOnes = await statusCodes(
      times(5, () => signInFrom(IP_A, { password: GOOD_PASSWORD })),
    );
    const wrongOnes = await statusCodes(
      [IP_A, IP_B, IP_C, IP_C, IP_D].map((ip) => () => signInFrom(ip)),
    );
    const rightFromNewIp = await signInFrom('198.51.100.5', { password: GOOD_PASSWORD });

    expect(rightOnes).toEqual(times(5, 200));
    expect(wrongOnes).toEqual([400, 400, 400, 400, 429]);
    expect(rightFromNewIp.statusCode).toBe(429);
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

  const PROXY = '10.0.0.2';
  const [CLIENT_A, CLIENT_B, CLIENT_C] = ['203.0.113.1', '203.0.113.2', '203.0.113.3'] as const;

  test('per IP behind a proxy with TRUST_PROXY=1: each client has its own count', async () => {
    await startApp({
      RATE_LIMIT_SIGN_IN_PER_IP: '2',
      RATE_LIMIT_SIGN_IN_PER_EMAIL: '0',
      TRUST_PROXY: '1',
    });

    const codes = await statusCodes(
      [CLIENT_A, CLIENT_B, CLIENT_C, CLIENT_A, CLIENT_A].map(
        (client) => () => signInFrom(PROXY, { forwardedFor: client }),
      ),
    );

    expect(codes).toEqual([400, 400, 400, 400, 429]);
  });

  test('per IP behind a proxy without TRUST_PROXY: the header is ignored, the connection counts', async () => {
    await startApp({ RATE_LIMIT_SIGN_IN_PER_IP: '2', RATE_LIMIT_SIGN_IN_PER_EMAIL: '0' });

    const codes = await statusCodes(
      [CLIENT_A, CLIENT_B, CLIENT_C].map(
        (client) => () => signInFrom(PROXY, { forwardedFor: client }),
      ),
    );

    expect(codes).toEqual([400, 400, 429]);
  });

  test('TRUST_PROXY as addresses: a client connecting directly cannot pick its count with the header', async () => {
    await startApp({
      RATE_LIMIT_SIGN_IN_PER_IP: '1',
      RATE_LIMIT_SIGN_IN_PER_EMAIL: '0',
      TRUST_PROXY: '10.0.0.0/8',
    });

    const throughProxy = await statusCodes(
      [CLIENT_A, CLIENT_B].map((client) => () => signInFrom(PROXY, { forwardedFor: client })),
    );
    const direct = await statusCodes(
      [CLIENT_A, CLIENT_B].map(
        (client) => () => signInFrom('198.51.100.7', { forwardedFor: client }),
      ),
    );

    expect(throughProxy).toEqual([400, 400]);
    expect(direct).toEqual([400, 429]);
  });

  test('0 turns a limit off', async () => {
    await startApp({
      RATE_LIMIT_SIGN_IN_PER_EMAIL: '0',
      RATE_LIMIT_SIGN_IN_PER_EMAIL_AND_IP: '0',
      RATE_LIMIT_SIGN_IN_PER_IP: '0',
    });

    for (let attempt = 0; attempt < 40; attempt += 1) {
      expect((await passwordGrant(app, EMAIL, 'Wrong-password-1')).statusCode).toBe(400);
    }
  });
});
