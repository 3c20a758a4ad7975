import { expect, test, type Page } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo-accounts';
import { personAt } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';
import { waitForMailLink } from '../fixtures/mailbox';

/**
 * Issue 42: staff with the Users menu invite a company's first coordinator from Users -> Companies;
 * the invitation's link lets them choose a password, and they sign in to the company's portal.
 * The company and the coordinator's email are this run's own.
 */

/** Signs in at the company portal's own sign-in page, as a company user would. */
async function signInAtCompanyPortal(page: Page, email: string, password: string): Promise<void> {
  await expect(page).toHaveURL(/\/employer\/login$/);
  await expect(page.getByRole('heading', { name: 'Company sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test("staff invite a company's coordinator, who chooses a password from the mail and signs in to the company's portal", async ({ browser, request }) => {
  const run = Date.now().toString(36);
  const company = { name: `Shoalhaven Welding ${run}`, contactEmail: `office.${run}@example.test` };
  const coordinator = { firstName: 'Corey', lastName: `Coordinator${run}`, email: `coordinator.${run}@example.test` };
  // The password rule wants a digit; the run's base-36 stamp may have none, so the password carries its own.
  const password = `Company-${run}-portal-2026`;
  await api(request, 'POST', '/api/company', await signInApi(request, DEMO.accountAdmin), company);

  // Staff find the company on Users -> Companies and open it: no users yet.
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/users/companies');
  const companies = staff.getByTestId('companies-table');
  await searchList(staff, staff.getByLabel('Search'), company.name, companies);
  await companies.getByRole('button', { name: `Edit ${company.name}` }).click();
  const dialog = staff.getByRole('dialog', { name: 'Edit company' });
  await expect(dialog.getByText(`${company.name} has no users yet.`)).toBeVisible();

  // They invite the coordinator (the role offered first): listed as invited, by them.
  const form = dialog.getByRole('form', { name: 'Invite a company user' });
  await form.getByRole('textbox', { name: 'First Name' }).fill(coordinator.firstName);
  await form.getByRole('textbox', { name: 'Last Name' }).fill(coordinator.lastName);
  await form.getByRole('textbox', { name: 'Email' }).fill(coordinator.email);
  await expect(form.getByRole('textbox', { name: 'Role' })).toHaveValue('Company coordinator');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const users = dialog.getByRole('table', { name: `Users of ${company.name}` });
  const row = users.getByRole('row').filter({ hasText: coordinator.email });
  await expect(row).toContainText(`${coordinator.firstName} ${coordinator.lastName}`);
  await expect(row).toContainText('Company coordinator');
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('by Alex Administrator');

  // The mail's link: a first password, then Sign in leads to the company portal's sign-in.
  const { mail, link } = await waitForMailLink(coordinator.email, /\/reset-password\/[^/?\s]+\?invited=1$/);
  expect(mail.subject).toBe(`${company.name}: you are invited to the company's portal`);
  const context = await browser.newContext();
  const page = await context.newPage();
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByTestId('reset-result')).toContainText('Password set');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await signInAtCompanyPortal(page, coordinator.email, password);

  // Their company's portal: its name is the home page's heading.
  await expect(page).toHaveURL(/\/employer\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();

  // Staff see that they have signed up.
  await staff.reload();
  await searchList(staff, staff.getByLabel('Search'), company.name, companies);
  await companies.getByRole('button', { name: `Edit ${company.name}` }).click();
  await expect(dialog.getByRole('table', { name: `Users of ${company.name}` }).getByRole('row').filter({ hasText: coordinator.email })).toContainText('Signed up');
  await context.close();
});

test("the demo's coordinator signs in to Illawarra Steel Fabricators' portal", async ({ page }) => {
  await page.goto('/employer/login');
  await signInAtCompanyPortal(page, DEMO.companyCoordinator, DEMO_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Illawarra Steel Fabricators Pty Ltd' })).toBeVisible();
  await expect(page.getByTestId('employer-role')).toHaveText('Coordinator');
});
