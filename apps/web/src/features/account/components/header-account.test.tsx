import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountSummary, CurrentAccount } from '@certs/shared/account/account.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { HeaderAccount } from './header-account';

const australia: AccountSummary = { id: '00000000-0000-4000-8000-000000000001', name: 'Welding Board of Australia', shortName: 'wba', country: 'AU', currency: 'AUD' };
const newZealand: AccountSummary = { id: '00000000-0000-4000-8000-0000000000a2', name: 'Welding Certification New Zealand', shortName: 'wcnz', country: 'NZ', currency: 'NZD' };

const superUser = { userType: 'admin', role: 1 };
const accountAdministrator = { userType: 'admin', role: 2 };

function serve(current: CurrentAccount) {
  return stubFetch((call) => {
    if (call.url === '/api/accounts/current' && call.method === 'GET') return jsonResponse(current);
    if (call.url === '/api/accounts/current' && call.method === 'POST') {
      const chosen = [australia, newZealand].find((account) => account.id === (call.body as { accountId: string }).accountId)!;
      return jsonResponse({ ...current, account: chosen });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
}

function renderHeader(user: { userType: string; role: number }) {
  const onSwitched = vi.fn();
  const rendered = renderWithProviders(
    <header>
      <HeaderAccount user={user} onSwitched={onSwitched} />
    </header>,
  );
  return { ...rendered, onSwitched };
}

/** Settles once the header has read the current account (the single call it makes). */
async function untilAccountRead(calls: { url: string }[]) {
  await waitFor(() => expect(calls.some((call) => call.url === '/api/accounts/current')).toBe(true));
}

describe('HeaderAccount', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives a super user who can switch a switcher of every account, showing the current one', async () => {
    serve({ account: australia, accounts: [australia, newZealand], canSwitch: true, hasSeveralAccounts: true });
    renderHeader(superUser);
    const switcher = await screen.findByRole('combobox', { name: 'Account' });
    expect(switcher).toHaveValue(australia.id);
    expect(within(switcher).getAllByRole('option').map((option) => option.textContent)).toEqual([australia.name, newZealand.name]);
  });

  it('switches: tells the server, forgets everything read in the old account, and goes on', async () => {
    const { calls } = serve({ account: australia, accounts: [australia, newZealand], canSwitch: true, hasSeveralAccounts: true });
    const { queryClient, onSwitched } = renderHeader(superUser);
    queryClient.setQueryData(['programs', 'list'], { rows: ['an Australian program'] });
    await userEvent.setup().selectOptions(await screen.findByRole('combobox', { name: 'Account' }), newZealand.name);

    await waitFor(() => expect(onSwitched).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/accounts/current', body: { accountId: newZealand.id } });
    expect(queryClient.getQueryData(['programs', 'list'])).toBeUndefined();
    expect(screen.getByRole('combobox', { name: 'Account' })).toHaveValue(newZealand.id);
    expect(await screen.findByText(`You now work in ${newZealand.name}.`)).toBeInTheDocument();
  });

  it('gives anyone but a super user no switcher, even were the server to say they could switch', async () => {
    const { calls } = serve({ account: australia, accounts: [australia, newZealand], canSwitch: true, hasSeveralAccounts: true });
    renderHeader(accountAdministrator);
    expect(await screen.findByTestId('header-account-name')).toHaveTextContent(australia.name);
    await untilAccountRead(calls);
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('names the account, without a switcher, for a super user who has nowhere to switch to', async () => {
    serve({ account: newZealand, accounts: [newZealand], canSwitch: false, hasSeveralAccounts: true });
    renderHeader(superUser);
    expect(await screen.findByTestId('header-account-name')).toHaveTextContent(newZealand.name);
    expect(screen.queryByRole('combobox', { name: 'Account' })).not.toBeInTheDocument();
  });

  it.each([
    ['a super user', superUser],
    ['an account administrator', accountAdministrator],
  ])('shows %s of a deployment with one account no account words at all', async (_who, user) => {
    const { calls } = serve({ account: australia, accounts: [australia], canSwitch: false, hasSeveralAccounts: false });
    const { container } = renderHeader(user);
    await untilAccountRead(calls);
    // Give the answer its render: nothing appears, now or after.
    await waitFor(() => expect(container.querySelector('header')).toBeEmptyDOMElement());
    expect(screen.queryByText(australia.name)).not.toBeInTheDocument();
    expect(screen.queryByText('Account')).not.toBeInTheDocument();
  });
});
