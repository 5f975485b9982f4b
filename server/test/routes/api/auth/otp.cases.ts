import { register, verifyEmail } from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';

import type { Environment } from '../../../../src/config';
import type { FastifyInstance } from 'fastify';

const EMAIL = 'ada@example.com';

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
async function resend(email: string) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/auth/resend-otp/',
    payload: { email },
  });
  await app.afterAnswer.idle();
  return response;
}

// A code other than the one mailed, whatever that was.
function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function isVerified(email: string): Promise<boolean> {
  const user = await app.db
    .selectFrom('users')
    .select('email_verified_at')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return user.email_verified_at !== null;
}

// Lets the cooldown pass without waiting for it.
async function endResendCooldown(email: string): Promise<void> {
  await app.db
    .updateTable('otp_resend_requests')
    .set({ requested_at: new Date(Date.now() - 60_000) })
    .where('email', '=', email)
    .execute();
}

describe('email verification', () => {
  beforeEach(() => startApp());

  test('the mailed code verifies the email (source signup is the default)', async () => {
    await register(app);

    const response = await verifyEmail(app, EMAIL, mail.lastCode(EMAIL));

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, data: { message: 'Email verified.' } });
    expect(await isVerified(EMAIL)).toBe(true);
  });

  test('source email_verification works too, with the email in any case and the code as a number', async () => {
    await register(app);
    const code = mail.lastCode(EMAIL);

    const response = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email-verification/?source=email_verification',
      payload: { email: ' ADA@example.com', otp: Number(code), password: 'ignored' },
    });

    expect(response.statusCode).toBe(200);
    expect(await isVerified(EMAIL)).toBe(true);
  });

  test('a wrong code is refused and the account stays unverified', async () => {
    await register(app);

    const response = await verifyEmail(app, EMAIL, wrongCode(mail.lastCode(EMAIL)));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_otp', message: 'Invalid OTP, Please try again.' },
    });
    expect(await isVerified(EMAIL)).toBe(false);
  });

  test('after 5 wrong tries the code is dead, even the right one; a new code works', async () => {
    await register(app);
    const code = mail.lastCode(EMAIL);

    const answers = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push(await verifyEmail(app, EMAIL, wrongCode(code)));
    }
    const rightButDead = await verifyEmail(app, EMAIL, code);

    expect(answers.slice(0, 4).map((answer) => answer.json().error.code)).toEqual([
      'invalid_otp',
      'invalid_otp',
      'invalid_otp',
      'invalid_otp',
    ]);
    expect(answers[4].json().error).toEqual({
      code: 'otp_attempts_exhausted',
      message: 'Invalid OTP. That was the last try for this code, please request a new one.',
    });
    expect(rightButDead.statusCode).toBe(400);
    expect(rightButDead.json().error).toEqual({
      code: 'otp_expired',
      message: 'This code has expired. Please request a new one.',
    });

    expect((await resend(EMAIL)).statusCode).toBe(200);
    expect((await verifyEmail(app, EMAIL, mail.lastCode(EMAIL))).statusCode).toBe(200);
  });

  test('parallel guesses cannot take more than 5 tries', async () => {
    await register(app);
    const code = mail.lastCode(EMAIL);

    await Promise.all(Array.from({ length: 8 }, () => verifyEmail(app, EMAIL, wrongCode(code))));

    expect((await verifyEmail(app, EMAIL, code)).json().error.code).toBe('otp_expired');
    const row = await app.db
      .selectFrom('one_time_codes')
      .select('attempts')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  test('an expired code is refused', async () => {
    await register(app);
    await app.db
      .updateTable('one_time_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();

    const response = await verifyEmail(app, EMAIL, mail.lastCode(EMAIL));

    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('This code has expired. Please request a new one.');
    expect(await isVerified(EMAIL)).toBe(false);
  });

  test('a code works once', async () => {
    await register(app);
    const code = mail.lastCode(EMAIL);
    await verifyEmail(app, EMAIL, code);

    const reused = await verifyEmail(app, EMAIL, code);

    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('otp_expired');
  });

  test('a code sent before a newer one stops working', async () => {
    await register(app);
    const first = mail.lastCode(EMAIL);
    await resend(EMAIL);
    const second = mail.lastCode(EMAIL);

    if (first !== second) {
      expect((await verifyEmail(app, EMAIL, first)).json().error.code).toBe('invalid_otp');
    }
    expect((await verifyEmail(app, EMAIL, second)).statusCode).toBe(200);
  });

  test('a code for one email does not verify another, and unknown emails have no code', async () => {
    await register(app);
    await register(app, { email: 'grace@example.com' });

    const crossed = await verifyEmail(app, 'grace@example.com', mail.lastCode(EMAIL));
    const unknown = await verifyEmail(app, 'nobody@example.com', '123456');

    // Codes are random: the two could match one time in a million.
    if (mail.lastCode(EMAIL) !== mail.lastCode('grace@example.com')) {
      expect(crossed.json().error.code).toBe('invalid_otp');
    }
    expect(unknown.json().error.code).toBe('otp_expired');
  });

  test('a forgot-password code does not verify an email, nor the other way round', async () => {
    await register(app);

    const response = await verifyEmail(app, EMAIL, mail.lastCode(EMAIL), 'forget-password');

    expect(response.json().error.code).toBe('otp_expired');
    expect(await isVerified(EMAIL)).toBe(false);
  });

  test.each([
    [{ otp: '12345' }, { otp: ['Enter the 6-digit code.'] }],
    [{ otp: 'abcdef' }, { otp: ['Enter the 6-digit code.'] }],
    [{ otp: undefined }, { otp: ['The code is required.'] }],
    [{ email: 'nope' }, { email: ['Invalid email address'] }],
  ])('refuses %p with field messages', async (fields, details) => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email-verification/',
      payload: { email: EMAIL, otp: '123456', ...fields },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual(details);
  });

  test('an unknown source is refused', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/auth/email-verification/?source=elsewhere',
      payload: { email: EMAIL, otp: '123456' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({
      source: ['source must be signup, email_verification or forget-password.'],
    });
  });
});

