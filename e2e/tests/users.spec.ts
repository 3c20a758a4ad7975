import { expect, test, type APIRequestContext } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { DEMO, mainMenu, signInAs, signOut } from '../fixtures/demo-accounts';
import { searchList } from '../fixtures/lists';

/**
 * An admin user of this test's own, made by the super user through the API the Users screen uses:
 * the journeys that run beside these tests need the demo staff (Uma User invigilates, Sam Super
 * reads Sydney time) as the seed left them.
 */
async function ownAdminUser(request: APIRequestContext, person: { firstName: string; lastName: string; role: 2 | 4; menuItems: string[] }) {
  const email = `${person.firstName.toLowerCase()}.${Date.now()}@demo.local`;
  const password = 'Welding-2026-ok';
  await api(request, 'POST', '/api/accountuser', await signInApi(request, DEMO.superUser), { ...person, email, password, active: true });
  return { email, password, name: `${person.firstName} ${person.lastName}` };
}

test('the super user adds an admin user, who then signs in and sees the chosen menu', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByTestId('users-table')).toContainText(DEMO.contributor);
  await expect(page.getByTestId('range-text')).toHaveText('Showing 1 to 4 of 4');

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('First Name').fill('Quinn');
  await dialog.getByLabel('Last Name').fill('Examiner');
  await dialog.getByLabel('Email', { exact: true }).fill('quinn.examiner');
  await dialog.getByLabel('Role').selectOption({ label: 'Account Contributor' });
  await dialog.getByLabel('Password').fill('Welding-2026-ok');
  await dialog.getByRole('group', { name: 'Side menu items' }).getByLabel('Examinations').check();
  await dialog.getByRole('group', { name: 'Side menu items' }).getByLabel('Reports').check();
  await dialog.getByRole('button', { name: 'Create user' }).click();
  // The shared schema's message, at the field; nothing is sent.
  await expect(dialog.getByText('Invalid email')).toBeVisible();

  // An email already in use is refused by the server, at the field, keeping what was typed.
  await dialog.getByLabel('Email', { exact: true }).fill(DEMO.contributor.toUpperCase());
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('A user with this email already exists')).toBeVisible();
  await expect(dialog.getByLabel('First Name')).toHaveValue('Quinn');

  await dialog.getByLabel('Email', { exact: true }).fill('quinn.examiner@demo.local');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('users-table')).toContainText('quinn.examiner@demo.local');
  await expect(page.getByTestId('range-text')).toHaveText('Showing 1 to 5 of 5');

  await searchList(page, page.getByLabel('Search'), 'quinn', page.getByTestId('users-table'));
  await expect(page.getByTestId('range-text')).toHaveText('Showing 1 to 1 of 1');

  await signOut(page);
  await signInAs(page, '/admin/login', 'quinn.examiner@demo.local', 'Welding-2026-ok');
  await expect(page).toHaveURL(/\/admin\/accountContributorHome$/);
  await expect(mainMenu(page).getByRole('link')).toHaveText(['Examinations', 'Reports']);
});

test('a deactivated user is signed out at their next request and cannot sign in again', async ({ browser, request }) => {
  const user = await ownAdminUser(request, { firstName: 'Dale', lastName: 'Deactivated', role: 4, menuItems: ['Dashboard', 'Reports'] });
  const adminPage = await (await browser.newContext()).newPage();
  const userPage = await (await browser.newContext()).newPage();
  await signInAs(userPage, '/admin/login', user.email, user.password);
  await expect(userPage).toHaveURL(/\/admin\/userHome$/);

  await signInAs(adminPage, '/admin/login', DEMO.superUser);
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('button', { name: `Edit ${user.name}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByLabel('Active').uncheck();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage.getByRole('row', { name: new RegExp(user.name) })).toContainText('Inactive');

  await userPage.reload();
  await expect(userPage).toHaveURL(/\/admin\/login/);
  await userPage.getByLabel('Email').fill(user.email);
  await userPage.getByLabel('Password').fill(user.password);
  await userPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(userPage.getByRole('alert')).toContainText('Invalid email or password');
});

test('the chosen time zone is kept and used for the dates on screen', async ({ page, request }) => {
  const admin = await ownAdminUser(request, { firstName: 'Tess', lastName: 'Timezone', role: 2, menuItems: ['Dashboard', 'Users'] });
  await signInAs(page, '/admin/login', admin.email, admin.password);
  await page.goto('/admin/users');
  const firstModified = page.getByTestId('users-table').getByRole('row').nth(1).getByRole('cell').nth(3);
  await expect(firstModified).toContainText(/AEDT|AEST/);
  await page.getByLabel('Time zone').selectOption('Australia/Perth');
  await expect(page.getByText('Time zone saved')).toBeVisible();
  await expect(firstModified).toContainText('AWST');
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('Australia/Perth');
  await expect(firstModified).toContainText('AWST');
});
