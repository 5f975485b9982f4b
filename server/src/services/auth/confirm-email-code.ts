import { PASSWORD_RESET_WINDOW_MINUTES, type OtpSource } from '@common/auth';

import { verifyOtp } from './verify-otp';

import type { Database, OtpPurpose } from '../../db/schema';
import type { PasswordHasher } from './password-hasher';
import type { Kysely } from 'kysely';

export function otpPurposeFor(source: OtpSource): OtpPurpose {
  return source === 'forget-password' ? 'forget-password' : 'email_verification';
}

/**
 * The email-verification call: checks the code, then either marks the email verified (signup,
 * email_verification) or opens the window in which forgot-password may set a new password.
 */
export async function confirmEmailCode(
  deps: { db: Kysely<Database>; passwordHasher: PasswordHasher },
  { email, code, source }: { email: string; code: string; source: OtpSource },
): Promise<void> {
  const purpose = otpPurposeFor(source);
  const { db } = deps;
  await verifyOtp(deps, email, purpose, code);
  const now = new Date();
  if (purpose === 'email_verification') {
    await db
      .updateTable('users')
      .set((eb) => ({
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
        updated_at: now,
      }))
      .where('email', '=', email)
      .execute();
    return;
  }
  await db
    .updateTable('users')
    .set({
      password_reset_expires_at: new Date(now.getTime() + PASSWORD_RESET_WINDOW_MINUTES * 60_000),
      updated_at: now,
    })
    .where('email', '=', email)
    .execute();
}
