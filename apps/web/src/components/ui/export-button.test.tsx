import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../lib/auth';
import { pagesOf, type CsvColumn } from '../../lib/export-csv';
import { jsonResponse, stubFetch } from '../../test/fetch-stub';
import { savedExports, stubCsvExports } from '../../test/export-stub';
import { renderWithProviders } from '../../test/render-with-providers';
import { superUser } from '../../test/session-fixtures';
import { ExportButton } from './export-button';

interface Row {
  id: number;
  name: string;
  joinedOn: string | null;
}

const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (row) => row.name },
  { header: 'Joined', value: (row, dates) => dates.date(row.joinedOn) },
];

const everyone: Row[] = Array.from({ length: 260 }, (_, index) => ({ id: index + 1, name: `Person ${index + 1}`, joinedOn: index === 0 ? null : '2026-03-01T23:30:00.000Z' }));

describe('ExportButton', () => {
  afterEach(() => {
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('reads every page of the filter, saves the CSV under its name and downloads the saved file', async () => {
    saveSession({ jwt: 'token', user: { ...superUser, timeZone: 'Australia/Perth' } });
    const exports = stubCsvExports();
    const { calls } = stubFetch((call) => exports.handle(call) ?? jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404));
    const find = vi.fn(async ({ page, pageSize }: { page: number; pageSize: number; searchTerm?: string }) => ({ rows: everyone.slice((page - 1) * pageSize, page * pageSize), totalRows: everyone.length }));
    renderWithProviders(<ExportButton<Row> table="People" fileName="people.csv" source={{ kind: 'pages', columns, fetchPage: pagesOf(find, { searchTerm: ' person ' }) }} />);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('People exported')).toBeInTheDocument();
    expect(find.mock.calls.map(([params]) => params)).toEqual([
      { searchTerm: 'person', page: 1, pageSize: 250 },
      { searchTerm: 'person', page: 2, pageSize: 250 },
    ]);
    const [saved] = savedExports(calls);
    expect(saved!.fileName).toBe('people.csv');
    expect(saved!.lines).toHaveLength(261);
    expect(saved!.lines.slice(0, 3)).toEqual(['"Name","Joined"', '"Person 1",""', '"Person 2","02-Mar-2026"']);
    expect(calls.some((call) => call.url.endsWith('/api/exportcsvdata/download/people-0123456789ab.csv'))).toBe(true);
    expect(exports.downloads()).toEqual(['people-0123456789ab.csv']);
  });

  it('says the export failed on the button, logs why, and downloads nothing', async () => {
    saveSession({ jwt: 'token', user: superUser });
    const exports = stubCsvExports();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { calls } = stubFetch((call) => exports.handle(call) ?? jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404));
    const fetchPage = async () => Promise.reject(new Error('The list could not be read'));
    renderWithProviders(<ExportButton<Row> table="People" fileName="people.csv" source={{ kind: 'pages', columns, fetchPage }} />);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: 'Export failed, try again' })).toBeInTheDocument();
    await waitFor(() => expect(calls.find((call) => call.url.endsWith('/api/exportcsvdata/failure'))?.body).toEqual({ table: 'People', message: 'The list could not be read' }));
    expect(savedExports(calls)).toEqual([]);
    expect(exports.downloads()).toEqual([]);
  });

  it('does nothing while there is nothing to export', async () => {
    saveSession({ jwt: 'token', user: superUser });
    const fetchPage = vi.fn(async () => ({ rows: [], totalRows: 0 }));
    renderWithProviders(<ExportButton<Row> table="People" fileName="people.csv" disabled source={{ kind: 'pages', columns, fetchPage }} />);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
