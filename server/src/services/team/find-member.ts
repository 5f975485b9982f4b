import { isUuid } from '../../lib/uuid';

import { selectMemberRows, type MemberRow } from './member-rows';
import { memberNotFound } from './team-errors';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/** One of the account's members (or invitations); another account's and a malformed id are the same 404. */
export async function findMember(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<MemberRow> {
  if (!isUuid(id)) throw memberNotFound();
  const row = await selectMemberRows(db, accountId).where('m.id', '=', id).executeTakeFirst();
  if (!row) throw memberNotFound();
  return row;
}
