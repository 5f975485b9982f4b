// The background work of a bulk operation, one job at a time on the bulk queue. An operation moves through
//   validating: read the sheet into items (once), then check each row's document (documents mode)
//   running:    secure each valid row, in sheet order
// and each job works for BULK_CHUNK_SECONDS at most, then hands over to a new job for the rest. A job taken by a
// process that died is retried by the queue; everything it does is safe to do twice: reading the sheet replaces
// the items, a checked row is not checked again, and a secured row is claimed in the same transaction as its
// verification, which a unique (operation, row) index makes impossible to create twice.
import path from 'node:path';

import { suggestColumnMapping } from '@common/bulk';
import { isoDate } from '@common/verifications';

import { AppError } from '../../lib/app-error';
import { issueVerification, type IssuedDocument } from '../verifications/issue-verification';
import { resolveIssuer, type Issuer } from '../verifications/resolve-issuer';

import { bulkFileKeys, sheetLimits, type BulkDeps } from './bulk-deps';
import {
  columnProblems,
  drawingErrors,
  drawnTexts,
  rowFields,
  type BulkItemError,
  type BulkItemStatus,
  type RowPlan,
} from './bulk-items';
import { chunkDeadline, eachConcurrently, waitingForPool, whenPoolFree } from './chunk-runner';

import type { Database } from '../../db/schema';
import type { DocumentsZip } from '../../documents/zip-reader';
import type { Actor } from '../team/actor';
import type { DocumentsZipCache } from './documents-zip-cache';
import type { Selectable, Transaction } from 'kysely';

type Operation = Selectable<Database['bulk_operations']>;
type Item = Pick<Selectable<Database['bulk_operation_items']>, 'id' | 'row_number' | 'cells'>;

/** What a job works with: the services' dependencies and the zip kept open between jobs. */
export type RunDeps = BulkDeps & { zips: DocumentsZipCache };

/** 'more' when the operation needs another job. */
export type StepResult = 'more' | 'done';

const INSERT_BATCH = 500;

function planOf(operation: Operation): RowPlan {
  return {
    mapping: operation.mapping,
    ignoredColumns: operation.ignored_columns,
    layout: operation.layout,
  };
}

async function finishInvalid(deps: RunDeps, operation: Operation, problem: string): Promise<void> {
  await deps.db
    .updateTable('bulk_operations')
    .set({ status: 'invalid', problem, finished_at: new Date() })
    .where('id', '=', operation.id)
    .where('status', '=', 'validating')
    .execute();
}

// ---- validating: reading the sheet ----------------------------------------------------------------------------

interface ReadItem {
  row_number: number;
  status: BulkItemStatus;
  cells: Record<string, string>;
  errors: BulkItemError[];
}

// Checking a row is quick, but 10,000 of them at once would hold the public pages up: yield now and then.
const ROWS_BETWEEN_YIELDS = 250;

async function itemsFromRows(
  operation: Operation,
  columns: string[],
  rows: string[][],
  today: string,
): Promise<ReadItem[]> {
  const plan = planOf(operation);
  const fileColumn = plan.mapping.file;
  const rowOfFile = new Map<string, number>();
  const rowOfContent = new Map<string, number>();
  const items: ReadItem[] = [];
  for (const [index, values] of rows.entries()) {
    if (index % ROWS_BETWEEN_YIELDS === 0) await new Promise((resolve) => setImmediate(resolve));
    const rowNumber = index + 1;
    const cells = Object.fromEntries(columns.map((column, at) => [column, values[at]]));
    const { fields, errors } = rowFields(cells, columns, plan, today);
    const problems: BulkItemError[] = [...errors];
    if (operation.mode === 'documents' && fileColumn) {
      const file = cells[fileColumn];
      if (!file) problems.push({ column: fileColumn, message: 'Name the document in the zip.' });
      else if (rowOfFile.has(file.toLowerCase())) {
        problems.push({
          column: fileColumn,
          message: `Row ${rowOfFile.get(file.toLowerCase())} already names this file.`,
        });
      } else rowOfFile.set(file.toLowerCase(), rowNumber);
    }
    const content = JSON.stringify(values);
    const sameAs = rowOfContent.get(content);
    if (sameAs !== undefined) problems.push({ column: null, message: `Same as row ${sameAs}.` });
    else rowOfContent.set(content, rowNumber);
    if (fields && plan.layout)
      problems.push(...drawingErrors(drawnTexts(cells, fields, plan.layout), plan.mapping));
    const status: BulkItemStatus =
      problems.length > 0 ? 'invalid' : operation.mode === 'documents' ? 'unchecked' : 'valid';
    items.push({ row_number: rowNumber, status, cells, errors: problems });
  }
  return items;
}

