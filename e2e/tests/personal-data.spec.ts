import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu } from '../fixtures/demo-accounts';
import { personAt, registerApplicant } from '../fixtures/journey';

/**
 * Personal data (issue 15, decision 016) on the screens: a new applicant of this file downloads
 * their archive and asks for deletion; the super user completes the request; the applicant can no
 * longer sign in. Never the demo applicant: completing a request anonymises for good.
 */
test('an applicant downloads their data and asks for deletion; staff complete it and the account is gone', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const person = await registerApplicant(request, { firstName: 'Parker', lastName: 'Private', emailPrefix: 'e2e.privacy', password: 'Private-2026-data' });
  const reason = `Moving overseas (e2e ${Date.now()})`;

  // The applicant: Profile -> Your data.
  const applicant = await personAt(browser, '/student/login', person.email, person.password);
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Profile' }).click();
  const section = applicant.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeVisible();
  expect(await seriousViolations(applicant)).toEqual([]);

  // The archive, saved under the server's name.
  const downloaded = applicant.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync(await download.path());
  expect(zip.length).toBeGreaterThan(0);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeEnabled();

  // The deletion request, with a reason; the dialog checks the contract's limit first.
  await section.getByRole('button', { name: 'Ask to delete my account' }).click();
  const ask = applicant.getByRole('dialog', { name: 'Ask to delete your account' });
  await ask.getByLabel('Reason (optional)').fill('x'.repeat(1001));
  await expect(ask.getByText('Reason must be at most 1000 characters')).toBeVisible();
  await ask.getByLabel('Reason (optional)').fill(reason);
  await expect(ask.getByText('Reason must be at most 1000 characters')).toHaveCount(0);
  expect(await seriousViolations(applicant)).toEqual([]);
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  await expect(section.getByTestId('deletion-requested')).toContainText('We have received your request');
  await expect(section.getByRole('button', { name: 'Ask to delete my account' })).toHaveCount(0);

  // The super user: Users -> Deletion requests, the row of this applicant among any others.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await mainMenu(staff).getByRole('link', { name: 'Users' }).click();
  await staff.getByRole('link', { name: 'Deletion requests' }).click();
  await expect(staff).toHaveURL(/\/admin\/users\/deletion-requests$/);
  const table = staff.getByRole('table', { name: 'Deletion requests' });
  const row = table.getByRole('row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(person.name);
  await expect(row).toContainText(reason);
  await expect(row.locator('[data-status="Requested"]')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);

  await row.getByRole('button', { name: 'Complete' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Complete deletion request' });
  await expect(confirm).toContainText(person.email);
  await confirm.getByRole('button', { name: 'Complete' }).click();
  await expect(confirm).toBeHidden();
  await expect(staff.getByText('Deletion request completed')).toBeVisible();

  // The applicant is anonymised: the same request (found by its reason, which is kept) is now completed.
  const completed = table.getByRole('row').filter({ hasText: reason });
  await expect(completed.locator('[data-status="Completed"]')).toBeVisible();
  await expect(completed).toContainText('Deleted Applicant');
  await expect(completed).not.toContainText(person.email);
  await expect(completed.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: person.email })).toHaveCount(0);

  // The applicant can no longer sign in.
  const again = await browser.newContext();
  const login = await again.newPage();
  await login.goto('/student/login');
  await login.getByLabel('Email').fill(person.email);
  await login.getByLabel('Password').fill(person.password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(login.getByTestId('sign-in-error')).toBeVisible();
  await expect(login).toHaveURL(/\/student\/login$/);

  await again.close();
  await applicant.context().close();
  await staff.context().close();
});
