// One page of the account's verifications, filtered, searched and sorted as the dashboard asks.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';

import type { VerificationStatus } from '@common/verifications';
import type { VerificationListQuery } from '@common/verifications-schemas';

import { isUuid } from '../../lib/uuid';

import { selectVerificationRows, type VerificationRow } from './verification-rows';

import type { Database } from '../../db/schema';

export interface VerificationList {
  count: number;
  rows: VerificationRow[];
}

type Scope = ExpressionBuilder<Database & { v: Database['verifications'] }, 'v'>;

// LIKE treats % and _ as wildcards; a search for "100%" means the characters.
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function statusFilter(eb: Scope, status: VerificationStatus, today: string): Expression<SqlBool> {
  switch (status) {
    case 'revoked':
      return eb('v.revoked_at', 'is not', null);
    case 'expired':
      return eb.and([eb('v.revoked_at', 'is', null), eb('v.expiry_date', '<', today)]);
    case 'active':
      return eb.and([
        eb('v.revoked_at', 'is', null),
        eb.or([eb('v.expiry_date', 'is', null), eb('v.expiry_date', '>=', today)]),
      ]);
  }
}

function filters(query: VerificationListQuery, accountId: string, today: string) {
  return (eb: Scope) => {
    const conditions: Expression<SqlBool>[] = [eb('v.user_id', '=', accountId)];
    const search = query.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      conditions.push(
        eb.or([
          eb('v.title', 'ilike', pattern),
          eb('v.holder_name', 'ilike', pattern),
          eb('v.code', '=', search.toLowerCase()),
        ]),
      );
    }
    if (query.status) conditions.push(statusFilter(eb, query.status, today));
    if (query.issued_from) conditions.push(eb('v.issue_date', '>=', query.issued_from));
    if (query.issued_to) conditions.push(eb('v.issue_date', '<=', query.issued_to));
    if (query.bulk_operation) {
      // An id that is no uuid names no operation: nothing matches (and Postgres is not asked to cast it).
      conditions.push(
        isUuid(query.bulk_operation)
          ? eb('v.bulk_operation_id', '=', query.bulk_operation)
          : sql<SqlBool>`false`,
      );
    }
    return eb.and(conditions);
  };
}

// Titles sort without regard to case, the same on every database collation.
const ORDER_COLUMNS = {
  created_at: sql`v.created_at`,
  title: sql`lower(v.title)`,
  issue_date: sql`v.issue_date`,
  scan_count: sql`v.scan_count`,
};

export async function listVerifications(
  db: Kysely<Database>,
  accountId: string,
  query: VerificationListQuery,
  today: string,
): Promise<VerificationList> {
  const where = filters(query, accountId, today);
  const { count } = await db
    .selectFrom('verifications as v')
    .select(sql<number>`count(*)::int`.as('count'))
    .where(where)
    .executeTakeFirstOrThrow();

  const direction = query.ordering.startsWith('-') ? 'desc' : 'asc';
  const column = ORDER_COLUMNS[query.ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS];
  const rows = await selectVerificationRows(db)
    .where(where)
    .orderBy(column, direction)
    // Ties (same title, same day) keep a stable order from page to page.
    .orderBy('v.created_at', direction)
    .orderBy('v.id', direction)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return { count, rows };
}
