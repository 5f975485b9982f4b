import { PASSWORD_MESSAGES } from '@common/auth';

import {
  getProfile,
  GOOD_PASSWORD,
  passwordGrant,
  signedUpUser,
  verifyEmail,
} from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';

import type { Environment } from '../../../../src/config';
import type { FastifyInstance } from 'fastify';

const EMAIL = 'ada@example.com';
const NEW_PASSWORD = 'Brand-new-pass-7';
const VERIFY_FIRST = 'Please verify the code sent to your email first.';

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

// The code is mailed after the answer: wait for that work too, so the mailbox is settled when this returns.
async function forgetPassword(body: Record<string, unknown>) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/auth/forget-password/',
    payload: body,
  });
  await app.afterAnswer.idle();
  return response;
}

function changePassword(password: string, email = EMAIL) {
  return forgetPassword({ email, password, source: 'forget-password' });
}

async function openResetWindow(email = EMAIL): Promise<void> {
  await forgetPassword({ email });
  const verified = await verifyEmail(app, email, mail.lastCode(email), 'forget-password');
  expect(verified.statusCode).toBe(200);
}

describe('forgot password', () => {
  beforeEach(() => startApp());

  test('mails a reset code to an account and says so', async () => {
    await signedUpUser(app, mail);

    const response = await forgetPassword({ email: ' Ada@Example.com' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'We sent a 6-digit code to your email.' });
    const latest = mail.to(EMAIL).at(-1)!;
    expect(latest.subject).toBe(`Your QR Verify code: ${mail.lastCode(EMAIL)}`);
    expect(latest.text).toContain('reset your password');
  });

  test('answers the same for an unknown email and mails nothing', async () => {
    const response = await forgetPassword({ email: 'nobody@example.com' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'We sent a 6-digit code to your email.' });
    expect(mail.messages).toEqual([]);
  });

  test('a repeat within seconds keeps the code just sent', async () => {
    await signedUpUser(app, mail);
    await forgetPassword({ email: EMAIL });
    const code = mail.lastCode(EMAIL);

    await forgetPassword({ email: EMAIL });

    expect(mail.to(EMAIL)).toHaveLength(2);
    expect((await verifyEmail(app, EMAIL, code, 'forget-password')).statusCode).toBe(200);
  });

  test('a new password without a verified code is refused', async () => {
    await signedUpUser(app, mail);
    await forgetPassword({ email: EMAIL });

    const response = await changePassword(NEW_PASSWORD);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'password_reset_not_verified',
        message: VERIFY_FIRST,
        details: { email: [VERIFY_FIRST] },
      },
    });
    expect((await passwordGrant(app, EMAIL, GOOD_PASSWORD)).statusCode).toBe(200);
  });

  test('an unknown email gets the same refusal', async () => {
    const response = await changePassword(NEW_PASSWORD, 'nobody@example.com');

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ email: [VERIFY_FIRST] });
  });

  test('after the code is verified: the new password works, the old does not, every token is revoked', async () => {
    const first = await signedUpUser(app, mail);
    const second = (await passwordGrant(app, EMAIL, GOOD_PASSWORD)).json();
    await openResetWindow();

    const response = await changePassword(NEW_PASSWORD);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your password has been changed.' });
    expect((await passwordGrant(app, EMAIL, GOOD_PASSWORD)).json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid credentials given.',
    });
    const signedIn = await passwordGrant(app, EMAIL, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    for (const tokens of [first, second]) {
      expect((await getProfile(app, tokens.access_token)).statusCode).toBe(401);
    }
    expect((await getProfile(app, signedIn.json().access_token)).statusCode).toBe(200);
  });

  test('the window closes after one change', async () => {
    await signedUpUser(app, mail);
    await openResetWindow();
    await changePassword(NEW_PASSWORD);

    const again = await changePassword('Another-pass-8');

    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(VERIFY_FIRST);
  });

  test('the window closes after 10 minutes', async () => {
    await signedUpUser(app, mail);
    await openResetWindow();
    await app.db
      .updateTable('users')
      .set({ password_reset_expires_at: new Date(Date.now() - 1000) })
      .execute();

    expect((await changePassword(NEW_PASSWORD)).statusCode).toBe(400);
  });

  test('the new password must follow the password rules', async () => {
    await signedUpUser(app, mail);
    await openResetWindow();

    const response = await changePassword('weakpass');

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({
      password: [PASSWORD_MESSAGES.number, PASSWORD_MESSAGES.uppercase, PASSWORD_MESSAGES.special],
    });
    expect((await changePassword(NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('resetting verifies an account that never was, since the code proved the email', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: { first_name: 'Ada', email: EMAIL, password: GOOD_PASSWORD },
    });
    await openResetWindow();

    await changePassword(NEW_PASSWORD);

    expect((await passwordGrant(app, EMAIL, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('refuses a bad email with a field message', async () => {
    const response = await forgetPassword({ email: 'nope' });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ email: ['Invalid email address'] });
  });
});

describe('forgot-password limits', () => {
  test('are per IP, with the attempt-limit message', async () => {
    await startApp({ RATE_LIMIT_FORGOT_PASSWORD_PER_IP: '2' });

    const answers = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      answers.push(await forgetPassword({ email }));
    }

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2].json().error.message).toBe(
      'Attempt limit exceeded. Try again after a minute',
    );
  });
});
