import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { AWARD_MIGRATION_COLUMNS, MIGRATION_INLINE_BYTES, type MigrationImport, type MigrationPage } from '@certs/shared/migration/migration.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { MigrationScreen } from './migration-screen';

/** The browser's PUT to storage, answered at once; what was sent where is kept. */
class InstantUpload {
  static sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    InstantUpload.sent.push({ method: this.method, url: this.url, headers: this.headers, body });
    this.status = 200;
    queueMicrotask(() => this.onload?.());
  }
  abort() {}
}

const administrator: SessionUser = { ...superUser, id: '00000000-0000-4000-8000-000000000002', email: 'accountadmin@demo.local', role: 2, menuItems: ['Utilities'] };
const ID = '00000000-0000-4000-8000-0000000000f3';
const KEY = 'uploads/legacy-import/00000000-0000-4000-8000-000000000001/9a1b7c3d-0000-4000-8000-000000000001.csv';
const queued: MigrationImport = {
  id: ID,
  kind: 'awards',
  fileName: 'holders.csv',
  dryRun: true,
  status: 'Queued',
  totalRows: 1,
  processedRows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
  error: null,
  createdOn: '2026-12-06T01:00:00.000Z',
  finishedOn: null,
  undoneOn: null,
  refusedRows: [],
};

function serve() {
  const empty: MigrationPage = { rows: [], page: 1, pageSize: 10, totalRows: 0 };
  return stubFetch((call) => {
    if (call.url === '/api/users/me') return jsonResponse(administrator);
    if (call.url.startsWith('/api/migration?')) return jsonResponse(empty);
    if (call.url === '/api/migration/uploads') return jsonResponse({ url: `/unauth/storage/upload/${KEY}?expires=1&signature=s`, method: 'PUT', headers: { 'content-type': 'text/csv' }, fileKey: KEY, expiresOn: '2026-12-06T01:15:00.000Z' });
    if (call.url === '/api/migration/awards') return jsonResponse({ id: ID }, 202);
    if (call.url === `/api/migration/${ID}`) return jsonResponse(queued);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
}

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const csvOf = (rows: number) => {
  const line = 'jane.welder@example.com,Jane,Welder,WI-CERT,WI-2019-00123,2019-03-07,2027-03-07,Current,,Yes,';
  return [AWARD_MIGRATION_COLUMNS.join(','), ...Array.from({ length: rows }, () => line)].join('\n');
};

describe('sending a legacy file', () => {
  beforeEach(() => {
    saveSession({ jwt: 'token', user: administrator });
    InstantUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', InstantUpload);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cleanup();
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('sends a small file inside the request', async () => {
    const { calls } = serve();
    renderWithProviders(<MigrationScreen />);
    const user = userEvent.setup();
    await user.upload(fileInput(), new File([csvOf(1)], 'holders.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    await screen.findByTestId('migration-import');
    expect(calls.find((call) => call.url === '/api/migration/awards')?.body).toEqual({ fileName: 'holders.csv', csvContent: csvOf(1), dryRun: true });
    expect(calls.some((call) => call.url === '/api/migration/uploads')).toBe(false);
    expect(InstantUpload.sent).toHaveLength(0);
  });

  it('asks once before applying a file, saying what happens, and sends nothing until asked (issue 45 item 7)', async () => {
    const { calls } = serve();
    renderWithProviders(<MigrationScreen />);
    const user = userEvent.setup();
    await user.upload(fileInput(), new File([csvOf(1)], 'holders.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dry run (check only)' }));
    await user.click(screen.getByRole('button', { name: 'Import file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import holders.csv?' });
    expect(dialog).toHaveTextContent('Every row of this file of Awards is applied');
    expect(dialog).toHaveTextContent('A finished import can be undone from its details.');
    expect(calls.some((call) => call.url === '/api/migration/awards')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Start import' }));
    await screen.findByTestId('migration-import');
    expect(calls.filter((call) => call.url === '/api/migration/awards').map((call) => call.body)).toEqual([{ fileName: 'holders.csv', csvContent: csvOf(1), dryRun: false }]);
  });

  it('uploads a large file to storage first and names it by its key', async () => {
    const { calls } = serve();
    renderWithProviders(<MigrationScreen />);
    const user = userEvent.setup();
    const rows = Math.ceil(MIGRATION_INLINE_BYTES / 90) + 10;
    const file = new File([csvOf(rows)], 'holders.csv', { type: 'text/csv' });
    expect(file.size).toBeGreaterThan(MIGRATION_INLINE_BYTES);
    await user.upload(fileInput(), file);
    await user.click(await screen.findByRole('button', { name: 'Check file' }));
    await screen.findByTestId('migration-import');
    expect(calls.find((call) => call.url === '/api/migration/uploads')?.body).toEqual({ fileName: 'holders.csv', size: file.size });
    await waitFor(() => expect(InstantUpload.sent).toHaveLength(1));
    expect(InstantUpload.sent[0]).toMatchObject({ method: 'PUT', url: `/unauth/storage/upload/${KEY}?expires=1&signature=s`, headers: { 'content-type': 'text/csv' } });
    expect(calls.find((call) => call.url === '/api/migration/awards')?.body).toEqual({ fileName: 'holders.csv', fileKey: KEY, dryRun: true });
  });
});
