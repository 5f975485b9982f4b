// POST /api/auth/password/: a signed-in user's new password, proven with the current one (an account made with
// Google or SSO sets its first without); the other sessions end, this one goes on.
import {
  GOOD_PASSWORD,
  getProfile,
  passwordGrant,
  refreshGrant,
  type TokenPair,
} from '../../../helpers/auth-requests';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser, type TestUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

const NEW_PASSWORD = 'Brand-new-pass-7';

let app: FastifyInstance;

beforeEach(async () => {
  app = await createTestApp();
});

afterEach(async () => {
  await app.close();
});

function bearer(accessToken: string) {
  return { authorization: `Bearer ${accessToken}` };
}

function changePassword(headers: Record<string, string>, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/password/', headers, payload: body });
}

/** A user with a password, signed in twice (two sessions). */
async function userWithPassword(): Promise<{
  user: TestUser;
  first: TokenPair;
  second: TokenPair;
}> {
  const user = await signedInUser(app);
  await app.db
    .updateTable('users')
    .set({ password_hash: await app.passwordHasher.hash(GOOD_PASSWORD) })
    .where('id', '=', user.id)
    .execute();
  const first = (await passwordGrant(app, user.email, GOOD_PASSWORD)).json<TokenPair>();
  const second = (await passwordGrant(app, user.email, GOOD_PASSWORD)).json<TokenPair>();
  return { user, first, second };
}

test('changes the password; the other sessions are signed out, this one is not', async () => {
  const { user, first, second } = await userWithPassword();

  const response = await changePassword(bearer(first.access_token), {
    current_password: GOOD_PASSWORD,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });

  expect(response.statusCode).toBe(200);
  expect(response.json().data.message).toBe(
    'Password changed. Your other sessions have been signed out.',
  );
  expect((await getProfile(app, first.access_token)).statusCode).toBe(200);
  expect((await getProfile(app, second.access_token)).statusCode).toBe(401);
  expect((await refreshGrant(app, second.refresh_token)).statusCode).toBe(400);
  expect((await getProfile(app, user.headers.authorization.slice(7))).statusCode).toBe(401);
  expect((await passwordGrant(app, user.email, GOOD_PASSWORD)).statusCode).toBe(400);
  expect((await passwordGrant(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
});

test('a wrong or missing current password is a 400 on current_password, and changes nothing', async () => {
  const { user, first } = await userWithPassword();
  const wrong = await changePassword(bearer(first.access_token), {
    current_password: 'Not-the-password-1',
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error.details).toEqual({
    current_password: ['The current password is not correct'],
  });
  const missing = await changePassword(bearer(first.access_token), {
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  expect(missing.json().error.details).toEqual({
    current_password: ['Current password is required'],
  });
  expect((await passwordGrant(app, user.email, GOOD_PASSWORD)).statusCode).toBe(200);
});

test('an account made with Google (no password) sets one without a current password', async () => {
  const user = await signedInUser(app);
  await app.db
    .updateTable('users')
    .set({ sign_up_method: 'google' })
    .where('id', '=', user.id)
    .execute();
  const token = user.headers.authorization.slice(7);
  expect((await getProfile(app, token)).json().has_password).toBe(false);

  const response = await changePassword(user.headers, {
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });

  expect(response.statusCode).toBe(200);
  expect((await getProfile(app, token)).json().has_password).toBe(true);
  expect((await passwordGrant(app, user.email, NEW_PASSWORD)).statusCode).toBe(200);
});

test.each([
  [
    { password: 'short', confirmPassword: 'short' },
    {
      password: [
        'Password must be at least 8 characters',
        'Password must contain at least one number',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one special character',
      ],
    },
  ],
  [
    { password: NEW_PASSWORD, confirmPassword: 'Something-else-1' },
    { confirmPassword: ['Passwords must match'] },
  ],
  [{ password: NEW_PASSWORD }, { confirmPassword: ['confirmPassword is a required field'] }],
])('%j is refused with the form’s messages', async (body, details) => {
  const user = await signedInUser(app);
  const response = await changePassword(user.headers, body);
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual(details);
});

test('needs a signed-in user', async () => {
  const response = await changePassword(
    {},
    { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  );
  expect(response.statusCode).toBe(401);
});
