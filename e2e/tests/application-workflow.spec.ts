import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';
import { api, signInApi } from '../fixtures/api-setup';
import { applyToQualification, assignContributor, decideAssessment, mailsSince, openStaffApplication, personAt, registerApplicant, submitApplication, submitReview } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';

const PROGRAM_CODE = 'Q-WELD-INSP';
const MORE_INFORMATION = 'Please add the date and provider of your eye test to EYE-TEST.';

test('staff take an applicant’s Qualification application through assessor, a request for more information and acceptance', async ({ browser, request }) => {
  test.setTimeout(240_000);
  // The catcher's folder outlives runs (and application numbers repeat on a fresh database): read this run's mail only.
  const startedAt = Date.now();
  // An applicant of its own: the demo applicant's one application to Q-WELD-INSP is the full journey's (application-journey.spec.ts).
  const candidate = await registerApplicant(request, { firstName: 'Rory', lastName: 'Resubmitter', emailPrefix: 'workflow', password: 'Workflow-candidate-2026!' });
  const mailsOfThisRun = () => mailsSince(candidate.email, startedAt);
  // Their profile's experience: what assessors read about them (issue 20).
  await api(request, 'POST', '/api/applicantexperience', await signInApi(request, candidate.email, candidate.password, true), {
    employer: 'Hunter Valley Fabrication',
    position: 'QA inspector',
    duties: 'Visual inspection of structural welds.',
    startDate: '2022-03-01',
  });

  // The applicant applies to Q-WELD-INSP through the application form.
  const applicant = await personAt(browser, '/student/login', candidate.email, candidate.password);
  const applicationNumber = await applyToQualification(applicant, {
    experience: 'Six years as a welder-fabricator, two as a QA inspector on structural steel.',
    eyeTest: 'Near-vision and colour test passed this year.',
  });

  // The super user finds it in the program's queue and assigns the contributor as assessor.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await mainMenu(staff).getByRole('link', { name: 'Programs' }).click();
  await staff.getByRole('link', { name: PROGRAM_CODE }).first().click();
  await staff.getByRole('link', { name: 'Applications' }).click();
  const queue = staff.getByTestId('application-queue');
  await expect(queue.getByRole('columnheader')).toHaveText(['Application Number', 'Applicant', 'Program Code', 'Program Title', 'Application Date', 'Type', 'Status']);
  const row = queue.getByRole('row').filter({ hasText: applicationNumber });
  await expect(row).toContainText(candidate.name);
  await expect(row.locator('[data-status="Application Submitted"]')).toBeVisible();
  await row.getByRole('link', { name: applicationNumber }).click();
  await expect(staff.getByTestId('applicant-summary')).toContainText(candidate.email);
  await expect(staff.getByTestId('application-answers')).toContainText('Six years as a welder-fabricator');
  expect(await seriousViolations(staff)).toEqual([]);
  await assignContributor(staff);

  // A staff-only file note.
  await staff.getByRole('textbox', { name: 'New file note' }).fill('Phoned the applicant’s supervisor: experience confirmed.');
  await staff.getByRole('button', { name: 'Add file note' }).click();
  await expect(staff.getByTestId('file-notes')).toContainText('experience confirmed');

  // The contributor, as assessor, reviews and recommends asking for more information.
  const assessor = await personAt(browser, '/admin/login', DEMO.contributor);
  await openStaffApplication(assessor, applicationNumber);
  await expect(assessor.getByRole('form', { name: 'Assessment' })).toHaveCount(0);
  // The assessor reads the applicant's education and experience beside the answers.
  const background = assessor.getByRole('region', { name: 'Education and experience' });
  await expect(background).toContainText('Hunter Valley Fabrication');
  await expect(background).toContainText('No education recorded.');
  await submitReview(assessor, 'Experience is well documented; the eye test has no date.', 'Request more information');

  // The super user asks the applicant for more information: the report and each criterion are required.
  await staff.reload();
  await expect(staff.getByTestId('assessor-review')).toContainText('Request more information');
  await staff.getByRole('form', { name: 'Assessment' }).getByRole('button', { name: 'Submit assessment' }).click();
  await expect(staff.getByText('Assessment report is required')).toBeVisible();
  await expect(staff.getByText('Please select one option').first()).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await decideAssessment(staff, 'The eye test is not dated; everything else is in order.', 'Request more information', MORE_INFORMATION);
  await expect(staff.locator('[data-status="Application Started"]').first()).toBeVisible();
  await expect(staff.getByTestId('information-request')).toContainText(MORE_INFORMATION);

  // The applicant sees the request, edits the answer and submits again.
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Applications' }).click();
  await applicant.getByTestId('applications-table').getByRole('link', { name: applicationNumber }).click();
  const applicationId = applicant.url().split('/').at(-1) ?? '';
  await expect(applicant.getByTestId('information-request')).toContainText(MORE_INFORMATION);
  await applicant.getByLabel('Your answer to EYE-TEST').fill('Near-vision and colour test passed on 3 March 2026 at Newcastle Optometry.');
  await submitApplication(applicant);
  await expect(applicant.getByTestId('information-request')).toHaveCount(0);

  // A new round: the contributor assesses again, then the super user accepts into examinations.
  await staff.reload();
  await expect(staff.locator('[data-status="Application Submitted"]').first()).toBeVisible();
  await expect(staff.getByTestId('application-answers')).toContainText('Newcastle Optometry');
  await assignContributor(staff);
  await assessor.reload();
  await submitReview(assessor, 'The eye test is now dated and current.', 'Accept into examinations');
  await staff.reload();
  await decideAssessment(staff, 'All evidence in order.', 'Accept into examinations', 'Welcome to the IWI examinations.');
  await expect(staff.locator('[data-status="Assessment Completed"]').first()).toBeVisible();
  await expect(staff.getByTestId('assessment-summary')).toContainText('Accept into examinations');

  // The history lists every move, in order.
  const history = staff.getByTestId('application-history');
  const moves = await history.locator('tbody tr').evaluateAll((rows) => rows.map((r) => `${r.children[2]?.textContent} > ${r.children[3]?.textContent}`));
  expect(moves).toEqual([
    '- > Application Started',
    'Application Started > Application Submitted',
    'Application Submitted > Being Assessed',
    'Being Assessed > Being Assessed',
    'Being Assessed > Application Started',
    'Application Started > Application Submitted',
    'Application Submitted > Being Assessed',
    'Being Assessed > Being Assessed',
    'Being Assessed > Assessment Completed',
  ]);
  await expect(history).toContainText(MORE_INFORMATION);
  await expect(history).toContainText('Resubmitted with the information requested');

  // The applicant's inbox holds each stage's mail, and the SMTP server received them.
  const subjects = [
    `Application ${applicationNumber} received`,
    `Application ${applicationNumber}: assessment has started`,
    `Application ${applicationNumber}: more information needed`,
    `Application ${applicationNumber}: accepted into examinations`,
  ];
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Notifications' }).click();
  const inbox = applicant.getByTestId('inbox-table');
  for (const subject of subjects) await expect(inbox).toContainText(subject);
  await expect(inbox).not.toContainText('experience confirmed');
  await expect.poll(() => mailsOfThisRun().map((mail) => mail.subject)).toEqual(expect.arrayContaining(subjects));
  const requestMail = mailsOfThisRun().find((mail) => mail.subject.endsWith('more information needed'));
  expect(requestMail?.text).toContain(MORE_INFORMATION);

  // File notes stay with staff: the applicant's own API answers 403.
  const token = await applicant.evaluate(() => (JSON.parse(localStorage.getItem('certs.session') ?? '{}') as { jwt?: string }).jwt ?? '');
  const notes = await applicant.request.get(`/api/qualificationapplication/${applicationId}/filenotes`, { headers: { authorization: `Bearer ${token}` } });
  expect(notes.status()).toBe(403);
});

