// Adds a batch of tallied page views (scan-recorder.ts) to the stored figures in one statement: each verification's
// count and last view time, each day's row of scan_daily, the day's visitor set, and the latest views as rows.
// Everything is added to, never read and written back, so instances writing their own batches at the same time
// each add theirs: a visitor key is new to a day only when its row is inserted (xmax = 0 tells an insert from an
// update), so one visitor seen by two instances counts once. One statement is atomic on its own, so no
// transaction is needed. Views of a verification deleted since are dropped: only the verifications the update
// found get the rest. The latest-view rows are kept to RECENT_SCANS per verification here, and expire with age
// (services/analytics/expire-scan-details.ts).
import { sql, type Kysely } from 'kysely';

import { RECENT_SCANS, type ScanBatch } from './scan-recorder';

import type { Database } from '../../db/schema';

/** A count column of scan_daily plus the batch's, key by key: {"mobile": 3} + {"mobile": 1, "bot": 2}. */
function addedCounts(column: 'devices' | 'browsers' | 'countries') {
  return sql`(
    select coalesce(jsonb_object_agg(key, total), '{}'::jsonb)
    from (
      select key, sum(value::int) as total
      from (
        select * from jsonb_each_text(${sql.ref(`scan_daily.${column}`)})
        union all
        select * from jsonb_each_text(${sql.ref(`excluded.${column}`)})
      ) counts
      group by key
    ) sums
  )`;
}

export async function recordScans(db: Kysely<Database>, batch: ScanBatch): Promise<void> {
  if (batch.days.length === 0) return;
  // The batch travels as JSON parameters, whatever its size.
  const days = JSON.stringify(
    batch.days.map((tally) => ({
      verification_id: tally.verificationId,
      day: tally.day,
      scans: tally.scans,
      last_scan: tally.lastScanAt.toISOString(),
      devices: tally.devices,
      browsers: tally.browsers,
      countries: tally.countries,
    })),
  );
  const visitors = JSON.stringify(
    batch.days.flatMap((tally) =>
      [...tally.visitors].map(([visitor, seen]) => ({
        verification_id: tally.verificationId,
        day: tally.day,
        visitor,
        is_bot: seen.isBot,
        first_seen: seen.firstAt.toISOString(),
        last_seen: seen.lastAt.toISOString(),
      })),
    ),
  );
  const recent = JSON.stringify(
    batch.recent.map((scan) => ({
      verification_id: scan.verificationId,
      scanned_at: scan.scannedAt.toISOString(),
      device: scan.device,
      browser: scan.browser,
      country: scan.country,
      visitor: scan.visitor,
    })),
  );
  await sql`
    with days as (
      select * from jsonb_to_recordset(${days}::jsonb) as d(
        verification_id uuid, day date, scans int, last_scan timestamptz,
        devices jsonb, browsers jsonb, countries jsonb)
    ),
    counted as (
      update verifications v
      set scan_count = v.scan_count + t.scans,
          last_scanned_at = greatest(v.last_scanned_at, t.last_scan)
      from (
        select verification_id, sum(scans)::int as scans, max(last_scan) as last_scan
        from days
        group by verification_id
      ) t
      where v.id = t.verification_id
      returning v.id, v.user_id
    ),
    seen as (
      insert into scan_visitors (verification_id, day, visitor, is_bot, first_seen, last_seen)
      select s.verification_id, s.day, s.visitor, s.is_bot, s.first_seen, s.last_seen
      from jsonb_to_recordset(${visitors}::jsonb) as s(
        verification_id uuid, day date, visitor text, is_bot boolean,
        first_seen timestamptz, last_seen timestamptz)
      join counted c on c.id = s.verification_id
      on conflict (verification_id, day, visitor) do update
        set first_seen = least(scan_visitors.first_seen, excluded.first_seen),
            last_seen = greatest(scan_visitors.last_seen, excluded.last_seen)
      returning verification_id, day, (xmax = 0) as is_new
    ),
    daily as (
      insert into scan_daily (verification_id, account_id, day, scans, visitors, devices, browsers, countries)
      select d.verification_id, c.user_id, d.day, d.scans,
             (select count(*)::int from seen s
              where s.verification_id = d.verification_id and s.day = d.day and s.is_new),
             d.devices, d.browsers, d.countries
      from days d
      join counted c on c.id = d.verification_id
      on conflict (verification_id, day) do update
        set scans = scan_daily.scans + excluded.scans,
            visitors = scan_daily.visitors + excluded.visitors,
            devices = ${addedCounts('devices')},
            browsers = ${addedCounts('browsers')},
            countries = ${addedCounts('countries')}
    ),
    recent as (
      select r.* from jsonb_to_recordset(${recent}::jsonb) as r(
        verification_id uuid, scanned_at timestamptz, device text, browser text, country text, visitor text)
      join counted c on c.id = r.verification_id
    ),
    trimmed as (
      -- The stored rows beyond the latest RECENT_SCANS once this batch's are added.
      delete from verification_scans s
      using (
        select ranked.id
        from (
          select e.id, e.verification_id,
                 row_number() over (partition by e.verification_id order by e.scanned_at desc, e.id desc) as rank
          from verification_scans e
          where e.verification_id in (select verification_id from recent)
        ) ranked
        join (select verification_id, count(*) as added from recent group by verification_id) a
          on a.verification_id = ranked.verification_id
        where ranked.rank > ${RECENT_SCANS} - a.added
      ) old
      where s.id = old.id
    )
    insert into verification_scans (verification_id, scanned_at, device, browser, country, visitor)
    select verification_id, scanned_at, device, browser, country, visitor
    from recent
    order by scanned_at`.execute(db);
}
