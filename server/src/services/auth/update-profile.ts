import type { ProfileChanges, UserProfile } from '@common/auth-schemas';

import { getProfile } from './get-profile';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** Changes only the fields given and answers the whole profile. */
export async function updateProfile(
  db: Kysely<Database>,
  userId: string,
  changes: ProfileChanges,
): Promise<UserProfile> {
  const fields = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as ProfileChanges;
  if (Object.keys(fields).length > 0) {
    await db
      .updateTable('users')
      .set({ ...fields, updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  }
  return getProfile(db, userId);
}