test('staff with Utilities keep venues and test centres', async ({ page }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Utilities' }).click();
  await page.getByRole('link', { name: 'Venues' }).click();
  await page.getByRole('button', { name: 'New venue' }).click();
  const venueDialog = page.getByRole('dialog', { name: 'New venue' });
  await venueDialog.getByRole('button', { name: 'Create venue' }).click();
  await expect(venueDialog.getByText('Title is required')).toBeVisible();
  await venueDialog.getByLabel('Title').fill(`Newcastle Workshop ${suffix}`);
  await venueDialog.getByRole('button', { name: 'Create venue' }).click();
  await expect(venueDialog).toBeHidden();
  await expect(page.getByTestId('venues-table')).toContainText(`Newcastle Workshop ${suffix}`);

  await mainMenu(page).getByRole('link', { name: 'Utilities' }).click();
  await page.getByRole('link', { name: 'Test centres' }).click();
  await page.getByRole('button', { name: 'New test centre' }).click();
  const dialog = page.getByRole('dialog', { name: 'New test centre' });
  await dialog.getByRole('button', { name: 'Create test centre' }).click();
  await expect(dialog.getByText('Company Name is required')).toBeVisible();
  await expect(dialog.getByText('Street Number is required')).toHaveCount(0);
  await dialog.getByLabel('Reference Number').fill(`TC-${suffix}`);
  await dialog.getByLabel('Company Name').fill('Hunter Weld Testing');
  await dialog.getByLabel('Street Name').fill('Industrial Drive');
  await dialog.getByLabel('City').fill('Newcastle');
  await dialog.getByLabel('State').fill('NSW');
  await dialog.getByLabel('Postal Code').fill('2300');
  await dialog.getByLabel('Country').fill('Australia');
  await dialog.getByLabel('Phone').fill('02 4900 1234');
  await dialog.getByLabel('Mobile').fill('0400 123 456');
  await dialog.getByLabel('Primary Email').fill('bookings');
  await dialog.getByRole('button', { name: 'Create test centre' }).click();
  await expect(dialog.getByText('Invalid email')).toBeVisible();
  await dialog.getByLabel('Primary Email').fill('bookings@hunterweld.example');
  await dialog.getByRole('button', { name: 'Create test centre' }).click();
  await expect(dialog).toBeHidden();
  await searchList(page, page.getByLabel('Search'), `tc-${suffix.toLowerCase()}`, page.getByTestId('test-centres-table'));
  await expect(page.getByTestId('test-centres-table')).toContainText('Hunter Weld Testing');
});
