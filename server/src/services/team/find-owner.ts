import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** The account's owner as invitations and shared users' profiles name them. */
export function findOwner(db: Kysely<Database>, accountId: string) {
  return db
    .selectFrom('users')
    .select(['email', 'first_name', 'last_name'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
}
