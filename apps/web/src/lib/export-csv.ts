import { MISSING_DATE } from '@certs/shared/common/dates';
import { EXPORT_PATHS, SaveCsvResponse } from '@certs/shared/export/export.contract';
import { apiRequest } from './api-client';
import type { DateFormatter } from './dates';
import { downloadFile } from './download-file';

export type CsvValue = string | number | null | undefined;

/** One page of a paged list, as every paged route answers. */
export interface PagedRows<Row> {
  rows: readonly Row[];
  totalRows: number;
}

/** Reads one page of the list under the filter on screen. */
export type FetchPage<Row> = (page: number, pageSize: number) => Promise<PagedRows<Row>>;

/**
 * One column of an exported table: a header a person reads (the screen's own, mostly) and the
 * cell as the screen shows it: names rather than ids, labels rather than codes, and dates through
 * `dates` (the signed-in user's zone, in the spec's formats, a dash when missing).
 */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row, dates: DateFormatter) => CsvValue;
}

/**
 * The header line and the cells of each row. A lone dash, the screen's "nothing here" (a missing
 * date included), is an empty cell in the file: a spreadsheet would otherwise read it as the start
 * of a formula, and the server would write it as `'-`.
 */
export function csvTextOfColumns<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[], dates: DateFormatter): string {
  const cellOf = (value: CsvValue) => (value === MISSING_DATE ? '' : value);
  return csvTextOf(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => cellOf(column.value(row, dates)))),
  );
}

/**
 * A file name that says what the file holds, from words such as the table and the program or type
 * it is limited to: `csvFileName('Applications', 'WQ-01')` is `applications-wq-01.csv`. Only the
 * letters, digits and dashes the save route accepts; the download adds the day it was exported.
 */
export function csvFileName(...words: readonly (string | null | undefined)[]): string {
  const slug = words
    .map((word) => (word ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, ''))
    .filter(Boolean)
    .join('-')
    .slice(0, 96)
    .replace(/-+$/, '');
  return `${slug || 'export'}.csv`;
}

/** A filter value as a screen's query sends it: text trimmed, blank text left out (spec section 5). */
function asSent(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The page fetch of a screen's export, built from the list's own find function and the parameters
 * the screen passes it now (search, filters, order; its page and page size are replaced by the
 * export's), so the file holds every page of the filter on screen and nothing else.
 */
export function pagesOf<Params extends { page: number; pageSize: number }, Row>(
  find: (params: Params) => Promise<PagedRows<Row>>,
  filter: Omit<Params, 'page' | 'pageSize'> & Partial<Pick<Params, 'page' | 'pageSize'>>,
): FetchPage<Row> {
  const sent = Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, asSent(value)]));
  return (page, pageSize) => find({ ...sent, page, pageSize } as Params);
}

/** The page fetch of a list that is not paged (a report, a short list): the rows on screen, once. */
export function rowsOnScreen<Row>(rows: readonly Row[]): FetchPage<Row> {
  return async () => ({ rows, totalRows: rows.length });
}

/** The largest page the API serves: an export reads the filtered list page by page at this size. */
export const EXPORT_PAGE_SIZE = 250;

/** RFC 4180 text: every cell quoted. The server reads it and writes it again with formulas neutralised. */
export function csvTextOf(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const quote = (value: CsvValue) => `"${String(value ?? '').replace(/"/g, '""')}"`;
  return [columns, ...rows].map((cells) => cells.map(quote).join(',')).join('\r\n');
}

/** Every row of a paged list under its current filter, page after page; `onProgress` hears each page. */
export async function fetchAllPages<Row>(
  fetchPage: FetchPage<Row>,
  onProgress?: (done: number, total: number) => void,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchPage(page, EXPORT_PAGE_SIZE);
    rows.push(...answer.rows);
    onProgress?.(rows.length, answer.totalRows);
    if (answer.rows.length === 0 || rows.length >= answer.totalRows) return rows;
  }
}

/** `POST exportcsvdata/save/csv` with the content and file name, then the download of the file it names (spec section 7). */
export async function saveAndDownloadCsv(fileName: string, csvContent: string): Promise<void> {
  const saved = await apiRequest(EXPORT_PATHS.save, { method: 'POST', body: { csvContent, fileName }, schema: SaveCsvResponse });
  await downloadFile(EXPORT_PATHS.download(saved.fileName), saved.fileName);
}

/** Spec section 8: a failed export is logged only; the server keeps the log, and a failure to log is ignored. */
export function logExportFailure(table: string, error: unknown): void {
  console.error(`CSV export of ${table} failed`, error);
  void apiRequest(EXPORT_PATHS.failure, { method: 'POST', body: { table, message: error instanceof Error ? error.message.slice(0, 1000) : '' } }).catch(() => undefined);
}
