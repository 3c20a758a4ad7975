import { stringify } from 'csv-stringify/sync';

/**
 * CSV files leave the platform for spreadsheets, which run a cell that starts with `=`, `+`, `-`
 * or `@` (and, in some, a tab or carriage return) as a formula: an applicant named
 * `=HYPERLINK(...)` would become a live link in staff's payments report (security review, issue
 * 15 item 10). Every CSV the server writes goes through `toCsv`, which prefixes such a cell with a
 * single quote, as OWASP's "CSV Injection" advice says.
 *
 * Which cells: every string, not only the columns known to come from users, because invoice
 * numbers, program codes, payment references and titles can all hold typed text, and a column
 * list that must be kept up to date is one that will be forgotten. Two kinds of cell are left as
 * they are, because no formula can run in them: number-typed values, and strings that are a plain
 * number (`-12.50`, `+3`), which a spreadsheet reads as that number. So amounts stay summable and
 * `-5` stays `-5`.
 *
 * A cell that already starts with quotes before one of those characters (`'=x`) gets one more, so
 * that `restoreNeutralisedFormula` undoes exactly what `neutraliseFormula` did: files the platform
 * exports and imports again (the question bank) come back unchanged.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED_START = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export type CsvCell = string | number | null | undefined;

/** The text as a spreadsheet should show it: with a quote in front when it would otherwise start a formula. */
export function neutraliseFormula(value: string): string {
  if (PLAIN_NUMBER.test(value)) return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell read back from a file: one quote `neutraliseFormula` (or a person in a spreadsheet) put before a formula character is dropped. */
export function restoreNeutralisedFormula(cell: string): string {
  return NEUTRALISED_START.test(cell) ? cell.slice(1) : cell;
}

/** A CSV file with a header row and a byte order mark (so that Excel reads UTF-8), formulas neutralised. */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: { columns: readonly string[] }): string {
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? neutraliseFormula(cell) : (cell ?? '')))),
    { header: true, columns: [...options.columns], bom: true },
  );
}
