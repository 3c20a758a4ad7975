import { EXPORT_PATHS, SaveCsvResponse } from '@certs/shared/export/export.contract';
import { apiRequest } from './api-client';
import { downloadFile } from './download-file';

export type CsvValue = string | number | null | undefined;

/** The largest page the API serves: an export reads the filtered list page by page at this size. */
export const EXPORT_PAGE_SIZE = 250;

/** RFC 4180 text: every cell quoted. The server reads it and writes it again with formulas neutralised. */
export function csvTextOf(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const quote = (value: CsvValue) => `"${String(value ?? '').replace(/"/g, '""')}"`;
  return [columns, ...rows].map((cells) => cells.map(quote).join(',')).join('\r\n');
}

/** Every row of a paged list under its current filter, page after page; `onProgress` hears each page. */
export async function fetchAllPages<Row>(
  fetchPage: (page: number, pageSize: number) => Promise<{ rows: readonly Row[]; totalRows: number }>,
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
