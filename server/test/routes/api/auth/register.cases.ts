import { PASSWORD_MESSAGES } from '@common/auth';

import { GOOD_PASSWORD, register } from '../../../helpers/auth-requests';
import { startMailCapture, type MailCapture } from '../../../helpers/mail-capture';
import { createTestApp } from '../../../helpers/test-app';

import type { Environment } from '../../../../src/config';
import type { FastifyInstance } from 'fastify';

let mail: MailCapture;
let app: FastifyInstance;

beforeAll(async () => {
  mail = await startMailCapture();
});

afterAll(async () => {
  await mail.stop();
});

beforeEach(async () => {
  mail.clear();
  app = await createTestApp({ env: { SMTP_URL: mail.smtpUrl } });
});

afterEach(async () => {
  await app.close();
});

/**
 * The test's app on other settings, in place of the one beforeEach built: that one is closed first, so this one
 * gets the file's database rather than loading one of its own.
 */
async function replaceApp(env: Environment): Promise<FastifyInstance> {
  await app.close();
  app = await createTestApp({ env });
  return app;
}

async function userRow(email: string) {
  return app.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

test('creates an unverified account, stores the attribution and mails a 6-digit code', async () => {
  const response = await register(app, { email: '  Ada@Example.COM ' });

  expect(response.statusCode).toBe(201);
  expect(response.json()).toEqual({
    status: 201,
    data: { message: 'Account created. We sent a 6-digit code to ada@example.com.' },
  });
  const user = await userRow('ada@example.com');
  expect(user).toMatchObject({
    first_name: 'Ada Lovelace',
    email_verified_at: null,
    referrer: 'https://news.example/',
    journey: ['https://qrverify.app/', 'https://qrverify.app/pricing'],
    sign_up_method: 'password',
  });
  // Stored as the app's hasher makes it (argon2id in production: password-hasher.cases.ts).
  expect(await app.passwordHasher.verify(user!.password_hash!, GOOD_PASSWORD)).toBe(true);
  expect(user!.password_hash).not.toContain(GOOD_PASSWORD);

  const [message] = mail.to('ada@example.com');
  const code = mail.lastCode('ada@example.com');
  expect(message.subject).toBe(`Your QR Verify code: ${code}`);
  expect(message.text).toContain('expires in 10 minutes');
  expect(message.html).toContain(code);
  const stored = await app.db.selectFrom('one_time_codes').selectAll().executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ email: 'ada@example.com', purpose: 'email_verification' });
  expect(stored.code_hash).not.toContain(code);
});

test('a taken email is refused with the message under details.email, whatever its case', async () => {
  await register(app);

  const response = await register(app, { email: 'ADA@example.com', first_name: 'Someone Else' });

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: {
      code: 'email_taken',
      message: 'An account with this email already exists.',
      details: { email: ['An account with this email already exists.'] },
    },
  });
});

test.each([
  ['short1!', [PASSWORD_MESSAGES.minLength, PASSWORD_MESSAGES.uppercase]],
  ['NoDigits!!', [PASSWORD_MESSAGES.number]],
  ['NOLOWER1!', [PASSWORD_MESSAGES.lowercase]],
  ['noupper1!', [PASSWORD_MESSAGES.uppercase]],
  ['NoSpecial1', [PASSWORD_MESSAGES.special]],
  [
    'abc',
    [
      PASSWORD_MESSAGES.minLength,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.special,
    ],
  ],
  ['', [PASSWORD_MESSAGES.required]],
])('password %p lists every rule it breaks', async (password, messages) => {
  const response = await register(app, { password });

  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual({ password: messages });
  expect(await userRow('ada@example.com')).toBeUndefined();
  expect(mail.messages).toEqual([]);
});

test.each([
  [{ email: 'not-an-email' }, { email: ['Invalid email address'] }],
  [{ email: '' }, { email: ['Email is required'] }],
  [{ email: undefined }, { email: ['Email is required'] }],
  [{ first_name: 'Al' }, { first_name: ['Name must be at least 3 characters'] }],
  [{ first_name: '   ' }, { first_name: ['Name is required'] }],
  [{ first_name: undefined }, { first_name: ['Name is required'] }],
  [{ password: undefined }, { password: [PASSWORD_MESSAGES.required] }],
  [{ first_name: 42 }, { first_name: ['Must be text.'] }],
])('refuses %p with field messages', async (fields, details) => {
  const response = await register(app, fields);

  expect(response.statusCode).toBe(400);
  expect(response.json().error).toMatchObject({ code: 'validation_failed', details });
});

test('a missing body lists every required field', async () => {
  const response = await app.inject({ method: 'POST', url: '/api/auth/register/', payload: {} });

  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual({
    first_name: ['Name is required'],
    email: ['Email is required'],
    password: [PASSWORD_MESSAGES.required],
  });
});

