import { expect, test } from '../fixtures/test';
import { fillDay, submitApplication } from '../fixtures/journey';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';
import { searchList } from '../fixtures/lists';

test('the super user creates a discount code, sees it listed and deactivates it; a wrong form says what is wrong', async ({ browser }) => {
  // axe-core is injected as a script, which the app's CSP rightly forbids; this context bypasses it to check the page.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Discount Codes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Discount Codes');

  // An empty form, then a wrong one: the messages stand at their fields.
  await page.getByRole('button', { name: 'New discount code' }).click();
  const form = page.getByRole('form', { name: 'Discount code' });
  await form.getByRole('button', { name: 'Create discount code' }).click();
  await expect(form.getByText('Code is required')).toBeVisible();
  await expect(form.getByText('Program Type is required')).toBeVisible();
  await expect(form.getByText('Valid from is required')).toBeVisible();
  await form.getByLabel('Code').fill('x!');
  await form.getByLabel('Percentage (%)').fill('150');
  await fillDay(form.getByRole('textbox', { name: 'Valid from' }), '2026-04-30');
  await fillDay(form.getByRole('textbox', { name: 'Valid to' }), '2026-04-01');
  await form.getByRole('button', { name: 'Create discount code' }).click();
  await expect(form.getByText('Code must be 3 to 32 characters')).toBeVisible();
  await expect(form.getByText('Percentage must be a number from 1 to 100 with up to 2 decimals')).toBeVisible();
  await expect(form.getByText('Valid to must be after valid from')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Put right and created: listed with its discount, scope, uses and state.
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Description').fill('Welding Week offer');
  await form.getByLabel('Percentage (%)').fill('12.5');
  await form.getByLabel('Program Type').selectOption({ label: 'Qualification' });
  await fillDay(form.getByRole('textbox', { name: 'Valid from' }), '2026-01-01');
  await fillDay(form.getByRole('textbox', { name: 'Valid to' }), '2099-12-31');
  await form.getByLabel('Usage limit').fill('25');
  await form.getByRole('button', { name: 'Create discount code' }).click();
  await expect(form).toBeHidden();

  const table = page.getByTestId('discount-codes-table');
  await searchList(page, page.getByLabel('Search'), code.toLowerCase(), table);
  await expect(table.getByRole('row')).toHaveCount(2);
  const row = table.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('12.5 %');
  await expect(row).toContainText('All Qualification programs');
  await expect(row).toContainText('01-Jan-2026');
  await expect(row).toContainText('31-Dec-2099');
  await expect(row).toContainText('0 of 25');
  await expect(row.locator('[data-status="Active"]')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Deactivated, it reads Inactive.
  await row.getByRole('button', { name: `Deactivate ${code}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.locator('[data-status="Inactive"]')).toBeVisible();
  await context.close();
});

test('the applicant reads their application’s history; staff find it among all applications of its type', async ({ browser }) => {
  const PROGRAM_CODE = 'C-WELD-SUP';
  const applicantContext = await browser.newContext({ bypassCSP: true });
  const applicant = await applicantContext.newPage();
  await signInAs(applicant, '/student/login', DEMO.applicant);
  await applicant.getByRole('link', { name: PROGRAM_CODE }).click();
  await applicant.getByRole('link', { name: 'Apply', exact: true }).click();
  await applicant.getByLabel('Your answer to SUP-3Y').fill('Three years supervising a structural steel welding shop of twelve.');
  await applicant.getByRole('button', { name: 'Save draft' }).click();
  await expect(applicant.getByText('Draft saved')).toBeVisible();
  const history = applicant.getByTestId('applicant-application-history');
  await expect(history.getByRole('row')).toHaveCount(2);
  await expect(history.getByRole('row').nth(1)).toContainText('Application Started');

  await applicant.getByRole('checkbox', { name: 'I accept the declaration' }).check();
  await submitApplication(applicant);
  const applicationNumber = (await applicant.getByTestId('application-number').textContent())?.trim() ?? '';
  expect(applicationNumber).toMatch(/^C-\d{4}-\d{5}$/);
  await expect(history.getByRole('row')).toHaveCount(3);
  const submitted = history.getByRole('row').nth(2);
  // When is the row's header; From and To are its cells (the history is a DataTable since issue 45 item 14).
  await expect(submitted.getByRole('cell').nth(0)).toHaveText('Application Started');
  await expect(submitted.getByRole('cell').nth(1)).toHaveText('Application Submitted');
  await expect(submitted.getByRole('rowheader')).toContainText(/AE[DS]T/);
  expect(await seriousViolations(applicant)).toEqual([]);
  await applicantContext.close();

  // The contributor assesses for C-WELD-SUP: the page of all applications shows it under Certification.
  const staffContext = await browser.newContext({ bypassCSP: true });
  const staff = await staffContext.newPage();
  await signInAs(staff, '/admin/login', DEMO.contributor);
  await mainMenu(staff).getByRole('link', { name: 'Programs' }).click();
  await staff.getByRole('link', { name: 'All applications' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Applications');
  // Mantine's segmented control hides its radio inputs behind their labels, which take the click.
  await staff.locator('label', { hasText: /^Certification$/ }).click();
  await expect(staff.getByRole('radio', { name: 'Certification' })).toBeChecked();
  const queue = staff.getByTestId('application-queue');
  await searchList(staff, staff.getByLabel('Search'), applicationNumber, queue);
  await expect(queue.getByRole('row')).toHaveCount(2);
  await expect(queue.getByRole('row').nth(1)).toContainText(PROGRAM_CODE);
  expect(await seriousViolations(staff)).toEqual([]);
  await queue.getByRole('link', { name: applicationNumber }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Application ${applicationNumber}`);
  await staffContext.close();
});
