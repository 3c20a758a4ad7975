import { parse } from 'csv-parse/sync';
import { restoreNeutralisedFormula } from './csv';

/** The messages a file-level refusal uses; each import names its own. */
export interface CsvFileMessages {
  unreadable: string;
  noRows: string;
  tooManyRows: string;
  missingColumns(columns: readonly string[]): string;
  unknownColumns(columns: readonly string[]): string;
  /** Two header cells that name one column (only where `columnOf` gives columns more than one name). */
  duplicateColumns?(columns: readonly string[]): string;
}

/** One data row: its number as a spreadsheet shows it (the header is row 1) and its trimmed cells by column. */
export interface CsvFileRow {
  rowNumber: number;
  cells: Record<string, string>;
}

export type CsvFileResult = { ok: true; rows: CsvFileRow[] } | { ok: false; reason: string };

/**
 * Reads an uploaded CSV with a fixed header (a template's): a byte order mark and blank lines are
 * forgiven, every required column must be there and no other, and each cell comes back trimmed
 * with a quote the platform's own exports put before a formula character taken off again.
 * `columnOf` lets a header cell name a column otherwise than by its exact name (a label).
 */
export function readCsvFile(
  content: string,
  options: { columns: readonly string[]; required: readonly string[]; maxRows: number; messages: CsvFileMessages; columnOf?: (header: string) => string | undefined },
): CsvFileResult {
  const { messages, columnOf } = options;
  let records: Record<string, string>[];
  let header: string[] = [];
  try {
    const name = (cell: string) => columnOf?.(cell.trim()) ?? cell.trim();
    records = parse(content, { bom: true, columns: (cells: string[]) => (header = cells.map(name)), skip_empty_lines: true, relax_column_count: true, trim: false }) as Record<string, string>[];
  } catch {
    return { ok: false, reason: messages.unreadable };
  }
  if (records.length === 0) return { ok: false, reason: messages.noRows };
  if (columnOf) {
    const twice = [...new Set(header.filter((column, index) => options.columns.includes(column) && header.indexOf(column) !== index))];
    if (twice.length > 0) return { ok: false, reason: messages.duplicateColumns?.(twice) ?? `Column ${twice.join(', ')} is named twice` };
  }
  const missing = options.required.filter((column) => !header.includes(column));
  if (missing.length > 0) return { ok: false, reason: messages.missingColumns(missing) };
  const unknown = [...new Set(header.filter((column) => !options.columns.includes(column)))];
  if (unknown.length > 0) return { ok: false, reason: messages.unknownColumns(unknown) };
  if (records.length > options.maxRows) return { ok: false, reason: messages.tooManyRows };
  return {
    ok: true,
    rows: records.map((record, index) => ({
      rowNumber: index + 2,
      cells: Object.fromEntries(options.columns.map((column) => [column, restoreNeutralisedFormula((record[column] ?? '').trim())])),
    })),
  };
}
