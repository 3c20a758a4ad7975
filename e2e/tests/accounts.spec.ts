import { expect, test, type APIRequestContext, type Page } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';
import { personAt } from '../fixtures/journey';

/**
 * Accounts (issue 40): a platform super user makes a New Zealand awarding body on the screens,
 * works in it and comes back; an account administrator keeps to their own account.
 */

/** The first account's short name (migration 0030): taken for as long as the platform stands. */
const FIRST_ACCOUNT_SHORT_NAME = 'main';

interface NewAccount {
  name: string;
  shortName: string;
}

/** An Australian body made through the API the New account form uses: the own super user's home for this test. */
async function australianAccount(request: APIRequestContext, jwt: string, account: NewAccount): Promise<{ id: string }> {
  return api(request, 'POST', '/api/accounts', jwt, {
    ...account,
    country: 'AU',
    abn: '51 824 753 556',
    address: '3 George Street, Brisbane QLD 4000',
    contactEmail: `accounts.${account.shortName}@example.test`,
    mailSenderName: account.name,
    timeZone: 'Australia/Brisbane',
    currency: 'AUD',
    gstRatePercent: 10,
    invoicePrefix: 'HOME',
    certificateNumberPattern: '',
  });
}

/**
 * A super user of this test's own, working in an Australian account of its own. Switching moves
 * the super user who switches: Sam Super must stay in the first account for the journeys beside
 * this one, and the first account's staff list must keep its four demo users (users.spec.ts), so
 * the new super user leaves it at once for its own account.
 */
async function ownSuperUser(request: APIRequestContext, home: NewAccount) {
  const samJwt = await signInApi(request, DEMO.superUser);
  const { id: homeId } = await australianAccount(request, samJwt, home);
  const email = `sasha.switcher.${Date.now()}@demo.local`;
  const password = 'Switching-2026-ok';
  await api(request, 'POST', '/api/accountuser', samJwt, { firstName: 'Sasha', lastName: 'Switcher', email, password, role: 1, active: true, menuItems: ['Dashboard', 'Programs'] });
  await api(request, 'POST', '/api/accounts/current', await signInApi(request, email, password), { accountId: homeId });
  return { email, password };
}

function banner(page: Page) {
  return page.getByRole('banner');
}

function accountSwitcher(page: Page) {
  return banner(page).getByRole('combobox', { name: 'Account', exact: true });
}

async function openAccountSettings(page: Page): Promise<void> {
  await banner(page).getByRole('link', { name: 'Account settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save settings' })).toBeVisible();
}

/** Chooses an account in the header's switcher and waits for the home page it leads to, read in that account. */
async function switchTo(page: Page, accountName: string): Promise<void> {
  await accountSwitcher(page).selectOption({ label: accountName });
  const notice = page.getByRole('alert').filter({ hasText: `You now work in ${accountName}.` });
  await expect(notice).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/superUserHome$/);
  await expect(accountSwitcher(page).locator('option:checked')).toHaveText(accountName);
  // The notice lies over the header's links (and stays while the pointer rests on it): read, it is closed.
  await notice.getByRole('button', { name: 'Close notification' }).click();
  await expect(notice).toBeHidden();
}

