import { expect as baseExpect, test, type Locator, type Page } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { downloaded, textOfPdf } from '../fixtures/downloads';
import { fillDateTime, personAt, registerApplicant, submitApplication } from '../fixtures/journey';
import { waitForMailLink } from '../fixtures/mailbox';

// A long journey of four people on a shared machine: each step may wait longer than a screen's usual limit.
const expect = baseExpect.configure({ timeout: 45_000 });
const STEP_TIMEOUT = 90_000;
const PROGRAM_CODE = 'WQ-ISO9606';
const WQ = '/api/welderqualificationapplication';
/** A valid one-pixel PNG: the profile's photograph. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A field of the record form by its label (required ones carry an asterisk). */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));

function sydneyDay(offsetDays: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + offsetDays * 86_400_000));
}

/** Fills the record of a 135 (MAG) butt weld on 10 mm plate in PA, in the order the lists depend on each other. */
async function fillPlateButtWeld(form: Locator): Promise<void> {
  const texts: [string, string][] = [
    ['Date of birth', '1991-05-14'],
    ['Place of birth', 'Newcastle, NSW'],
    ['Identification number', 'NSW-DL-7754321'],
    ['Method of identification', 'Driver licence'],
    ['Employer', 'Hunter Fabrication Pty Ltd'],
    ['WPS number', 'WPS-135-01'],
    ['WPS revision', 'B'],
    ['WPS date', '2026-01-15'],
    ['Qualification type', 'Initial qualification'],
    ['Place of testing', 'Newcastle test bay'],
    // A few days ago: the first confirmation may be made from the day after the test.
    ['Test date', sydneyDay(-3)],
    ['Testing acceptance criteria', 'ISO 5817 level B'],
    ['Parent material 1 specification', 'AS/NZS 3678-350'],
    ['Parent material 2 specification', 'AS/NZS 3678-350'],
  ];
  for (const [label, value] of texts) await field(form, label).fill(value);
  const selects: [string, string][] = [
    ['Validity option', '9.3b'],
    ['Parent material 1 group', '1'],
    ['Parent material 1 subgroup', '1.2'],
    ['Parent material 2 group', '1'],
    ['Parent material 2 subgroup', '1.2'],
    ['Product type', 'Plate'],
    ['Joint type', 'BW'],
    ['Additional joint type test', 'Not-applicable'],
    ['Welding process', '135'],
    ['Transfer mode', 'spray'],
    ['Welding position', 'PA'],
    ['Filler material group', 'FM1'],
    ['Filler material type', 'S'],
    ['Backing and consumable insert', 'ss nb'],
    ['Layer technique', 'ml'],
    ['Type of current and polarity', 'DC+'],
  ];
  for (const [label, value] of selects) await field(form, label).selectOption(value);
  await field(form, 'Test piece thickness (mm)').fill('10');
  await field(form, 'Deposited thickness (mm)').fill('10');
  await field(form, 'Filler material trade name').fill('ER70S-6');
  await field(form, 'Shielding gas').fill('M21 (Ar + 18% CO2)');
  await field(form, 'Auxiliaries').fill('None');
}

async function upload(scope: Locator, name: string): Promise<void> {
  await scope.getByTestId('document-upload').locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  // Once stored, the file is listed as attached (its name also shows in the upload's own progress line).
  await expect(scope.getByRole('button', { name: `View ${name}` })).toBeVisible();
}

