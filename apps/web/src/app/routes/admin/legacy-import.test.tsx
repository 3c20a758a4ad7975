import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { AWARD_MIGRATION_COLUMNS, MIGRATION_MESSAGES, type MigrationImport, type MigrationPage } from '@certs/shared/migration/migration.contract';
import { routes } from '../../router';
import { ADMIN_LEGACY_IMPORT_PATH } from '../../route-paths';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { contributor, superUser } from '../../../test/session-fixtures';
import { refusedRowsCsv } from '../../../features/migration/components/migration-screen';

const accountAdministrator: SessionUser = { ...superUser, id: '00000000-0000-4000-8000-000000000002', email: 'accountadmin@demo.local', role: 2, menuItems: ['Utilities'] };
const ID = '00000000-0000-4000-8000-0000000000f1';
const header = AWARD_MIGRATION_COLUMNS.join(',');
const file = [header, 'ann@example.test,Ann,Lee,WI-CERT,WI-0001,2019-03-07,,Current,,Yes', 'bo@example.test,Bo,Ng,WI-CERT,WI-0002,31-Feb-2019,,Current,,Yes'].join('\n');

const dryRun: MigrationImport = {
  id: ID,
  kind: 'awards',
  fileName: 'awards.csv',
  dryRun: true,
  status: 'Finished',
  totalRows: 2,
  processedRows: 2,
  created: 1,
  updated: 0,
  unchanged: 0,
  refused: 1,
  error: null,
  createdOn: '2026-12-06T01:00:00.000Z',
  finishedOn: '2026-12-06T01:00:01.000Z',
  undoneOn: null,
  refusedRows: [{ rowNumber: 3, column: 'awardedOn', message: MIGRATION_MESSAGES.invalidDate('awardedOn') }],
};
const emptyPage: MigrationPage = { rows: [], page: 1, pageSize: 10, totalRows: 0 };

function renderAs(user: SessionUser, extra: (call: RecordedCall) => Response | null = () => null) {
  saveSession({ jwt: 'token', user });
  const stub = stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/users/me') return jsonResponse(user);
    if (call.url.startsWith('/api/migration?')) return jsonResponse(emptyPage);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  return { ...renderWithProviders(null, { route: ADMIN_LEGACY_IMPORT_PATH, routes }), ...stub };
}

describe('import from another system', () => {
  afterEach(() => {
    cleanup();
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('checks a file in a dry run and shows each refused row with its column and problem', async () => {
    const { calls } = renderAs(accountAdministrator, (call) => {
      if (call.url === '/api/migration/awards' && call.method === 'POST') return jsonResponse({ id: ID }, 202);
      if (call.url === `/api/migration/${ID}`) return jsonResponse(dryRun);
      return null;
    });
    expect(await screen.findByRole('heading', { name: 'Import from another system', level: 1 })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, new File([file], 'awards.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    const refused = await screen.findByTestId('refused-rows');
    expect(within(refused).getByRole('row', { name: `3 awardedOn ${MIGRATION_MESSAGES.invalidDate('awardedOn')}` })).toBeInTheDocument();
    expect(screen.getByText('Created: 1')).toBeInTheDocument();
    expect(screen.getByText('Refused: 1')).toBeInTheDocument();
    expect(screen.getByText(/Nothing was changed/)).toBeInTheDocument();
    // A dry run has nothing to undo.
    expect(screen.queryByRole('button', { name: 'Undo this import' })).not.toBeInTheDocument();
    const sent = calls.find((call) => call.url === '/api/migration/awards');
    expect(sent?.body).toEqual({ fileName: 'awards.csv', csvContent: file, dryRun: true });
  });

  it('offers undo of a finished import and shows why the server refuses it', async () => {
    const applied = { ...dryRun, dryRun: false, refused: 0, created: 2, refusedRows: [] };
    renderAs(accountAdministrator, (call) => {
      if (call.url === '/api/migration/awards' && call.method === 'POST') return jsonResponse({ id: ID }, 202);
      if (call.url === `/api/migration/${ID}`) return jsonResponse(applied);
      if (call.url === `/api/migration/${ID}/undo`) return jsonResponse({ statusCode: 409, error: 'Conflict', message: MIGRATION_MESSAGES.touched(2, 'award') }, 409);
      return null;
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Import from another system', level: 1 });
    await user.upload(document.querySelector('input[type="file"]') as HTMLInputElement, new File([file], 'awards.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dry run (check only)' }));
    await user.click(screen.getByRole('button', { name: 'Import file' }));
    // Applying (not a dry run) is confirmed once (issue 45 item 7).
    await user.click(within(await screen.findByRole('dialog', { name: 'Import awards.csv?' })).getByRole('button', { name: 'Start import' }));
    await user.click(await screen.findByRole('button', { name: 'Undo this import' }));
    expect(await screen.findByText(MIGRATION_MESSAGES.touched(2, 'award'))).toBeInTheDocument();
  });

  it('is not open to staff below Account Administrator', async () => {
    renderAs(contributor);
    await waitFor(() => expect(screen.getByText(NO_ACCESS_MESSAGE)).toBeInTheDocument());
  });

  it("gives the refused rows back as the file's own lines, to fix and send again", () => {
    expect(refusedRowsCsv(dryRun, file)).toBe(`${header}\nbo@example.test,Bo,Ng,WI-CERT,WI-0002,31-Feb-2019,,Current,,Yes\n`);
    expect(refusedRowsCsv(dryRun, null)).toBe(`row,column,message\n3,awardedOn,${MIGRATION_MESSAGES.invalidDate('awardedOn')}\n`);
  });
});
