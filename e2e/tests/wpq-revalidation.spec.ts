import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { fillDay, personAt } from '../fixtures/journey';

/**
 * The demo revalidating welder (seed: `demo-wpq-revalidation.ts`) holds a WQ-ISO9606 qualification
 * to 9.3 b) tested 21 months before the seed ran, confirmed three times: inside the last 6 months of
 * its 2 years. Only this file uses that welder.
 */
const WELDER = { email: 'reva.welder@demo.local', name: 'Reva Welder' };
const PROGRAM_CODE = 'WQ-ISO9606';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A day in Sydney, `offsetDays` from today, as a date input takes it. */
function sydneyDay(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

test('a welder asks for revalidation (9.3 b) with two production welds and their reports, staff approve, and the validity runs 2 more years', async ({ browser }) => {
  test.setTimeout(240_000);

  // The welder opens the qualification's application: valid, three confirmations, and the revalidation form.
  const welder = await personAt(browser, '/student/login', WELDER.email);
  await welder.goto('/student/applications');
  await welder.getByTestId('applications-table').getByRole('row', { name: new RegExp(PROGRAM_CODE) }).getByRole('link').first().click();
  await expect(welder).toHaveURL(/\/student\/applications\/welderqualificationapplication\/[0-9a-f-]{36}$/);
  const applicationId = welder.url().split('/').pop() ?? '';
  const validity = welder.getByTestId('wpq-validity');
  const summary = validity.getByTestId('wpq-validity-summary');
  await expect(summary).toContainText('Valid until');
  const validUntilBefore = (await summary.textContent()) ?? '';
  await expect(validity.getByTestId('wpq-confirmations').getByRole('row')).toHaveCount(4);
  const form = validity.getByRole('form', { name: 'Ask for revalidation' });
  await expect(form).toBeVisible();
  expect(await seriousViolations(welder)).toEqual([]);

  // Incomplete, it is refused at its fields.
  await form.getByRole('button', { name: 'Ask for revalidation' }).click();
  await expect(form.getByText('Description is required').first()).toBeVisible();

  const welds = [
    { description: 'Pressure pipe spool PS-114, butt weld W3', weldedOn: sydneyDay(-40), report: 'rt-ps114-w3.pdf' },
    { description: 'Tank shell plate T-7, butt weld W12', weldedOn: sydneyDay(-12), report: 'rt-t7-w12.pdf' },
  ];
  for (const [index, weld] of welds.entries()) {
    const fieldset = form.getByRole('group', { name: `Production weld ${index + 1}` });
    await fieldset.getByRole('textbox', { name: 'Description' }).fill(weld.description);
    await fillDay(fieldset.getByRole('textbox', { name: 'Welded on' }), weld.weldedOn);
    await fieldset.getByRole('combobox', { name: 'Test method' }).selectOption('Radiography');
    await fieldset.getByTestId('document-upload').locator('input[type="file"]').setInputFiles({ name: weld.report, mimeType: 'application/pdf', buffer: PDF });
    await expect(fieldset.getByTestId(`weld-${index + 1}-report`)).toHaveText(`Test report: ${weld.report}`);
  }
  await form.getByRole('button', { name: 'Ask for revalidation' }).click();
  const revalidations = validity.getByTestId('wpq-revalidations');
  await expect(revalidations).toContainText('waiting for a decision');
  await expect(revalidations).toContainText(welds[0]!.description);
  // One open revalidation at a time: the form is gone.
  await expect(form).toHaveCount(0);
  expect(await seriousViolations(welder)).toEqual([]);

  // The program's manager finds the welder among those due (the qualification ends within 120 days) and approves it on the application page.
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Programs' }).click();
  await staff.getByRole('link', { name: 'Welders due' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Welders due');
  await staff.getByRole('combobox', { name: 'Due within' }).selectOption('180');
  await staff.getByRole('searchbox', { name: 'Search' }).fill('Reva');
  const dueRow = staff.getByTestId('welders-due').getByRole('row', { name: new RegExp(WELDER.name) });
  await expect(dueRow).toHaveCount(1);
  await expect(dueRow).toContainText(PROGRAM_CODE);
  expect(await seriousViolations(staff)).toEqual([]);
  await dueRow.getByRole('link', { name: `Welder qualification of ${WELDER.name}` }).click();
  await expect(staff).toHaveURL(new RegExp(`/applications/welderqualificationapplication/${applicationId}$`));
  const staffValidity = staff.getByTestId('wpq-validity');
  // The open 6-monthly confirmation can be made by the examiner instead of the employer.
  await staffValidity.getByRole('button', { name: 'Confirm as examiner' }).click();
  const examinerForm = staffValidity.getByRole('form', { name: 'Confirm as examiner' });
  await examinerForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Casey Contributor');
  await examinerForm.getByRole('textbox', { name: 'Position', exact: true }).fill('Examiner');
  await examinerForm.getByRole('button', { name: 'Confirm' }).click();
  await expect(staffValidity.getByRole('status').filter({ hasText: 'Confirmation 4 recorded.' })).toBeVisible();
  await expect(staffValidity.getByTestId('wpq-confirmations').getByRole('row')).toHaveCount(5);
  await expect(staffValidity.getByTestId('wpq-confirmations')).toContainText('Casey Contributor, Examiner');
  const open = staffValidity.getByTestId('wpq-revalidations');
  await expect(open).toContainText('waiting for a decision');
  expect(await seriousViolations(staff)).toEqual([]);
  await open.getByRole('button', { name: 'Refuse revalidation' }).click();
  await expect(open.getByText('A reason is required')).toBeVisible();
  await open.getByRole('textbox', { name: 'Note or reason' }).fill('Both radiographs acceptable to ISO 5817 B.');
  await open.getByRole('button', { name: 'Approve revalidation' }).click();
  await expect(open).toContainText(/approved; valid until/);
  // The extension log holds the request, the fee's invoice and the approval; staff add to it.
  const log = staffValidity.getByTestId('wpq-extension-log');
  await expect(log.getByRole('listitem')).toHaveCount(3);
  await expect(log).toContainText('Requested: ');
  await expect(log).toContainText(/Invoiced: Invoice INV-\d+ issued for the non-member revalidation fee/);
  await expect(log).toContainText('Approved: Extended until');
  await log.getByRole('textbox', { name: 'Add details' }).fill('Original radiographs seen at the fabricator.');
  await log.getByRole('button', { name: 'Add to the log' }).click();
  await expect(log).toContainText('Details: Original radiographs seen at the fabricator.');
  expect(await seriousViolations(staff)).toEqual([]);

  // The welder sees the longer validity.
  await welder.reload();
  await expect(validity.getByTestId('wpq-revalidations')).toContainText(/approved; valid until/);
  await expect(summary).toContainText('Valid until');
  expect(await summary.textContent()).not.toBe(validUntilBefore);
  await welder.context().close();
  await staff.context().close();
});
