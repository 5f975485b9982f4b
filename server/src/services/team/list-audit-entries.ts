// One page of the account's audit log, newest first, each entry naming who made the change.
import { sql, type Kysely } from 'kysely';

import type { AuditPage, AuditQuery } from '@common/team-schemas';

import { personName } from '../../lib/person-name';

import type { Database } from '../../db/schema';

export async function listAuditEntries(
  db: Kysely<Database>,
  accountId: string,
  query: AuditQuery,
): Promise<AuditPage> {
  const { count } = await db
    .selectFrom('audit_log')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('audit_log as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .select([
      'a.id',
      'a.occurred_at',
      'a.action',
      'a.object_type',
      'a.object_id',
      'a.object_name',
      'u.email',
      'u.first_name',
      'u.last_name',
    ])
    .where('a.account_id', '=', accountId)
    .orderBy('a.occurred_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .execute();
  return {
    count,
    page: query.page,
    page_size: query.page_size,
    results: rows.map((row) => ({
      id: String(row.id),
      occurred_at: row.occurred_at.toISOString(),
      actor:
        row.email === null
          ? null
          : { email: row.email, name: personName(row.first_name ?? '', row.last_name ?? '') },
      action: row.action,
      object: { type: row.object_type, id: row.object_id, name: row.object_name },
    })),
  };
}
