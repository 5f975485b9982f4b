// Fills scan_daily for whole UTC days from the raw scans: each day's row per verification is computed again from
// all of that day's scans and written over the old one, so running it twice changes nothing. The counting runs in
// the database (one statement), whatever the number of scans.
import { sql, type Kysely } from 'kysely';

import type { Database } from '../../db/schema';

/** Rolls up the days from `firstDay` to `lastDay` (YYYY-MM-DD, UTC, inclusive). */
export async function rollUpScans(
  db: Kysely<Database>,
  firstDay: string,
  lastDay: string,
): Promise<void> {
  await sql`
    with scans as (
      select s.verification_id, v.user_id as account_id,
             (s.scanned_at at time zone 'UTC')::date as day,
             s.device, coalesce(s.browser, 'Other') as browser, s.country, s.visitor
      from verification_scans s
      join verifications v on v.id = s.verification_id
      where s.scanned_at >= ${firstDay}::date::timestamp at time zone 'UTC'
        and s.scanned_at < (${lastDay}::date + 1)::timestamp at time zone 'UTC'
    ),
    totals as (
      select verification_id, account_id, day, count(*)::int as scans,
             count(distinct visitor)::int as visitors
      from scans
      group by verification_id, account_id, day
    ),
    devices as (
      select verification_id, day, jsonb_object_agg(device, n) as counts
      from (select verification_id, day, device, count(*)::int as n from scans group by 1, 2, 3) t
      group by verification_id, day
    ),
    browsers as (
      select verification_id, day, jsonb_object_agg(browser, n) as counts
      from (select verification_id, day, browser, count(*)::int as n from scans group by 1, 2, 3) t
      group by verification_id, day
    ),
    countries as (
      select verification_id, day, jsonb_object_agg(country, n) as counts
      from (
        select verification_id, day, country, count(*)::int as n
        from scans where country is not null group by 1, 2, 3
      ) t
      group by verification_id, day
    )
    insert into scan_daily (verification_id, account_id, day, scans, visitors, devices, browsers, countries)
    select t.verification_id, t.account_id, t.day, t.scans, t.visitors,
           coalesce(d.counts, '{}'::jsonb), coalesce(b.counts, '{}'::jsonb), coalesce(c.counts, '{}'::jsonb)
    from totals t
    left join devices d on d.verification_id = t.verification_id and d.day = t.day
    left join browsers b on b.verification_id = t.verification_id and b.day = t.day
    left join countries c on c.verification_id = t.verification_id and c.day = t.day
    on conflict (verification_id, day) do update
      set scans = excluded.scans, visitors = excluded.visitors, devices = excluded.devices,
          browsers = excluded.browsers, countries = excluded.countries`.execute(db);
}
