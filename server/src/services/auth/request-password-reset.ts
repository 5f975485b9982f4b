import { OTP_RESEND_COOLDOWN_SECONDS } from '@common/auth';

import { issueOtp, type OtpDependencies } from './issue-otp';

/**
 * Forgot password, step 1: mails a reset code when the email has an account, and silently does nothing
 * otherwise (the caller answers the same either way). A repeat within the resend cooldown keeps the code
 * just sent rather than mailing another. Only known emails get this far in work, so it is meant to run after the
 * answer (app.afterAnswer), where its time cannot tell the two apart.
 */
export async function requestPasswordReset(deps: OtpDependencies, email: string): Promise<void> {
  const user = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) return;
  const recent = await deps.db
    .selectFrom('one_time_codes')
    .select('email')
    .where('email', '=', email)
    .where('purpose', '=', 'forget-password')
    .where('used_at', 'is', null)
    .where('sent_at', '>', new Date(Date.now() - OTP_RESEND_COOLDOWN_SECONDS * 1000))
    .executeTakeFirst();
  if (recent) return;
  await issueOtp(deps, email, 'forget-password');
}
