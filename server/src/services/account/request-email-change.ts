import { fieldError } from '../../lib/app-error';
import { emailTaken } from '../auth/auth-errors';
import { issueOtp, type OtpDependencies } from '../auth/issue-otp';

/**
 * Starts an email change: the new address waits on the user (pending_email) until the code mailed to it comes
 * back. An address another account uses is refused now, and checked again when the change is applied.
 */
export async function requestEmailChange(
  deps: OtpDependencies,
  userId: string,
  email: string,
): Promise<void> {
  const { db } = deps;
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.email === email) throw fieldError('email', 'This is already your email.');
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (taken) throw emailTaken();
  await db
    .updateTable('users')
    .set({ pending_email: email, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  await issueOtp(deps, email, 'email_change');
}
