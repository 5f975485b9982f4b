// GET /api/analytics/scans/: an account's (or one verification's) scans per day and their breakdowns, read from
// the daily figures only (scan_daily, which each flush of the scan tallies adds to), so a dashboard load costs a few
// indexed reads however many scans there are. Fresh as of the last flush: a few seconds.
import { sql, type Kysely } from 'kysely';

import type { ScanAnalytics } from '@common/analytics-schemas';

import type { Database } from '../../db/schema';

const TOP_COUNT = 5;

type ScanDailyScope = { accountId: string; verificationId?: string };

function dailyRows(db: Kysely<Database>, scope: ScanDailyScope, firstDay: string) {
  let query = db
    .selectFrom('scan_daily as d')
    .where('d.account_id', '=', scope.accountId)
    .where('d.day', '>=', firstDay);
  if (scope.verificationId) query = query.where('d.verification_id', '=', scope.verificationId);
  return query;
}

/** Sums one of the roll-up's count objects over the period, in the database. */
async function countsBy(
  db: Kysely<Database>,
  scope: ScanDailyScope,
  firstDay: string,
  column: 'devices' | 'browsers' | 'countries',
): Promise<Record<string, number>> {
  const rows = await dailyRows(db, scope, firstDay)
    .innerJoin(
      sql<{ key: string; value: string }>`jsonb_each_text(d.${sql.ref(column)})`.as('e'),
      (join) => join.onTrue(),
    )
    .select(['e.key', sql<number>`sum(e.value::int)::int`.as('count')])
    .groupBy('e.key')
    .orderBy('count', 'desc')
    .orderBy('e.key')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.count]));
}

export async function getScanAnalytics(
  db: Kysely<Database>,
  scope: ScanDailyScope,
  days: number,
  today: string,
): Promise<ScanAnalytics> {
  const perDay = await sql<{ date: string; scans: number }>`
    select to_char(g.day, 'YYYY-MM-DD') as date, coalesce(sum(d.scans), 0)::int as scans
    from generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') as g(day)
    left join scan_daily d
      on d.day = g.day::date and d.account_id = ${scope.accountId}
      ${scope.verificationId ? sql`and d.verification_id = ${scope.verificationId}` : sql``}
    group by g.day
    order by g.day`.execute(db);
  const start = perDay.rows[0]!.date;

  const top = scope.verificationId
    ? []
    : await dailyRows(db, scope, start)
        .innerJoin('verifications as v', 'v.id', 'd.verification_id')
        .select([
          'v.id as verification_id',
          'v.title',
          'v.holder_name',
          'v.code',
          sql<number>`sum(d.scans)::int`.as('scans'),
        ])
        .groupBy(['v.id', 'v.title', 'v.holder_name', 'v.code'])
        .orderBy('scans', 'desc')
        .orderBy('v.title')
        .limit(TOP_COUNT)
        .execute();

  let unusualQuery = db
    .selectFrom('verifications')
    .select(['id', 'title', 'unusual_reason', 'unusual_since'])
    .where('user_id', '=', scope.accountId)
    .where('unusual_since', 'is not', null)
    .orderBy('unusual_since', 'desc');
  if (scope.verificationId) unusualQuery = unusualQuery.where('id', '=', scope.verificationId);
  const unusual = await unusualQuery.execute();

  return {
    days: perDay.rows,
    total: perDay.rows.reduce((sum, day) => sum + day.scans, 0),
    by_device: await countsBy(db, scope, start, 'devices'),
    by_browser: await countsBy(db, scope, start, 'browsers'),
    by_country: await countsBy(db, scope, start, 'countries'),
    top,
    unusual: unusual.map((row) => ({
      verification_id: row.id,
      title: row.title,
      reason: row.unusual_reason ?? '',
      since: row.unusual_since!.toISOString(),
    })),
  };
}
