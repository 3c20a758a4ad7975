import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSettings, AccountSummary, CurrentAccount, PlatformOverview } from '@certs/shared/account/account.contract';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { contributor, superUser } from '../../../test/session-fixtures';
import { setWindowWidth } from '../../../test/window-width';
import { routes } from '../../router';
import { NO_ACCESS_MESSAGE } from './menu-area';

const accountAdministrator: SessionUser = { ...superUser, id: '00000000-0000-4000-8000-000000000002', email: 'accountadmin@demo.local', firstName: 'Avery', lastName: 'Admin', role: 2 };

const australia: AccountSummary = { id: '00000000-0000-4000-8000-000000000001', name: 'Welding Board of Australia', shortName: 'wba', country: 'AU', currency: 'AUD' };
const newZealand: AccountSummary = { id: '00000000-0000-4000-8000-0000000000a2', name: 'Welding Certification New Zealand', shortName: 'wcnz', country: 'NZ', currency: 'NZD' };

const settingsOfAustralia: AccountSettings = {
  ...australia,
  abn: '51 824 753 556',
  nzbn: '',
  gstNumber: '',
  address: '1 Example Street, Sydney NSW 2000',
  contactEmail: 'accounts@wba.example',
  mailSenderName: 'WBA',
  timeZone: 'Australia/Sydney',
  gstRatePercent: 10,
  invoicePrefix: 'INV',
  certificateNumberPattern: 'WCB-{YYYY}-{N}',
  stripePublishableKey: '',
  hasStripeSecretKey: false,
  hasStripeWebhookSecret: false,
  followsEnvironment: true,
  logoUrl: null,
  modifiedOn: '2026-03-01T00:00:00.000Z',
};

function renderAt(route: string, user: SessionUser, current: CurrentAccount, extra: (call: RecordedCall) => Response | null = () => null) {
  saveSession({ jwt: 'token', user });
  const stub = stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.url === '/api/users/me') return jsonResponse(user);
    if (call.url === '/api/accounts/current' && call.method === 'GET') return jsonResponse(current);
    if (call.url === `/api/accounts/${australia.id}` && call.method === 'GET') return jsonResponse(settingsOfAustralia);
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  return { ...renderWithProviders(null, { route, routes }), ...stub };
}

const oneAccount: CurrentAccount = { account: australia, accounts: [australia], canSwitch: false, hasSeveralAccounts: false };

