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
  const scans = await db
    .selectFrom('verification_scans as s')
    .innerJoin('verifications as v', 'v.id', 's.verification_id')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('v.user_id', '=', accountId)
    .where('s.scanned_at', '>=', sql<Date>`now() - interval '30 days'`)
    .executeTakeFirstOrThrow();
  return {
    total: counts.total,
    active: counts.total - counts.revoked - counts.expired,
    revoked: counts.revoked,
    expired: counts.expired,
    scans_last_30_days: scans.count,
  };
}
