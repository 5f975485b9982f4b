// The latest views of a verification's public page, newest first.
import { findOwnVerification } from './find-own-verification';

import type { Database } from '../../db/schema';
import type { ScanDevice } from './classify-device';
import type { Kysely } from 'kysely';

const SCANS_SHOWN = 100;

export async function listVerificationScans(
  db: Kysely<Database>,
  userId: string,
  id: string,
): Promise<Array<{ scanned_at: string; device: ScanDevice }>> {
  const verification = await findOwnVerification(db, userId, id);
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