async function readRows(deps: RunDeps, read: Operation): Promise<StepResult> {
  let operation = read;
  const { db, config } = deps;
  const local = await deps.storage.localFile(bulkFileKeys(operation.id).sheet);
  let sheet;
  try {
    sheet = await whenPoolFree(() => deps.securing.readSheet(local.path, sheetLimits(config)));
  } catch (error) {
    if (error instanceof AppError) {
      await finishInvalid(deps, operation, error.message);
      return 'done';
    }
    throw error;
  } finally {
    await local.release();
  }
  // Headers that match a field's name map to it unless the request mapped the field itself ('' for no column).
  const mapping = Object.fromEntries(
    Object.entries({
      ...suggestColumnMapping(sheet.columns, operation.mode),
      ...operation.mapping,
    }).filter(([, column]) => column !== ''),
  );
  operation = { ...operation, mapping };
  const problems = columnProblems(sheet.columns, planOf(operation), operation.mode);
  try {
    await deps.planLimits.requireBulkRows(operation.user_id, sheet.rows.length);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push(error.message);
  }
  if (problems.length > 0) {
    await finishInvalid(deps, operation, problems.join(' '));
    return 'done';
  }
  if (operation.mode === 'documents') {
    try {
      // The zip as a whole (names, entry count, unpacked size) before any row is looked at.
      await deps.zips.use(operation.id, async () => undefined);
    } catch (error) {
      if (error instanceof AppError) {
        await finishInvalid(deps, operation, error.message);
        return 'done';
      }
      throw error;
    }
  }
  const items = await itemsFromRows(operation, sheet.columns, sheet.rows, isoDate());
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('bulk_operation_items')
      .where('bulk_operation_id', '=', operation.id)
      .execute();
    for (let start = 0; start < items.length; start += INSERT_BATCH) {
      await trx
        .insertInto('bulk_operation_items')
        .values(
          items.slice(start, start + INSERT_BATCH).map((item) => ({
            bulk_operation_id: operation.id,
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
        mapping: JSON.stringify(mapping),
        rows_read_at: new Date(),
      })
      .where('id', '=', operation.id)
      .execute();
  });
  return 'more';
}

// ---- validating: checking each row's document -----------------------------------------------------------------

async function setItemState(
  deps: RunDeps,
  item: Item,
  status: BulkItemStatus,
  errors: BulkItemError[] = [],
): Promise<void> {
  await deps.db
    .updateTable('bulk_operation_items')
    .set({ status, errors: JSON.stringify(errors) })
    .where('id', '=', item.id)
    .execute();
}

async function checkRowDocument(
  deps: RunDeps,
  operation: Operation,
  zip: DocumentsZip,
  item: Item,
): Promise<void> {
  const column = operation.mapping.file!;
  const found = zip.find(item.cells[column]);
  if ('problem' in found)
    return setItemState(deps, item, 'invalid', [{ column, message: found.problem }]);
  try {
    const bytes = await zip.read(found.name);
    await whenPoolFree(() => deps.securing.checkDocument(bytes, deps.config.UPLOAD_MAX_BYTES));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return setItemState(deps, item, 'invalid', [{ column, message: error.message }]);
  }
  return setItemState(deps, item, 'valid');
}

function concurrency(deps: RunDeps): number {
  // One more than the workers, so a worker never waits for the main thread to unzip its next document.
  return deps.config.SECURING_WORKERS + 1;
}

async function nextItems(
  deps: RunDeps,
  operationId: string,
  status: BulkItemStatus,
  limit: number,
) {
  return deps.db
    .selectFrom('bulk_operation_items')
    .select(['id', 'row_number', 'cells'])
    .where('bulk_operation_id', '=', operationId)
    .where('status', '=', status)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

async function stillIs(deps: RunDeps, id: string, status: Operation['status']): Promise<boolean> {
  const row = await deps.db
    .selectFrom('bulk_operations')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status === status;
}

// A cancel is noticed within this long; asking before every row cost a query per row on the main thread.
const STATUS_CHECK_MS = 500;

/** stillIs, asked of the database at most every STATUS_CHECK_MS. */
function statusWatch(
  deps: RunDeps,
  id: string,
  status: Operation['status'],
): () => Promise<boolean> {
  let checkedAt = 0;
  let answer: Promise<boolean> = Promise.resolve(true);
  return () => {
    if (Date.now() - checkedAt >= STATUS_CHECK_MS) {
      checkedAt = Date.now();
      answer = stillIs(deps, id, status);
    }
    return answer;
  };
}

async function checkDocuments(deps: RunDeps, operation: Operation): Promise<StepResult> {
  const isPastDeadline = chunkDeadline();
  const isStillValidating = statusWatch(deps, operation.id, 'validating');
  const batchSize = concurrency(deps) * 4;
  return deps.zips.use(operation.id, async (zip) => {
    for (;;) {
      const items = await nextItems(deps, operation.id, 'unchecked', batchSize);
      if (items.length === 0) return 'done';
      await eachConcurrently(
        items,
        concurrency(deps),
        (item) => checkRowDocument(deps, operation, zip, item),
        async () => isPastDeadline() || !(await isStillValidating()),
      );
      if (isPastDeadline()) return 'more';
      if (!(await stillIs(deps, operation.id, 'validating'))) return 'done';
    }
  });
}

async function finishValidation(deps: RunDeps, operation: Operation): Promise<void> {
  const counts = await deps.db
    .selectFrom('bulk_operation_items')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('bulk_operation_id', '=', operation.id)
    .groupBy('status')
    .execute();
  const count = (status: BulkItemStatus) =>
    Number(counts.find((c) => c.status === status)?.count ?? 0);
  const valid = count('valid');
  await deps.db
    .updateTable('bulk_operations')
    .set({
      valid_rows: valid,
      invalid_rows: count('invalid'),
      status: valid > 0 ? 'ready' : 'invalid',
      finished_at: valid > 0 ? null : new Date(),
    })
    .where('id', '=', operation.id)
    .where('status', '=', 'validating')
    .execute();
}

async function validate(deps: RunDeps, operation: Operation): Promise<StepResult> {
  if (!operation.rows_read_at) return readRows(deps, operation);
  if (operation.mode === 'documents' && (await checkDocuments(deps, operation)) === 'more') {
    return 'more';
  }
  await finishValidation(deps, operation);
  return 'done';
}

// ---- running: securing each valid row -------------------------------------------------------------------------

function outputFileName(operation: Operation, item: Item, holderName: string): string {
  if (operation.mode === 'documents') return path.basename(item.cells[operation.mapping.file!]);
  return `${holderName || 'document'}.pdf`;
}

async function failItem(deps: RunDeps, operation: Operation, item: Item, message: string) {
  await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('bulk_operation_items')
      .set({ status: 'failed', errors: JSON.stringify([{ column: null, message }]) })
      .where('id', '=', item.id)
      .where('status', '=', 'valid')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return;
    await trx
      .updateTable('bulk_operations')
      .set((eb) => ({ failed: eb('failed', '+', 1) }))
      .where('id', '=', operation.id)
      .execute();
  });
}

