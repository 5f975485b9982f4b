// Stores a batch of public-page views in one statement: a row each in the scan history, and each verification's
// count and last view time. One statement is atomic on its own, so no transaction (and none of its round trips)
// is needed. The count is added to (scan_count + views), never read and written back, so instances writing their
// own batches at the same time each add theirs. Views of a verification deleted since are dropped: only the
// verifications the update found get rows.
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
      browser: scan.browser,
      country: scan.country,
      visitor: scan.visitor,
    })),
  );
  await sql`
    with batch as (
      select * from jsonb_to_recordset(${batch}::jsonb)
        as s(verification_id uuid, scanned_at timestamptz, device text, browser text, country text, visitor text)
    ),
    counted as (
      update verifications v
      set scan_count = v.scan_count + t.views,
          last_scanned_at = greatest(v.last_scanned_at, t.last_view)
      from (
        select verification_id, count(*)::int as views, max(scanned_at) as last_view
        from batch
        group by verification_id
      ) t
      where v.id = t.verification_id
      returning v.id
    )
    insert into verification_scans (verification_id, scanned_at, device, browser, country, visitor)
    select b.verification_id, b.scanned_at, b.device, b.browser, b.country, b.visitor
    from batch b
    join counted c on c.id = b.verification_id
    order by b.scanned_at`.execute(db);
}
