import { expect, test } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';

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
  await form.getByLabel('Valid from').fill('2026-04-30');
  await form.getByLabel('Valid to').fill('2026-04-01');
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
  await form.getByLabel('Valid from').fill('2026-01-01');
  await form.getByLabel('Valid to').fill('2099-12-31');
  await form.getByLabel('Usage limit').fill('25');
  await form.getByRole('button', { name: 'Create discount code' }).click();
  await expect(form).toBeHidden();

  await page.getByLabel('Search').fill(code.toLowerCase());
  const table = page.getByTestId('discount-codes-table');
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
