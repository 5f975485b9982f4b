// The one query that reads bulk operations with what an answer needs (creator, errors), and the mapping to the
// API's BulkOperation. Every read of an operation goes through it.
import { sql, type Kysely } from 'kysely';

import { BULK_LIMITS } from '@common/bulk';
import type { BulkOperation, BulkRowError } from '@common/bulk-schemas';

import { personName } from '../../lib/person-name';
import { isUuid } from '../../lib/uuid';

import { bulkOperationNotFound } from './bulk-errors';

import type { Database } from '../../db/schema';

function selectOperations(db: Kysely<Database>) {
  return db
    .selectFrom('bulk_operations as b')
    .leftJoin('users as c', 'c.id', 'b.created_by')
    .selectAll('b')
    .select([
      'c.email as created_by_email',
      'c.first_name as created_by_first_name',
      'c.last_name as created_by_last_name',
      (eb) =>
        eb
          .selectFrom('bulk_operation_items as i')
          .select(sql<number>`coalesce(sum(jsonb_array_length(i.errors)), 0)::int`.as('n'))
          .whereRef('i.bulk_operation_id', '=', 'b.id')
          .as('item_error_count'),
    ]);
}

export type BulkOperationRow = Awaited<
  ReturnType<ReturnType<typeof selectOperations>['executeTakeFirstOrThrow']>
>;

/** The first problems, by row: the whole-sheet problem first. */
async function firstErrors(db: Kysely<Database>, row: BulkOperationRow): Promise<BulkRowError[]> {
  const errors: BulkRowError[] = row.problem
    ? [{ row: null, column: null, message: row.problem }]
    : [];
  const items = await db
    .selectFrom('bulk_operation_items')
    .select(['row_number', 'errors'])
    .where('bulk_operation_id', '=', row.id)
    .where(sql<boolean>`jsonb_array_length(errors) > 0`)
    .orderBy('row_number')
    .limit(BULK_LIMITS.errors_listed)
    .execute();
  for (const item of items) {
    for (const error of item.errors) errors.push({ row: item.row_number, ...error });
  }
  return errors.slice(0, BULK_LIMITS.errors_listed);
}

export function toBulkOperation(row: BulkOperationRow, errors: BulkRowError[]): BulkOperation {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    status: row.status,
    total_rows: row.total_rows,
    valid_rows: row.valid_rows,
    invalid_rows: row.invalid_rows,
    processed: row.succeeded + row.failed,
    succeeded: row.succeeded,
    failed: row.failed,
    errors,
    error_count: (row.problem ? 1 : 0) + (row.item_error_count ?? 0),
    template_id: row.template_id,
    sheet_name: row.sheet_name,
    created_by: row.created_by_email
      ? {
          email: row.created_by_email,
          name: personName(row.created_by_first_name ?? '', row.created_by_last_name ?? ''),
        }
      : null,
    created_at: row.created_at.toISOString(),
    started_at: row.started_at?.toISOString() ?? null,
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** The account's operation as its row; a 404 for any other id. */
export async function findOwnOperationRow(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<BulkOperationRow> {
  if (!isUuid(id)) throw bulkOperationNotFound();
  const row = await selectOperations(db)
    .where('b.id', '=', id)
    .where('b.user_id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw bulkOperationNotFound();
  return row;
}

export async function getBulkOperation(
  db: Kysely<Database>,
  accountId: string,
  id: string,
): Promise<BulkOperation> {
  const row = await findOwnOperationRow(db, accountId, id);
  return toBulkOperation(row, await firstErrors(db, row));
}

/** A page of the account's operations, newest first; errors are left out (GET one operation for them). */
export async function listBulkOperations(
  db: Kysely<Database>,
  accountId: string,
  { page, page_size }: { page: number; page_size: number },
) {
  const { count } = await db
    .selectFrom('bulk_operations')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', accountId)
    .executeTakeFirstOrThrow();
  const rows = await selectOperations(db)
    .where('b.user_id', '=', accountId)
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .limit(page_size)
    .offset((page - 1) * page_size)
    .execute();
  return { count, page, page_size, results: rows.map((row) => toBulkOperation(row, [])) };
}
