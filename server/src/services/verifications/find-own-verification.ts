import { verificationNotFound } from './verification-errors';
import { selectVerificationRows, type VerificationRow } from './verification-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user's own verification with this id. Another account's verification and a malformed id both answer
 * the same 404, so ids of other accounts cannot be probed.
 */
export async function findOwnVerification(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<VerificationRow> {
  if (!UUID.test(id)) throw verificationNotFound();
  const row = await selectVerificationRows(db)
    .where('v.id', '=', id)
    .where('v.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw verificationNotFound();
  return row;
}