test('unicode names are kept as written', async () => {
  const response = await register(app, { first_name: 'Zoë Ångström-李' });

  expect(response.statusCode).toBe(201);
  expect((await userRow('ada@example.com'))!.first_name).toBe('Zoë Ångström-李');
});

test('10 000-character values are refused with messages, never a server error', async () => {
  const long = 'x'.repeat(10_000);

  const response = await register(app, {
    first_name: long,
    email: `${long}@example.com`,
    password: `Aa1!${long}`,
  });

  expect(response.statusCode).toBe(400);
  expect(response.json().error.details).toEqual({
    first_name: ['Name must be at most 150 characters'],
    email: ['Email must be at most 254 characters'],
    password: ['Password must be at most 256 characters'],
  });
});

test('oversized or odd attribution is trimmed, never a reason to refuse', async () => {
  const response = await register(app, {
    referrer: `https://x.example/${'r'.repeat(5000)}`,
    journey: [...Array.from({ length: 80 }, (_, index) => `https://x.example/${index}`), 7, null],
  });

  expect(response.statusCode).toBe(201);
  const user = (await userRow('ada@example.com'))!;
  expect(user.referrer).toHaveLength(2048);
  expect(user.journey).toHaveLength(50);
  expect(user.journey!.at(-1)).toBe('https://x.example/79');
});

test('missing attribution is stored as null', async () => {
  const response = await register(app, { referrer: undefined, journey: undefined });

  expect(response.statusCode).toBe(201);
  expect(await userRow('ada@example.com')).toMatchObject({ referrer: null, journey: null });
});

test('SQL-looking and control-character input is data, answered with 4xx messages', async () => {
  const injections = [
    await register(app, { email: "ada'); drop table users; --@example.com" }),
    await register(app, { first_name: "Robert'); DROP TABLE users;--" }),
    await register(app, { first_name: 'Nul\u0000Byte', email: 'nul@example.com' }),
    await register(app, { email: 'bel@example.com', referrer: 'a\u0007b', journey: ['x\u001by'] }),
    // Attribution is cleaned, but a NUL is refused in every request, as Postgres could not store it.
    await register(app, { email: 'nul2@example.com', referrer: 'a\u0000b', journey: ['x\u0000y'] }),
  ];

  expect(injections.map((response) => response.statusCode)).toEqual([400, 201, 400, 201, 400]);
  expect(injections[0].json().error.details).toEqual({ email: ['Invalid email address'] });
  expect(injections[2].json().error.details).toEqual({
    first_name: ['Name must not contain control characters'],
  });
  expect((await userRow('ada@example.com'))!.first_name).toBe("Robert'); DROP TABLE users;--");
  expect(await userRow('bel@example.com')).toMatchObject({ referrer: 'ab', journey: ['xy'] });
  expect(injections[4].json().error.details).toEqual({
    referrer: ['Must not contain a NUL character (U+0000).'],
    'journey.0': ['Must not contain a NUL character (U+0000).'],
  });
});

test('malformed JSON is a 400 with a message', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": "ada@example.com",',
  });

  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: { code: 'malformed_json', message: 'Malformed JSON body' },
  });
});

test('when the code cannot be mailed the account is not kept, so registering again works', async () => {
  const deadMail = await replaceApp({ SMTP_URL: 'smtp://127.0.0.1:1' });

  const response = await register(deadMail);

  expect(response.statusCode).toBe(503);
  expect(response.json().error.message).toBe(
    'We could not send the email just now. Please try again in a few minutes.',
  );
  expect(await deadMail.db.selectFrom('users').select('id').executeTakeFirst()).toBeUndefined();
});

test('registrations per IP are limited with the attempt-limit message', async () => {
  const limited = await replaceApp({ SMTP_URL: mail.smtpUrl, RATE_LIMIT_REGISTER_PER_IP: '2' });

  const answers = [];
  for (const email of ['a1@example.com', 'a2@example.com', 'a3@example.com']) {
    answers.push(await register(limited, { email }));
  }

  expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 429]);
  expect(answers[2].json()).toEqual({
    error: { code: 'rate_limited', message: 'Attempt limit exceeded. Try again after a minute' },
  });
});

// The answer for a taken email tells whether an account exists (the spec's form shows it), so asking about
// many emails from one address must run into the same per-IP limit as creating accounts.
test('answers for a taken email count toward the per-IP limit', async () => {
  const limited = await replaceApp({ SMTP_URL: mail.smtpUrl, RATE_LIMIT_REGISTER_PER_IP: '3' });

  const answers = [await register(limited)];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    answers.push(await register(limited, { first_name: 'Someone Else' }));
  }

  expect(answers.map((answer) => answer.statusCode)).toEqual([201, 400, 400, 429]);
  expect(answers[1].json().error.code).toBe('email_taken');
  expect(answers[3].json().error.code).toBe('rate_limited');
});