describe('account settings and the account in the header', () => {
  afterEach(() => {
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it("gives an account administrator the Account settings link and their account's settings", async () => {
    let stored = settingsOfAustralia;
    const { calls } = renderAt('/admin/accountAdminHome', accountAdministrator, oneAccount, (call) => {
      if (call.url !== `/api/accounts/${australia.id}`) return null;
      if (call.method === 'PUT') stored = { ...stored, followsEnvironment: false, modifiedOn: '2026-03-02T00:00:00.000Z' };
      return jsonResponse(stored);
    });
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('banner')).findByRole('link', { name: 'Account settings' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(await screen.findByTestId('follows-environment')).toHaveTextContent('AWARDING_BODY_*');
    expect(screen.getByLabelText(/^ABN/)).toHaveValue('51 824 753 556');
    expect(screen.queryByLabelText(/^NZBN/)).not.toBeInTheDocument();
    // Only super users make accounts.
    expect(screen.queryByRole('link', { name: 'New account' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Account settings saved')).toBeInTheDocument();
    const saved = calls.find((call) => call.method === 'PUT');
    expect(saved?.url).toBe(`/api/accounts/${australia.id}`);
    expect(saved?.body).toMatchObject({ name: australia.name, country: 'AU', abn: '51 824 753 556', stripeSecretKey: '' });
    // Saved: it no longer follows the server's settings.
    await waitFor(() => expect(screen.queryByTestId('follows-environment')).not.toBeInTheDocument());
  });

  it('gives a contributor neither the link nor the page', async () => {
    renderAt('/admin/account-settings', contributor, oneAccount);
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeInTheDocument();
    expect(within(await screen.findByRole('banner')).queryByRole('link', { name: 'Account settings' })).not.toBeInTheDocument();
  });

  it("takes a super user from Account settings to the accounts overview: each account's holdings and the mail outbox", async () => {
    const twoAccounts: CurrentAccount = { account: australia, accounts: [australia, newZealand], canSwitch: true, hasSeveralAccounts: true };
    const overview: PlatformOverview = {
      accounts: [
        { ...australia, programs: 12, publishedPrograms: 9, activeStaff: 14, openApplications: 37, currentAwards: 410 },
        { ...newZealand, programs: 2, publishedPrograms: 1, activeStaff: 3, openApplications: 4, currentAwards: 18 },
      ],
      mailsQueued: 5,
      mailsFailed: 1,
    };
    renderAt('/admin/account-settings', superUser, twoAccounts, (call) => (call.url === '/api/accounts/overview' ? jsonResponse(overview) : null));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Accounts overview' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts overview' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Accounts on the platform' });
    const kiwi = within(table).getByRole('row', { name: new RegExp(newZealand.name) });
    expect(within(kiwi).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['New Zealand (NZD)', '2 (1)', '3', '4', '18']);
    const aussie = within(table).getByRole('row', { name: new RegExp(australia.name) });
    expect(within(aussie).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Australia (AUD)', '12 (9)', '14', '37', '410']);
    expect(screen.getByTestId('overview-mails-queued')).toHaveTextContent('Mails waiting to be sent5');
    expect(screen.getByTestId('overview-mails-failed')).toHaveTextContent('Mails that failed1');
  });

  it('gives an account administrator neither the link nor the overview, and does not ask the server for it', async () => {
    renderAt('/admin/account-settings', accountAdministrator, oneAccount);
    expect(await screen.findByLabelText(/^ABN/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accounts overview' })).not.toBeInTheDocument();
    cleanup();
    const { calls } = renderAt('/admin/account-settings/overview', accountAdministrator, oneAccount);
    expect(await screen.findByText(NO_ACCESS_MESSAGE)).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/accounts/overview')).toBe(false);
  });

  it('lets a super user create an account, which the switcher then offers', async () => {
    let accounts = [australia];
    const { calls } = renderAt('/admin/account-settings', superUser, oneAccount, (call) => {
      if (call.url === '/api/accounts/current' && call.method === 'GET') return jsonResponse({ account: australia, accounts, canSwitch: accounts.length > 1, hasSeveralAccounts: accounts.length > 1 });
      if (call.url === '/api/accounts' && call.method === 'POST') {
        accounts = [australia, newZealand];
        return jsonResponse({ ...settingsOfAustralia, ...newZealand, abn: '', nzbn: '9429041234563', followsEnvironment: false }, 201);
      }
      return null;
    });
    const user = userEvent.setup();
    // One account: the header names none.
    expect(await screen.findByLabelText(/^ABN/)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByText(australia.name)).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'New account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New account' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Name/), newZealand.name);
    await user.type(screen.getByLabelText(/^Short Name/), newZealand.shortName);
    await user.selectOptions(screen.getByLabelText(/^Country/), 'New Zealand');
    await user.type(screen.getByLabelText(/^NZBN/), '9429041234563');
    await user.type(screen.getByLabelText(/^GST Number/), '49-091-850');
    await user.type(screen.getByLabelText(/^Invoice Prefix/), 'NZ');
    await user.type(screen.getByLabelText(/^Address/), '1 Queen Street, Auckland 1010');
    await user.type(screen.getByLabelText(/^Contact Email/), 'accounts@wcnz.example');
    await user.type(screen.getByLabelText(/^Mail Sender Name/), 'WCNZ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Account created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/accounts' && call.method === 'POST')?.body).toMatchObject({ shortName: 'wcnz', country: 'NZ', currency: 'NZD', gstRatePercent: 15 });
    const switcher = await within(screen.getByRole('banner')).findByRole('combobox', { name: 'Account' });
    expect(within(switcher).getAllByRole('option').map((option) => option.textContent)).toEqual([australia.name, newZealand.name]);
  });

  it('moves the account and Account settings into the menu where the header is short (below 1024)', async () => {
    setWindowWidth(900);
    renderAt('/admin/accountAdminHome', accountAdministrator, { account: australia, accounts: [australia], canSwitch: false, hasSeveralAccounts: true });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(menu).findByText(australia.name)).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Account settings' })).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).queryByText(australia.name)).not.toBeInTheDocument();
    expect(within(header).queryByRole('link', { name: 'Account settings' })).not.toBeInTheDocument();
  });

  it("switching takes the super user to their home, reading the new account's screens anew", async () => {
    let current: CurrentAccount = { account: australia, accounts: [australia, newZealand], canSwitch: true, hasSeveralAccounts: true };
    const { router } = renderAt('/admin/account-settings', superUser, current, (call) => {
      if (call.url === '/api/accounts/current' && call.method === 'POST') {
        current = { ...current, account: newZealand };
        return jsonResponse(current);
      }
      if (call.url === '/api/accounts/current') return jsonResponse(current);
      return null;
    });
    const switcher = await within(await screen.findByRole('banner')).findByRole('combobox', { name: 'Account' });
    await userEvent.setup().selectOptions(switcher, newZealand.name);

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/superUserHome'));
    expect(await screen.findByText(`You now work in ${newZealand.name}.`)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Account' })).toHaveValue(newZealand.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Sam Super' })).toBeInTheDocument();
  });
});
