import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Company } from '@certs/shared/company/company.contract';
import { EMPLOYER_MESSAGES, type CompanyUser } from '@certs/shared/employer/employer.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { routes } from '../../router';

const hunter: Company = {
  id: '40000000-0000-4000-8000-000000000001',
  name: 'Hunter Fabrication',
  businessNumberKind: 'ABN',
  businessNumber: '41620710170',
  streetAddress: '12 Foundry Road',
  city: 'Beresfield',
  state: 'NSW',
  postalCode: '2322',
  country: 'Australia',
  contactName: 'Dana Coordinator',
  contactPosition: 'Welding coordinator',
  contactEmail: 'welding@hunter.example',
  contactPhone: '02 4964 1000',
  corporateMemberNumber: '',
  membershipStartsOn: null,
  membershipEndsOn: null,
  isCurrentCorporateMember: false,
  active: true,
  isRequested: false,
  createdOn: '2026-11-01T01:00:00.000Z',
  modifiedOn: '2026-11-01T01:00:00.000Z',
};
const requested: Company = { ...hunter, id: '40000000-0000-4000-8000-000000000002', name: 'Asked-for Welding', active: false, isRequested: true };
const coordinator: CompanyUser = {
  userId: '40000000-0000-4000-8000-0000000000c1',
  firstName: 'Lee',
  lastName: 'Supervisor',
  email: 'lee@hunter.example',
  role: 6,
  active: true,
  hasSignedUp: true,
  invitedOn: '2026-11-02T01:00:00.000Z',
  invitedBy: null,
};
const viewer: CompanyUser = { ...coordinator, userId: '40000000-0000-4000-8000-0000000000c2', firstName: 'Vivian', lastName: 'Viewer', email: 'vivian@hunter.example', role: 7, hasSignedUp: false, invitedBy: 'Sam Super' };

/** Users -> Companies of a super user; `invite` answers the invitation's POST (by default: accepted, and the user listed). */
function renderCompanies(options: { users?: CompanyUser[]; invite?: (call: RecordedCall) => Response } = {}) {
  let users = options.users ?? [coordinator, viewer];
  saveSession({ jwt: 'token', user: superUser });
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
    if (url.pathname === '/api/users/me') return jsonResponse(superUser);
    if (url.pathname === '/api/company/pagination') return jsonResponse({ rows: [hunter, requested], page: 1, pageSize: 10, totalRows: 2 });
    if (url.pathname === '/api/company/claims') return jsonResponse([]);
    if (url.pathname === `/api/company/${requested.id}/users`) return jsonResponse([]);
    if (url.pathname === `/api/company/${hunter.id}/users` && call.method === 'GET') return jsonResponse(users);
    if (url.pathname === `/api/company/${hunter.id}/users` && call.method === 'POST') {
      if (options.invite) return options.invite(call);
      const body = call.body as { firstName: string; lastName: string; email: string; role: number };
      const invited: CompanyUser = { ...viewer, userId: '40000000-0000-4000-8000-0000000000c3', ...body, invitedBy: 'Sam Super' };
      users = [...users, invited];
      return jsonResponse(invited, 201);
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(null, { route: '/admin/users/companies', routes });
  return { ...stub, user: userEvent.setup() };
}

async function openCompany(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: 'Edit company' });
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe("a company's users on Users -> Companies", () => {
  afterEach(() => {
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('lists each user with their role, whether they signed up or are still invited, and who invited them', async () => {
    const { user } = renderCompanies();
    const dialog = await openCompany(user, hunter.name);
    const table = await within(dialog).findByRole('table', { name: 'Users of Hunter Fabrication' });
    expect(cellsOf(within(table).getByRole('cell', { name: 'Lee Supervisor' }).closest('tr')!)).toEqual(['Lee Supervisor', 'lee@hunter.example', 'Company coordinator', 'Signed up', expect.not.stringContaining(' by ')]);
    expect(cellsOf(within(table).getByRole('cell', { name: 'Vivian Viewer' }).closest('tr')!)).toEqual(['Vivian Viewer', 'vivian@hunter.example', 'Company viewer', 'Invited', expect.stringMatching(/ by Sam Super$/)]);
  });

  it("invites the company's coordinator (the role offered first), and lists them as invited", async () => {
    const { user, calls } = renderCompanies({ users: [] });
    const dialog = await openCompany(user, hunter.name);
    expect(await within(dialog).findByText('Hunter Fabrication has no users yet.')).toBeInTheDocument();
    const form = within(dialog).getByRole('form', { name: 'Invite a company user' });
    await user.type(within(form).getByRole('textbox', { name: 'First Name' }), 'Cody');
    await user.type(within(form).getByRole('textbox', { name: 'Last Name' }), 'Newcomer');
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'cody@hunter.example');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const row = (await within(dialog).findByRole('cell', { name: 'Cody Newcomer' })).closest('tr')!;
    expect(cellsOf(row).slice(0, 4)).toEqual(['Cody Newcomer', 'cody@hunter.example', 'Company coordinator', 'Invited']);
    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [new URL(call.url, 'http://localhost').pathname, call.body])).toEqual([
      [`/api/company/${hunter.id}/users`, { firstName: 'Cody', lastName: 'Newcomer', email: 'cody@hunter.example', role: 6 }],
    ]);
    // The form is empty again for the next invitation.
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it('sends nothing while the form is incomplete, and shows an email already in use at the email', async () => {
    const { user, calls } = renderCompanies({
      invite: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: EMPLOYER_MESSAGES.emailTaken, fieldErrors: { email: EMPLOYER_MESSAGES.emailTaken } }, 409),
    });
    const dialog = await openCompany(user, hunter.name);
    const form = await within(dialog).findByRole('form', { name: 'Invite a company user' });
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(EMPLOYER_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.type(within(form).getByRole('textbox', { name: 'First Name' }), 'Lee');
    await user.type(within(form).getByRole('textbox', { name: 'Last Name' }), 'Again');
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), coordinator.email);
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(EMPLOYER_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'Email' })).toHaveValue(coordinator.email);
  });

  it('offers no invitation for a company an applicant asked for, until staff approve it', async () => {
    const { user } = renderCompanies();
    const dialog = await openCompany(user, requested.name);
    expect(await within(dialog).findByText('Asked-for Welding has no users yet.')).toBeInTheDocument();
    expect(within(dialog).getByText(EMPLOYER_MESSAGES.companyInactive)).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Invite a company user' })).not.toBeInTheDocument();
  });
});
