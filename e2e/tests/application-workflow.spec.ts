import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';
import { mailsTo } from '../fixtures/mailbox';

const PROGRAM_CODE = 'Q-WELD-INSP';
const MORE_INFORMATION = 'Please add the date and provider of your eye test to EYE-TEST.';

/** Each person works in their own browser context (own session), as three people at three desks would. */
async function personAt(browser: Browser, loginPath: '/admin/login' | '/student/login', email: string): Promise<Page> {
  // axe-core is injected as a script, which the app's CSP rightly forbids; these contexts bypass it to check the pages.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, loginPath, email);
  return page;
}

async function openStaffApplication(page: Page, applicationNumber: string): Promise<void> {
  await mainMenu(page).getByRole('link', { name: 'Programs' }).click();
  await page.getByRole('link', { name: PROGRAM_CODE }).first().click();
  await page.getByRole('link', { name: 'Applications' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Applications: ${PROGRAM_CODE}`);
  const queue = page.getByTestId('application-queue');
  await page.getByLabel('Search').fill(applicationNumber);
  await expect(queue.getByRole('row')).toHaveCount(2);
  await queue.getByRole('link', { name: applicationNumber }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Application ${applicationNumber}`);
}

async function assignContributor(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Assign assessor' });
  await form.getByLabel('Assessor').click();
  await page.getByRole('option', { name: /Casey Contributor/ }).click();
  await form.getByRole('button', { name: 'Assign assessor' }).click();
  await expect(page.locator('[data-status="Being Assessed"]').first()).toBeVisible();
  await expect(page.getByTestId('assessor-stage')).toContainText('Casey Contributor');
}

async function submitReview(page: Page, text: string, recommendation: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Assessor review' });
  await form.getByRole('textbox', { name: 'Review' }).fill(text);
  await form.getByRole('radio', { name: recommendation }).check();
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByTestId('assessor-review')).toContainText('Review submitted by Casey Contributor');
}

async function decide(page: Page, report: string, outcome: string, message = ''): Promise<void> {
  const form = page.getByRole('form', { name: 'Assessment' });
  await form.getByRole('textbox', { name: 'Assessment report' }).fill(report);
  const criteria = form.locator('[data-testid^="criterion-"]');
  const count = await criteria.count();
  expect(count).toBe(5);
  for (let i = 0; i < count; i += 1) await criteria.nth(i).getByRole('radio', { name: 'Yes' }).check();
  await form.getByRole('radio', { name: outcome }).check();
  if (message) await form.getByRole('textbox', { name: 'Message to the applicant' }).fill(message);
  await form.getByRole('button', { name: 'Submit assessment' }).click();
}

test('staff take the demo applicant’s Qualification application through assessor, a request for more information and acceptance', async ({ browser }) => {
  test.setTimeout(240_000);
  // The catcher's folder outlives runs (and application numbers repeat on a fresh database): read this run's mail only.
  const startedAt = Date.now();
  const mailsOfThisRun = () => mailsTo(DEMO.applicant).filter((mail) => Number(mail.file.split('-')[0]) >= startedAt);

  // The applicant applies to Q-WELD-INSP through the application form.
  const applicant = await personAt(browser, '/student/login', DEMO.applicant);
  await applicant.getByRole('link', { name: PROGRAM_CODE }).click();
  await applicant.getByRole('link', { name: 'Apply', exact: true }).click();
  await applicant.getByLabel('Your answer to EXP-2Y').fill('Six years as a welder-fabricator, two as a QA inspector on structural steel.');
  await applicant.getByLabel('Your answer to EYE-TEST').fill('Near-vision and colour test passed this year.');
  await applicant.getByRole('checkbox', { name: 'I accept the declaration' }).check();
  await applicant.getByRole('button', { name: 'Submit application' }).click();
  await expect(applicant.getByTestId('application-read-only')).toContainText('Application Submitted');
  const applicationNumber = (await applicant.getByTestId('application-number').textContent())?.trim() ?? '';
  expect(applicationNumber).toMatch(/^Q-\d{4}-\d{5}$/);

  // The super user finds it in the program's queue and assigns the contributor as assessor.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await mainMenu(staff).getByRole('link', { name: 'Programs' }).click();
  await staff.getByRole('link', { name: PROGRAM_CODE }).first().click();
  await staff.getByRole('link', { name: 'Applications' }).click();
  const queue = staff.getByTestId('application-queue');
  await expect(queue.getByRole('columnheader')).toHaveText(['Application Number', 'Applicant', 'Program Code', 'Program Title', 'Application Date', 'Type', 'Status']);
  const row = queue.getByRole('row').filter({ hasText: applicationNumber });
  await expect(row).toContainText('Ari Applicant');
  await expect(row.locator('[data-status="Application Submitted"]')).toBeVisible();
  await row.getByRole('link', { name: applicationNumber }).click();
  await expect(staff.getByTestId('applicant-summary')).toContainText(DEMO.applicant);
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
  await submitReview(assessor, 'Experience is well documented; the eye test has no date.', 'Request more information');

  // The super user asks the applicant for more information: the report and each criterion are required.
  await staff.reload();
  await expect(staff.getByTestId('assessor-review')).toContainText('Request more information');
  await staff.getByRole('form', { name: 'Assessment' }).getByRole('button', { name: 'Submit assessment' }).click();
  await expect(staff.getByText('Assessment report is required')).toBeVisible();
  await expect(staff.getByText('Please select one option').first()).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await decide(staff, 'The eye test is not dated; everything else is in order.', 'Request more information', MORE_INFORMATION);
  await expect(staff.locator('[data-status="Application Started"]').first()).toBeVisible();
  await expect(staff.getByTestId('information-request')).toContainText(MORE_INFORMATION);

  // The applicant sees the request, edits the answer and submits again.
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Applications' }).click();
  await applicant.getByTestId('applications-table').getByRole('link', { name: applicationNumber }).click();
  const applicationId = applicant.url().split('/').at(-1) ?? '';
  await expect(applicant.getByTestId('information-request')).toContainText(MORE_INFORMATION);
  await applicant.getByLabel('Your answer to EYE-TEST').fill('Near-vision and colour test passed on 3 March 2026 at Newcastle Optometry.');
  await applicant.getByRole('button', { name: 'Submit application' }).click();
  await expect(applicant.getByTestId('application-read-only')).toContainText('Application Submitted');
  await expect(applicant.getByTestId('information-request')).toHaveCount(0);

  // A new round: the contributor assesses again, then the super user accepts into examinations.
  await staff.reload();
  await expect(staff.locator('[data-status="Application Submitted"]').first()).toBeVisible();
  await expect(staff.getByTestId('application-answers')).toContainText('Newcastle Optometry');
  await assignContributor(staff);
  await assessor.reload();
  await submitReview(assessor, 'The eye test is now dated and current.', 'Accept into examinations');
  await staff.reload();
  await decide(staff, 'All evidence in order.', 'Accept into examinations', 'Welcome to the IWI examinations.');
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
  const request = mailsOfThisRun().find((mail) => mail.subject.endsWith('more information needed'));
  expect(request?.text).toContain(MORE_INFORMATION);

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
  await page.getByLabel('Search').fill(`tc-${suffix.toLowerCase()}`);
  await expect(page.getByTestId('test-centres-table')).toContainText('Hunter Weld Testing');
});
