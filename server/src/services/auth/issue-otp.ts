import { randomInt } from 'node:crypto';

import { OTP_LENGTH, OTP_LIFETIME_MINUTES } from '@common/auth';

import { otpMail } from '../../mail/otp-mail';

import { mailNotSent } from './auth-errors';

import type { Database, OtpPurpose } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { PasswordHasher } from './password-hasher';
import type { Kysely } from 'kysely';

export interface OtpDependencies {
  db: Kysely<Database>;
  mailer: Mailer;
  passwordHasher: PasswordHasher;
}

/**
 * Makes a new code for this email and purpose (replacing any earlier one, which stops working) and mails it.
 * The code is stored only as a hash. A mail failure is a 503: the code stays, so Resend can try again.
 */
export async function issueOtp(
  { db, mailer, passwordHasher }: OtpDependencies,
  email: string,
  purpose: OtpPurpose,
): Promise<void> {
  const code = randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
  const sentAt = new Date();
  const expiresAt = new Date(sentAt.getTime() + OTP_LIFETIME_MINUTES * 60_000);
  const row = {
    code_hash: await passwordHasher.hash(code),
    attempts: 0,
    sent_at: sentAt,
    expires_at: expiresAt,
    used_at: null,
  };
  await db
    .insertInto('one_time_codes')
    .values({ email, purpose, ...row })
    .onConflict((conflict) => conflict.columns(['email', 'purpose']).doUpdateSet(row))
    .execute();
  try {
    await mailer.send(otpMail(email, code, purpose));
  } catch (error) {
    throw mailNotSent(error);
  }
}
