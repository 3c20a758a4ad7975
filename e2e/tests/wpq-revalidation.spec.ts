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

test('a welder asks for revalidation (9.3 b) with two production welds and their reports, staff open the reports and approve, the fee is invoiced; staff cancel it (the invoice can no longer be paid), the welder asks again, and once the new invoice is paid the validity runs 2 more years', async ({ browser }) => {
  test.setTimeout(300_000);

  // The welder opens the qualification's application: valid, three confirmations, and the revalidation form.
  const welder = await personAt(browser, '/student/login', WELDER.email);
  await welder.goto('/student/applications');
  await welder.getByTestId('applications-table').getByRole('row', { name: new RegExp(PROGRAM_CODE) }).getByRole('link').first().click();
  await expect(welder).toHaveURL(/\/student\/applications\/welderqualificationapplication\/[0-9a-f-]{36}$/);
  const applicationId = welder.url().split('/').pop() ?? '';
  const validity = welder.getByTestId('wpq-validity');
  const summary = validity.getByTestId('wpq-validity-summary');
  await expect(summary).toContainText('Valid until');
  const validUntilBefore = `Valid until ${/Valid until ([^;]+?)[;.]/.exec((await summary.textContent()) ?? '')?.[1]}`;
  await expect(validity.getByTestId('wpq-confirmations').getByRole('row')).toHaveCount(4);
  const form = validity.getByRole('form', { name: 'Ask for revalidation' });
  await expect(form).toBeVisible();
  // The fee is named before the welder asks, and when the extension applies.
  await expect(form.getByTestId('revalidation-fee')).toHaveText(
    'The revalidation fee is $150.00 including GST (the non-member fee). It is invoiced when staff approve, and the 2 more years take effect once it is paid.',
  );
  expect(await seriousViolations(welder)).toEqual([]);

  // Incomplete, it is refused at its fields.
  await form.getByRole('button', { name: 'Ask for revalidation' }).click();
  await expect(form.getByText('Description is required').first()).toBeVisible();

  const welds = [
    { description: 'Pressure pipe spool PS-114, butt weld W3', weldedOn: sydneyDay(-40), report: 'rt-ps114-w3.pdf' },
    { description: 'Tank shell plate T-7, butt weld W12', weldedOn: sydneyDay(-12), report: 'rt-t7-w12.pdf' },
  ];
  const askForRevalidation = async () => {
    for (const [index, weld] of welds.entries()) {
      const fieldset = form.getByRole('group', { name: `Production weld ${index + 1}` });
      await fieldset.getByRole('textbox', { name: 'Description' }).fill(weld.description);
      await fillDay(fieldset.getByRole('textbox', { name: 'Welded on' }), weld.weldedOn);
      await fieldset.getByRole('combobox', { name: 'Test method' }).selectOption('Radiography');
      await fieldset.getByTestId('document-upload').locator('input[type="file"]').setInputFiles({ name: weld.report, mimeType: 'application/pdf', buffer: PDF });
      await expect(fieldset.getByTestId(`weld-${index + 1}-report`)).toHaveText(`Test report: ${weld.report}`);
    }
    await form.getByRole('button', { name: 'Ask for revalidation' }).click();
  };
  await askForRevalidation();
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
  // The open request is listed as waiting for a decision, not as the confirmation due (issue 45).
  await expect(dueRow).toContainText('Revalidation requested: waiting for a decision');
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
  // Each weld's test report opens beside the decision.
  const reportRead = staff.waitForResponse((response) => response.url().includes('/api/attachment/presigned-download/'));
  const reportTab = staff.waitForEvent('popup');
  await open.getByRole('button', { name: `Open the test report ${welds[0]!.report}` }).click();
  expect((await reportRead).status()).toBe(200);
  await (await reportTab).close();
  await expect(open.getByRole('button', { name: `Open the test report ${welds[1]!.report}` })).toBeVisible();
  await open.getByRole('textbox', { name: 'Note or reason' }).fill('Both radiographs acceptable to ISO 5817 B.');
  // Approval asks once, saying it invoices the fee and the extension waits for the payment.
  await open.getByRole('button', { name: 'Approve revalidation' }).click();
  const approval = staff.getByRole('dialog', { name: 'Approve revalidation' });
  await expect(approval).toContainText('The welder is invoiced the revalidation fee, $150.00 including GST (the non-member fee)');
  await expect(approval).toContainText('valid for 2 more years once the invoice is paid');
  expect(await seriousViolations(staff)).toEqual([]);
  await approval.getByRole('button', { name: 'Approve and invoice' }).click();
  await expect(open).toContainText(/approved, waiting for the payment of invoice INV-\d+ \(\$150\.00\); valid until .+ once it is paid/);
  // The extension log, oldest first: the request, then the approval's invoice.
  const log = staffValidity.getByTestId('wpq-extension-log');
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByRole('listitem').nth(0)).toContainText('Requested: ');
  await expect(log.getByRole('listitem').nth(1)).toContainText(/Invoiced: Invoice INV-\d+ issued for the non-member revalidation fee/);

  // Not extended before it is paid: the welder reads what the payment does.
  await welder.reload();
  await expect(validity.getByTestId('wpq-revalidations')).toContainText(/approved, waiting for the payment of invoice INV-\d+/);
  await expect(summary).toContainText(validUntilBefore);
  const nextStep = welder.getByTestId('next-step');
  await expect(nextStep).toContainText('Once it is paid, your revalidation takes effect: the qualification is valid for 2 more years.');
  const firstPayPath = (await nextStep.getByRole('link', { name: /^Pay invoice INV-\d+/ }).getAttribute('href')) ?? '';

  // Staff cancel the invoiced request with a reason, asked once (decision 044): the invoice is void, the validity unchanged.
  await open.getByRole('button', { name: 'Cancel the request' }).click();
  const cancelling = staff.getByRole('dialog', { name: 'Cancel the revalidation request' });
  await expect(cancelling).toContainText(/Invoice INV-\d+ \(\$150\.00\) for the revalidation fee is voided: it can no longer be paid\./);
  await expect(cancelling).toContainText('The application returns to Awarded');
  await cancelling.getByRole('button', { name: 'Cancel the request' }).click();
  await expect(cancelling.getByText('A reason is required')).toBeVisible();
  await cancelling.getByRole('textbox', { name: /Reason/ }).fill('The fabricator asked for the welds of another spool.');
  expect(await seriousViolations(staff)).toEqual([]);
  await cancelling.getByRole('button', { name: 'Cancel the request' }).click();
  await expect(cancelling).toHaveCount(0);
  await expect(open).toContainText(/cancelled by staff; invoice INV-\d+ is void/);
  await expect(log.getByRole('listitem')).toHaveCount(3);
  await expect(log.getByRole('listitem').nth(2)).toContainText(/Cancelled: The fabricator asked for the welds of another spool\.; invoice INV-\d+ is void/);

  // The first invoice's pay page says it can no longer be paid; the welder may ask again.
  await welder.goto(firstPayPath);
  await expect(welder.getByTestId('payment-result')).toContainText('This invoice can no longer be paid');
  await expect(welder.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await welder.goto(`/student/applications/welderqualificationapplication/${applicationId}`);
  await expect(summary).toContainText(validUntilBefore);
  await askForRevalidation();
  await expect(validity.getByTestId('wpq-revalidations')).toContainText('waiting for a decision');
  await staff.reload();
  await open.getByRole('button', { name: 'Approve revalidation' }).click();
  await staff.getByRole('dialog', { name: 'Approve revalidation' }).getByRole('button', { name: 'Approve and invoice' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(5);

  // The welder pays the new invoice.
  await welder.reload();
  await expect(nextStep).toContainText('Once it is paid, your revalidation takes effect: the qualification is valid for 2 more years.');
  await nextStep.getByRole('link', { name: /^Pay invoice INV-\d+/ }).click();
  await expect(welder.getByTestId('payment-amount')).toContainText('150.00 AUD');
  await welder.getByRole('button', { name: 'Pay now' }).click();
  await welder.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(welder.getByTestId('payment-result')).toContainText('Payment received');

  // Paid: the welder sees the longer validity.
  await welder.goto(`/student/applications/welderqualificationapplication/${applicationId}`);
  await expect(validity.getByTestId('wpq-revalidations')).toContainText(/approved; valid until/);
  await expect(summary).toContainText('Valid until');
  await expect(summary).not.toContainText(validUntilBefore);

  // Staff's log adds the payment and the extension, in that order; staff add to it.
  await staff.reload();
  await expect(log.getByRole('listitem')).toHaveCount(7);
  await expect(log.getByRole('listitem').nth(5)).toContainText(/Paid: Invoice INV-\d+ paid/);
  await expect(log.getByRole('listitem').nth(6)).toContainText('Approved: Extended until');
  await log.getByRole('textbox', { name: 'Add details' }).fill('Original radiographs seen at the fabricator.');
  await log.getByRole('button', { name: 'Add to the log' }).click();
  await expect(log.getByRole('listitem').last()).toHaveText(/Details: Original radiographs seen at the fabricator\.$/);
  expect(await seriousViolations(staff)).toEqual([]);
  await welder.context().close();
  await staff.context().close();
});
