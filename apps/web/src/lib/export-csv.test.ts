import { describe, expect, it, vi } from 'vitest';
import { createDateFormatter } from './dates';
import { csvFileName, csvTextOfColumns, EXPORT_PAGE_SIZE, fetchAllPages, pagesOf, rowsOnScreen, type CsvColumn } from './export-csv';

interface Params {
  page: number;
  pageSize: number;
  searchTerm?: string;
  status?: string;
  ascending?: boolean;
  programTypes?: readonly number[];
}

describe('pagesOf', () => {
  it("sends the screen's filter with the export's page and page size, never the screen's", async () => {
    const find = vi.fn(async (params: Params) => ({ rows: [params], totalRows: 1 }));
    const fetchPage = pagesOf(find, { page: 3, pageSize: 10, status: 'Submitted', ascending: false, programTypes: [2, 1] });
    await fetchPage(1, EXPORT_PAGE_SIZE);
    await fetchPage(2, EXPORT_PAGE_SIZE);
    expect(find.mock.calls.map(([params]) => params)).toEqual([
      { page: 1, pageSize: 250, status: 'Submitted', ascending: false, programTypes: [2, 1] },
      { page: 2, pageSize: 250, status: 'Submitted', ascending: false, programTypes: [2, 1] },
    ]);
  });

  it('sends search text as the screen does: trimmed, and not at all when blank', async () => {
    const find = vi.fn(async (_params: Params) => ({ rows: [], totalRows: 0 }));
    await pagesOf(find, { searchTerm: '  ada  ', status: '' })(1, 250);
    await pagesOf(find, { searchTerm: '   ' })(1, 250);
    expect(find.mock.calls[0]![0]).toEqual({ page: 1, pageSize: 250, searchTerm: 'ada', status: undefined });
    expect(find.mock.calls[1]![0]).toEqual({ page: 1, pageSize: 250, searchTerm: undefined });
  });
});

describe('fetchAllPages', () => {
  it('reads every page of the filter until the total is reached, saying how far it got', async () => {
    const all = Array.from({ length: 260 }, (_, index) => index);
    const fetchPage = vi.fn(async (page: number, pageSize: number) => ({ rows: all.slice((page - 1) * pageSize, page * pageSize), totalRows: all.length }));
    const progress: string[] = [];
    const rows = await fetchAllPages(fetchPage, (done, total) => progress.push(`${done}/${total}`));
    expect(rows).toEqual(all);
    expect(fetchPage.mock.calls).toEqual([
      [1, 250],
      [2, 250],
    ]);
    expect(progress).toEqual(['250/260', '260/260']);
  });

  it('stops at an empty page even when the total said more (rows removed meanwhile)', async () => {
    const fetchPage = vi.fn(async (page: number) => ({ rows: page === 1 ? ['a'] : [], totalRows: 5 }));
    expect(await fetchAllPages(fetchPage)).toEqual(['a']);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('reads a list that is not paged once', async () => {
    expect(await fetchAllPages(rowsOnScreen(['x', 'y']))).toEqual(['x', 'y']);
  });
});

describe('csvTextOfColumns', () => {
  const columns: CsvColumn<{ name: string; on: string | null; count: number }>[] = [
    { header: 'Name', value: (row) => row.name },
    { header: 'Date', value: (row, dates) => dates.date(row.on) },
    { header: 'When', value: (row, dates) => dates.dateTime(row.on) },
    { header: 'Count', value: (row) => row.count },
  ];

  it("writes the headers, dates in the user's zone and format, and quotes every cell", () => {
    const text = csvTextOfColumns(columns, [{ name: 'Ada "Al" Lovelace', on: '2026-03-01T23:30:00.000Z', count: 2 }], createDateFormatter('Australia/Sydney'));
    expect(text.split('\r\n')).toEqual(['"Name","Date","When","Count"', '"Ada ""Al"" Lovelace","02-Mar-2026","02-Mar-2026 10:30 AM AEDT","2"']);
    expect(csvTextOfColumns(columns, [{ name: 'Bo', on: '2026-03-01T23:30:00.000Z', count: 0 }], createDateFormatter('Australia/Perth')).split('\r\n')[1]).toBe('"Bo","02-Mar-2026","02-Mar-2026 07:30 AM AWST","0"');
  });

  it("leaves a cell empty where the screen shows a dash for nothing (a spreadsheet would read '-' as a formula)", () => {
    const text = csvTextOfColumns(columns, [{ name: '-', on: null, count: 0 }], createDateFormatter('Australia/Sydney'));
    expect(text.split('\r\n')[1]).toBe('"","","","0"');
  });
});

describe('csvFileName', () => {
  it('names the file after what it holds, in the letters the save route accepts', () => {
    expect(csvFileName('Applicants')).toBe('applicants.csv');
    expect(csvFileName('Welder Qualification', 'applications', 'WQ-01')).toBe('welder-qualification-applications-wq-01.csv');
    expect(csvFileName('emails', '', undefined, null)).toBe('emails.csv');
    expect(csvFileName('Contact: "messages" / waiting!')).toBe('contact-messages-waiting.csv');
    expect(csvFileName('')).toBe('export.csv');
    expect(csvFileName('x'.repeat(200))).toMatch(/^x{96}\.csv$/);
  });
});
