import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { fillDateTime, personAt } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';

/**
 * The demo AICIP renewer (seed: `demo-aicip-renewals.ts`) holds an AICIP-PIPE certification that
 * expires two months after the seed ran (five-year renewal period); the program has one renewal
 * module, AIC-R1. Only this file uses that holder and the venue seeded beside it.
 */
const RENEWER = { email: 'aicip.renewer@demo.local', name: 'Ariel Inspector' };
const PROGRAM_CODE = 'AICIP-PIPE';
const VENUE = 'Newcastle Inspection Centre';

/** A `YYYY-MM-DD` day moved by whole years, as the server computes a renewal's expiry (29 February becomes 28). */
function addYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return `${year + years}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/** Tomorrow in Sydney, at ten in the morning, as a datetime-local input takes it. */
function tomorrowAtTenInSydney(): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + 86_400_000));
  return `${day}T10:00`;
}

test('an AICIP holder renews, pays the renewal module invoice, staff record the module result and renew; the new expiry shows', async ({ browser }) => {
  test.setTimeout(600_000);

  // 1. The holder's Awards list offers Renew on the AICIP award inside its window; the form is the AICIP renewal's.
  const holder = await personAt(browser, '/student/login', RENEWER.email);
  await holder.goto('/student/applications');
  const row = holder.getByTestId('awards-table').getByRole('row', { name: new RegExp(PROGRAM_CODE) });
  const renew = row.getByRole('link', { name: /^Renew certificate / });
  await expect(renew).toBeVisible();
  const oldExpiry = ((await row.locator('time').last().getAttribute('datetime')) ?? '').slice(0, 10);
  expect(oldExpiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const newExpiry = addYears(oldExpiry, 5);
  await renew.click();
  await expect(holder).toHaveURL(/\/renew\?type=aiciprenewalapplication$/);
  await expect(holder.getByRole('heading', { level: 1 })).toHaveText(/^Renew AICIP Pressure Equipment Inspector/);
  const answers = holder.getByRole('textbox');
  await expect(answers.first()).toBeVisible();
  const count = await answers.count();
  for (let i = 0; i < count; i++) await answers.nth(i).fill('Signed in-service inspection reports on refinery piping every year since my award.');
  expect(await seriousViolations(holder)).toEqual([]);
  const submitted = holder.waitForResponse((r) => /\/api\/aiciprenewalapplication\/[0-9a-f-]{36}\/submit$/.test(r.url()) && r.ok());
  await holder.getByRole('button', { name: 'Submit renewal' }).click();
  await holder.getByRole('dialog', { name: 'Submit this renewal?' }).getByRole('button', { name: 'Confirm and submit' }).click();
  await submitted;
  await expect(holder.getByTestId('renewal-status')).toHaveText('Submitted');
  await expect(holder.getByRole('status').filter({ hasText: 'We will invoice your renewal modules' })).toBeVisible();
  const renewalPage = holder.url();

  // 2. Staff find it in the AICIP program's renewal queue; Renew waits for the modules.
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/renewals');
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Renewals');
  const program = staff.getByRole('combobox', { name: 'Program' });
  const programValue = await program.locator('option', { hasText: PROGRAM_CODE }).getAttribute('value');
  await program.selectOption(programValue ?? '');
  const table = staff.getByTestId('renewals-table');
  await searchList(staff, staff.getByRole('searchbox', { name: 'Search' }), 'Inspector', table);
  const queued = table.getByRole('row', { name: new RegExp(RENEWER.name) });
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText('Submitted');
  await queued.getByRole('link', { name: new RegExp(`^Renewal .* of ${RENEWER.name}$`) }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(/^Renewal of /);
  await expect(staff.getByTestId('renew-blocked')).toContainText('The renewal modules have not been invoiced yet');
  await expect(staff.getByRole('button', { name: 'Renew', exact: true })).toBeDisabled();

  // 3. Staff invoice the renewal module at the holder's renewal fee.
  const modules = staff.getByTestId('renewal-modules');
  await expect(modules.getByRole('combobox', { name: 'Choice for AIC-R1' })).toHaveValue('required');
  expect(await seriousViolations(staff)).toEqual([]);
  // A discount code is checked when the invoice is issued: an unknown one is refused at its field and nothing is issued.
  const discount = modules.getByRole('textbox', { name: 'Discount code' });
  await discount.fill('not-a-code');
  await modules.getByRole('button', { name: 'Issue invoice' }).click();
  await expect(modules.getByText('Discount code not found')).toBeVisible();
  await expect(discount).toHaveAttribute('aria-invalid', 'true');
  await expect(modules.getByTestId('renewal-invoice')).toHaveCount(0);
  expect(await seriousViolations(staff)).toEqual([]);
  await discount.fill('');
  await modules.getByRole('button', { name: 'Issue invoice' }).click();
  const invoiceText = modules.getByTestId('renewal-invoice');
  await expect(invoiceText).toContainText('awaiting payment');
  const invoiceNumber = ((await invoiceText.textContent()) ?? '').match(/INV-\d+/)?.[0] ?? '';
  expect(invoiceNumber).toMatch(/^INV-\d+$/);

  // 4. The holder pays it on the test gateway from their renewal page.
  await holder.goto(renewalPage);
  await expect(holder.getByTestId('renewal-invoice')).toContainText(invoiceNumber);
  await holder.getByRole('link', { name: 'Pay invoice' }).click();
  await expect(holder.getByRole('heading', { level: 1 })).toHaveText(`Pay invoice ${invoiceNumber}`);
  await holder.getByRole('button', { name: 'Pay now' }).click();
  await expect(holder).toHaveURL(/\/payment-gateway\/test\/tgs_[0-9a-f]{24}\?token=/);
  // The gateway's page is a fresh load of the app: on a loaded machine it can take a while.
  await expect(holder.getByRole('heading', { level: 1 })).toHaveText('Test payment gateway', { timeout: 45_000 });
  await holder.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(holder.getByTestId('payment-result')).toContainText('Payment received', { timeout: 45_000 });

  // 5. Staff schedule the module at the seeded venue and send it, then record a pass.
  await staff.reload();
  await expect(modules.getByTestId('renewal-invoice')).toContainText('paid', { timeout: 45_000 });
  await fillDateTime(modules, tomorrowAtTenInSydney(), { date: 'Date of AIC-R1', time: 'Time of AIC-R1' });
  await modules.getByRole('combobox', { name: 'Venue of AIC-R1' }).selectOption({ label: VENUE });
  await modules.getByRole('combobox', { name: 'Examiner of AIC-R1' }).selectOption({ label: 'Casey Contributor' });
  expect(await seriousViolations(staff)).toEqual([]);
  await modules.getByRole('button', { name: 'Send schedule' }).click();
  await expect(modules.getByText(/^Sent on /)).toBeVisible();
  await modules.getByRole('combobox', { name: 'Result of AIC-R1' }).selectOption('Pass');
  await modules.getByLabel('Percentage of AIC-R1').fill('84');
  await modules.getByRole('button', { name: 'Save results' }).click();
  await expect(staff.getByTestId('renew-blocked')).toHaveCount(0);

  // 6. Staff renew: five more years from the old expiry.
  await staff.getByRole('button', { name: 'Renew', exact: true }).click();
  await staff.getByRole('dialog', { name: 'Renew this award?' }).getByRole('button', { name: 'Confirm renewal' }).click();
  await expect(staff.getByTestId('renewal-status')).toHaveText('Renewed');
  await expect(staff.getByTestId('renewal-expires-on').locator('time')).toHaveAttribute('datetime', new RegExp(`^${newExpiry}`));

  // 7. The holder's Awards list shows the same certificate with its new expiry, and no Renew yet.
  await holder.goto('/student/applications');
  const renewed = holder.getByTestId('awards-table').getByRole('row', { name: new RegExp(PROGRAM_CODE) });
  // A fresh load of the applicant area: on a loaded machine the list can take a while.
  await expect(renewed.locator(`time[datetime^="${newExpiry}"]`)).toHaveCount(1, { timeout: 45_000 });
  await expect(renewed.locator('[data-status="Current"]')).toBeVisible();
  await expect(renewed.getByRole('link', { name: /^Renew certificate / })).toHaveCount(0);
});
