import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { INVITATION_MESSAGES, type InvitationBatchResult, type InvitationPreview } from '@certs/shared/migration/migration-invitations.contract';
import type { MigrationImport, MigrationPage } from '@certs/shared/migration/migration.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { MigrationScreen } from './migration-screen';

const accountAdministrator: SessionUser = { ...superUser, id: '00000000-0000-4000-8000-000000000002', email: 'accountadmin@demo.local', role: 2, menuItems: ['Utilities'] };
const ID = '00000000-0000-4000-8000-0000000000f2';
const finished: MigrationImport = {
  id: ID,
  kind: 'awards',
  fileName: 'holders.csv',
  dryRun: false,
  status: 'Finished',
  totalRows: 3,
  processedRows: 3,
  created: 3,
  updated: 0,
  unchanged: 0,
  refused: 0,
  error: null,
  createdOn: '2026-12-06T01:00:00.000Z',
  finishedOn: '2026-12-06T01:00:01.000Z',
  undoneOn: null,
  refusedRows: [],
};
const mailText = 'Hello Ann,\n\nDemo Welding Body now keeps its records on this site.\n\nDemo Welding Body\n\nChoose your password: http://localhost/reset-password/<personal link>';
const waiting: InvitationPreview = {
  importId: ID,
  people: 3,
  waiting: 3,
  invited: 0,
  expired: 0,
  activated: 0,
  next: [
    { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.test' },
    { firstName: 'Bo', lastName: 'Ng', email: 'bo@example.test' },
    { firstName: 'Cy', lastName: 'Oh', email: 'cy@example.test' },
  ],
  mail: { fromName: 'Demo Welding Body', subject: 'Demo Welding Body: your account is ready, choose your password', text: mailText },
  linkDays: 7,
  lastInvitedOn: null,
};

/** The import screen (Utilities) with one past import, whose details are opened. */
async function openImport(summary: MigrationImport, answer: (call: RecordedCall) => Response | null) {
  saveSession({ jwt: 'token', user: accountAdministrator });
  const page: MigrationPage = { rows: [summary], page: 1, pageSize: 10, totalRows: 1 };
  const stub = stubFetch((call) => {
    const given = answer(call);
    if (given) return given;
    if (call.url === '/api/users/me') return jsonResponse(accountAdministrator);
    if (call.url.startsWith('/api/migration?')) return jsonResponse(page);
    if (call.url === `/api/migration/${ID}`) return jsonResponse(summary);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(<MigrationScreen />);
  await userEvent.setup().click(await screen.findByRole('button', { name: `Details of ${summary.fileName}` }));
  await screen.findByTestId('migration-import');
  return stub;
}

describe('inviting the people an import created', () => {
  afterEach(() => {
    cleanup();
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('previews who comes next and the mail as sent, then sends a batch of the chosen size and shows the progress', async () => {
    const after: InvitationBatchResult = { sent: 3, preview: { ...waiting, waiting: 0, invited: 3, next: [], lastInvitedOn: '2026-12-06T02:00:00.000Z' } };
    const { calls } = await openImport(finished, (call) => {
      if (call.url === `/api/migration/${ID}/invitations` && call.method === 'GET') return jsonResponse(waiting);
      if (call.url === `/api/migration/${ID}/invitations` && call.method === 'POST') return jsonResponse(after);
      return null;
    });
    const panel = await screen.findByRole('region', { name: 'Invite people' });
    expect(within(panel).getByTestId('invitation-progress')).toHaveTextContent('Invited 0 of 3');
    expect(within(panel).getByText(/This import created 3 people\. They were not mailed/)).toBeInTheDocument();
    const next = within(panel).getByRole('table', { name: 'Next to be invited' });
    expect(within(next).getByRole('row', { name: 'Ann Lee ann@example.test' })).toBeInTheDocument();
    expect(within(next).getAllByRole('row')).toHaveLength(4);
    const mail = within(panel).getByTestId('invitation-mail');
    expect(mail).toHaveTextContent('From: Demo Welding Body');
    expect(mail).toHaveTextContent('Subject: Demo Welding Body: your account is ready, choose your password');
    expect(mail).toHaveTextContent('Choose your password: http://localhost/reset-password/<personal link>');
    // Nobody has been invited, so there is nobody to invite again.
    expect(within(panel).queryByRole('button', { name: /Invite again/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Batch size' }), '500');
    await user.click(within(panel).getByRole('button', { name: 'Send 3 invitations' }));
    expect(await within(panel).findByText('Sent 3 invitations.')).toBeInTheDocument();
    expect(within(panel).getByTestId('invitation-progress')).toHaveTextContent('Invited 3 of 3');
    expect(within(panel).getByRole('button', { name: 'Everyone has been invited' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ batchSize: 500 }]);
  });

  it("invites again those whose link expired, and shows the server's refusal", async () => {
    const expired: InvitationPreview = { ...waiting, waiting: 0, invited: 1, expired: 2, next: [], lastInvitedOn: '2026-11-20T02:00:00.000Z' };
    const { calls } = await openImport(finished, (call) => {
      if (call.url === `/api/migration/${ID}/invitations` && call.method === 'GET') return jsonResponse(expired);
      if (call.url === `/api/migration/${ID}/invitations` && call.method === 'POST') return jsonResponse({ statusCode: 409, error: 'Conflict', message: INVITATION_MESSAGES.nobodyExpired }, 409);
      return null;
    });
    const panel = await screen.findByRole('region', { name: 'Invite people' });
    expect(within(panel).getByTestId('invitation-progress')).toHaveTextContent('Invited 3 of 3');
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Invite again 2 people whose link expired' }));
    expect(await within(panel).findByText(INVITATION_MESSAGES.nobodyExpired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ batchSize: 100, reinviteExpired: true }]);
  });

  it('is not offered for a dry run, which created nobody', async () => {
    const { calls } = await openImport({ ...finished, dryRun: true }, () => null);
    expect(await screen.findByText(/Nothing was changed/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invite people' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/invitations'))).toBe(false);
  });
});
