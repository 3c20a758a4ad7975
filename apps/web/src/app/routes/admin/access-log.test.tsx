import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import type { AccessLogEntry } from '@certs/shared/privacy/privacy.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { routes } from '../../router';

const accountAdministrator: SessionUser = { ...superUser, id: '00000000-0000-4000-8000-000000000002', email: 'admin@demo.local', role: 2 };

const entry: AccessLogEntry = {
  id: '00000000-0000-4000-8000-0000000000a1',
  applicantId: '00000000-0000-4000-8000-0000000000b1',
  applicantName: 'Dora Delaney',
  actorUserId: '00000000-0000-4000-8000-000000000002',
  actorName: 'Avery Admin',
  actorEmail: 'admin@demo.local',
  route: 'GET /api/attachment/presigned-download/*',
  resource: 'attachments/3f1c.pdf',
  accessedOn: '2026-03-02T01:30:00.000Z',
};

function renderAt(route: string, user: SessionUser, log: (url: URL) => AccessLogEntry[] = () => [entry]) {
  saveSession({ jwt: 'token', user });
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
    if (url.pathname === '/api/users/me') return jsonResponse(user);
    if (url.pathname === '/api/privacy/access-log') {
      const rows = log(url);
      return jsonResponse({ rows, page: 1, pageSize: 10, totalRows: rows.length });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(null, { route, routes });
  return stub;
}

const logCalls = (calls: { url: string }[]) => calls.map((call) => new URL(call.url, 'http://localhost')).filter((url) => url.pathname === '/api/privacy/access-log');

describe('access log screen', () => {
  afterEach(() => {
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('shows a super user who read what, in words, and sends the filters as typed', async () => {
    const { calls } = renderAt('/admin/users/access-log', superUser, (url) => (url.searchParams.get('staff') === 'nobody' ? [] : [entry]));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access log' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Access log' });
    const row = await within(table).findByRole('row', { name: /Mar-2026/ });
    expect(row).toHaveTextContent('Avery Admin');
    expect(row).toHaveTextContent('admin@demo.local');
    expect(row).toHaveTextContent('Opened a file');
    expect(row).toHaveTextContent('Dora Delaney');
    expect(row).toHaveTextContent('File attachments/3f1c.pdf');

    await userEvent.type(screen.getByLabelText('Staff member'), 'nobody');
    expect(await within(table).findByText('No reads match these filters.')).toBeInTheDocument();
    expect(logCalls(calls).at(-1)?.searchParams.get('staff')).toBe('nobody');
  });

  it('says when To comes before From, and does not send that day', async () => {
    const { calls } = renderAt('/admin/users/access-log', superUser);
    await screen.findByRole('table', { name: 'Access log' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect(await screen.findByText('To must be on or after From')).toBeInTheDocument();
    await waitFor(() => expect(logCalls(calls).at(-1)?.searchParams.get('from')).toBe('2026-03-05'));
    expect(logCalls(calls).some((url) => url.searchParams.has('to'))).toBe(false);
  });

  it('refuses other staff, even with the Users menu, without asking the server', async () => {
    const { calls } = renderAt('/admin/users/access-log', accountAdministrator);
    expect(await screen.findByText('You do not have access to this area.')).toBeInTheDocument();
    expect(logCalls(calls)).toEqual([]);
  });

  it('links the log from Users for super users only', async () => {
    renderAt('/admin/users', superUser);
    expect(await screen.findByRole('link', { name: 'Access log' })).toHaveAttribute('href', '/admin/users/access-log');
  });

  it('shows no link to other staff', async () => {
    renderAt('/admin/users', accountAdministrator);
    expect(await screen.findByRole('link', { name: 'Deletion requests' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Access log' })).not.toBeInTheDocument();
  });
});
