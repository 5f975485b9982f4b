import { OTP_MAX_ATTEMPTS } from '@common/auth';

import { invalidOtp, otpAttemptsExhausted, otpExpired } from './auth-errors';

import type { Database, OtpPurpose } from '../../db/schema';
import type { PasswordHasher } from './password-hasher';
import type { Kysely } from 'kysely';

/**
 * Checks a code and uses it up. Each check first takes one of the code's attempts in a single update,
 * so parallel guesses cannot exceed the limit; a used, expired or exhausted code is refused.
 */
export async function verifyOtp(
  { db, passwordHasher }: { db: Kysely<Database>; passwordHasher: PasswordHasher },
  email: string,
  purpose: OtpPurpose,
  code: string,
): Promise<void> {
  const now = new Date();
  const attempt = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
  if (!attempt) throw otpExpired();

  if (!(await passwordHasher.verify(attempt.code_hash, code))) {
    throw attempt.attempts >= OTP_MAX_ATTEMPTS ? otpAttemptsExhausted() : invalidOtp();
  }

  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', attempt.code_hash)
    .where('used_at', 'is', null)
    .returning('email')
    .executeTakeFirst();
  // Another request used the same code a moment ago.
  if (!used) throw otpExpired();
}
