import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { applyToQualification, assignContributor, decideAssessment, openStaffApplication, personAt, registerApplicant, submitReview } from '../fixtures/journey';
import { mailsTo } from '../fixtures/mailbox';

/** A discount code for Qualification programs, made through the API with the signed-in super user's token. */
async function createDiscountCode(page: Page, code: string): Promise<void> {
  const jwt = await page.evaluate(() => (JSON.parse(window.localStorage.getItem('certs.session') ?? '{}') as { jwt?: string }).jwt ?? '');
  const day = 24 * 60 * 60 * 1000;
  const response = await page.request.post('/api/programapplicationcoupon', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { code, description: 'Pre-exam journey', discountType: 'fixed', discountValue: 100, appliesTo: 'programType', programType: 1, validFrom: new Date(Date.now() - day).toISOString(), validTo: new Date(Date.now() + 30 * day).toISOString() },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The assessment flow of application-workflow.spec.ts, by the super user alone (administrators may review for the assessor). */
async function acceptIntoExaminations(staff: Page): Promise<void> {
  await assignContributor(staff);
  // The review names who submitted it for the assessor (issue 45 item 8).
  await submitReview(staff, 'Experience and eye test in order.', 'Accept into examinations', 'Sam Super for Casey Contributor');
  await decideAssessment(staff, 'All evidence in order.', 'Accept into examinations');
  await expect(staff.locator('[data-status="Assessment Completed"]').first()).toBeVisible();
}

test('staff choose the candidate’s modules with a discount code and issue the tax invoice; the applicant is mailed it with a payment link', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const startedAt = Date.now();
  const code = `PRE${startedAt.toString(36).toUpperCase()}`;

  // A new applicant (not a member) applies to Q-WELD-INSP: the demo applicant's one application to it is the full journey's (application-journey.spec.ts).
  const candidate = await registerApplicant(request, { firstName: 'Nia', lastName: 'Newcandidate', emailPrefix: 'pre.exam', password: 'Pre-exam-candidate-2026!' });
  const applicant = await personAt(browser, '/student/login', candidate.email, candidate.password);
  const applicationNumber = await applyToQualification(applicant, {
    experience: 'Six years as a welder-fabricator, two as a QA inspector.',
    eyeTest: 'Near-vision and colour test passed on 3 March 2026.',
  });

  // The super user takes it through the assessment.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await createDiscountCode(staff, code);
  await openStaffApplication(staff, applicationNumber);
  await acceptIntoExaminations(staff);

  // The pre-exam stage: every module proposed as required, at non-member fees.
  const stage = staff.getByTestId('pre-exam-stage');
  await expect(stage.getByRole('heading', { name: 'Pre-exam and invoice' })).toBeVisible();
  await expect(stage.getByTestId('fee-basis')).toHaveText('Non-member fees');
  const totals = stage.getByTestId('pre-exam-totals');
  const totalRow = (label: string) => totals.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: label }) });
  await expect(totalRow('Subtotal')).toContainText('$1,880.00');
  await stage.getByTestId('module-IWI-M2').getByRole('radio', { name: 'Not taken' }).check();
  await stage.getByTestId('module-IWI-M3').getByRole('radio', { name: 'Optional' }).check();
  await expect(totalRow('Subtotal')).toContainText('$1,330.00');

  // Nothing taken is refused at the table.
  for (const module of ['IWI-M1', 'IWI-M3']) await stage.getByTestId(`module-${module}`).getByRole('radio', { name: 'Not taken' }).check();
  await stage.getByRole('button', { name: 'Save' }).click();
  await expect(stage.getByTestId('modules-error')).toHaveText('Please choose at least one module');
  await stage.getByTestId('module-IWI-M1').getByRole('radio', { name: 'Required' }).check();
  await stage.getByTestId('module-IWI-M3').getByRole('radio', { name: 'Optional' }).check();

  // An unknown code is refused at its field; the real one is priced for this subtotal.
  const codeField = stage.getByRole('textbox', { name: 'Discount code' });
  await codeField.fill('NO-SUCH-CODE');
  await stage.getByRole('button', { name: 'Apply' }).click();
  await expect(stage.getByText('Discount code not found')).toBeVisible();
  await codeField.fill(code.toLowerCase());
  await stage.getByRole('button', { name: 'Apply' }).click();
  await expect(totalRow(`Discount (${code})`)).toContainText('-$100.00');
  await expect(totalRow('Total (incl. GST)')).toContainText('$1,230.00');
  await expect(totalRow('GST included (10%)')).toContainText('$111.82');
  await stage.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Pre-exam saved')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);

  // Issue: asked first, then one numbered invoice; the application moves to the payment stage.
  await stage.getByRole('button', { name: 'Issue invoice' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Issue the tax invoice?' });
  await expect(dialog).toContainText('$1,230.00');
  await dialog.getByRole('button', { name: 'Issue invoice' }).click();
  const summary = stage.getByTestId('invoice-summary');
  await expect(summary).toContainText(/Tax invoice INV-\d{6}/);
  const invoiceNumber = /INV-\d{6}/.exec((await summary.textContent()) ?? '')?.[0] ?? '';
  await expect(summary).toContainText('Total (incl. GST)$1,230.00');
  await expect(staff.locator('[data-status="Examinations Stage"]').first()).toBeVisible();
  await expect(staff.getByText('Payment requested', { exact: true }).first()).toBeVisible();
  await expect(stage.getByRole('button', { name: 'Issue invoice' })).toHaveCount(0);
  const history = staff.getByTestId('application-history');
  await expect(history).toContainText('Modules chosen: IWI-M1, IWI-M3');
  await expect(history).toContainText(`Invoice ${invoiceNumber} issued: $1,230.00 incl. GST $111.82`);
  expect(await seriousViolations(staff)).toEqual([]);

  // The PDF downloads under the invoice number.
  const [download] = await Promise.all([staff.waitForEvent('download'), summary.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The applicant's mail holds the invoice, the totals and the links to pay and to the application.
  const subject = `Application ${applicationNumber}: invoice ${invoiceNumber} and payment link`;
  await expect.poll(() => mailsTo(candidate.email).filter((mail) => Number(mail.file.split('-')[0]) >= startedAt && mail.subject === subject).length, { timeout: 60_000 }).toBe(1);
  const mail = mailsTo(candidate.email).find((m) => m.subject === subject && Number(m.file.split('-')[0]) >= startedAt)!;
  expect(mail.text).toContain('IWI-M1 Welding processes and equipment (required, non-member fee): $550.00');
  expect(mail.text).toContain('IWI-M3 Practical visual inspection of welds (optional, non-member fee): $780.00');
  expect(mail.text).toContain(`Discount (${code}): -$100.00`);
  expect(mail.text).toContain('Total (incl. GST): $1,230.00');
  expect(mail.text).toContain('GST included (10%): $111.82');
  expect(mail.links.some((link) => /\/student\/payments\/[0-9a-f-]{36}$/.test(link))).toBe(true);
  const applicationLink = mail.links.find((link) => /\/student\/applications\/qualificationapplication\/[0-9a-f-]{36}$/.test(link));
  expect(applicationLink).toBeDefined();
  await applicant.goto(applicationLink!);
  await expect(applicant.getByTestId('application-number')).toHaveText(applicationNumber);

  // And their inbox in the portal.
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: /Notifications|Inbox/ }).click();
  await expect(applicant.getByText(subject).first()).toBeVisible();
});
