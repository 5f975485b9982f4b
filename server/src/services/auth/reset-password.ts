import { passwordResetNotAllowed } from './auth-errors';
import { revokeUserTokens } from './revoke-user-tokens';

import type { Database } from '../../db/schema';
import type { PasswordHasher } from './password-hasher';
import type { Kysely } from 'kysely';

/**
 * Forgot password, last step: inside the window opened by the verified code, sets the new password,
 * closes the window and signs the account out everywhere. The code proved the email, so it counts as verified.
 */
export async function resetPassword(
  { db, passwordHasher }: { db: Kysely<Database>; passwordHasher: PasswordHasher },
  { email, password }: { email: string; password: string },
): Promise<void> {
  const passwordHash = await passwordHasher.hash(password);
  const now = new Date();
  const user = await db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      password_reset_expires_at: null,
      email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
      updated_at: now,
    }))
    .where('email', '=', email)
    .where('password_reset_expires_at', '>', now)
    .returning('id')
    .executeTakeFirst();
  if (!user) throw passwordResetNotAllowed();
  await revokeUserTokens(db, user.id, 'password_changed');
}
