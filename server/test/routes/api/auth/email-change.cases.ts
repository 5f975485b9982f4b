// Changing a signed-in user's email: a code goes to the NEW address, and only that code applies the change.
import {
  getProfile,
  passwordGrant,
  signedUpUser,
  type TokenPair,
} from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';
import { signedInUser } from '../../../helpers/verifications';

import type { FastifyInstance } from 'fastify';

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

function post(url: string, payload: Record<string, unknown>, accessToken = tokens.access_token) {
  return app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${accessToken}` },
    payload,
  });
}

test('mails a code to the new address; the code changes the email', async () => {
  const requested = await post('/api/auth/email/', { email: ' Ada.New@Example.com ' });

  expect(requested.statusCode).toBe(200);
  expect(requested.json().data.message).toBe('We sent a 6-digit code to ada.new@example.com.');
  expect((await getProfile(app, tokens.access_token)).json()).toMatchObject({
    email: 'ada@example.com',
    pending_email: 'ada.new@example.com',
  });
  const code = mail.lastCode('ada.new@example.com');

  const confirmed = await post('/api/auth/email/verify/', { otp: code });

  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toMatchObject({ email: 'ada.new@example.com', pending_email: null });
  expect((await passwordGrant(app, 'ada.new@example.com', 'Correct-horse-9')).statusCode).toBe(200);
  expect((await passwordGrant(app, 'ada@example.com', 'Correct-horse-9')).statusCode).toBe(400);
});

test('a wrong code changes nothing', async () => {
  await post('/api/auth/email/', { email: 'ada.new@example.com' });
  const right = mail.lastCode('ada.new@example.com');
  const wrong = right === '000000' ? '111111' : '000000';

  const response = await post('/api/auth/email/verify/', { otp: wrong });

  expect(response.statusCode).toBe(400);
  expect(response.json().error.code).toBe('invalid_otp');
  expect((await getProfile(app, tokens.access_token)).json().email).toBe('ada@example.com');
});

test('an address another account uses is refused, when asked and when applied', async () => {
  const other = await signedInUser(app, { email: 'grace@example.com' });
  const refused = await post('/api/auth/email/', { email: 'grace@example.com' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.details).toEqual({
    email: ['An account with this email already exists.'],
  });

  await post('/api/auth/email/', { email: 'ada.new@example.com' });
  const code = mail.lastCode('ada.new@example.com');
  // Someone signs up with it before the code comes back.
  await app.db
    .updateTable('users')
    .set({ email: 'ada.new@example.com' })
    .where('id', '=', other.id)
    .execute();
  const applied = await post('/api/auth/email/verify/', { otp: code });
  expect(applied.statusCode).toBe(400);
  expect(applied.json().error.details.email).toEqual([
    'An account with this email already exists.',
  ]);
});

test.each([
  [{ email: 'not-an-email' }, { email: ['Invalid email address'] }],
  [{ email: 'ada@example.com' }, { email: ['This is already your email.'] }],
])('%j is refused on the email field', async (body, details) => {
  const response = await post('/api/auth/email/', body);
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual(details);
});

test('a code with no change waiting is refused', async () => {
  const response = await post('/api/auth/email/verify/', { otp: '123456' });
  expect(response.statusCode).toBe(400);
  expect(response.json().error.details.otp).toEqual([
    'No email change is waiting. Enter your new email again.',
  ]);
});