async function noSeriousViolations(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

test('a welder qualifies to ISO 9606-1 with a 135 butt weld on plate: record, payment, examiner tests with evidence, approval, the range of qualification, the employer\'s confirmation from the mailed link and the certificate', async ({ browser, request }) => {
  test.setTimeout(900_000);
  const superJwt = await signInApi(request, DEMO.superUser);
  const welder = await registerApplicant(request, { firstName: 'Wade', lastName: 'Welder', emailPrefix: 'wpq.welder', password: 'Welder-candidate-2026!' });
  const welderJwt = await signInApi(request, welder.email, welder.password, true);
  // The welder's employer, named on their profile, receives the confirmation links.
  const suffix = Date.now().toString(36);
  const employer = { name: `Hunter Fabrication ${suffix}`, contactName: 'Morgan Coordinator', contactEmail: `coordinator.${suffix}@example.test` };
  const company = await api<{ id: string }>(request, 'POST', '/api/company', superJwt, employer);
  await api(request, 'POST', '/api/company/employer', welderJwt, { companyId: company.id });
  const programs = await api<{ rows: { id: string; programCode: string }[] }>(request, 'GET', `/api/program/published?search=${PROGRAM_CODE}`, welderJwt);
  const programId = programs.rows.find((p) => p.programCode === PROGRAM_CODE)!.id;
  // The demo program's examiner, Casey Contributor, also assesses it (idempotent: the same roles every run).
  const users = await api<{ userId: string; name: string }[]>(request, 'GET', `/api/programuser/allusers/${programId}`, superJwt);
  const casey = users.find((u) => u.name === 'Casey Contributor')!;
  await api(request, 'POST', '/api/programuser/save', superJwt, { programId, userId: casey.userId, roles: [1, 2] });

  // The welder applies to WQ-ISO9606 from their home page, with a photograph on their profile for the certificate.
  const page = await personAt(browser, '/student/login', welder.email, welder.password);
  page.setDefaultTimeout(STEP_TIMEOUT);
  await page.goto('/student/profile');
  const photo = page.getByTestId('profile-photo');
  await expect(photo.getByTestId('no-photo')).toBeVisible();
  await photo.getByTestId('document-upload').locator('input[type="file"]').setInputFiles({ name: 'wade-welder.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(photo.getByRole('button', { name: 'View wade-welder.png' })).toBeVisible();
  await noSeriousViolations(page);
  await page.goto('/student/applicantHome');
  await page.getByRole('link', { name: PROGRAM_CODE }).click();
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await page.getByLabel('Your answer to WPS').fill('WPS-135-01 rev B, nominated by Hunter Fabrication.');
  await page.getByRole('checkbox', { name: 'I accept the declaration' }).check();
  await submitApplication(page);
  const applicationNumber = (await page.getByTestId('application-number').textContent())?.trim() ?? '';

  // The record: refused while incomplete, then filled with lists that follow the earlier choices.
  const record = page.getByTestId('wpq-record');
  const applicationId = (await record.getAttribute('data-application-id')) ?? '';
  expect(applicationId).toMatch(/^[0-9a-f-]{36}$/);
  const form = record.getByRole('form', { name: 'Welder qualification record' });
  await form.getByRole('button', { name: 'Submit record' }).click();
  await expect(form.getByText('Date of birth is required')).toBeVisible();
  await field(form, 'Welding process').selectOption('135');
  // The filler types follow the process (135: solid and metal-cored wires).
  await expect(field(form, 'Filler material type').locator('option[value="S"]')).toHaveCount(1);
  await expect(field(form, 'Filler material type').locator('option[value="RB"]')).toHaveCount(0);
  await fillPlateButtWeld(form);
  await form.getByRole('button', { name: 'Save record' }).click();
  await expect(form.getByText('Record saved as a draft.')).toBeVisible();
  await noSeriousViolations(page);
  await form.getByRole('button', { name: 'Submit record' }).click();
  await expect(record.getByText('Submitted', { exact: true })).toBeVisible();
  // Submitted, it can still be corrected until the test is sent to the welder.
  await expect(field(form, 'Employer')).toHaveValue('Hunter Fabrication Pty Ltd');

  // Staff assess and accept it and issue the invoice at the program's fee (the earlier stages' own screens are tested elsewhere).
  await api(request, 'POST', `${WQ}/${applicationId}/assessor/assign`, superJwt, { assessorId: casey.userId, assessmentRound: 0 });
  await api(request, 'POST', `${WQ}/${applicationId}/assessor/submit`, await signInApi(request, DEMO.contributor), { review: 'WPS and identity in order.', recommendation: 'accept' });
  const details = await api<{ criteria: { criterion: string }[] }>(request, 'GET', `${WQ}/${applicationId}/details`, superJwt);
  await api(request, 'POST', `${WQ}/${applicationId}/assessment/submit`, superJwt, {
    assessmentReport: 'Ready for the test.',
    selections: details.criteria.map((c) => ({ criterion: c.criterion, answer: 'Yes' })),
    outcome: 'accept',
    messageToApplicant: '',
  });
  await api(request, 'POST', `${WQ}/${applicationId}/preexam/submit`, superJwt);

  // The welder pays from the mailed link.
  const { link } = await waitForMailLink(welder.email, /\/student\/payments\/[0-9a-f-]{36}$/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByTestId('payment-amount')).toContainText('350.00 AUD');
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page.getByTestId('payment-result')).toContainText('Payment received');

  // Staff schedule the test at a venue with the program's examiner.
  const venue = `WQ test bay ${Date.now().toString(36)}`;
  await api(request, 'POST', '/api/venue', superJwt, { title: venue });
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  staff.setDefaultTimeout(STEP_TIMEOUT);
  const staffPath = `/admin/programs/${programId}/applications/welderqualificationapplication/${applicationId}`;
  await staff.goto(staffPath);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Application ${applicationNumber}`);
  const staffRecord = staff.getByTestId('wpq-record');
  const scheduleForm = staffRecord.getByRole('group', { name: 'Schedule the test' });
  await fillDateTime(scheduleForm, `${sydneyDay(2)}T09:00`);
  await scheduleForm.getByLabel(/^Place/).selectOption({ label: `Venue: ${venue}` });
  await scheduleForm.getByLabel(/^Examiner/).selectOption({ label: 'Casey Contributor' });
  await scheduleForm.getByRole('button', { name: 'Schedule and send to the welder' }).click();
  await expect(staffRecord.getByTestId('wpq-record-preview')).toContainText(`at ${venue}; examiner Casey Contributor`);
  await noSeriousViolations(staff);

  // The examiner records visual and bend tests with evidence, job knowledge and the test result file.
  const examiner = await personAt(browser, '/admin/login', DEMO.contributor);
  examiner.setDefaultTimeout(STEP_TIMEOUT);
  await examiner.goto(staffPath);
  const tests = examiner.getByTestId('wpq-record').getByRole('group', { name: 'Record the test' });
  await expect(tests).toContainText('Visual testing always comes first');
  const visual = tests.getByTestId('wpq-test-0');
  await expect(visual.getByLabel('Test method')).toHaveValue('visual');
  await visual.getByLabel('Result').selectOption('Pass');
  await upload(visual, 'visual-inspection-photos.pdf');
  await tests.getByRole('button', { name: 'Add a test' }).click();
  const bend = tests.getByTestId('wpq-test-1');
  await bend.getByLabel('Test method').selectOption('bend');
  await bend.getByLabel('Sum of open discontinuities of 1 to 3 mm (mm)').fill('1.5');
  await upload(bend, 'bend-test-report.pdf');
  await tests.getByRole('radio', { name: 'Acceptable' }).check();
  const submission = tests.getByRole('group', { name: 'Exam submission' });
  await upload(submission, 'test-result-sheet.pdf');
  await submission.getByLabel('Message to examiner').fill('Root penetration even along the whole length.');
  await noSeriousViolations(examiner);
  await submission.getByRole('button', { name: 'Submit the test' }).click();
  const results = examiner.getByTestId('wpq-test-results');
  await expect(results.getByRole('row', { name: /Bend test Pass 1\.5 bend-test-report\.pdf/ })).toBeVisible();
  await expect(examiner.getByTestId('wpq-record').getByText('Tested', { exact: true })).toBeVisible();

  // The assessor approves: the award is made with the range the engine computes from the record.
  await staff.reload();
  const outcome = staffRecord.getByRole('group', { name: "Assessor's outcome" });
  await outcome.getByRole('radio', { name: 'Approved', exact: true }).check();
  await outcome.getByLabel('Assessor notes').fill('Visual and bend tests acceptable.');
  await outcome.getByRole('button', { name: 'Record the outcome' }).click();
  await expect(staffRecord).toContainText(/Welder qualification approved\s*Certificate \S+/);
  await staffRecord.getByRole('link', { name: 'Print the range of qualification' }).click();
  const sheet = staff.getByTestId('wpq-range-sheet');
  await expect(sheet.getByTestId('wpq-designation')).toHaveText('ISO 9606-1 135 P BW FM1 S s10 PA ss nb');
  await expect(sheet.getByRole('row', { name: /Thickness/ })).toContainText('3 mm to 20 mm');
  await expect(sheet.getByRole('row', { name: /Welding process/ })).toContainText('135, 138');
  // A plate test's pipe range with the engine's conditions, not one pipe range from D 75 mm (issue 45).
  await expect(sheet.getByRole('row', { name: /Product type/ })).toContainText('plate; fixed pipe D 500 mm and up; rotating pipe D 75 mm and up in PA');
  await noSeriousViolations(staff);

  // The welder sees the award and prints the same range.
  await page.goto(`/student/applications/welderqualificationapplication/${applicationId}`);
  await expect(page.getByTestId('wpq-record').getByText('Approved', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Print the range of qualification' }).click();
  await expect(page.getByTestId('wpq-designation')).toHaveText('ISO 9606-1 135 P BW FM1 S s10 PA ss nb');
  await expect(page.getByTestId('wpq-range-sheet')).toContainText('Wade Welder');
  await noSeriousViolations(page);

  // Keeping it valid: staff mail the employer the 6-monthly confirmation link from the record.
  await staff.goto(staffPath);
  const validity = staffRecord.getByTestId('wpq-validity');
  await expect(validity.getByTestId('wpq-validity-summary')).toContainText('the next confirmation is due by');
  await expect(validity).toContainText('No confirmation yet.');
  await validity.getByRole('button', { name: 'Mail the employer the confirmation link' }).click();
  await expect(validity.getByRole('status').filter({ hasText: `A new link was mailed to ${employer.contactEmail}` })).toBeVisible();
  await noSeriousViolations(staff);

  // The welding coordinator confirms from the mailed link, without an account.
  const { link: confirmLink } = await waitForMailLink(employer.contactEmail, /\/wpq-confirm\/[^/]+$/);
  // Axe's script goes in past the page's Content-Security-Policy, as personAt's pages allow.
  const coordinator = await browser.newPage({ bypassCSP: true });
  coordinator.setDefaultTimeout(STEP_TIMEOUT);
  await coordinator.goto(new URL(confirmLink).pathname);
  await expect(coordinator.getByRole('heading', { name: 'Wade Welder' })).toBeVisible();
  // The page speaks to the employer: not the program's message to the welder ("your employer ... confirms that you ...").
  await expect(coordinator.getByTestId('confirmation-purpose')).toContainText('ISO 9606-1 asks the employer every six months');
  await expect(coordinator.getByText(/your employer/i)).toHaveCount(0);
  const confirmForm = coordinator.getByRole('form', { name: 'Confirm the welder qualification' });
  await confirmForm.getByRole('textbox', { name: 'Name', exact: true }).fill('Morgan Coordinator');
  await confirmForm.getByRole('textbox', { name: 'Position', exact: true }).fill('Welding coordinator');
  await noSeriousViolations(coordinator);
  await confirmForm.getByRole('button', { name: 'Confirm' }).click();
  await expect(coordinator.getByText('Confirmation recorded')).toBeVisible();
  await coordinator.close();

  // The welder's record shows the confirmation, and the certificate's confirmation table holds it.
  await page.goto(`/student/applications/welderqualificationapplication/${applicationId}`);
  await expect(page.getByTestId('wpq-confirmations')).toContainText('Morgan Coordinator, Welding coordinator');
  await noSeriousViolations(page);
  await page.goto('/student/applications');
  const awardRow = page.getByTestId('awards-table').getByRole('row', { name: new RegExp(PROGRAM_CODE) });
  const certificate = await downloaded(page, () => awardRow.getByRole('button', { name: /^Download certificate / }).click());
  const printed = textOfPdf(certificate.bytes);
  expect(printed).toContain('ISO 9606-1 135 P BW FM1 S s10 PA ss nb');
  // The ranges, beside the test piece's values.
  expect(printed).toContain('3 mm to 20 mm');
  expect(printed).toContain('135, 138');
  expect(printed).toContain('Morgan Coordinator');
  expect(printed).toContain('Welding coordinator');
  // The photograph's box holds the profile's photograph.
  expect(printed).not.toContain('not on file');

  // Anyone checking the certificate sees its range in the standard's designation.
  const certificateNumber = /Certificate number: (\S+)/.exec(printed)?.[1] ?? '';
  expect(certificateNumber).not.toBe('');
  const visitor = await browser.newPage({ bypassCSP: true });
  visitor.setDefaultTimeout(STEP_TIMEOUT);
  await visitor.goto(`/verify/${encodeURIComponent(certificateNumber)}`);
  await expect(visitor.getByText('ISO 9606-1 135 P BW FM1 S s10 PA ss nb')).toBeVisible();
  await noSeriousViolations(visitor);
  await visitor.close();
});
