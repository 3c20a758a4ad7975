import { expect, test } from '../fixtures/test';
import { DEMO, mainMenu } from '../fixtures/demo-accounts';
import {
  applyToQualification,
  assignContributor,
  choose,
  decideAssessment,
  fillDay,
  historyMoves,
  mailsSince,
  openStaffApplication,
  partsIn,
  personAt,
  reloadUntilVisible,
  submitReview,
  waitForMail,
} from '../fixtures/journey';
import { searchList } from '../fixtures/lists';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const SYDNEY = 'Australia/Sydney';

/**
 * Issue 6's journey, on the screens only: the demo applicant's Qualification application goes from
 * submission through assessor, assessment, pre-exam with a discount code, payment on the test
 * gateway, exam schedule, results and the overall result. The demo applicant has one application to
 * Q-WELD-INSP in a run (a program takes one per applicant), and this is it: the other journeys that
 * reach the pre-exam stage and beyond register applicants of their own.
 */
test('the demo applicant’s Qualification application goes from submission to Awarded; every stage mails the applicant and the history lists every move', async ({ browser }) => {
  // About three and a half minutes, most of it waiting for the exam time; the margin is for a loaded machine.
  test.setTimeout(300_000);
  const startedAt = Date.now();
  const suffix = startedAt.toString(36).toUpperCase();
  const code = `JOURNEY-${suffix}`;
  const venue = `Newcastle Weld Hall ${suffix}`;

  // 1. The demo applicant applies to Q-WELD-INSP and submits.
  const applicant = await personAt(browser, '/student/login', DEMO.applicant);
  const applicationNumber = await applyToQualification(applicant, {
    experience: 'Seven years as a boilermaker-welder, three as a QA inspector on pressure piping.',
    eyeTest: 'Near-vision and colour-perception test passed on 14 August 2026 at Hunter Eye Care.',
  });
  // Their application's own page, from the list of their applications.
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Applications' }).click();
  await applicant.getByTestId('applications-table').getByRole('link', { name: applicationNumber }).click();
  await expect(applicant.getByTestId('application-number')).toHaveText(applicationNumber);
  const applicantPath = new URL(applicant.url()).pathname;
  expect(applicantPath).toMatch(/^\/student\/applications\/qualificationapplication\/[0-9a-f-]{36}$/);

  // 2. The super user assigns the contributor, who reviews at their own desk; the super user accepts.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await openStaffApplication(staff, applicationNumber);
  await expect(staff.getByTestId('applicant-summary')).toContainText(DEMO.applicant);
  await assignContributor(staff);
  const assessor = await personAt(browser, '/admin/login', DEMO.contributor);
  await openStaffApplication(assessor, applicationNumber);
  await submitReview(assessor, 'Experience and a current eye test, both documented.', 'Accept into examinations');
  await assessor.context().close();
  await staff.reload();
  await expect(staff.getByTestId('assessor-review')).toContainText('Accept into examinations');
  await decideAssessment(staff, 'Meets the experience and vision requirements.', 'Accept into examinations', 'Welcome to the IWI examinations.');
  await expect(staff.locator('[data-status="Assessment Completed"]').first()).toBeVisible();
  const staffPath = new URL(staff.url()).pathname;

  // 3. A 10 % discount code for Qualification programs, made on Discount Codes.
  await mainMenu(staff).getByRole('link', { name: 'Discount Codes' }).click();
  await staff.getByRole('button', { name: 'New discount code' }).click();
  const couponForm = staff.getByRole('form', { name: 'Discount code' });
  await couponForm.getByLabel('Code').fill(code);
  await couponForm.getByLabel('Description').fill('Welding Week: 10 % off the modules');
  await couponForm.getByLabel('Percentage (%)').fill('10');
  await couponForm.getByLabel('Program Type').selectOption({ label: 'Qualification' });
  await couponForm.getByLabel('Valid from').fill(`${new Date().getFullYear()}-01-01`);
  await fillDay(couponForm.getByRole('textbox', { name: 'Valid to' }), '2099-12-31');
  await couponForm.getByRole('button', { name: 'Create discount code' }).click();
  await expect(couponForm).toBeHidden();
  await searchList(staff, staff.getByLabel('Search'), code, staff.getByTestId('discount-codes-table'));
  await expect(staff.getByTestId('discount-codes-table').getByRole('row', { name: new RegExp(code) })).toContainText('10 %');

  // The pre-exam stage: IWI-M1 (Online) and IWI-M3 (Practical) required, IWI-M2 not taken; the code applied.
  await staff.goto(staffPath);
  const preExam = staff.getByTestId('pre-exam-stage');
  await expect(preExam.getByTestId('fee-basis')).toHaveText('Non-member fees');
  await preExam.getByTestId('module-IWI-M1').getByRole('radio', { name: 'Required' }).check();
  await preExam.getByTestId('module-IWI-M2').getByRole('radio', { name: 'Not taken' }).check();
  await preExam.getByTestId('module-IWI-M3').getByRole('radio', { name: 'Required' }).check();
  await preExam.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await preExam.getByRole('button', { name: 'Apply' }).click();
  const totals = preExam.getByTestId('pre-exam-totals');
  const totalRow = (label: string) => totals.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: label }) });
  // $550.00 + $780.00 at non-member fees; 10 % off; the GST is the eleventh part of the GST-inclusive total.
  await expect(totalRow('Subtotal')).toContainText('$1,330.00');
  await expect(totalRow(`Discount (${code})`)).toContainText('-$133.00');
  await expect(totalRow('GST included (10%)')).toContainText('$108.82');
  await expect(totalRow('Total (incl. GST)')).toContainText('$1,197.00');
  await preExam.getByRole('button', { name: 'Issue invoice' }).click();
  const issue = staff.getByRole('dialog', { name: 'Issue the tax invoice?' });
  await expect(issue).toContainText('$1,197.00');
  await issue.getByRole('button', { name: 'Issue invoice' }).click();
  const invoiceSummary = preExam.getByTestId('invoice-summary');
  await expect(invoiceSummary).toContainText(/Tax invoice INV-\d{6}/);
  const invoiceNumber = /INV-\d{6}/.exec((await invoiceSummary.textContent()) ?? '')?.[0] ?? '';
  await expect(staff.getByText('Payment requested', { exact: true }).first()).toBeVisible();

  // 4. The applicant follows the payment link from their mail, pays on the test gateway and sees Success.
  const invoiceMail = await waitForMail(DEMO.applicant, startedAt, `Application ${applicationNumber}: invoice ${invoiceNumber} and payment link`);
  expect(invoiceMail.text).toContain(`Discount (${code}): -$133.00`);
  expect(invoiceMail.text).toContain('Total (incl. GST): $1,197.00');
  const payLink = invoiceMail.links.find((link) => /\/student\/payments\/[0-9a-f-]{36}$/.test(link));
  expect(payLink).toBeDefined();
  await applicant.goto(new URL(payLink!).pathname);
  await expect(applicant.getByRole('heading', { level: 1 })).toHaveText(`Pay invoice ${invoiceNumber}`);
  await expect(applicant.getByTestId('payment-amount')).toContainText('$1,197.00 AUD');
  await applicant.getByRole('button', { name: 'Pay now' }).click();
  await expect(applicant.getByRole('heading', { level: 1 })).toHaveText('Test payment gateway');
  await expect(applicant.getByTestId('gateway-amount')).toHaveText('$1,197.00 AUD');
  await applicant.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(applicant.getByTestId('payment-result')).toContainText('Payment received');
  await expect(applicant.getByTestId('payment-status')).toContainText('Success');

  // A venue for the practical module, kept under Utilities.
  await mainMenu(staff).getByRole('link', { name: 'Utilities' }).click();
  await staff.getByRole('link', { name: 'Venues' }).click();
  await staff.getByRole('button', { name: 'New venue' }).click();
  const venueDialog = staff.getByRole('dialog', { name: 'New venue' });
  await venueDialog.getByLabel('Title').fill(venue);
  await venueDialog.getByRole('button', { name: 'Create venue' }).click();
  await expect(venueDialog).toBeHidden();

  // 5. Staff see the payment and schedule both modules at the next whole minute at least 70 s ahead.
  await staff.goto(staffPath);
  await expect(staff.getByText('Payment completed', { exact: true }).first()).toBeVisible();
  const examAt = new Date(Math.ceil((Date.now() + 70_000) / 60_000) * 60_000);
  const when = partsIn(examAt, SYDNEY);
  const schedule = staff.getByTestId('exam-schedule-stage');
  await expect(schedule).toContainText('Ari Applicant reads times in Sydney time');
  const online = schedule.getByTestId('schedule-row-IWI-M1');
  await choose(staff, online, 'Kind', /^Online$/);
  await online.getByRole('textbox', { name: 'Date', exact: true }).fill(when.day);
  await online.getByRole('textbox', { name: 'Date', exact: true }).press('Tab');
  await online.locator('input[type="time"]').fill(when.time);
  await online.getByRole('textbox', { name: 'Duration (minutes)', exact: true }).fill('90');
  await choose(staff, online, 'Examiner', 'Casey Contributor');
  await choose(staff, online, 'Invigilator', 'Uma User');
  await choose(staff, online, 'Published test', /IWI-M1 module exam/);
  const practical = schedule.getByTestId('schedule-row-IWI-M3');
  await choose(staff, practical, 'Kind', /^Practical$/);
  await practical.getByRole('textbox', { name: 'Date', exact: true }).fill(when.day);
  await practical.getByRole('textbox', { name: 'Date', exact: true }).press('Tab');
  await practical.locator('input[type="time"]').fill(when.time);
  await practical.getByRole('textbox', { name: 'Duration (minutes)', exact: true }).fill('180');
  await choose(staff, practical, 'Venue or test centre', venue);
  await choose(staff, practical, 'Examiner', 'Casey Contributor');
  await choose(staff, practical, 'Invigilator (optional)', 'Uma User');
  await expect(practical.getByTestId('candidate-time')).toHaveText(`The candidate reads ${when.shown}.`);
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(staff.getByText('Exams scheduled', { exact: true }).first()).toBeVisible();
  await schedule.getByRole('button', { name: 'Send to candidate' }).click();
  const send = staff.getByRole('dialog', { name: 'Send the exam schedule to the candidate?' });
  await expect(send).toContainText(`IWI-M1: Online on ${when.shown}`);
  await expect(send).toContainText(`IWI-M3: Practical on ${when.shown}`);
  await send.getByRole('button', { name: 'Send schedule' }).click();
  await expect(staff.getByText('Exam modules sent', { exact: true }).first()).toBeVisible();

  // While the exam time comes: the schedule mail and the applicant's page, both in the applicant's zone (Sydney).
  const scheduleMail = await waitForMail(DEMO.applicant, startedAt, `Application ${applicationNumber}: your exams are scheduled`);
  expect(scheduleMail.text).toContain(`IWI-M1 Welding processes and equipment: Online exam on ${when.shown}, 90 minutes.`);
  expect(scheduleMail.text).toContain(`IWI-M3 Practical visual inspection of welds: Practical exam on ${when.shown}, 180 minutes. Venue: ${venue}.`);
  await applicant.goto(applicantPath);
  await expect(applicant.getByTestId('your-examinations').getByTestId('my-exam-IWI-M1')).toContainText(when.shown);
  await expect(applicant.getByTestId('your-examinations').getByTestId('my-exam-IWI-M3')).toContainText(`Venue: ${venue}`);

  // 6. After the exam time, staff enter both results (the online module's too: see the report) and record Awarded.
  const results = staff.getByTestId('exam-results-stage');
  const practicalResult = results.getByTestId('result-row-IWI-M3');
  // The results open when the exam time has come.
  await reloadUntilVisible(staff, practicalResult.getByRole('textbox', { name: 'Percentage', exact: true }));
  await practicalResult.getByRole('textbox', { name: 'Percentage', exact: true }).fill('82.5');
  await expect(practicalResult.getByRole('radio', { name: 'Pass' })).toBeChecked();
  await practicalResult.getByRole('textbox', { name: 'Notes', exact: true }).fill('Found every planted defect on the three test plates.');
  await practicalResult.locator('input[type="file"]').setInputFiles({ name: 'practical-marking-sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(practicalResult.getByRole('button', { name: 'practical-marking-sheet.pdf' })).toBeVisible();
  const onlineResult = results.getByTestId('result-row-IWI-M1');
  await onlineResult.getByRole('textbox', { name: 'Percentage', exact: true }).fill('76');
  await expect(onlineResult.getByRole('radio', { name: 'Pass' })).toBeChecked();
  await results.getByRole('button', { name: 'Save results' }).click();
  // IWI-M1 was scheduled online and not sat: a result typed over it closes that exam, so it is asked once more.
  const override = staff.getByRole('dialog', { name: 'Record the result of an online exam by hand?' });
  await expect(override).toContainText('IWI-M1 was scheduled as an online exam');
  await override.getByRole('button', { name: 'Record the result' }).click();
  await expect(staff.getByText('Exam results recorded', { exact: true }).first()).toBeVisible();
  await expect(practicalResult).toContainText('Entered by Sam Super');
  const overall = results.getByTestId('overall-result');
  await overall.getByRole('radio', { name: 'Awarded' }).check();
  await overall.getByRole('textbox', { name: 'Note for the history', exact: true }).fill('Both modules passed at the first sitting.');
  await overall.getByRole('button', { name: 'Record overall result' }).click();
  await staff.getByRole('dialog', { name: 'Record Awarded?' }).getByRole('button', { name: 'Record Awarded' }).click();
  await expect(staff.locator('[data-status="Awarded"]').first()).toBeVisible();

  // 7. The staff's history lists every move, with the examination stages.
  const staffHistory = staff.getByTestId('application-history');
  await expect(staffHistory).toContainText('Overall result: Awarded. Both modules passed at the first sitting.');
  const moves = [
    '- > Application Started',
    'Application Started > Application Submitted',
    'Application Submitted > Being Assessed',
    'Being Assessed > Being Assessed',
    'Being Assessed > Assessment Completed',
    'Assessment Completed > Examinations Stage / Pre-examination completed',
    'Examinations Stage / Pre-examination completed > Examinations Stage / Payment requested',
    'Examinations Stage / Payment requested > Examinations Stage / Payment completed',
    'Examinations Stage / Payment completed > Examinations Stage / Exams scheduled',
    'Examinations Stage / Exams scheduled > Examinations Stage / Exam modules sent',
    'Examinations Stage / Exam modules sent > Examinations Stage / Exam results recorded',
    // The overall result moves the status only; a stage is written where it changes.
    'Examinations Stage > Awarded',
  ];
  expect(await historyMoves(staffHistory, 2, 3)).toEqual(moves);
  await expect(staffHistory).toContainText(`Invoice ${invoiceNumber} issued: $1,197.00 incl. GST $108.82`);
  await expect(staffHistory).toContainText(/Payment received: \$1,197\.00 \(Test gateway, tch_[0-9a-f]+\)/);

  // The applicant sees Awarded with the results, and the same moves in their own History.
  await applicant.reload();
  const mine = applicant.getByTestId('your-examinations').getByTestId('overall-result');
  await expect(mine).toContainText(/Overall result:\s*Awarded/);
  await expect(mine).toContainText('82.50%');
  await expect(applicant.getByTestId('application-read-only')).toContainText('Awarded');
  const applicantHistory = applicant.getByTestId('applicant-application-history');
  // Every move but the staff's review, which moved nothing (and stays with staff).
  const applicantMoves = moves.filter((move) => move !== 'Being Assessed > Being Assessed');
  await expect(applicantHistory.getByRole('row')).toHaveCount(applicantMoves.length + 1);
  expect(await historyMoves(applicantHistory, 1, 2)).toEqual(applicantMoves);

  // The applicant's inbox holds each stage's mail, and the SMTP server received each one.
  const subjects = [
    `Application ${applicationNumber} received`,
    `Application ${applicationNumber}: assessment has started`,
    `Application ${applicationNumber}: accepted into examinations`,
    `Application ${applicationNumber}: invoice ${invoiceNumber} and payment link`,
    `Payment received: invoice ${invoiceNumber}`,
    `Application ${applicationNumber}: your exams are scheduled`,
    `Application ${applicationNumber}: your examination result`,
  ];
  await expect.poll(() => mailsSince(DEMO.applicant, startedAt).map((mail) => mail.subject)).toEqual(expect.arrayContaining(subjects));
  const resultMail = mailsSince(DEMO.applicant, startedAt).find((mail) => mail.subject === subjects[6])!;
  expect(resultMail.text).toContain('IWI-M3 Practical visual inspection of welds: Pass (82.50%)');
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Notifications' }).click();
  const inbox = applicant.getByTestId('inbox-table');
  for (const subject of subjects) await expect(inbox.getByRole('button', { name: `Read ${subject}` })).toBeVisible();
  await inbox.getByRole('button', { name: `Read ${subjects[5]}` }).click();
  await expect(applicant.getByTestId('mail-drawer')).toContainText(`Online exam on ${when.shown}`);

  // 8. The award (issue 16): the Award section of the staff's page, and the applicant's Awards list with the same certificate.
  const award = staff.getByTestId('award-stage');
  await expect(award.locator('[data-status="Current"]')).toBeVisible();
  const certificateNumber = ((await award.getByTestId('award-certificate-number').textContent()) ?? '').trim();
  expect(certificateNumber).not.toBe('');
  await applicant.goto('/student/applications');
  const awardRow = applicant.getByTestId('awards-table').getByRole('row', { name: /Q-WELD-INSP/ });
  await expect(awardRow).toContainText(certificateNumber);
  await expect(awardRow.locator('[data-status="Current"]')).toBeVisible();
  await expect(awardRow.getByRole('button', { name: `Download certificate ${certificateNumber}` })).toBeVisible();
});
