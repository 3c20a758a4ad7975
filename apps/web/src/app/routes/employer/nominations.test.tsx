import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { EMPLOYER_BILLING_MESSAGES, type Nomination, type NominationPerson, type NominationProgram } from '@certs/shared/employer/employer-billing.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { EmployerNominationsRoute } from './nominations';

const coordinator: SessionUser = {
  id: '40000000-0000-4000-8000-0000000000c1',
  email: 'cora@illawarra.example',
  firstName: 'Cora',
  lastName: 'Ordinator',
  userType: 'employer',
  role: 6,
  applicantId: null,
  timeZone: 'Australia/Sydney',
  menuItems: [],
};
const viewer: SessionUser = { ...coordinator, id: '40000000-0000-4000-8000-0000000000c2', role: 7 };

const DANA: NominationPerson = { applicantId: '40000000-0000-4000-8000-0000000000a1', firstName: 'Dana', lastName: 'Welder', email: 'dana@example.test' };
const PROGRAM: NominationProgram = { id: '40000000-0000-4000-8000-0000000000b1', programCode: 'WS-1', programTitle: 'Welding Supervisor', programType: 1, awardingBodyName: 'Welding Certification Board' };
const NOMINATED: Nomination = {
  applicationId: 'app-1',
  applicationNumber: 'Q-2026-00012',
  applicantId: DANA.applicantId,
  personName: 'Dana Welder',
  programId: PROGRAM.id,
  programCode: 'WS-1',
  programTitle: 'Welding Supervisor',
  awardingBodyName: 'Welding Certification Board',
  status: 'Application Started',
  purchaseOrderNumber: 'PO-7731',
  billingContactName: 'Bella Accounts',
  billingContactEmail: 'accounts@illawarra.example',
  nominatedBy: 'Cora Ordinator',
  nominatedOn: '2026-12-01T01:00:00.000Z',
  invoice: null,
};

function renderNominations(user: SessionUser, onNominate: () => Response = () => jsonResponse(NOMINATED, 201)) {
  saveSession({ jwt: 'token', user });
  let nominations: Nomination[] = [];
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/employer/nominations' && call.method === 'POST') {
      const answer = onNominate();
      if (answer.status === 201) nominations = [NOMINATED];
      return answer;
    }
    if (url.pathname === '/api/employer/nominations') return jsonResponse(nominations);
    if (url.pathname === '/api/employer/nominations/people') return jsonResponse([DANA]);
    if (url.pathname === '/api/employer/nominations/programs') return jsonResponse([PROGRAM]);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(<EmployerNominationsRoute />, { route: '/employer/nominations' });
  return { ...stub, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.click(input);
  const listbox = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found) throw new Error('the dropdown has not opened');
    return found;
  });
  await user.click(within(listbox).getByRole('option', { name: option, hidden: true }));
}

afterEach(() => {
  // Unmounted first: the page needs its session to the end.
  cleanup();
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('Nominations (/employer/nominations)', () => {
  it('the coordinator nominates one of the company’s people for a program, with a PO number and the billing contact; the list shows it', async () => {
    const { calls, user } = renderNominations(coordinator);
    expect(await screen.findByText('Your company pays for no application yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Person/ })).toBeEnabled());
    // The coordinator is proposed as the billing contact.
    expect(screen.getByRole('textbox', { name: /Billing Contact Email/ })).toHaveValue('cora@illawarra.example');

    await user.click(screen.getByRole('button', { name: 'Nominate' }));
    expect(await screen.findByText(EMPLOYER_BILLING_MESSAGES.personRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await choose(user, /Person/, 'Dana Welder (dana@example.test)');
    await choose(user, /Program/, 'WS-1 Welding Supervisor');
    await user.type(screen.getByRole('textbox', { name: /Purchase Order Number/ }), 'PO-7731');
    const name = screen.getByRole('textbox', { name: /Billing Contact Name/ });
    await user.clear(name);
    await user.type(name, 'Bella Accounts');
    await user.click(screen.getByRole('button', { name: 'Nominate' }));

    const table = await screen.findByRole('table', { name: 'Nominations' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      applicantId: DANA.applicantId,
      programId: PROGRAM.id,
      purchaseOrderNumber: 'PO-7731',
      billingContactName: 'Bella Accounts',
      billingContactEmail: 'cora@illawarra.example',
    });
    const row = within(table).getByRole('rowheader', { name: 'Dana Welder' }).closest('tr')!;
    expect(row).toHaveTextContent('Q-2026-00012');
    expect(row).toHaveTextContent('Not issued yet');
  });

  it('shows the server’s refusal whole', async () => {
    const { user } = renderNominations(coordinator, () => jsonResponse({ statusCode: 409, error: 'Conflict', message: EMPLOYER_BILLING_MESSAGES.alreadyOpen }, 409));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Person/ })).toBeEnabled());
    await choose(user, /Person/, 'Dana Welder (dana@example.test)');
    await choose(user, /Program/, 'WS-1 Welding Supervisor');
    await user.click(screen.getByRole('button', { name: 'Nominate' }));
    expect(await screen.findByText(EMPLOYER_BILLING_MESSAGES.alreadyOpen)).toBeInTheDocument();
  });

  it('a viewer sees the list without the form', async () => {
    const { calls } = renderNominations(viewer);
    expect(await screen.findByText('Your company pays for no application yet.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nominate a person' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/nominations/people'))).toBe(false);
  });
});
