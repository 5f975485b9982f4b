// The bulk tables' queries. Answers: the one query that reads operations with what an answer needs (creator,
// errors), and the mapping to the API's BulkOperation. The background work: an operation's record and status, its
// items read from the sheet, each item's check and claim, and the counts kept on the operation.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';

import { BULK_LIMITS } from '@common/bulk';
import type { BulkOperation, BulkRowError } from '@common/bulk-schemas';

import { personName } from '../../lib/person-name';
import { isUuid } from '../../lib/uuid';

import { bulkOperationNotFound } from './bulk-errors';

import type { Database } from '../../db/schema';
import type { BulkItemError, BulkItemStatus, RowPlan } from './bulk-items';

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

// ---- the background work ----------------------------------------------------------------------------------------

export type BulkOperationRecord = Selectable<Database['bulk_operations']>;
export type BulkItemRecord = Pick<
  Selectable<Database['bulk_operation_items']>,
  'id' | 'row_number' | 'cells'
>;

/** A row read from the sheet, before it is stored. */
export interface SheetItem {
  row_number: number;
  status: BulkItemStatus;
  cells: Record<string, string>;
  errors: BulkItemError[];
}

/** What reading the sheet learnt about it, kept on the operation. */
export interface SheetFacts {
  columns: string[];
  type: BulkOperationRecord['sheet_type'];
  mapping: BulkOperationRecord['mapping'];
}

const INSERT_BATCH = 500;

/** How an operation reads its rows. */
export function rowPlanOf(operation: BulkOperationRecord): RowPlan {
  return {
    mapping: operation.mapping,
    ignoredColumns: operation.ignored_columns,
    layout: operation.layout,
  };
}

export async function findOperationRecord(
  db: Kysely<Database>,
  id: string,
): Promise<BulkOperationRecord | undefined> {
  return db.selectFrom('bulk_operations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isOperationStill(
  db: Kysely<Database>,
  id: string,
  status: BulkOperationRecord['status'],
): Promise<boolean> {
  const row = await db
    .selectFrom('bulk_operations')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status === status;
}

/** The sheet or the zip as a whole cannot be used: the check ends here, with the reason. */
export async function markOperationInvalid(
  db: Kysely<Database>,
  id: string,
  problem: string,
): Promise<void> {
  await db
    .updateTable('bulk_operations')
    .set({ status: 'invalid', problem, finished_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'validating')
    .execute();
}

/** The sheet's rows become the operation's items, replacing any an earlier try of the job stored. */
export async function storeSheetItems(
  db: Kysely<Database>,
  id: string,
  items: SheetItem[],
  sheet: SheetFacts,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('bulk_operation_items').where('bulk_operation_id', '=', id).execute();
    for (let start = 0; start < items.length; start += INSERT_BATCH) {
      await trx
        .insertInto('bulk_operation_items')
        .values(
          items.slice(start, start + INSERT_BATCH).map((item) => ({
            bulk_operation_id: id,
            row_number: item.row_number,
            status: item.status,
            cells: JSON.stringify(item.cells),
            errors: JSON.stringify(item.errors),
          })),
        )
        .execute();
    }
    await trx
      .updateTable('bulk_operations')
      .set({
        total_rows: items.length,
        columns: JSON.stringify(sheet.columns),
        sheet_type: sheet.type,
        mapping: JSON.stringify(sheet.mapping),
        rows_read_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
  });
}

/** The next items in sheet order that are in `status`. */
export async function nextItems(
  db: Kysely<Database>,
  operationId: string,
  status: BulkItemStatus,
  limit: number,
): Promise<BulkItemRecord[]> {
  return db
    .selectFrom('bulk_operation_items')
    .select(['id', 'row_number', 'cells'])
    .where('bulk_operation_id', '=', operationId)
    .where('status', '=', status)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/** An item's verdict after its document was checked. */
export async function setItemState(
  db: Kysely<Database>,
  itemId: string,
  status: BulkItemStatus,
  errors: BulkItemError[] = [],
): Promise<void> {
  await db
    .updateTable('bulk_operation_items')
    .set({ status, errors: JSON.stringify(errors) })
    .where('id', '=', itemId)
    .execute();
}

/** Counts the checked items: ready when any row can be secured, else invalid. */
export async function finishValidation(db: Kysely<Database>, id: string): Promise<void> {
  const counts = await db
    .selectFrom('bulk_operation_items')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('bulk_operation_id', '=', id)
    .groupBy('status')
    .execute();
  const count = (status: BulkItemStatus) =>
    Number(counts.find((c) => c.status === status)?.count ?? 0);
  const valid = count('valid');
  await db
    .updateTable('bulk_operations')
    .set({
      valid_rows: valid,
      invalid_rows: count('invalid'),
      status: valid > 0 ? 'ready' : 'invalid',
      finished_at: valid > 0 ? null : new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'validating')
    .execute();
}

/** A valid item that could not be secured, counted once however many jobs try. */
export async function failItem(
  db: Kysely<Database>,
  operationId: string,
  itemId: string,
  message: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('bulk_operation_items')
      .set({ status: 'failed', errors: JSON.stringify([{ column: null, message }]) })
      .where('id', '=', itemId)
      .where('status', '=', 'valid')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    await trx
      .updateTable('bulk_operations')
      .set((eb) => ({ failed: eb('failed', '+', 1) }))
      .where('id', '=', operationId)
      .execute();
  });
}

/**
 * Claims a valid item for its verification, in the verification's transaction, and counts it; false when another
 * job claimed it first.
 */
export async function claimItem(
  trx: Transaction<Database>,
  operationId: string,
  itemId: string,
  verificationId: string,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('bulk_operation_items')
    .set({ status: 'succeeded', verification_id: verificationId })
    .where('id', '=', itemId)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('bulk_operations')
    .set((eb) => ({ succeeded: eb('succeeded', '+', 1) }))
    .where('id', '=', operationId)
    .execute();
  return true;
}

/** Marks a running operation completed; true for the one job that did. */
export async function completeRun(trx: Transaction<Database>, id: string): Promise<boolean> {
  const finished = await trx
    .updateTable('bulk_operations')
    .set({ status: 'completed', finished_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(finished.numUpdatedRows) > 0;
}

/** A check ends invalid, a run failed, with the reason. */
export async function stopOperation(
  db: Kysely<Database>,
  id: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('bulk_operations')
    .set((eb) => ({
      status: eb
        .case()
        .when('status', '=', 'validating')
        .then('invalid' as const)
        .else('failed' as const)
        .end(),
      problem: reason,
      finished_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['validating', 'running'])
    .execute();
}
