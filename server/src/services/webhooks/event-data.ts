// The `data` of an event: the object as the API answers it (the verification's API shape, a bulk operation's),
// read in the transaction that changed it. Never a document's bytes: the API shape has only their sizes and hashes.
import type { BulkOperation } from '@common/bulk-schemas';
import { isoDate } from '@common/verifications';
import type { Verification } from '@common/verifications-schemas';

import { getBulkOperation } from '../bulk/bulk-operation-rows';
import { selectVerificationRows, toVerification } from '../verifications/verification-rows';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

export async function verificationEventData(
  db: Kysely<Database>,
  publicUrl: string,
  accountId: string,
  id: string,
): Promise<Verification | null> {
  const row = await selectVerificationRows(db)
    .where('v.id', '=', id)
    .where('v.user_id', '=', accountId)
    .executeTakeFirst();
  return row ? toVerification(row, publicUrl, isoDate()) : null;
}

export function bulkOperationEventData(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<BulkOperation> {
  return getBulkOperation(db, accountId, id);
}
