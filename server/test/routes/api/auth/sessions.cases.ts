// /api/auth/sessions/: one row per sign-in (token family) with its device and browser, the current one marked;
// signing one out, or all the others, makes their tokens answer 401 at once.
import {
  CLIENT,
  GOOD_PASSWORD,
  getProfile,
  multipart,
  refreshGrant,
  type TokenPair,
} from '../../../helpers/auth-requests';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

interface SessionJson {
  id: string;
  current: boolean;
  device: string;
  browser: string;
  created_at: string;
  last_used_at: string;
}

let app: FastifyInstance;
let user: TestUser;

beforeEach(async () => {
  app = await createTestApp();
  user = await signedInUser(app);
  await app.db
    .updateTable('users')
    .set({ password_hash: await app.passwordHasher.hash(GOOD_PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  // The helper's own sign-in: each test makes the sessions it lists.
  await app.db.deleteFrom('auth_tokens').where('user_id', '=', user.id).execute();
});

afterEach(async () => {
  await app.close();
});

function bearer(tokens: TokenPair) {
  return { authorization: `Bearer ${tokens.access_token}` };
}

/** Signs in with the password grant from a browser with this user agent: a new session. */
async function signInFrom(userAgent: string): Promise<TokenPair> {
  const form = multipart({
    grant_type: 'password',
    ...CLIENT,
    email: user.email,
    password: GOOD_PASSWORD,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/token/',
    headers: { ...form.headers, 'user-agent': userAgent },
    payload: form.payload,
  });
  expect(response.statusCode).toBe(200);
  return response.json<TokenPair>();
}

async function listSessions(tokens: TokenPair): Promise<SessionJson[]> {
  const response = await app.inject({ url: '/api/auth/sessions/', headers: bearer(tokens) });
  expect(response.statusCode).toBe(200);
  return response.json<{ results: SessionJson[] }>().results;
}

function endSession(tokens: TokenPair, id = '') {
  return app.inject({
    method: 'DELETE',
    url: `/api/auth/sessions/${id ? `${id}/` : ''}`,
    headers: bearer(tokens),
  });
}

test('lists each sign-in with its device and browser, this one marked', async () => {
  const phone = await signInFrom(IPHONE_SAFARI);
  const laptop = await signInFrom(WINDOWS_FIREFOX);

  const sessions = await listSessions(laptop);

  expect(sessions).toHaveLength(2);
  expect(sessions).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ current: true, device: 'desktop', browser: 'Firefox' }),
      expect.objectContaining({ current: false, device: 'mobile', browser: 'Safari' }),
    ]),
  );
  expect((await listSessions(phone)).find((session) => session.current)?.browser).toBe('Safari');
  for (const session of sessions) {
    expect(new Date(session.created_at).getTime()).not.toBeNaN();
    expect(new Date(session.last_used_at).getTime()).not.toBeNaN();
  }
});

test('a refresh keeps the session (same id, now current) and marks it used', async () => {
  const laptop = await signInFrom(WINDOWS_FIREFOX);
  const [before] = await listSessions(laptop);
  await new Promise((resolve) => setTimeout(resolve, 20));

  const refreshed = (await refreshGrant(app, laptop.refresh_token)).json<TokenPair>();

  const after = await listSessions(refreshed);
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ id: before!.id, current: true });
  expect(Date.parse(after[0]!.last_used_at)).toBeGreaterThan(Date.parse(before!.last_used_at));
});

test('signing one session out: its tokens answer 401 at once and it leaves the list', async () => {
  const phone = await signInFrom(IPHONE_SAFARI);
  const laptop = await signInFrom(WINDOWS_FIREFOX);
  const phoneSession = (await listSessions(laptop)).find((session) => !session.current)!;

  const response = await endSession(laptop, phoneSession.id);

  expect(response.statusCode).toBe(204);
  expect((await getProfile(app, phone.access_token)).statusCode).toBe(401);
  expect((await refreshGrant(app, phone.refresh_token)).statusCode).toBe(400);
  expect((await getProfile(app, laptop.access_token)).statusCode).toBe(200);
  expect((await listSessions(laptop)).map((session) => session.id)).not.toContain(phoneSession.id);
  // Again, or someone else's: nothing to end.
  expect((await endSession(laptop, phoneSession.id)).statusCode).toBe(404);
});

test('a session of another user is not found; a malformed id is a 400', async () => {
  const laptop = await signInFrom(WINDOWS_FIREFOX);
  const [own] = await listSessions(laptop);
  const other = await signedInUser(app);
  const response = await app.inject({
    method: 'DELETE',
    url: `/api/auth/sessions/${own!.id}/`,
    headers: other.headers,
  });
  expect(response.statusCode).toBe(404);
  expect((await getProfile(app, laptop.access_token)).statusCode).toBe(200);
  expect((await endSession(laptop, 'not-a-session')).statusCode).toBe(400);
});

test('signing out all other sessions keeps only this one', async () => {
  const phone = await signInFrom(IPHONE_SAFARI);
  const tablet = await signInFrom(IPHONE_SAFARI.replace('iPhone', 'iPad'));
  const laptop = await signInFrom(WINDOWS_FIREFOX);

  const response = await endSession(laptop);

  expect(response.statusCode).toBe(204);
  expect((await getProfile(app, phone.access_token)).statusCode).toBe(401);
  expect((await getProfile(app, tablet.access_token)).statusCode).toBe(401);
  expect((await getProfile(app, laptop.access_token)).statusCode).toBe(200);
  expect(await listSessions(laptop)).toEqual([expect.objectContaining({ current: true })]);
});

test('a revoked (signed-out) session is no longer listed', async () => {
  const phone = await signInFrom(IPHONE_SAFARI);
  const laptop = await signInFrom(WINDOWS_FIREFOX);
  await app.inject({
    method: 'POST',
    url: '/api/auth/token/revoke/',
    ...multipart({ ...CLIENT, token: phone.refresh_token }),
  });
  expect(await listSessions(laptop)).toHaveLength(1);
});
