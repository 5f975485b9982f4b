import { isUuid } from '../../lib/uuid';

import { verificationNotFound } from './verification-errors';
import { selectVerificationRows, type VerificationRow } from './verification-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

/**
 * The account's own verification with this id. Another account's verification and a malformed id both answer
 * the same 404, so ids of other accounts cannot be probed.
 */
export async function findOwnVerification(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<VerificationRow> {
  if (!isUuid(id)) throw verificationNotFound();
  const row = await selectVerificationRows(db)
    .where('v.id', '=', id)
    .where('v.user_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw verificationNotFound();
  return row;
}
