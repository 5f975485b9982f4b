// Running: each valid row becomes a verification through the one issuing path, as a single upload does, a few at
// a time until the chunk's deadline; the last job marks the operation completed and tells the webhooks once.
import path from 'node:path';

import { AppError } from '../../lib/app-error';
import { issueVerification, type IssuedDocument } from '../verifications/issue-verification';
import { resolveIssuer, type Issuer } from '../verifications/resolve-issuer';

import { bulkFileKeys, type BulkDeps } from './bulk-deps';
import { drawnTexts, rowFields } from './bulk-items';
import {
  claimItem,
  completeRun,
  failItem,
  isOperationStill,
  nextItems,
  rowPlanOf,
  type BulkItemRecord,
  type BulkOperationRecord,
} from './bulk-operation-rows';
import {
  chunkDeadline,
  eachConcurrently,
  rowConcurrency,
  statusWatch,
  waitingForPool,
  type RunDeps,
  type StepResult,
} from './chunk-runner';

import type { DocumentsZip } from '../../documents/zip-reader';
import type { Actor } from '../team/actor';

interface RunContext {
  /** The services' dependencies, with securing that waits for a free pool. */
  deps: BulkDeps;
  issuer: Issuer;
  zip: DocumentsZip | null;
  designPath: string | null;
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

function outputFileName(
  operation: BulkOperationRecord,
  item: BulkItemRecord,
  holderName: string,
): string {
  if (operation.mode === 'documents') return path.basename(item.cells[operation.mapping.file!]);
  return `${holderName || 'document'}.pdf`;
}

/** A row becomes a verification through the one issuing path, as a single upload does. */
async function secureRow(
  deps: RunDeps,
  operation: BulkOperationRecord,
  context: RunContext,
  item: BulkItemRecord,
): Promise<void> {
  const fail = (message: string) => failItem(deps.db, operation.id, item.id, message);
  const { fields, errors } = rowFields(
    item.cells,
    operation.columns,
    rowPlanOf(operation),
    operation.run_date!,
  );
  if (!fields) return fail(errors.map((e) => e.message).join(' '));
  const filename = outputFileName(operation, item, fields.holder_name);
  let document: IssuedDocument;
  if (context.zip) {
    const found = context.zip.find(item.cells[operation.mapping.file!]);
    if ('problem' in found) return fail(found.problem);
    let bytes: Buffer;
    try {
      bytes = await context.zip.read(found.name);
    } catch (error) {
      if (error instanceof AppError) return fail(error.message);
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
      alsoInTransaction: async (trx, verificationId) => {
        if (!(await claimItem(trx, operation.id, item.id, verificationId))) {
          throw new AlreadySecured();
        }
      },
    });
  } catch (error) {
    // Another job (a retry of this one) got there first: its verification is the row's.
    if (error instanceof AlreadySecured || isDuplicateRow(error)) return;
    // The document cannot be secured, or the month's quota ran out during the run (checked at start; single
    // uploads may have used the rest).
    if (error instanceof AppError) return fail(error.message);
    throw error;
  }
}

async function runContext(deps: RunDeps, operation: BulkOperationRecord) {
  // The creator acts; if they have left the team since, the account's owner does.
  const actor: Actor = {
    id: operation.created_by ?? operation.user_id,
    accountId: operation.user_id,
  };
  // The template chosen may have been deleted since: the account's default then.
  const issuer = await resolveIssuer(deps, actor, operation.template_id, { orDefault: true });
  return { deps: { ...deps, securing: waitingForPool(deps.securing) }, issuer };
}

async function finishRun(deps: RunDeps, operation: BulkOperationRecord): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    // Told once, by the job that completed it.
    if (await completeRun(trx, operation.id)) {
      await deps.webhooks.emitBulkOperationCompleted(trx, operation.user_id, operation.id);
    }
  });
  deps.webhooks.wake();
}

async function secureRows(
  deps: RunDeps,
  operation: BulkOperationRecord,
  context: RunContext,
): Promise<StepResult> {
  const isPastDeadline = chunkDeadline();
  const isStillRunning = statusWatch(deps, operation.id, 'running');
  const concurrency = rowConcurrency(deps);
  for (;;) {
    const items = await nextItems(deps.db, operation.id, 'valid', concurrency * 4);
    if (items.length === 0) {
      await finishRun(deps, operation);
      return 'done';
    }
    await eachConcurrently(
      items,
      concurrency,
      (item) => secureRow(deps, operation, context, item),
      async () => isPastDeadline() || !(await isStillRunning()),
    );
    if (!(await isOperationStill(deps.db, operation.id, 'running'))) return 'done';
    if (isPastDeadline()) return 'more';
  }
}

export async function secureBulkRows(
  deps: RunDeps,
  operation: BulkOperationRecord,
): Promise<StepResult> {
  const context = await runContext(deps, operation);
  if (operation.mode === 'documents') {
    return deps.zips.use(operation.id, (zip) =>
      secureRows(deps, operation, { ...context, zip, designPath: null }),
    );
  }
  const design = await deps.storage.localFile(bulkFileKeys(operation.id).design);
  try {
    return await secureRows(deps, operation, { ...context, zip: null, designPath: design.path });
  } finally {
    await design.release();
  }
}
