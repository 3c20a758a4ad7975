import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  MAX_MIGRATION_ROWS,
  MAX_MIGRATION_UPLOAD_ROWS,
  MIGRATION_COLUMNS,
  MIGRATION_MESSAGES,
  REQUIRED_MIGRATION_COLUMNS,
  type MigrationKind,
} from '@certs/shared/migration/migration.contract';
import { restoreNeutralisedFormula, toCsv } from '../../platform/csv';
import { readCsvFile, type CsvFileRow } from '../../platform/csv-file';
import type { CheckedRows, Refusal } from './import-kind';

/** What every kind's file checks share: reading it, the common cells, the template. */

export interface Address {
  streetNumber: string;
  streetName: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE = /^[0-9+()\-\s]*$/;
/** Letters, digits, `-`, `.` and `/`: a number goes into the verification page's address, so no spaces or other signs. */
export const CERTIFICATE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9./-]*$/;
const MAX_LENGTHS: Record<string, number> = {
  email: 254,
  firstName: 64,
  lastName: 64,
  phone: 32,
  streetNumber: 16,
  streetName: 128,
  city: 64,
  state: 64,
  postalCode: 16,
  country: 64,
  programCode: 64,
  certificateNumber: 64,
  statusReason: 500,
  renewals: 500,
};

/** A kind's template: its header row and one example row, written like every export (`toCsv`). */
export function templateCsv(kind: MigrationKind, example: Record<string, string>): string {
  const columns = MIGRATION_COLUMNS[kind];
  return toCsv([columns.map((column) => example[column] ?? '')], { columns });
}

export function yesNo(value: string): boolean | null | 'bad' {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (['yes', 'y', 'true', '1'].includes(lower)) return true;
  if (['no', 'n', 'false', '0'].includes(lower)) return false;
  return 'bad';
}

/**
 * The checks every kind shares: required cells, lengths (the common columns' here, a kind's own in
 * `lengths`), an email where the kind has one, and the register Yes/No.
 */
export function commonIssue(kind: MigrationKind, row: CsvFileRow, lengths: Record<string, number> = {}): Refusal | null {
  const refuse = (column: string, message: string): Refusal => ({ rowNumber: row.rowNumber, column, message });
  for (const column of REQUIRED_MIGRATION_COLUMNS[kind]) if (!row.cells[column]) return refuse(column, MIGRATION_MESSAGES.required(column));
  for (const column of MIGRATION_COLUMNS[kind]) {
    const max = lengths[column] ?? MAX_LENGTHS[column];
    if (max && (row.cells[column] ?? '').length > max) return refuse(column, MIGRATION_MESSAGES.tooLong(column, max));
  }
  if (row.cells.email && !EMAIL.test(row.cells.email)) return refuse('email', MIGRATION_MESSAGES.invalidEmail);
  if (yesNo(row.cells.listedInRegister ?? '') === 'bad') return refuse('listedInRegister', MIGRATION_MESSAGES.invalidYesNo('listedInRegister'));
  return null;
}

export function readKind(kind: MigrationKind, content: string) {
  return readCsvFile(content, { columns: MIGRATION_COLUMNS[kind], required: REQUIRED_MIGRATION_COLUMNS[kind], maxRows: MAX_MIGRATION_ROWS, messages: MIGRATION_MESSAGES });
}

/** A file refused whole while it was streamed (unreadable, header not the template's, too many rows). */
export class FileRefusal extends Error {}

/**
 * A kind's file read a row at a time from a stream (an upload in storage) or a text, as
 * `readCsvFile` reads it (byte order mark and blank lines forgiven, the header the template's,
 * cells trimmed, a formula quote taken off), without holding the file or its rows. Throws a
 * `FileRefusal` for what refuses the whole file; `maxRows` is checked as rows come.
 */
export async function* streamKindRows(kind: MigrationKind, source: Readable | string, maxRows = MAX_MIGRATION_UPLOAD_ROWS): AsyncGenerator<CsvFileRow> {
  const columns = MIGRATION_COLUMNS[kind] as readonly string[];
  let headerIssue: string | null = null;
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: false,
    columns: (header: string[]) => {
      const names = header.map((h) => h.trim());
      const missing = REQUIRED_MIGRATION_COLUMNS[kind].filter((column) => !names.includes(column));
      const unknown = names.filter((column) => !columns.includes(column));
      if (missing.length > 0) headerIssue = MIGRATION_MESSAGES.missingColumns(missing);
      else if (unknown.length > 0) headerIssue = MIGRATION_MESSAGES.unknownColumns(unknown);
      return names;
    },
  });
  const input = typeof source === 'string' ? Readable.from([source]) : source;
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let rowNumber = 1;
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      if (headerIssue) throw new FileRefusal(headerIssue);
      rowNumber += 1;
      if (rowNumber - 1 > maxRows) throw new FileRefusal(maxRows === MAX_MIGRATION_ROWS ? MIGRATION_MESSAGES.tooManyRows : MIGRATION_MESSAGES.tooManyUploadRows);
      const cells: Record<string, string> = {};
      for (const column of columns) cells[column] = restoreNeutralisedFormula((record[column] ?? '').trim());
      yield { rowNumber, cells };
    }
  } catch (error) {
    if (error instanceof FileRefusal) throw error;
    throw new FileRefusal(MIGRATION_MESSAGES.unreadable);
  } finally {
    input.unpipe(parser);
    if (typeof source !== 'string') source.destroy();
  }
  if (rowNumber === 1) throw new FileRefusal(MIGRATION_MESSAGES.noRows);
}

/** A streamed file's shape: its header and how many rows it has (what the request checks before queueing it). */
export async function streamedFileIssue(kind: MigrationKind, source: Readable | string, maxRows: number): Promise<{ reason: string } | { totalRows: number }> {
  let totalRows = 0;
  try {
    for await (const row of streamKindRows(kind, source, maxRows)) totalRows = row.rowNumber - 1;
  } catch (error) {
    if (error instanceof FileRefusal) return { reason: error.message };
    throw error;
  }
  return { totalRows };
}

/** Only the file's shape (header, row count): what the request checks before queueing it. */
export function fileIssue(kind: MigrationKind, content: string): { reason: string } | { totalRows: number } {
  const read = readKind(kind, content);
  return read.ok ? { totalRows: read.rows.length } : { reason: read.reason };
}

/**
 * A file of one kind read and checked row by row (`checkRow` answers the row or its refusal), then
 * across rows (`acrossRows` may refuse a row that is fine alone, such as a second row with the
 * same email; it sees the rows kept so far in file order).
 */
export function checkFile<R extends { rowNumber: number }>(
  kind: MigrationKind,
  content: string,
  checkRow: (row: CsvFileRow) => R | Refusal,
  acrossRows?: () => (row: R) => Refusal | null,
): CheckedRows<R> {
  const read = readKind(kind, content);
  if (!read.ok) return read;
  const rows: R[] = [];
  const refused: Refusal[] = [];
  const across = acrossRows?.();
  for (const raw of read.rows) {
    const checked = checkRow(raw);
    if ('message' in checked) {
      refused.push(checked);
      continue;
    }
    const refusal = across?.(checked) ?? null;
    if (refusal) refused.push(refusal);
    else rows.push(checked);
  }
  return { ok: true, rows, refused, totalRows: read.rows.length };
}
