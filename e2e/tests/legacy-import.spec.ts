import { expect, test, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { downloaded } from '../fixtures/downloads';
import { personAt } from '../fixtures/journey';
import { waitForMailLink } from '../fixtures/mailbox';

/**
 * Go-live (issue 41): the demo body's account administrator brings holders and their awards from
 * the old system, fixes the one row the import refused and sends the file again; a visitor
 * verifies an imported number; the imported holder, invited by staff, chooses a password from the
 * mail, signs in, sees the award and downloads its certificate. Emails and numbers are this run's own.
 */
const PROGRAM_CODE = 'C-WELD-SUP';
const HEADER = 'email,firstName,lastName,programCode,certificateNumber,awardedOn,expiresOn,status,statusReason,listedInRegister';

/** Chooses the file and imports it for real (not a dry run), then waits for the job to finish. */
async function importAwards(staff: Page, fileName: string, csv: string): Promise<void> {
  await staff.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const dryRun = staff.getByRole('checkbox', { name: 'Dry run (check only)' });
  if (await dryRun.isChecked()) await dryRun.uncheck();
  await staff.getByRole('button', { name: 'Import file' }).click();
  // Applying a file is asked once, saying what it does (issue 45 item 7).
  const confirm = staff.getByRole('dialog', { name: `Import ${fileName}?` });
  await expect(confirm).toContainText('Imported people are not mailed.');
  await confirm.getByRole('button', { name: 'Start import' }).click();
  await expect(staff.getByTestId('migration-import').getByRole('status').first()).toContainText(`Import of ${fileName} (Awards): Finished`);
}

test('staff import holders and awards, fix a refused row, and invite; a visitor verifies; the holder signs in from the invitation and downloads the certificate', async ({ browser }) => {
  const run = Date.now().toString(36).toUpperCase();
  const holder = { email: `legacy.holder.${run.toLowerCase()}@example.test`, firstName: 'Imogen', lastName: `Imported${run}` };
  const numbers = [`LEG-${run}-1`, `LEG-${run}-2`, `LEG-${run}-3`];
  const expiresOn = `${new Date().getFullYear() + 2}-05-04`;
  const line = (person: { email: string; firstName: string; lastName: string }, number: string, awardedOn: string) =>
    [person.email, person.firstName, person.lastName, PROGRAM_CODE, number, awardedOn, expiresOn, 'Current', '', ''].join(',');
  const others = [
    { email: `legacy.one.${run.toLowerCase()}@example.test`, firstName: 'Olive', lastName: `Imported${run}` },
    { email: `legacy.two.${run.toLowerCase()}@example.test`, firstName: 'Tariq', lastName: `Imported${run}` },
  ];
  const fileWith = (holderAwardedOn: string) => [HEADER, line(others[0]!, numbers[0]!, '2021-03-07'), line(holder, numbers[1]!, holderAwardedOn), line(others[1]!, numbers[2]!, '07-Mar-2021')].join('\n');

  // 1. Staff import the file; its third line (row 3, the header being row 1) has no such day.
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/utilities/legacy-import');
  await expect(staff.getByRole('heading', { level: 1, name: 'Import from another system' })).toBeVisible();
  await importAwards(staff, `holders-${run}.csv`, fileWith('31-Feb-2021'));
  const details = staff.getByTestId('migration-import');
  await expect(details.getByTestId('migration-counts')).toContainText('Created: 2');
  await expect(details.getByTestId('migration-counts')).toContainText('Refused: 1');
  const refused = details.getByTestId('refused-rows').getByRole('row').filter({ hasText: 'awardedOn must be a date' });
  await expect(refused.getByRole('cell')).toHaveText(['3', 'awardedOn', /^awardedOn must be a date/]);

  // 2. The row fixed, the same file again: the fixed row is created, the others are unchanged.
  await importAwards(staff, `holders-${run}-fixed.csv`, fileWith('28-Feb-2021'));
  await expect(details.getByTestId('migration-counts')).toContainText('Created: 1');
  await expect(details.getByTestId('migration-counts')).toContainText('Unchanged: 2');
  await expect(details.getByTestId('migration-counts')).toContainText('Refused: 0');

  // 3. A visitor verifies an imported certificate number: Current.
  const visitor = await browser.newPage();
  await visitor.goto(`/verify/${encodeURIComponent(numbers[0]!)}`);
  await expect(visitor.getByTestId('verification-status')).toHaveAttribute('data-status', 'current');
  await expect(visitor.getByTestId('verification-status')).toContainText('Current');
  await visitor.close();

  // 4. Nobody was mailed by the import; staff preview the invitation and send it to the person it created.
  const panel = staff.getByRole('region', { name: 'Invite people' });
  await expect(panel.getByTestId('invitation-progress')).toHaveText('Invited 0 of 1');
  await expect(panel.getByRole('table', { name: /Next to be invited/ })).toContainText(holder.email);
  await expect(panel.getByTestId('invitation-mail')).toContainText(`Hello ${holder.firstName},`);
  expect(await seriousViolations(staff)).toEqual([]);
  await panel.getByRole('button', { name: 'Send 1 invitation' }).click();
  await expect(panel.getByText('Sent 1 invitation.')).toBeVisible();
  await expect(panel.getByTestId('invitation-progress')).toHaveText('Invited 1 of 1');

  // 5. The holder opens the mail's link, chooses a password and signs in.
  const { mail, link } = await waitForMailLink(holder.email, /\/reset-password\/[^/\s]+\?invited=1$/);
  expect(mail.subject).toContain('your account is ready, choose your password');
  // The rule wants a number; the run's base-36 stamp may have none, so the password carries its own.
  const password = `Imported-${run}-holder-2026!`;
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const { pathname, search } = new URL(link);
  await page.goto(`${pathname}${search}`);
  // An invitation asks for a first password, not a reset.
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByTestId('reset-result')).toContainText('Password set');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email').fill(holder.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // 6. The imported award is theirs: listed, current, and its certificate downloads as a PDF.
  await expect(page.getByTestId('my-awards-summary')).toContainText(numbers[1]!);
  await page.getByRole('link', { name: 'Your applications and awards' }).click();
  const row = page.getByTestId('awards-table').getByRole('row').filter({ hasText: numbers[1]! });
  await expect(row).toContainText(PROGRAM_CODE);
  await expect(row.locator('[data-status="Current"]')).toBeVisible();
  const certificate = await downloaded(page, () => row.getByRole('button', { name: `Download certificate ${numbers[1]}` }).click());
  expect(certificate.download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(certificate.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
