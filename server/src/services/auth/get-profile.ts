import type { UserProfileResponse } from '@common/auth';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** The profile the SPA reads after sign-in. Custom domains and shared users do not exist yet. */
export async function getProfile(
  db: Kysely<Database>,
  userId: string,
): Promise<UserProfileResponse> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name', 'industry'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    ...user,
    has_custom_domain: false,
    is_shared: false,
    shared_access: null,
    owner_user: null,
  };
}