/** Thrown inside the row's transaction when another job secured the row first: everything rolls back. */
class AlreadySecured extends Error {}

function isDuplicateRow(error: unknown): boolean {
  return (
    (error as { code?: string }).code === '23505' &&
    String(
      (error as { constraint?: string; message?: string }).constraint ?? (error as Error).message,
    ).includes('verifications_bulk_row_unique')
  );
}

/** Claims the row for its verification, in the verification's transaction; another job may have claimed it first. */
async function claimRow(
  trx: Transaction<Database>,
  operation: Operation,
  item: Item,
  verificationId: string,
): Promise<void> {
  const claimed = await trx
    .updateTable('bulk_operation_items')
    .set({ status: 'succeeded', verification_id: verificationId })
    .where('id', '=', item.id)
    .where('status', '=', 'valid')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) throw new AlreadySecured();
  await trx
    .updateTable('bulk_operations')
    .set((eb) => ({ succeeded: eb('succeeded', '+', 1) }))
    .where('id', '=', operation.id)
    .execute();
}

interface RunContext {
  /** The services' dependencies, with securing that waits for a free pool. */
  deps: BulkDeps;
  issuer: Issuer;
  zip: DocumentsZip | null;
  designPath: string | null;
}

/** A row becomes a verification through the one issuing path, as a single upload does. */
async function secureRow(
  deps: RunDeps,
  operation: Operation,
  context: RunContext,
  item: Item,
): Promise<void> {
  const { fields, errors } = rowFields(
    item.cells,
    operation.columns,
    planOf(operation),
    operation.run_date!,
  );
  if (!fields) return failItem(deps, operation, item, errors.map((e) => e.message).join(' '));
  const filename = outputFileName(operation, item, fields.holder_name);
  let document: IssuedDocument;
  if (context.zip) {
    const found = context.zip.find(item.cells[operation.mapping.file!]);
    if ('problem' in found) return failItem(deps, operation, item, found.problem);
    let bytes: Buffer;
    try {
      bytes = await context.zip.read(found.name);
    } catch (error) {
      if (error instanceof AppError) return failItem(deps, operation, item, error.message);
      throw error;
    }
    // The same entry of the same stored zip that was checked when the operation was validated.
    document = { kind: 'bytes', filename, bytes, isChecked: true };
  } else {
    const texts = drawnTexts(item.cells, fields, operation.layout!);
    document = { kind: 'design', filename, designPath: context.designPath!, texts };
  }
  try {
    await issueVerification(context.deps, context.issuer, {
      facts: fields,
      placement: operation.qr_placement,
      allowDownload: operation.allow_download,
      document,
      bulk: { operationId: operation.id, rowNumber: item.row_number },
      alsoInTransaction: (trx, verificationId) => claimRow(trx, operation, item, verificationId),
    });
  } catch (error) {
    // Another job (a retry of this one) got there first: its verification is the row's.
    if (error instanceof AlreadySecured || isDuplicateRow(error)) return;
    // The document cannot be secured, or the month's quota ran out during the run (checked at start; single
    // uploads may have used the rest).
    if (error instanceof AppError) return failItem(deps, operation, item, error.message);
    throw error;
  }
}

