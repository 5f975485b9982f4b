// Reads a bulk operation's sheet, CSV or XLSX, into its headers and rows of text. Runs in the securing pool's
// workers (securing-worker.ts): an XLSX is a zip of XML, and both parsers are CPU work. What a sheet may cost is
// bounded before it is parsed: rows (BULK_MAX_ROWS) and, for an XLSX, the bytes its parts inflate to, counted
// by really inflating them, so a zip that lies about its sizes cannot get past.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

import { parse } from 'csv-parse';

import { AppError } from '../lib/app-error';

import { inflatedZipSize } from './zip-reader';

import type ExcelJS from 'exceljs';

export type SheetType = 'csv' | 'xlsx';

export interface SheetLimits {
  maxRows: number;
  /** The most an XLSX's parts may inflate to, all together. */
  maxInflatedBytes: number;
}

export interface Sheet {
  type: SheetType;
  /** As written in the header row; an empty header is named after its position ("Column 3"). */
  columns: string[];
  /** Each row's values, one per column (missing cells are ''); rows with no value at all are left out. */
  rows: string[][];
}

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export function sheetError(message: string): AppError {
  return new AppError({
    statusCode: 400,
    code: 'invalid_sheet',
    message,
    details: { sheet: [message] },
  });
}

async function sheetTypeOf(path: string): Promise<SheetType> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.equals(ZIP_SIGNATURE) ? 'xlsx' : 'csv';
  } finally {
    await handle.close();
  }
}

function tooManyRows(maxRows: number): AppError {
  return sheetError(
    `The sheet has more than ${maxRows.toLocaleString('en')} rows. Split it into several operations.`,
  );
}

/** Headers made usable: trimmed, an empty one named by its position, a repeated one refused. */
function headersOf(cells: string[]): string[] {
  const columns = cells.map((cell, index) => cell.trim() || `Column ${index + 1}`);
  const seen = new Set<string>();
  for (const column of columns) {
    const key = column.toLowerCase();
    if (seen.has(key)) throw sheetError(`The sheet has two columns named "${column}". Rename one.`);
    seen.add(key);
  }
  return columns;
}

function toSheet(type: SheetType, records: string[][]): Sheet {
  const [header, ...body] = records;
  if (!header || header.every((cell) => cell.trim() === '')) {
    throw sheetError('The sheet is empty: its first row must name the columns.');
  }
  const columns = headersOf(header);
  const rows = body
    .filter((row) => row.some((cell) => cell.trim() !== ''))
    .map((row) => columns.map((_, index) => (row[index] ?? '').trim()));
  if (rows.length === 0) throw sheetError('The sheet has headers but no rows.');
  return { type, columns, rows };
}

async function readCsv(path: string, { maxRows }: SheetLimits): Promise<string[][]> {
  const records: string[][] = [];
  // Excel writes a BOM; a header row plus maxRows rows, then one more tells us the sheet is too long.
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 1_000_000,
    }),
  );
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(record);
      if (records.length > maxRows + 1) throw tooManyRows(maxRows);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw sheetError(`The sheet could not be read as CSV: ${reason}`);
  } finally {
    parser.destroy();
  }
  if (records.some((record) => record.some((cell) => cell.includes('\u0000')))) {
    throw sheetError('The sheet is not a text CSV file or an Excel workbook (.xlsx).');
  }
  return records;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return '';
  return '';
}

async function readXlsx(path: string, limits: SheetLimits): Promise<string[][]> {
  const inflated = await inflatedZipSize(path, limits.maxInflatedBytes).catch((error: unknown) => {
    throw error instanceof AppError
      ? error
      : sheetError('The workbook is damaged: it could not be unzipped.');
  });
  if (inflated === null) {
    throw sheetError('The workbook is too large once unpacked. Save it as CSV, or split it.');
  }
  const records: string[][] = [];
  // Loaded on the first workbook: a worker that only secures documents never pays for it.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    // The first worksheet is the sheet.
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        // row.values is 1-based; rows may skip numbers for empty rows, which are left out anyway.
        records.push(values.slice(1).map(cellText));
        if (records.length > limits.maxRows + 1) throw tooManyRows(limits.maxRows);
      }
      break;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw sheetError('The workbook could not be read. Save it again as .xlsx or CSV.');
  } finally {
    // Leaving the loop early does not close the file the reader streams from.
    (
      reader as unknown as { stream?: NodeJS.ReadableStream & { destroy(): void } }
    ).stream?.destroy();
  }
  return records;
}

export async function readSheet(path: string, limits: SheetLimits): Promise<Sheet> {
  const type = await sheetTypeOf(path);
  const records = type === 'xlsx' ? await readXlsx(path, limits) : await readCsv(path, limits);
  return toSheet(type, records);
}
