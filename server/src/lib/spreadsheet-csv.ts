// Every CSV the product writes is opened in spreadsheets, and its cells hold what users typed (titles, holder
// names, custom fields, file names, bulk problems quoting a sheet). A cell a spreadsheet would run as a formula
// (OWASP "CSV Injection": one starting with = + - @, a tab or a carriage return, or their full-width forms) is
// written as text: a leading apostrophe, and quoted.
import { stringify, type Options, type Stringifier } from 'csv-stringify';

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** `text` as a spreadsheet shows it without running it. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** csv-stringify with every string cell neutralised; numbers, dates and booleans are the product's own. */
export function spreadsheetCsv(options: Options): Stringifier {
  return stringify({
    ...options,
    cast: {
      ...options.cast,
      string: (value) =>
        FORMULA_START.test(value) ? { value: neutraliseFormula(value), quoted: true } : value,
    },
  });
}
