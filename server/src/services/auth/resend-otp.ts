import { OTP_RESEND_COOLDOWN_SECONDS } from '@common/auth';

import { resendTooSoon } from './auth-errors';
import { issueOtp, type OtpDependencies } from './issue-otp';

import type { Database, OtpPurpose } from '../../db/schema';
import type { Kysely } from 'kysely';

const FORGET_OLD_REQUESTS_AFTER_MS = 60 * 60_000;

/**
 * Which code Resend sends again: the purpose of the latest code mailed to this email that has not been
 * used (live, expired or out of tries alike), so a forgot-password flow gets its own code back; with no
 * such code, a verification code if the account is still unverified; otherwise nothing.
 */
async function purposeToResend(
  db: Kysely<Database>,
  email: string,
): Promise<OtpPurpose | undefined> {
  const user = await db
    .selectFrom('users')
    .select('email_verified_at')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) return undefined;
  const pending = await db
    .selectFrom('one_time_codes')
    .select('purpose')
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .orderBy('sent_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const purpose = pending?.purpose ?? 'email_verification';
  if (purpose === 'email_verification' && user.email_verified_at) return undefined;
  return purpose;
}

// One atomic upsert claims the right to resend: a second press inside the cooldown finds the row too
// recent and claims nothing. Kept for unknown emails too, so the answer never depends on the account.
async function claimResend(db: Kysely<Database>, email: string, now: Date): Promise<boolean> {
  const cutoff = new Date(now.getTime() - OTP_RESEND_COOLDOWN_SECONDS * 1000);
  const claimed = await db
    .insertInto('otp_resend_requests')
    .values({ email, requested_at: now })
    .onConflict((conflict) =>
      conflict
        .column('email')
        .doUpdateSet({ requested_at: now })
        .where('otp_resend_requests.requested_at', '<=', cutoff),
    )
    .returning('email')
    .executeTakeFirst();
  await db
    .deleteFrom('otp_resend_requests')
    .where('requested_at', '<', new Date(now.getTime() - FORGET_OLD_REQUESTS_AFTER_MS))
    .execute();
  return claimed !== undefined;
}

/**
 * The Resend button, at most once per cooldown per email. The claim is decided now (the same work for known and
 * unknown emails, so a 429 says nothing about the account); what it returns finds the pending purpose and mails
 * a fresh code, and is meant to run after the answer, so its time never shows whether the email has an account.
 */
export async function resendOtp(
  deps: OtpDependencies,
  email: string,
): Promise<() => Promise<void>> {
  if (!(await claimResend(deps.db, email, new Date()))) throw resendTooSoon();
  return async () => {
    const purpose = await purposeToResend(deps.db, email);
    if (purpose) await issueOtp(deps, email, purpose);
  };
}
