// Scans are tallied in memory and written as daily aggregates (docs/analytics.md): scan_daily is added to on each
// flush instead of being recomputed from a row per view, and each day's distinct visitors are kept as a set, one
// row per visitor key with its first and last view, so that instances sharing the database count a visitor once
// and the unusual-activity rule counts distinct visitors in its window. Rows expire after two days.
// At the switch, today's and yesterday's figures are rolled up one last time from the raw scans, and their visitors
// become the first sets, so no view between the last roll-up and the upgrade is lost.
// Migrations take Kysely<unknown>: they must keep working after src/db/schema.ts moves on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scan_visitors')
    .addColumn('verification_id', 'uuid', (column) =>
      column.notNull().references('verifications.id').onDelete('cascade'),
    )
    .addColumn('day', 'date', (column) => column.notNull())
    .addColumn('visitor', 'text', (column) => column.notNull())
    // Link previews and crawlers: counted as visitors, left out of the unusual-activity rule.
    .addColumn('is_bot', 'boolean', (column) => column.notNull())
    .addColumn('first_seen', 'timestamptz', (column) => column.notNull())
    .addColumn('last_seen', 'timestamptz', (column) => column.notNull())
    .addPrimaryKeyConstraint('scan_visitors_pkey', ['verification_id', 'day', 'visitor'])
    .execute();
  await db.schema
    .createIndex('scan_visitors_last_seen_idx')
    .on('scan_visitors')
    .column('last_seen')
    .execute();

  const since = sql`(current_date - 1)::timestamp at time zone 'UTC'`;
  await sql`
    insert into scan_visitors (verification_id, day, visitor, is_bot, first_seen, last_seen)
    select verification_id, (scanned_at at time zone 'UTC')::date, visitor, bool_or(device = 'bot'),
           min(scanned_at), max(scanned_at)
    from verification_scans
    where scanned_at >= ${since} and visitor is not null
    group by 1, 2, 3`.execute(db);
  await sql`
    with scans as (
      select s.verification_id, v.user_id as account_id, (s.scanned_at at time zone 'UTC')::date as day,
             s.device, coalesce(s.browser, 'Other') as browser, s.country, s.visitor
      from verification_scans s
      join verifications v on v.id = s.verification_id
      where s.scanned_at >= ${since}
    ),
    totals as (
      select verification_id, account_id, day, count(*)::int as scans, count(distinct visitor)::int as visitors
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scan_visitors').execute();
}
