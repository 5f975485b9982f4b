// Validating, first part: the stored sheet is read (in the worker pool) into one item per row, each with its
// problems; the columns, the plan's row limit and, in documents mode, the zip as a whole are checked first.
import { suggestColumnMapping } from '@common/bulk';
import { isoDate } from '@common/verifications';

import { AppError } from '../../lib/app-error';

import { bulkFileKeys, sheetLimits } from './bulk-deps';
import {
  columnProblems,
  designFontEncoder,
  drawingErrors,
  drawnTexts,
  rowFields,
  type BulkItemError,
} from './bulk-items';
import {
  markOperationInvalid,
  rowPlanOf,
  storeSheetItems,
  type BulkOperationRecord,
  type SheetItem,
} from './bulk-operation-rows';
import { whenPoolFree, type RunDeps, type StepResult } from './chunk-runner';

// Checking a row is quick, but 10,000 of them at once would hold the public pages up: yield now and then.
const ROWS_BETWEEN_YIELDS = 250;

/** A row's problems of its own, a file named twice, a row repeated; unchecked documents wait for their check. */
async function itemsFromRows(
  operation: BulkOperationRecord,
  columns: string[],
  rows: string[][],
  today: string,
): Promise<SheetItem[]> {
  const plan = rowPlanOf(operation);
  const fileColumn = plan.mapping.file;
  const rowOfFile = new Map<string, number>();
  const rowOfContent = new Map<string, number>();
  const items: SheetItem[] = [];
  const fontEncoder = plan.layout && (await designFontEncoder());
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
    if (fields && plan.layout && fontEncoder) {
      const texts = drawnTexts(cells, fields, plan.layout);
      problems.push(...drawingErrors(texts, plan.mapping, fontEncoder));
    }
    const status =
      problems.length > 0 ? 'invalid' : operation.mode === 'documents' ? 'unchecked' : 'valid';
    items.push({ row_number: rowNumber, status, cells, errors: problems });
  }
  return items;
}

/** Reads the sheet into items; 'more' for the document checks, or 'done' when the check ended here. */
export async function readBulkSheet(deps: RunDeps, read: BulkOperationRecord): Promise<StepResult> {
  const local = await deps.storage.localFile(bulkFileKeys(read.id).sheet);
  let sheet;
  try {
    sheet = await whenPoolFree(() => deps.securing.readSheet(local.path, sheetLimits(deps.config)));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await markOperationInvalid(deps.db, read.id, error.message);
    return 'done';
  } finally {
    await local.release();
  }
  // Headers that match a field's name map to it unless the request mapped the field itself ('' for no column).
  const mapping = Object.fromEntries(
    Object.entries({ ...suggestColumnMapping(sheet.columns, read.mode), ...read.mapping }).filter(
      ([, column]) => column !== '',
    ),
  );
  const operation = { ...read, mapping };
  const problems = columnProblems(sheet.columns, rowPlanOf(operation), operation.mode);
  try {
    await deps.planLimits.requireBulkRows(operation.user_id, sheet.rows.length);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problems.push(error.message);
  }
  if (problems.length > 0) {
    await markOperationInvalid(deps.db, operation.id, problems.join(' '));
    return 'done';
  }
  if (operation.mode === 'documents') {
    try {
      // The zip as a whole (names, entry count, unpacked size) before any row is looked at.
      await deps.zips.use(operation.id, async () => undefined);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await markOperationInvalid(deps.db, operation.id, error.message);
      return 'done';
    }
  }
  const items = await itemsFromRows(operation, sheet.columns, sheet.rows, isoDate());
  await storeSheetItems(deps.db, operation.id, items, {
    columns: sheet.columns,
    type: sheet.type,
    mapping,
  });
  return 'more';
}
