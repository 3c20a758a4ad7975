import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { acceptedQualificationApplication, api, issueInvoice } from '../fixtures/api-setup';
import { personAt } from '../fixtures/journey';

const PROGRAM_CODE = 'Q-WELD-INSP';

/**
 * Issue 21 items 4 and 7: a new applicant whose application waits for payment sees it on their
 * home page (what each application waits for, and the invoice to pay) and on the application's
 * banner, with Pay invoice as the action, instead of "staff will contact you".
 */
test('an applicant with an invoice to pay sees Pay invoice on the home page and in the application banner', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const application = await acceptedQualificationApplication(request, PROGRAM_CODE, {
    firstName: 'Nell',
    lastName: 'Nextstep',
    emailPrefix: 'nextstep',
    password: 'Nextstep-candidate-2026!',
    timeZone: 'Australia/Perth',
    answerText: 'Six years of structural weld inspection.',
  });
  await issueInvoice(request, application, { 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'notTaken' });
  const [invoice] = await api<{ invoiceNumberText: string }[]>(request, 'GET', `/api/invoice/byapplication/${application.id}`, application.staffJwt);
  const invoiceNumber = invoice!.invoiceNumberText;

  // Home: the application in progress says what it waits for; the invoice is listed once, with Pay.
  const applicant = await personAt(browser, '/student/login', application.email, application.password);
  await expect(applicant).toHaveURL(/\/student\/applicantHome$/);
  const row = applicant.getByTestId(`in-progress-${application.applicationNumber}`);
  await expect(row).toContainText(`Waiting for your payment of invoice ${invoiceNumber}`);
  const toPay = applicant.getByTestId('invoices-to-pay');
  const payLink = toPay.getByRole('link', { name: `Pay invoice ${invoiceNumber}` });
  await expect(payLink).toBeVisible();
  // The payment link's last day, in the applicant's own zone (Perth: AWST).
  await expect(toPay).toContainText(/pay by \d{2}-[A-Z][a-z]{2}-\d{4} \d{1,2}:\d{2}.*AWST/);
  await expect(applicant.getByRole('link', { name: /^Pay invoice/ })).toHaveCount(1);
  await expect(applicant.getByRole('heading', { name: 'Your awards' })).toBeVisible();
  expect(await seriousViolations(applicant)).toEqual([]);

  // The application page: the banner says what happens now, and Pay invoice is its action.
  await row.getByRole('link', { name: application.applicationNumber }).click();
  await expect(applicant.getByTestId('application-number')).toHaveText(application.applicationNumber);
  const banner = applicant.getByTestId('application-read-only');
  await expect(banner).toContainText(`Waiting for your payment of invoice ${invoiceNumber}`);
  await expect(banner).toContainText('Once it is paid, staff schedule your examinations');
  await expect(banner).not.toContainText('staff will contact you');
  expect(await seriousViolations(applicant)).toEqual([]);

  // Pay leads to the invoice's pay page.
  await banner.getByRole('link', { name: `Pay invoice ${invoiceNumber}` }).click();
  await expect(applicant.getByRole('heading', { level: 1 })).toHaveText(`Pay invoice ${invoiceNumber}`);
});
