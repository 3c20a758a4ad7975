import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { IMPARTIALITY_MESSAGES, type MyAgreements, type StaffConflict } from '@certs/shared/impartiality/impartiality.contract';
import type { StaffRecord } from '@certs/shared/impartiality/staff-record.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AdminMyImpartialityRoute } from './impartiality';

const esther: SessionUser = {
  id: '43000000-0000-4000-8000-000000000001',
  email: 'esther@body.example',
  firstName: 'Esther',
  lastName: 'Assessor',
  userType: 'admin',
  role: 3,
  applicantId: null,
  timeZone: 'Australia/Sydney',
  menuItems: ['Programs'],
};
const RORY = { userId: '43000000-0000-4000-8000-0000000000a1', name: 'Rory Relative', email: 'rory@example.test' };
const TEXT = 'I will act impartially and keep what I learn confidential.';

const record: StaffRecord = {
  staff: { userId: esther.id, name: 'Esther Assessor', email: esther.email, role: 3, active: true },
  today: '2026-12-07',
  year: 2026,
  employer: null,
  position: 'Senior inspector',
  competences: [],
  authorisations: [
    { programId: 'p1', programCode: 'IWI', programTitle: 'Welding Inspector', role: 1, authorisedUntil: '2026-11-30', authorisationBasis: 'Witnessed 2023', state: 'lapsed', canEdit: false },
    { programId: 'p1', programCode: 'IWI', programTitle: 'Welding Inspector', role: 2, authorisedUntil: null, authorisationBasis: '', state: 'no_expiry', canEdit: false },
  ],
  agreements: [],
  signedThisYear: false,
  activeConflicts: 0,
  canEdit: false,
};

function renderPage() {
  saveSession({ jwt: 'token', user: esther });
  const conflicts: StaffConflict[] = [];
  let agreements: MyAgreements = { year: 2026, text: TEXT, signedThisYear: null, signed: [] };
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/users/me') return jsonResponse(esther);
    if (url.pathname === '/api/conflicts/agreements/mine') return jsonResponse(agreements);
    if (url.pathname === '/api/conflicts/agreements/sign') {
      const signed = { id: 'sig-1', year: 2026, staff: { userId: esther.id, name: 'Esther Assessor', email: esther.email }, signedOn: '2026-12-07T01:00:00.000Z', agreementText: TEXT };
      agreements = { ...agreements, signedThisYear: signed, signed: [signed] };
      return jsonResponse(agreements, 201);
    }
    if (url.pathname === '/api/conflicts/mine') return jsonResponse(conflicts);
    if (url.pathname === '/api/conflicts/applicants') return jsonResponse(url.searchParams.get('searchTerm')?.toLowerCase().startsWith('ror') ? [RORY] : []);
    if (url.pathname === '/api/conflicts/companies') return jsonResponse([]);
    if (url.pathname === '/api/conflicts' && call.method === 'POST') {
      const body = call.body as { applicantUserId: string; kind: 'relative'; details: string };
      if (!body.details) return jsonResponse({ statusCode: 409, error: 'Conflict', message: IMPARTIALITY_MESSAGES.alreadyDeclared }, 409);
      const saved: StaffConflict = { id: 'c-1', staff: { userId: esther.id, name: 'Esther Assessor', email: esther.email }, applicant: RORY, company: null, kind: body.kind, details: body.details, declaredOn: '2026-12-07T01:00:00.000Z', endedOn: null, isActive: true };
      conflicts.push(saved);
      return jsonResponse(saved, 201);
    }
    if (url.pathname === '/api/staffrecords/mine') return jsonResponse(record);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(<AdminMyImpartialityRoute />, { route: '/admin/my-impartiality' });
  return { ...stub, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, option: string) {
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the dropdown has not opened');
    return found;
  });
  await user.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

afterEach(() => {
  cleanup();
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('My impartiality (/admin/my-impartiality)', () => {
  it("signs this year's agreement only once it is ticked, and says it is signed", async () => {
    const { calls, user } = renderPage();
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
    const sign = screen.getByRole('button', { name: 'Sign the 2026 agreement' });
    expect(sign).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have read this agreement and I accept it' }));
    await user.click(sign);
    expect(await screen.findByText('Read what you signed')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ year: 2026, accepted: true });
    expect(screen.queryByRole('button', { name: 'Sign the 2026 agreement' })).not.toBeInTheDocument();
  });

  it('declares a conflict against an applicant found by name, and lists it; shows a refusal whole', async () => {
    const { calls, user } = renderPage();
    expect(await screen.findByText('You have declared no conflicts.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Declare a conflict' }));
    const form = await screen.findByRole('form', { name: 'Declare a conflict' });
    await user.click(within(form).getByRole('button', { name: 'Declare' }));
    expect(await within(form).findByText(IMPARTIALITY_MESSAGES.targetRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const applicant = within(form).getByRole('textbox', { name: /Applicant/ });
    await user.type(applicant, 'ror');
    await choose(user, applicant, 'Rory Relative (rory@example.test)');
    const kind = within(form).getByRole('textbox', { name: /Kind of conflict/ });
    await user.click(kind);
    await choose(user, kind, 'Relative');
    // Without details the stub refuses, as a second declaration would be.
    await user.click(within(form).getByRole('button', { name: 'Declare' }));
    expect(await within(form).findByText(IMPARTIALITY_MESSAGES.alreadyDeclared)).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /Details/ }), 'My cousin');
    await user.click(within(form).getByRole('button', { name: 'Declare' }));

    const table = await screen.findByRole('table', { name: 'My declarations' });
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ applicantUserId: RORY.userId, companyId: null, kind: 'relative', details: 'My cousin' });
    const row = within(table).getByRole('rowheader', { name: 'Rory Relative (rory@example.test)' }).closest('tr')!;
    expect(row).toHaveTextContent('Relative');
    expect(within(row).getByRole('button', { name: 'End the declaration about Rory Relative (rory@example.test)' })).toBeInTheDocument();
  });

  it('shows their record with a lapsed authorisation called out first', async () => {
    renderPage();
    const alert = (await screen.findByText('Lapsed authorisations')).closest('[role="alert"]')!;
    expect(alert).toHaveTextContent('Lapsed authorisations');
    expect(alert).toHaveTextContent('Assessor in IWI (until 30-Nov-2026)');
    const table = screen.getByRole('table', { name: 'Authorisations' });
    expect(within(table).getByText('Lapsed')).toBeInTheDocument();
    expect(within(table).getByText('No expiry', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('The 2026 agreement is not signed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Change the authorisation/ })).not.toBeInTheDocument();
  });
});
