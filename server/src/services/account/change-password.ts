import type { PasswordChange } from '@common/auth-schemas';

import { fieldError } from '../../lib/app-error';

import { endSessions } from './end-sessions';

import type { Database } from '../../db/schema';
import type { PasswordHasher } from '../auth/password-hasher';
import type { Kysely } from 'kysely';

const CURRENT_REQUIRED = 'Current password is required';
const CURRENT_WRONG = 'The current password is not correct';

/**
 * A signed-in user's new password. An account with a password must prove it; one made with Google or SSO has
 * none and sets its first. Every other session then ends: whoever else held one may have known the old password.
 */
export async function changePassword(
  { db, passwordHasher }: { db: Kysely<Database>; passwordHasher: PasswordHasher },
  { userId, currentFamilyId }: { userId: string; currentFamilyId: string | null },
  change: PasswordChange,
): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (user.password_hash !== null) {
    if (!change.current_password) throw fieldError('current_password', CURRENT_REQUIRED);
    if (!(await passwordHasher.verify(user.password_hash, change.current_password))) {
      throw fieldError('current_password', CURRENT_WRONG);
    }
  }
  const passwordHash = await passwordHasher.hash(change.password);
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
  await endSessions(db, userId, { except: currentFamilyId }, 'password_changed');
}
