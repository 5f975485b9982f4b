// What an operation gives back: report.csv (every row: status, code, public URL, problems) and the result zip
// (each secured document, named after its sheet row, with report.csv). Both are streamed: the zip reads each
// secured file from storage as it is written out and stores it uncompressed (PDFs are compressed already), so
// neither the server's memory nor the event loop carries the whole result.
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';

import { ZipFile } from 'yazl';

import { cleanFileName } from '../../lib/file-name';
import { spreadsheetCsv } from '../../lib/spreadsheet-csv';
import { verificationUrl } from '../verifications/public-code';
import { verificationFileKeys } from '../verifications/verification-files';

import { notReady } from './bulk-errors';
import { findOwnOperationRow, type BulkOperationRow } from './bulk-operation-rows';

import type { Database } from '../../db/schema';
import type { BulkDeps } from './bulk-deps';
import type { BulkItemError } from './bulk-items';
import type { Kysely } from 'kysely';

const REPORT_COLUMNS = ['row', 'status', 'code', 'public_url', 'error'];
const PAGE = 1000;

const STATUS_WORDS = {
  unchecked: 'not checked',
  valid: 'not secured',
  invalid: 'invalid',
  succeeded: 'secured',
  failed: 'failed',
} as const;

interface ReportRow {
  row_number: number;
  status: keyof typeof STATUS_WORDS;
  errors: BulkItemError[];
  cells: Record<string, string>;
  verification_id: string | null;
  code: string | null;
  /** The custom domain origin the code was printed with; null: PUBLIC_URL. */
  public_origin: string | null;
}

/** The operation's items with their verification, page by page in row order. */
async function* reportRows(db: Kysely<Database>, operationId: string): AsyncGenerator<ReportRow> {
  for (let after = 0; ;) {
    const rows = await db
      .selectFrom('bulk_operation_items as i')
      .leftJoin('verifications as v', 'v.id', 'i.verification_id')
      .select([
        'i.row_number',
        'i.status',
        'i.errors',
        'i.cells',
        'v.id as verification_id',
        'v.code',
        'v.public_origin',
      ])
      .where('i.bulk_operation_id', '=', operationId)
      .where('i.row_number', '>', after)
      .orderBy('i.row_number')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) return;
    yield* rows;
    after = rows.at(-1)!.row_number;
  }
}

function errorText(errors: BulkItemError[]): string {
  return errors
    .map(({ column, message }) => (column ? `${column}: ${message}` : message))
    .join('; ');
}

/** report.csv as a stream; the whole-sheet problem, if any, is its first line (row empty). */
function reportCsv(deps: BulkDeps, operation: BulkOperationRow): Readable {
  const csv = spreadsheetCsv({ header: true, columns: REPORT_COLUMNS });
  (async () => {
    if (operation.problem) csv.write(['', 'invalid', '', '', operation.problem]);
    for await (const row of reportRows(deps.db, operation.id)) {
      const origin = row.public_origin ?? deps.config.PUBLIC_URL;
      const url = row.code ? verificationUrl(origin, row.code) : '';
      const status =
        row.status === 'valid' && operation.status === 'cancelled'
          ? 'cancelled'
          : STATUS_WORDS[row.status];
      // Wait for the reader: a report of 10,000 rows is not built in memory.
      if (!csv.write([row.row_number, status, row.code ?? '', url, errorText(row.errors)])) {
        await new Promise((resolve) => csv.once('drain', resolve));
      }
    }
    csv.end();
  })().catch((error: unknown) => csv.destroy(error as Error));
  return csv;
}

export async function bulkReport(deps: BulkDeps, accountId: string, id: string) {
  const operation = await findOwnOperationRow(deps.db, accountId, id);
  return { name: operation.name, stream: reportCsv(deps, operation) };
}

/** A name in the zip that no other entry has: "name.pdf", then "name (row 12).pdf". */
function entryName(wanted: string, rowNumber: number, taken: Set<string>): string {
  const { name } = path.parse(cleanFileName(wanted));
  let candidate = `${name || `row-${rowNumber}`}.pdf`;
  if (taken.has(candidate.toLowerCase())) candidate = `${name} (row ${rowNumber}).pdf`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

function documentNameOf(
  operation: BulkOperationRow,
  row: ReportRow,
  holderColumn?: string,
): string {
  if (operation.mode === 'documents' && operation.mapping.file)
    return row.cells[operation.mapping.file] ?? '';
  return holderColumn ? (row.cells[holderColumn] ?? '') : '';
}

export async function bulkResult(deps: BulkDeps, accountId: string, id: string) {
  const { db, storage } = deps;
  const operation = await findOwnOperationRow(db, accountId, id);
  const hasRun = ['completed', 'failed', 'cancelled'].includes(operation.status);
  if (!hasRun) throw notReady(operation.status, 'result');
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  let current: Readable | undefined;
  let isAborted = false;
  // The client left: stop reading files for it.
  out.once('close', () => {
    isAborted = true;
    current?.destroy();
  });
  (async () => {
    const taken = new Set<string>(['report.csv']);
    for await (const row of reportRows(db, operation.id)) {
      if (isAborted) return;
      if (row.status !== 'succeeded' || !row.verification_id) continue;
      const name = entryName(
        documentNameOf(operation, row, operation.mapping.holder_name),
        row.row_number,
        taken,
      );
      const file = await storage.getStream(verificationFileKeys(row.verification_id).secured);
      current = file;
      zip.addReadStream(file, name, { compress: false });
      // yazl reads entries in order; waiting for this one keeps one file open at a time.
      await new Promise((resolve, reject) => file.once('close', resolve).once('error', reject));
    }
    zip.addReadStream(reportCsv(deps, operation), 'report.csv');
    zip.end();
  })().catch((error: unknown) => out.destroy(error as Error));
  return { name: operation.name, stream: out as Readable };
}

/** The operation's stored files and its row; its verifications stay (they no longer name it). */
export async function deleteBulkOperation(deps: BulkDeps, accountId: string, id: string) {
  const operation = await findOwnOperationRow(deps.db, accountId, id);
  await deps.db.deleteFrom('bulk_operations').where('id', '=', operation.id).execute();
  const keys = await deps.storage.list(`bulk/${operation.id}`);
  await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
}
