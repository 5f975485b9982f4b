// A CSV cell a spreadsheet would run as a formula is written as text (OWASP CSV injection); others as they are.
import { text } from 'node:stream/consumers';

import { parse } from 'csv-parse/sync';

import { neutraliseFormula, spreadsheetCsv } from '../../src/lib/spreadsheet-csv';

const FORMULAS = [
  '=HYPERLINK("http://evil.example","Open")',
  "+cmd|' /C calc'!A0",
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
];

test('a cell that starts like a formula reads back as text, with an apostrophe before it', async () => {
  const csv = spreadsheetCsv({ header: true, columns: ['value', 'count', 'kept'] });
  for (const formula of FORMULAS) csv.write([formula, -5, 'Ada = Lovelace']);
  csv.end();
  const rows = parse(await text(csv), { columns: true }) as Array<Record<string, string>>;

  expect(rows.map((row) => row.value)).toEqual(FORMULAS.map((formula) => `'${formula}`));
  // The product's own numbers and text that merely contains a sign are written as they are.
  expect(new Set(rows.map((row) => `${row.count} | ${row.kept}`))).toEqual(
    new Set(['-5 | Ada = Lovelace']),
  );
});

test('text that does not start like a formula is unchanged', () => {
  expect(neutraliseFormula('BSc Mathematics')).toBe('BSc Mathematics');
  expect(neutraliseFormula('')).toBe('');
  expect(neutraliseFormula("'=already text")).toBe("'=already text");
});
