// The background work of a bulk operation, one job at a time on the bulk queue. An operation moves through
//   validating: read the sheet into items (once, read-bulk-sheet), then check each row's document (documents
//               mode, check-bulk-documents)
//   running:    secure each valid row, in sheet order (secure-bulk-rows)
// and each job works for BULK_CHUNK_SECONDS at most, then hands over to a new job for the rest. A job taken by a
// process that died is retried by the queue; everything it does is safe to do twice: reading the sheet replaces
// the items, a checked row is not checked again, and a secured row is claimed in the same transaction as its
// verification, which a unique (operation, row) index makes impossible to create twice.
import {
  findOperationRecord,
  finishValidation,
  stopOperation,
  type BulkOperationRecord,
} from './bulk-operation-rows';
import { checkBulkDocuments } from './check-bulk-documents';
import { readBulkSheet } from './read-bulk-sheet';
import { secureBulkRows } from './secure-bulk-rows';

import type { BulkDeps } from './bulk-deps';
import type { RunDeps, StepResult } from './chunk-runner';

async function validate(deps: RunDeps, operation: BulkOperationRecord): Promise<StepResult> {
  if (!operation.rows_read_at) return readBulkSheet(deps, operation);
  if (operation.mode === 'documents' && (await checkBulkDocuments(deps, operation)) === 'more') {
    return 'more';
  }
  await finishValidation(deps.db, operation.id);
  return 'done';
}

/** One job's worth of an operation's work. */
export async function processBulkOperation(deps: RunDeps, id: string): Promise<StepResult> {
  const operation = await findOperationRecord(deps.db, id);
  if (!operation) return 'done';
  if (operation.status === 'validating') return validate(deps, operation);
  if (operation.status === 'running') return secureBulkRows(deps, operation);
  return 'done';
}

/** The operation's job failed for good (its retries are spent): it stops, with the reason. */
export async function failBulkOperation(deps: BulkDeps, id: string, reason: string): Promise<void> {
  await stopOperation(deps.db, id, reason);
}
