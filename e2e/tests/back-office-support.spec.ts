import { expect, test, type APIRequestContext } from '../fixtures/test';
import { acceptedApplication, issueInvoice } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { personAt } from '../fixtures/journey';

const PROGRAM_CODE = 'AICIP-PIPE';
const CONFIRMATIONS_DUE = 'Welder confirmations and revalidations due in 60 days';

/**
 * Setup through the API calls the screens before the payment make: a new applicant applies to the
 * demo AICIP program; Casey Contributor recommends, the account administrator (the manager)
 * accepts and, at the pre-exam stage, invoices AIC-P1 alone. The application then waits for its
 * payment ("Payment requested", invoice Issued).
 */
async function aicipApplicationAwaitingPayment(request: APIRequestContext) {
  const application = await acceptedApplication(request, 'aicipapplication', PROGRAM_CODE, {
    firstName: 'Penny',
    lastName: `Transfer${Date.now() % 100000}`,
    emailPrefix: 'aicip-payment',
    password: 'Aicip-payment-2026!',
    timeZone: 'Australia/Sydney',
    answerText: 'Seven years of in-service piping inspection.',
  });
  await issueInvoice(request, application, { 'AIC-P1': 'required', 'AIC-P2': 'notTaken' });
  return application;
}

test('an account administrator finds an AICIP application awaiting payment on the Support screen, records the payment after a confirmation, and sees it paid', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const setup = await aicipApplicationAwaitingPayment(request);
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/users/support');
  const section = staff.getByRole('region', { name: 'AICIP payments' });
  await section.getByLabel('Find an AICIP application').fill(setup.applicationNumber);
  const table = staff.getByTestId('aicip-payments');
  const row = table.getByRole('row').filter({ hasText: setup.applicationNumber });
  await expect(row).toContainText(setup.name);
  await expect(row).toContainText('Issued');
  // AIC-P1 at the non-member fee.
  await expect(row).toContainText('$640.00');
  expect(await seriousViolations(staff)).toEqual([]);

  await row.getByRole('button', { name: `Record payment: ${setup.applicationNumber}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Record AICIP payment: ${setup.applicationNumber}` });
  await expect(dialog.getByTestId('aicip-invoice-status')).toHaveText('Issued');
  // Nothing typed: the contract's messages at the fields, and nothing is sent.
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Payment reference is required')).toBeVisible();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  const reference = `EFT-SUPPORT-${Date.now()}`;
  const reason = `Bank transfer ${reference} seen on the statement`;
  await dialog.getByLabel('Payment reference').fill(reference);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText(`Record a payment of $640.00 for invoice`)).toContainText(reference);
  expect(await seriousViolations(staff)).toEqual([]);

  const recorded = staff.waitForResponse((response) => response.url().endsWith('/api/108/aicippayment') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  expect((await recorded).status()).toBe(200);
  await expect(dialog.getByRole('status')).toContainText(`Payment of $640.00 recorded with reference ${reference}`);
  await expect(dialog.getByTestId('aicip-invoice-status')).toHaveText('Paid');
  await expect(dialog.getByTestId('aicip-application-stage')).toHaveText('Payment completed');
  expect(await seriousViolations(staff)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Paid: no longer waiting, and the support log says who recorded it and why.
  await expect(table).toContainText('No AICIP application waiting for payment matches.');
  await expect(staff.getByTestId('support-log').getByRole('row').filter({ hasText: reason })).toContainText('AICIP payment recorded');

  // The application's own page says the same: it moved on to its exams.
  await staff.goto(`/admin/programs/${setup.programId}/applications/aicipapplication/${setup.id}`);
  await expect(staff.getByRole('heading', { name: `Application ${setup.applicationNumber}`, level: 1 })).toBeVisible();
  await expect(staff.getByText('Payment completed', { exact: true }).first()).toBeVisible();
});

test('the dashboard shows the welder confirmations due, readable as a table, and its link opens Welders due with the same number', async ({ browser }) => {
  test.setTimeout(300_000);
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/dashboard');
  // The dashboard's page code (charts included) loads on first visit; a busy machine takes its time.
  await expect(staff.getByRole('heading', { name: 'Pending actions' })).toBeVisible({ timeout: 120_000 });
  // Other journeys may make welders due meanwhile: the two screens are read again until they agree.
  await expect(async () => {
    await staff.goto('/admin/dashboard');
    const link = staff.getByRole('link', { name: new RegExp(`^${CONFIRMATIONS_DUE}: \\d+$`) });
    const count = (await link.textContent())?.trim() ?? '';
    expect(count).toMatch(/^\d+$/);
    // The same figure in the pending actions' table for screen readers.
    await expect(staff.getByTestId('dashboard-pending').getByRole('row', { name: new RegExp(CONFIRMATIONS_DUE) })).toContainText(count);
    await link.click();
    await expect(staff).toHaveURL(/\/admin\/welders-due$/);
    await expect(staff.getByRole('heading', { name: 'Welders due', level: 1 })).toBeVisible();
    await expect(staff.getByText(new RegExp(`of ${count}$`))).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 150_000 });
  await staff.goto('/admin/dashboard');
  await expect(staff.getByRole('heading', { name: 'Pending actions' })).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
});
