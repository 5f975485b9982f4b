// What the scan tallies keep beyond the daily figures expires: the days' visitor sets once no flush can add to
// their day and the dead-code window has passed (two days), and the latest-view rows after VIEW_ROWS_DAYS (they are
// also kept to the latest RECENT_SCANS per verification as they are written, record-scans.ts).
import type { Database } from '../../db/schema';
import type { Kysely } from 'kysely';

const VISITOR_SETS_MS = 2 * 86_400_000;
export const VIEW_ROWS_DAYS = 30;

export async function expireScanDetails(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .deleteFrom('scan_visitors')
    .where('last_seen', '<', new Date(now.getTime() - VISITOR_SETS_MS))
    .execute();
  await db
    .deleteFrom('verification_scans')
    .where('scanned_at', '<', new Date(now.getTime() - VIEW_ROWS_DAYS * 86_400_000))
    .execute();
}