async function openPrograms(page: Page): Promise<void> {
  await mainMenu(page).getByRole('link', { name: 'Programs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
}

test('a super user creates a New Zealand account, works in it with its own programs and settings, and switches back', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const home = { name: `Queensland Welding Board ${stamp}`, shortName: `qld-${stamp}` };
  const account = { name: `Welders of Aotearoa ${stamp}`, shortName: `aotearoa-${stamp}` };
  const superUser = await ownSuperUser(request, home);
  const page = await personAt(browser, '/admin/login', superUser.email, superUser.password);
  await expect(page).toHaveURL(/\/admin\/superUserHome$/);
  // Several accounts: the header says which one the screens show.
  await expect(accountSwitcher(page).locator('option:checked')).toHaveText(home.name);

  await openAccountSettings(page);
  await page.getByRole('link', { name: 'New account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New account' })).toBeVisible();
  const form = page.getByRole('main');
  await form.getByLabel('Name', { exact: true }).fill(account.name);
  await form.getByLabel('Short Name').fill(FIRST_ACCOUNT_SHORT_NAME);
  await form.getByLabel('Country').selectOption({ label: 'New Zealand' });
  // A New Zealand body has an NZBN and a GST number, not an ABN; its currency and rate follow the country.
  await expect(form.getByLabel('ABN')).toHaveCount(0);
  await expect(form.getByLabel('Currency')).toHaveValue('NZD');
  await expect(form.getByLabel('GST Rate (%)')).toHaveValue('15');
  await form.getByLabel('NZBN').fill('9429041234563');
  await form.getByLabel('GST Number').fill('49-091-850');
  await form.getByLabel('Invoice Prefix').fill('AOT');
  await form.getByLabel('Address').fill('1 Queen Street, Auckland 1010, New Zealand');
  await form.getByLabel('Contact Email').fill(`accounts.${stamp}@aotearoa.example`);
  await form.getByLabel('Mail Sender Name').fill(account.name);
  expect(await seriousViolations(page)).toEqual([]);

  // A short name another account has is refused by the server, at the field, keeping what was typed.
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Another account already has this Short Name')).toBeVisible();
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue(account.name);
  await expect(form.getByLabel('NZBN')).toHaveValue('9429041234563');

  await form.getByLabel('Short Name').fill(account.shortName);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Account created')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await switchTo(page, account.name);

  // Nothing of another account: no programs, not one of the Australian ones.
  await openPrograms(page);
  await expect(page.getByTestId('programs-table')).toContainText('No programs match.');
  await expect(page.getByTestId('programs-table').getByRole('link', { name: 'Q-WELD-INSP' })).toHaveCount(0);

  // Its settings are the New Zealand body's, made with it.
  await openAccountSettings(page);
  await expect(page.getByText(`${account.name}: the awarding body's identity`)).toBeVisible();
  await expect(page.getByLabel('NZBN')).toHaveValue('9429041234563');
  await expect(page.getByLabel('GST Number')).toHaveValue('49-091-850');
  await expect(page.getByLabel('ABN')).toHaveCount(0);
  await expect(page.getByLabel('Invoice Prefix')).toHaveValue('AOT');
  await expect(page.getByTestId('follows-environment')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Back home: the Australian body's settings again.
  await switchTo(page, home.name);
  await openAccountSettings(page);
  await expect(page.getByLabel('ABN')).toHaveValue('51 824 753 556');
  await expect(page.getByLabel('NZBN')).toHaveCount(0);
});

test("an account administrator has no switcher and reaches only their own account's settings", async ({ page, request }) => {
  // An account of this test's own that the administrator must not reach, made as the screens make one.
  const stamp = Date.now().toString(36);
  const other = await api<{ id: string; name: string }>(request, 'POST', '/api/accounts', await signInApi(request, DEMO.superUser), {
    name: `Kept Apart ${stamp}`,
    shortName: `kept-apart-${stamp}`,
    country: 'NZ',
    nzbn: '9429041234563',
    gstNumber: '49-091-850',
    address: '2 Lambton Quay, Wellington 6011',
    contactEmail: `kept.${stamp}@apart.example`,
    mailSenderName: 'Kept Apart',
    timeZone: 'Pacific/Auckland',
    currency: 'NZD',
    gstRatePercent: 15,
    invoicePrefix: 'KA',
    certificateNumberPattern: '',
  });

  await signInAs(page, '/admin/login', DEMO.accountAdmin);
  await expect(page).toHaveURL(/\/admin\/accountAdminHome$/);
  await expect(banner(page).getByRole('link', { name: 'Account settings' })).toBeVisible();
  await expect(accountSwitcher(page)).toHaveCount(0);
  await expect(banner(page)).not.toContainText(other.name);

  await openAccountSettings(page);
  // Their account is the first, Australian one: an ABN, no New Zealand numbers; no way to make accounts.
  await expect(page.getByLabel('ABN')).toBeVisible();
  await expect(page.getByLabel('NZBN')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'New account' })).toHaveCount(0);
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue(other.name);

  // Another account's settings answer as if it did not exist; the new-account page is not theirs.
  const jwt = await signInApi(request, DEMO.accountAdmin);
  const refused = await request.get(`/api/accounts/${other.id}`, { headers: { authorization: `Bearer ${jwt}` } });
  expect(refused.status()).toBe(404);
  await page.goto('/admin/account-settings/new-account');
  await expect(page.getByText('You do not have access to this area.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create account' })).toHaveCount(0);
});
