// Validating, second part (documents mode): each row's document is found in the zip and checked in the worker
// pool as a single upload would be, a few at a time until the chunk's deadline.
import { AppError } from '../../lib/app-error';

import {
  isOperationStill,
  nextItems,
  setItemState,
  type BulkItemRecord,
  type BulkOperationRecord,
} from './bulk-operation-rows';
import {
  chunkDeadline,
  eachConcurrently,
  rowConcurrency,
  statusWatch,
  whenPoolFree,
  type RunDeps,
  type StepResult,
} from './chunk-runner';

import type { DocumentsZip } from '../../documents/zip-reader';

async function checkRowDocument(
  deps: RunDeps,
  operation: BulkOperationRecord,
  zip: DocumentsZip,
  item: BulkItemRecord,
): Promise<void> {
  const column = operation.mapping.file!;
  const found = zip.find(item.cells[column]);
  if ('problem' in found) {
    return setItemState(deps.db, item.id, 'invalid', [{ column, message: found.problem }]);
  }
  try {
    const bytes = await zip.read(found.name);
    await whenPoolFree(() => deps.securing.checkDocument(bytes, deps.config.UPLOAD_MAX_BYTES));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return setItemState(deps.db, item.id, 'invalid', [{ column, message: error.message }]);
  }
  return setItemState(deps.db, item.id, 'valid');
}

export async function checkBulkDocuments(
  deps: RunDeps,
  operation: BulkOperationRecord,
): Promise<StepResult> {
  const isPastDeadline = chunkDeadline();
  const isStillValidating = statusWatch(deps, operation.id, 'validating');
  const concurrency = rowConcurrency(deps);
  return deps.zips.use(operation.id, async (zip) => {
    for (;;) {
      const items = await nextItems(deps.db, operation.id, 'unchecked', concurrency * 4);
      if (items.length === 0) return 'done';
      await eachConcurrently(
        items,
        concurrency,
        (item) => checkRowDocument(deps, operation, zip, item),
        async () => isPastDeadline() || !(await isStillValidating()),
      );
      if (isPastDeadline()) return 'more';
      if (!(await isOperationStill(deps.db, operation.id, 'validating'))) return 'done';
    }
  });
}
