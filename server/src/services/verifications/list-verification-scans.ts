// The latest views of a verification's public page, newest first.
import type { ScanDevice } from '@common/verifications';

import { findOwnVerification } from './find-own-verification';

import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

const SCANS_SHOWN = 100;

export async function listVerificationScans(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<Array<{ scanned_at: string; device: ScanDevice }>> {
  const verification = await findOwnVerification(db, accountId, id);
  const scans = await db
    .selectFrom('verification_scans')
    .select(['scanned_at', 'device'])
    .where('verification_id', '=', verification.id)
    .orderBy('scanned_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SCANS_SHOWN)
    .execute();
  return scans.map((scan) => ({ scanned_at: scan.scanned_at.toISOString(), device: scan.device }));
}
