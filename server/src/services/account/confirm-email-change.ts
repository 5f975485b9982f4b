import { fieldError } from '../../lib/app-error';
import { emailTaken } from '../auth/auth-errors';
import { verifyOtp } from '../auth/verify-otp';

import type { OtpDependencies } from '../auth/issue-otp';

const NOTHING_WAITING = 'No email change is waiting. Enter your new email again.';

/** Applies the waiting email change once the code mailed to the new address is given back. */
export async function confirmEmailChange(
  deps: OtpDependencies,
  userId: string,
  code: string,
): Promise<void> {
  const { db } = deps;
  const user = await db
    .selectFrom('users')
    .select('pending_email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.pending_email) throw fieldError('otp', NOTHING_WAITING);
  await verifyOtp(deps, user.pending_email, 'email_change', code);
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', user.pending_email)
    .executeTakeFirst();
  if (taken) throw emailTaken();
  const email = user.pending_email;
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ email, pending_email: null, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      // A shared user's membership carries the address too (the team list shows it).
      await trx.updateTable('team_members').set({ email }).where('user_id', '=', userId).execute();
    });
  } catch (error) {
    // Another account took the address a moment ago (the unique index decides).
    if ((error as { code?: string }).code === '23505') throw emailTaken();
    throw error;
  }
}