async function runContext(deps: RunDeps, operation: Operation) {
  // The creator acts; if they have left the team since, the account's owner does.
  const actor: Actor = {
    id: operation.created_by ?? operation.user_id,
    accountId: operation.user_id,
  };
  // The template chosen may have been deleted since: the account's default then.
  const issuer = await resolveIssuer(deps, actor, operation.template_id, { orDefault: true });
  return { deps: { ...deps, securing: waitingForPool(deps.securing) }, issuer };
}

async function finishRun(deps: RunDeps, operation: Operation): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const finished = await trx
      .updateTable('bulk_operations')
      .set({ status: 'completed', finished_at: new Date() })
      .where('id', '=', operation.id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    // Told once, by the job that completed it.
    if (Number(finished.numUpdatedRows) > 0) {
      await deps.webhooks.emitBulkOperationCompleted(trx, operation.user_id, operation.id);
    }
  });
  deps.webhooks.wake();
}

async function secureRows(
  deps: RunDeps,
  operation: Operation,
  context: RunContext,
): Promise<StepResult> {
  const isPastDeadline = chunkDeadline();
  const isStillRunning = statusWatch(deps, operation.id, 'running');
  const batchSize = concurrency(deps) * 4;
  for (;;) {
    const items = await nextItems(deps, operation.id, 'valid', batchSize);
    if (items.length === 0) {
      await finishRun(deps, operation);
      return 'done';
    }
    await eachConcurrently(
      items,
      concurrency(deps),
      (item) => secureRow(deps, operation, context, item),
      async () => isPastDeadline() || !(await isStillRunning()),
    );
    if (!(await stillIs(deps, operation.id, 'running'))) return 'done';
    if (isPastDeadline()) return 'more';
  }
}

async function run(deps: RunDeps, operation: Operation): Promise<StepResult> {
  const context = await runContext(deps, operation);
  if (operation.mode === 'documents') {
    return deps.zips.use(operation.id, (zip) =>
      secureRows(deps, operation, { ...context, zip, designPath: null }),
    );
  }
  const design = await deps.storage.localFile(bulkFileKeys(operation.id).design);
  try {
    return await secureRows(deps, operation, {
      ...context,
      zip: null,
      designPath: design.path,
    });
  } finally {
    await design.release();
  }
}

/** One job's worth of an operation's work. */
export async function processBulkOperation(deps: RunDeps, id: string): Promise<StepResult> {
  const operation = await deps.db
    .selectFrom('bulk_operations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!operation) return 'done';
  if (operation.status === 'validating') return validate(deps, operation);
  if (operation.status === 'running') return run(deps, operation);
  return 'done';
}

/** The operation's job failed for good (its retries are spent): it stops, with the reason. */
export async function failBulkOperation(deps: BulkDeps, id: string, reason: string): Promise<void> {
  await deps.db
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
