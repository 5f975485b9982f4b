import { joinActiveMembership } from './active-membership';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/**
 * Whether this is a removed member: a shared user (their user stays, so the records they made still name them)
 * whose membership is gone, so they work on no account and may hold no tokens.
 */
export async function hasLeftTeam(db: Kysely<Database>, userId: string): Promise<boolean> {
  const user = await db
    .selectFrom('users as u')
    .$call(joinActiveMembership)
    .select(['u.owner_id', 'm.id as member_id'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return user?.owner_id != null && user.member_id === null;
}
