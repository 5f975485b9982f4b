// The dashboard's figures for one account.
import { sql, type Kysely } from 'kysely';

import type { VerificationStats } from '@common/verifications-schemas';

import type { Database } from '../../db/schema';

export async function getVerificationStats(
  db: Kysely<Database>,
  accountId: string,
  today: string,
): Promise<VerificationStats> {
  const counts = await db
    .selectFrom('verifications')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where revoked_at is not null))::int`.as('revoked'),
      sql<number>`(count(*) filter (where revoked_at is null and expiry_date < ${today}))::int`.as(
        'expired',
      ),
    ])
    .where('user_id', '=', accountId)
    .executeTakeFirstOrThrow();
  // From the daily figures: the last 30 UTC days, today included, as the analytics answer counts them.
  const scans = await db
    .selectFrom('scan_daily')
    .select(sql<number>`coalesce(sum(scans), 0)::int`.as('count'))
    .where('account_id', '=', accountId)
    .where('day', '>', sql<string>`${today}::date - 30`)
    .executeTakeFirstOrThrow();
  return {
    total: counts.total,
    active: counts.total - counts.revoked - counts.expired,
    revoked: counts.revoked,
    expired: counts.expired,
    scans_last_30_days: scans.count,
  };
}