describe('verification attempts per email', () => {
  beforeEach(() => startApp({ RATE_LIMIT_OTP_PER_EMAIL: '2' }));

  test('are limited with the attempt-limit message, per email', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      answers.push(await verifyEmail(app, 'Ada@example.com', '123456'));
    }
    const otherEmail = await verifyEmail(app, 'grace@example.com', '123456');

    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 400, 429]);
    expect(answers[2].json().error.message).toBe(
      'Attempt limit exceeded. Try again after a minute',
    );
    expect(otherEmail.statusCode).toBe(400);
  });
});

describe('resend', () => {
  beforeEach(() => startApp());

  test('mails a new code and says so', async () => {
    await register(app);

    const response = await resend(' ADA@example.com ');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 200,
      data: { message: 'OTP has been resent successfully.' },
    });
    expect(mail.to(EMAIL)).toHaveLength(2);
  });

  test('answers the same for an unknown email, and mails nothing', async () => {
    const response = await resend('nobody@example.com');

    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe('OTP has been resent successfully.');
    expect(mail.messages).toEqual([]);
  });

  test('a second press inside 10 seconds is refused, for known and unknown emails alike', async () => {
    await register(app);
    await resend(EMAIL);
    await resend('nobody@example.com');

    const known = await resend(EMAIL);
    const unknown = await resend('nobody@example.com');

    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(429);
      expect(response.json().error.message).toBe(
        'Please wait a few seconds before requesting another code.',
      );
    }
    expect(mail.to(EMAIL)).toHaveLength(2);
  });

  test('works again once the cooldown has passed', async () => {
    await register(app);
    await resend(EMAIL);
    await endResendCooldown(EMAIL);

    expect((await resend(EMAIL)).statusCode).toBe(200);
    expect(mail.to(EMAIL)).toHaveLength(3);
  });

  test('mails nothing to a verified account with no pending code', async () => {
    await register(app);
    await verifyEmail(app, EMAIL, mail.lastCode(EMAIL));

    expect((await resend(EMAIL)).statusCode).toBe(200);
    expect(mail.to(EMAIL)).toHaveLength(1);
  });

  test('resends the forgot-password code while that flow is pending', async () => {
    await register(app);
    await verifyEmail(app, EMAIL, mail.lastCode(EMAIL));
    await app.inject({
      method: 'PATCH',
      url: '/api/auth/forget-password/',
      payload: { email: EMAIL },
    });
    await app.afterAnswer.idle();

    await resend(EMAIL);

    expect(mail.to(EMAIL)).toHaveLength(3);
    const response = await verifyEmail(app, EMAIL, mail.lastCode(EMAIL), 'forget-password');
    expect(response.statusCode).toBe(200);
  });

  test('is limited per IP with the attempt-limit message', async () => {
    await app.close();
    await startApp({ RATE_LIMIT_RESEND_OTP_PER_IP: '2' });

    const answers = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      answers.push(await resend(email));
    }

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
    expect(answers[2].json().error.message).toBe(
      'Attempt limit exceeded. Try again after a minute',
    );
  });

  test('refuses a bad email with a field message', async () => {
    const response = await resend('not an email');

    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual({ email: ['Invalid email address'] });
  });
});
