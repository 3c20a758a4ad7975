import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanyAccess, FormerPerson } from '@certs/shared/company-access/company-access.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { applicant } from '../../../test/session-fixtures';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CompanyAccessSection } from './company-access-section';
import { FormerPeople } from './former-people';

const linked: CompanyAccess = {
  employer: { companyId: '40000000-0000-4000-8000-0000000000f1', companyName: 'Hunter Fabrication', status: 'approved', since: '2026-02-03T01:00:00.000Z' },
  endedLinks: [],
  checks: [
    { companyName: 'Port Kembla Steel', certificateNumber: 'WCB-2026-00042', checkedOn: '2026-11-30T02:00:00.000Z' },
    { companyName: 'Hunter Fabrication', certificateNumber: 'WCB-2026-00077', checkedOn: '2026-11-01T02:00:00.000Z' },
  ],
};

afterEach(() => {
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('Companies that see your records', () => {
  it('shows the employer since when and who checked which certificate; ending the link asks first, then the company is gone', async () => {
    saveSession({ jwt: 'token', user: applicant });
    let access = linked;
    const { calls } = stubFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/api/company/employer/end' && call.method === 'POST') {
        access = { ...linked, employer: null, endedLinks: [{ id: 'l1', companyName: 'Hunter Fabrication', since: linked.employer!.since, endedOn: '2026-12-01T01:00:00.000Z' }] };
        return jsonResponse(access);
      }
      if (url.pathname === '/api/company/employer/access') return jsonResponse(access);
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<CompanyAccessSection />);

    expect(await screen.findByText('Hunter Fabrication', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText(/Since 03-Feb-2026/)).toBeInTheDocument();
    const log = screen.getByRole('table', { name: 'Who checked your certificates' });
    expect(within(log).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([expect.stringContaining('Port Kembla SteelWCB-2026-00042'), expect.stringContaining('Hunter FabricationWCB-2026-00077')]);

    await user.click(screen.getByRole('button', { name: 'End this link' }));
    const dialog = await screen.findByRole('dialog', { name: 'End this link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'End this link' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'End this link?' })).getByRole('button', { name: 'End the link' }));
    expect(await screen.findByText('No company sees your records.')).toBeInTheDocument();
    expect(screen.getByText('Hunter Fabrication: from 03-Feb-2026 to 01-Dec-2026')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([['/api/company/employer/end', {}]]);
  });

  it('says a waiting claim is waiting, with no end button', async () => {
    saveSession({ jwt: 'token', user: applicant });
    stubFetch(() => jsonResponse({ ...linked, employer: { ...linked.employer!, status: 'pending' }, checks: [] }));
    renderWithProviders(<CompanyAccessSection />);
    expect(await screen.findByText(/Your claim to work here waits for a decision/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End this link' })).not.toBeInTheDocument();
    expect(screen.getByText('No company has checked your certificates.')).toBeInTheDocument();
  });
});

describe('Former employees (the company portal)', () => {
  it('lists the people whose link ended with the dates', async () => {
    const person: FormerPerson = { id: 'e1', firstName: 'Emery', lastName: 'Leaver', since: '2025-01-10T00:00:00.000Z', endedOn: '2026-12-01T01:00:00.000Z' };
    stubFetch(() => jsonResponse([person]));
    renderWithProviders(<FormerPeople />);
    const table = await screen.findByRole('table', { name: 'Former employees' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Emery Leaver10-Jan-202501-Dec-2026');
  });
});
