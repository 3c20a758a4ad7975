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

/**
 * A super user of this test's own, made by the demo super user through the Users screen's API:
 * switching moves the super user who switches, and the journeys that run beside this one need
 * Sam Super in the first account as the seed left him.
 */
async function ownSuperUser(request: APIRequestContext) {
  const email = `sasha.switcher.${Date.now()}@demo.local`;
  const password = 'Switching-2026-ok';
  const menuItems = ['Dashboard', 'Programs'];
  await api(request, 'POST', '/api/accountuser', await signInApi(request, DEMO.superUser), { firstName: 'Sasha', lastName: 'Switcher', email, password, role: 1, active: true, menuItems });
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
  await expect(page.getByText(`You now work in ${accountName}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/superUserHome$/);
  await expect(accountSwitcher(page).locator('option:checked')).toHaveText(accountName);
}

async function openPrograms(page: Page): Promise<void> {
  await mainMenu(page).getByRole('link', { name: 'Programs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
}

test('a super user creates a New Zealand account, works in it with its own programs and settings, and switches back', async ({ browser, request }) => {
  const stamp = Date.now().toString(36);
  const account = { name: `Welders of Aotearoa ${stamp}`, shortName: `aotearoa-${stamp}` };
  const superUser = await ownSuperUser(request);
  const page = await personAt(browser, '/admin/login', superUser.email, superUser.password);
  await expect(page).toHaveURL(/\/admin\/superUserHome$/);

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

  // There are now several accounts: the header names the one shown, and offers the new one.
  const firstAccountName = (await accountSwitcher(page).locator('option:checked').textContent()) ?? '';
  expect(firstAccountName).not.toBe('');
  await switchTo(page, account.name);

  // Nothing of the account left behind: no programs, not one of the Australian ones.
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

  await switchTo(page, firstAccountName);
  await openPrograms(page);
  await expect(page.getByTestId('programs-table').getByRole('link', { name: 'Q-WELD-INSP', exact: true })).toBeVisible();
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
