import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { downloaded, textOfPdf } from '../fixtures/downloads';
import { personAt } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';

/**
 * The demo renewer (seed: `demo-renewals.ts`) holds a C-WELD-SUP certification that expires two
 * months after the seed ran, and has two professional development entries: 24 hours inside the
 * award's period and 8 from before it. Only this file uses that holder.
 */
const RENEWER = { email: 'renewer@demo.local', name: 'Rowan Renewer' };
const PROGRAM_CODE = 'C-WELD-SUP';

/** A `YYYY-MM-DD` day moved by whole years, as the server computes a renewal's expiry (29 February becomes 28). */
function addYears(day: string, years: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year + years, month, 0)).getUTCDate();
  return `${year + years}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/** A `YYYY-MM-DD` day as the platform shows and mails it: 27-Jan-2027. */
function shownDay(day: string): string {
  const [year, month, date] = day.split('-') as [string, string, string];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${date}-${months[Number(month) - 1]}-${year}`;
}

/** A `YYYY-MM-DD` day as a certificate prints it: 27 January 2027. */
function certificateDay(day: string): string {
  const [year, month, date] = day.split('-') as [string, string, string];
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return `${Number(date)} ${months[Number(month) - 1]} ${year}`;
}

test('a holder gets the expiry reminder, renews with professional development hours, staff renew, and the new expiry shows in the holder’s awards', async ({ browser }) => {
  test.setTimeout(180_000);

  // 1. The holder's Awards list offers Renew inside the renewal window.
  const holder = await personAt(browser, '/student/login', RENEWER.email);
  await holder.goto('/student/applications');
  const row = holder.getByTestId('awards-table').getByRole('row', { name: new RegExp(PROGRAM_CODE) });
  const renew = row.getByRole('link', { name: /^Renew certificate / });
  await expect(renew).toBeVisible();
  const expiresAttr = await row.locator('time').last().getAttribute('datetime');
  const oldExpiry = (expiresAttr ?? '').slice(0, 10);
  expect(oldExpiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const newExpiry = addYears(oldExpiry, 3);

  // The reminder due (three months before expiry) was sent by the expiry job when the platform started, once.
  await holder.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Notifications' }).click();
  const reminder = holder.getByTestId('inbox-table').getByRole('button', { name: new RegExp(`^Read Your certificate \\S+ expires on ${shownDay(oldExpiry)}$`) });
  await expect(reminder).toHaveCount(1);
  await reminder.click();
  await expect(holder.getByTestId('mail-drawer')).toContainText('apply to renew it from your awards before it expires');
  await holder.goto('/student/applications');
  await renew.click();

  // 2. The renewal form: requirements, and the CPD entries with the hours in the period against the required 20.
  await expect(holder.getByRole('heading', { level: 1 })).toHaveText(/^Renew /);
  const total = holder.getByTestId('cpd-total');
  await expect(total).toContainText('Total hours in the period: 0 of 20 required.');
  await holder.getByRole('checkbox', { name: 'Count Old Seminar, 8 hours' }).check();
  // From before the award: listed, not counted.
  await expect(total).toContainText('Total hours in the period: 0 of 20 required.');
  await holder.getByRole('checkbox', { name: 'Count Welding Institute, 24 hours' }).check();
  await expect(total).toContainText('Total hours in the period: 24 of 20 required.');
  expect(await seriousViolations(holder)).toEqual([]);

  // Submitting with a requirement unanswered is stopped on the form.
  await holder.getByRole('button', { name: 'Submit renewal' }).click();
  await expect(holder.getByText('Answer is required').first()).toBeVisible();
  const answers = holder.getByRole('textbox');
  const count = await answers.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await answers.nth(i).fill('Supervised structural welding on two bridges since my award.');
  const saved = holder.waitForResponse((r) => r.url().endsWith('/api/certificationrenewalapplication/save') && r.ok());
  await holder.getByRole('button', { name: 'Save draft' }).click();
  await saved;
  await expect(holder.getByTestId('renewal-status')).toHaveText('Draft');
  await holder.getByRole('button', { name: 'Submit renewal' }).click();
  // Submitting asks once, saying what will happen (issue 45 item 7).
  await holder.getByRole('dialog', { name: 'Submit this renewal?' }).getByRole('button', { name: 'Confirm and submit' }).click();
  await expect(holder.getByTestId('renewal-status')).toHaveText('Submitted');
  await expect(holder.getByRole('status').filter({ hasText: 'Your certificate stays current' })).toBeVisible();

  // 3. All applications, Certification, Applied for Renewal: the application's page links to its renewal (issue 45 item 10).
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/applications?type=certificationapplication');
  await staff.getByRole('combobox', { name: 'Status' }).selectOption('Applied for Renewal');
  const applications = staff.getByTestId('application-queue');
  await searchList(staff, staff.getByRole('searchbox', { name: 'Search' }), RENEWER.email, applications);
  await applications.getByRole('row', { name: new RegExp(RENEWER.name) }).getByRole('link').first().click();
  await staff.getByTestId('application-renewals').getByRole('link', { name: 'Open the renewal to decide it' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(/^Renewal of /);

  // Programs > Renewals: choose the program, find the renewal and renew it.
  await staff.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Programs' }).click();
  await staff.getByRole('link', { name: 'Renewals', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Renewals');
  const program = staff.getByRole('combobox', { name: 'Program' });
  await expect(program.locator('option', { hasText: PROGRAM_CODE })).toHaveCount(1);
  const programValue = await program.locator('option', { hasText: PROGRAM_CODE }).getAttribute('value');
  await program.selectOption(programValue ?? '');
  const table = staff.getByTestId('renewals-table');
  await searchList(staff, staff.getByRole('searchbox', { name: 'Search' }), 'Renewer', table);
  const queued = table.getByRole('row', { name: new RegExp(RENEWER.name) });
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText('24 of 20');
  await expect(queued).toContainText('Submitted');
  expect(await seriousViolations(staff)).toEqual([]);
  await queued.getByRole('link', { name: new RegExp(`^Renewal .* of ${RENEWER.name}$`) }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(/^Renewal of /);
  await expect(staff.getByTestId('renewal-cpd')).toHaveText('24 of 20 required');
  expect(await seriousViolations(staff)).toEqual([]);
  // Refusing needs a reason; the form says so before anything is sent.
  await staff.getByRole('button', { name: 'Refuse renewal' }).click();
  await expect(staff.getByText('Refusal reason is required')).toBeVisible();
  await staff.getByRole('button', { name: 'Renew', exact: true }).click();
  await staff.getByRole('dialog', { name: 'Renew this award?' }).getByRole('button', { name: 'Confirm renewal' }).click();
  await expect(staff.getByTestId('renewal-status')).toHaveText('Renewed');
  await expect(staff.getByTestId('renewal-expires-on').locator('time')).toHaveAttribute('datetime', new RegExp(`^${newExpiry}`));

  // 4. The holder's Awards list shows the same certificate with its new expiry.
  await holder.goto('/student/applications');
  const renewed = holder.getByTestId('awards-table').getByRole('row', { name: new RegExp(PROGRAM_CODE) });
  await expect(renewed.locator(`time[datetime^="${newExpiry}"]`)).toHaveCount(1);
  await expect(renewed.locator('[data-status="Current"]')).toBeVisible();
  await expect(renewed.getByRole('link', { name: /^Renew certificate / })).toHaveCount(0);
  // Its certificate is issued again with the new expiry.
  const download = renewed.getByRole('button', { name: /^Download certificate / });
  const certificate = await downloaded(holder, () => download.click());
  expect(textOfPdf(certificate.bytes)).toContain(certificateDay(newExpiry));
});
