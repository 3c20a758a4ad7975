import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu } from '../fixtures/demo-accounts';
import { personAt } from '../fixtures/journey';
import { mailsTo, waitForMailLink } from '../fixtures/mailbox';
import { acceptedQualificationApplication, api, issueInvoice } from '../fixtures/api-setup';

const PROGRAM_CODE = 'Q-WELD-INSP';

/**
 * Setup through the platform's own API, as the earlier screens would do it: a new applicant
 * registers and applies to Q-WELD-INSP; staff assess and accept it, and the pre-exam stage issues
 * the invoice for IWI-M1 with its payment link. The application waits at Payment Stage Requested.
 */
async function invoicedApplication(request: APIRequestContext) {
  const application = await acceptedQualificationApplication(request, PROGRAM_CODE, {
    firstName: 'Paige',
    lastName: 'Payer',
    emailPrefix: 'payer',
    password: 'Payer-candidate-2026!',
    timeZone: 'Australia/Sydney',
    answerText: 'Eight years of pipeline weld inspection.',
  });
  await issueInvoice(request, application, { 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'notTaken' });
  const invoices = await api<{ id: string; invoiceNumberText: string; totalCents: number }[]>(request, 'GET', `/api/invoice/byapplication/${application.id}`, application.staffJwt);
  return { ...application, invoice: invoices[0]! };
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the applicant pays an issued invoice on the test gateway: a decline first, then success; staff see it and the report lists it', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const application = await invoicedApplication(request);
  const { invoice } = application;
  const amount = money(invoice.totalCents);

  // Staff send the payment link again from the application page; the open one stops working.
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  const staffPath = `/admin/programs/${application.programId}/applications/qualificationapplication/${application.id}`;
  await staff.goto(staffPath);
  const payments = staff.getByTestId('payments-stage');
  await expect(payments.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(payments.getByRole('table', { name: 'Payments' }).locator('[data-status="Pending"]')).toHaveCount(1);
  await payments.getByRole('button', { name: 'Resend payment link' }).click();
  const resend = staff.getByRole('dialog', { name: 'Resend payment link' });
  await resend.getByRole('textbox', { name: 'Note for the history' }).fill('The applicant asked for a fresh link.');
  await resend.getByRole('button', { name: 'Send new link' }).click();
  await expect(resend).toBeHidden();
  await expect(payments.getByRole('table', { name: 'Payments' }).locator('[data-status="Expired"]')).toHaveCount(1);
  expect(await seriousViolations(staff)).toEqual([]);

  // The applicant follows the new link from the mail.
  const { link } = await waitForMailLink(application.email, /\/student\/payments\/[0-9a-f-]{36}$/);
  const applicant = await personAt(browser, '/student/login', application.email, application.password);
  await applicant.goto(new URL(link).pathname);
  await expect(applicant.getByRole('heading', { level: 1 })).toHaveText(`Pay invoice ${invoice.invoiceNumberText}`);
  await expect(applicant.getByTestId('payment-amount')).toContainText(`${amount} AUD`);
  await expect(applicant.getByTestId('payment-status')).toContainText('Pending');
  expect(await seriousViolations(applicant)).toEqual([]);

  // The tester declines on the gateway's page: back on the pay page, Failed, and a try-again.
  await applicant.getByRole('button', { name: 'Pay now' }).click();
  await expect(applicant).toHaveURL(/\/payment-gateway\/test\/tgs_[0-9a-f]{24}\?token=/);
  await expect(applicant.getByRole('heading', { level: 1 })).toHaveText('Test payment gateway');
  await expect(applicant.getByTestId('gateway-amount')).toHaveText(`${amount} AUD`);
  await expect(applicant.getByText(`Invoice ${invoice.invoiceNumberText} · application ${application.applicationNumber}`)).toBeVisible();
  expect(await seriousViolations(applicant)).toEqual([]);
  await applicant.getByRole('button', { name: 'Decline (failure)' }).click();
  await expect(applicant).toHaveURL(new RegExp(`${new URL(link).pathname}$`));
  await expect(applicant.getByTestId('payment-result')).toContainText('The payment was not completed');
  await expect(applicant.getByTestId('payment-status')).toContainText('Failed');

  // Then pays: Success, with the receipt mailed.
  await applicant.getByRole('button', { name: 'Try again' }).click();
  await applicant.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(applicant.getByTestId('payment-result')).toContainText('Payment received');
  await expect(applicant.getByTestId('payment-status')).toContainText('Success');
  await expect(applicant.getByRole('button', { name: /Pay now|Try again/ })).toHaveCount(0);
  await expect.poll(() => mailsTo(application.email).map((mail) => mail.subject)).toContain(`Payment received: invoice ${invoice.invoiceNumberText}`);
  const receipt = mailsTo(application.email).find((mail) => mail.subject === `Payment received: invoice ${invoice.invoiceNumberText}`)!;
  expect(receipt.text).toContain(`amount paid ${amount} AUD`);
  expect(mailsTo(application.email).map((mail) => mail.subject)).toContain(`Payment not completed: invoice ${invoice.invoiceNumberText}`);

  // The application page lists the invoice (paid, with its PDF) and its payments.
  await applicant.getByRole('link', { name: 'Back to your application' }).click();
  const section = applicant.getByTestId('invoices-and-payments');
  await expect(section.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: invoice.invoiceNumberText })).toContainText('Paid');
  const pdf = applicant.waitForEvent('download');
  await section.getByRole('button', { name: `Download ${invoice.invoiceNumberText} as PDF` }).click();
  const download = await pdf;
  expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumberText}.pdf`);
  expect(readFileSync(await download.path()).subarray(0, 5).toString()).toBe('%PDF-');
  // The invoice is shown once, with its payment links in its row (issue 21 item 4).
  await expect(section.getByText(invoice.invoiceNumberText, { exact: true })).toHaveCount(1);
  await expect(section.getByRole('list', { name: `Payments of ${invoice.invoiceNumberText}` }).locator('[data-status="Success"]')).toHaveCount(1);
  expect(await seriousViolations(applicant)).toEqual([]);

  // Staff see the payment and the stage; the history names it.
  await staff.reload();
  await expect(staff.getByText('Payment completed', { exact: true }).first()).toBeVisible();
  await expect(payments.getByRole('table', { name: 'Payments' }).locator('[data-status="Success"]')).toHaveCount(1);
  await expect(payments.getByRole('button', { name: 'Resend payment link' })).toHaveCount(0);
  await expect(staff.getByText(new RegExp(`Payment received: \\${amount} \\(Test gateway, tch_[0-9a-f]+\\)`)).first()).toBeVisible();

  // Reports: the payments report finds it by gateway and status, and exports it as CSV.
  await mainMenu(staff).getByRole('link', { name: 'Reports' }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Reports');
  await staff.getByLabel('Status').selectOption('Success');
  await staff.getByLabel('Gateway').selectOption('test');
  const report = staff.getByTestId('payments-report');
  const reportRow = report.getByRole('row').filter({ hasText: invoice.invoiceNumberText });
  // The expired first link drops out once both filters apply.
  await expect(reportRow).toHaveCount(1);
  await expect(reportRow).toContainText(application.applicationNumber);
  await expect(reportRow).toContainText('Paige Payer');
  await expect(reportRow.locator('[data-status="Success"]')).toBeVisible();
  // The reference a person reads is the charge's id; the gateway's stored state is there on demand (issue 21 item 8).
  const referenceCell = reportRow.getByRole('cell').filter({ hasText: 'tch_' });
  await expect(referenceCell).not.toContainText(';paid;');
  await referenceCell.getByRole('button', { name: /^Full reference of tch_/ }).click();
  await expect(referenceCell).toContainText(/tgs_[0-9a-f]+;paid;\d+;AUD;tch_/);
  // On a 1366 px laptop screen the whole table fits: Status is not cut off (issue 21 item 13).
  await staff.setViewportSize({ width: 1366, height: 768 });
  // The table's scrolling viewport: what of the table is on screen without scrolling sideways.
  const visibleRight = await staff.getByRole('group', { name: 'Payments report' }).boundingBox().then((box) => box!.x + box!.width);
  const statusHeader = await report.getByRole('columnheader', { name: 'Status' }).boundingBox();
  // A failure names each column's width, so that the one that grew can be found from CI's log.
  const columnWidths = await report.getByRole('columnheader').evaluateAll((headers) => headers.map((th) => `${th.textContent} ${Math.round(th.getBoundingClientRect().width)}`).join(', '));
  expect(statusHeader!.x + statusHeader!.width, `column widths: ${columnWidths}`).toBeLessThanOrEqual(visibleRight);
  // The invoice number stays whole and the email breaks only before its @ or a dot, never mid-word (issue 45 item 10).
  await expect(reportRow.getByRole('rowheader')).toHaveCSS('white-space', 'nowrap');
  await expect(reportRow.getByText('@', { exact: false }).last()).not.toHaveCSS('overflow-wrap', 'anywhere');
  expect(await seriousViolations(staff)).toEqual([]);
  const csvDownload = staff.waitForEvent('download');
  await staff.getByRole('button', { name: 'Export CSV' }).click();
  const csv = readFileSync(await (await csvDownload).path(), 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\n')[0]).toBe('Date (Sydney),Invoice,Application,Applicant,Program,Amount,GST,Discount,Gateway,Reference,Gateway Checkout ID,Status');
  // The day as people read dates, the charge's id as the reference and the checkout's id apart, never the stored state (issue 45).
  expect(csv).toMatch(new RegExp(`\\n\\d{2}-[A-Z][a-z]{2}-\\d{4} \\d{2}:\\d{2} [AP]M,${invoice.invoiceNumberText},${application.applicationNumber},Paige Payer,.*,Test gateway,tch_[0-9a-f]+,tgs_[0-9a-f]+,Success`));
  expect(csv).not.toContain(';paid;');
});

test('staff record an offline bank transfer from the application page', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const application = await invoicedApplication(request);
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto(`/admin/programs/${application.programId}/applications/qualificationapplication/${application.id}`);
  const payments = staff.getByTestId('payments-stage');
  await payments.getByRole('button', { name: 'Record offline payment' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Record offline payment' });
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Payment reference is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Payment reference/ }).fill('EFT-PAIGE-0001');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Seen on the bank statement.');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog).toBeHidden();
  await expect(payments.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: 'EFT-PAIGE-0001' }).locator('[data-status="Success"]')).toBeVisible();
  await expect(staff.getByText('Payment completed', { exact: true }).first()).toBeVisible();
  await expect.poll(() => mailsTo(application.email).map((mail) => mail.subject)).toContain(`Payment received: invoice ${application.invoice.invoiceNumberText}`);
});
