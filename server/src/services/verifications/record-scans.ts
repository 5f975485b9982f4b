// Stores a batch of public-page views: one row each, and each verification's count and last view time,
// in one transaction. Views of a verification deleted since are dropped.
import { sql, type Kysely } from 'kysely';

import type { Database } from '../../db/schema';
import type { Scan } from './scan-recorder';

export async function recordScans(db: Kysely<Database>, scans: Scan[]): Promise<void> {
  if (scans.length === 0) return;
  // The whole batch travels as one JSON parameter, whatever its size.
  const batch = JSON.stringify(
    scans.map((scan) => ({
      verification_id: scan.verificationId,
      scanned_at: scan.scannedAt.toISOString(),
      device: scan.device,
    })),
  );
  const rows = sql`jsonb_to_recordset(${batch}::jsonb) as s(verification_id uuid, scanned_at timestamptz, device text)`;
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into verification_scans (verification_id, scanned_at, device)
      select s.verification_id, s.scanned_at, s.device
      from ${rows}
      join verifications v on v.id = s.verification_id
      order by s.scanned_at`.execute(trx);
    await sql`
      update verifications v
      set scan_count = v.scan_count + t.views,
          last_scanned_at = greatest(v.last_scanned_at, t.last_view)
      from (
        select s.verification_id, count(*)::int as views, max(s.scanned_at) as last_view
        from ${rows}
        group by s.verification_id
      ) t
      where v.id = t.verification_id`.execute(trx);
  });
}
