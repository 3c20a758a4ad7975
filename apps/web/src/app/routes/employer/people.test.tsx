import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import type { EmployerPeople, EmployerPerson } from '@certs/shared/employer/people.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { stubCsvExports } from '../../../test/export-stub';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { routes } from '../../router';

const viewer: SessionUser = {
  id: '40000000-0000-4000-8000-0000000000c2',
  email: 'vivian@hunter.example',
  firstName: 'Vivian',
  lastName: 'Viewer',
  userType: 'employer',
  role: 7,
  applicantId: null,
  timeZone: 'Australia/Sydney',
  menuItems: [],
};

const ann: EmployerPerson = {
  applicantId: '40000000-0000-4000-8000-0000000000a1',
  name: 'Ann Archer',
  email: 'ann@hunter.example',
  awards: [
    {
      awardId: '40000000-0000-4000-8000-0000000000b1',
      awardingBodyName: 'Welding Certification Body',
      programCode: 'WI-1',
      programTitle: 'Welding Inspector Certification',
      certificateNumber: 'WCB-2026-00042',
      status: 'current',
      awardedOn: '2025-03-01',
      expiresOn: '2028-03-01',
      due: { kind: 'expiry', dueOn: '2028-03-01' },
    },
  ],
  welderQualifications: [],
  nextDue: { kind: 'expiry', dueOn: '2028-03-01' },
};
const carl: EmployerPerson = {
  applicantId: '40000000-0000-4000-8000-0000000000a2',
  name: 'Carl Cutter',
  email: 'carl@hunter.example',
  awards: [],
  welderQualifications: [
    {
      wpqRecordId: '40000000-0000-4000-8000-0000000000d1',
      awardingBodyName: 'Welding Certification Body',
      programCode: 'WQ-1',
      programTitle: 'Welder Qualification to ISO 9606-1',
      standard: 'ISO 9606-1:2017',
      designation: 'ISO 9606-1 135 P BW FM1 S t10 PF ss nb',
      certificateNumber: 'WCB-2026-00077',
      status: 'valid',
      reason: '',
      option: '9.3b',
      testDate: '2026-06-20',
      awardedOn: '2026-06-25',
      validUntil: '2028-06-20',
      nextConfirmationDue: '2026-12-20',
      revalidationWindow: { from: '2027-12-20', to: '2028-06-20' },
      due: [{ kind: 'confirmation', dueOn: '2026-12-20' }],
    },
  ],
  nextDue: { kind: 'confirmation', dueOn: '2026-12-20' },
};

/** The People page of a company viewer; the server's answer by the filter asked for. */
function renderPeople(answer: (dueWithinDays: string | null) => EmployerPerson[]) {
  saveSession({ jwt: 'token', user: viewer });
  const exports = stubCsvExports();
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/employer/people.csv') {
      return new Response('"Name"', { headers: { 'content-type': 'text/csv', 'content-disposition': `attachment; filename="people-due-within-${url.searchParams.get('dueWithinDays')}-days-2026-12-01.csv"` } });
    }
    if (url.pathname === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
    if (url.pathname === '/api/users/me') return jsonResponse(viewer);
    if (url.pathname === '/api/employer/people') {
      const dueWithinDays = url.searchParams.get('dueWithinDays');
      const body: EmployerPeople = { dueWithinDays: dueWithinDays ? Number(dueWithinDays) : null, people: answer(dueWithinDays) };
      return jsonResponse(body);
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(null, { route: '/employer/people', routes });
  return { ...stub, downloads: exports.downloads, user: userEvent.setup() };
}

afterEach(() => {
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('People (/employer/people)', () => {
  it('lists each person with their awards and welder qualifications, and the filter asks the server for what falls due', async () => {
    const { calls, downloads, user } = renderPeople((days) => (days === '30' ? [carl] : [ann, carl]));
    expect(await screen.findByRole('heading', { name: 'People', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Company menu' })).getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table', { name: 'People' });
    const annRow = (await within(table).findByRole('rowheader', { name: /Ann Archer/ })).closest('tr')!;
    expect(annRow).toHaveTextContent('WI-1 WCB-2026-00042');
    expect(annRow).toHaveTextContent('Current');
    expect(annRow).toHaveTextContent('Expires 01-Mar-2028');
    const carlRow = within(table).getByRole('rowheader', { name: /Carl Cutter/ }).closest('tr')!;
    expect(carlRow).toHaveTextContent('ISO 9606-1 135 P BW FM1 S t10 PF ss nb');
    expect(carlRow).toHaveTextContent('Valid');
    expect(carlRow).toHaveTextContent('Next confirmation due 20-Dec-2026');
    expect(carlRow).toHaveTextContent('Revalidation welds from 20-Dec-2027 to 20-Jun-2028');
    expect(carlRow).toHaveTextContent('Confirmation');

    await user.click(screen.getByRole('radio', { name: 'Due in 30 days' }));
    expect(await within(table).findByRole('rowheader', { name: /Carl Cutter/ })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: /Ann Archer/ })).not.toBeInTheDocument();
    const asked = calls.filter((call) => call.url.includes('/api/employer/people')).map((call) => new URL(call.url, 'http://localhost').searchParams.get('dueWithinDays'));
    expect(asked).toEqual([null, '30']);

    // The file holds the same filter's people, saved under the server's name.
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads()).toEqual(['people-due-within-30-days-2026-12-01.csv']));
    expect(calls.some((call) => call.url.includes('/api/employer/people.csv?dueWithinDays=30') && call.headers.authorization === 'Bearer token')).toBe(true);
  });

  it('says so when nobody is there, or nobody has anything due', async () => {
    const { user } = renderPeople((days) => (days ? [] : []));
    expect(await screen.findByText('No approved employees yet. People appear here once you approve their claim to work for your company.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Due in 90 days' }));
    expect(await screen.findByText('Nobody has anything due in the next 90 days.')).toBeInTheDocument();
  });
});
