import { expect, test, type APIRequestContext, type Page, type Response } from '../fixtures/test';
import { fillDay, submitApplication } from '../fixtures/journey';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, DEMO_PASSWORD, mainMenu, signInAs, signOut } from '../fixtures/demo-accounts';
import { waitForMailLink } from '../fixtures/mailbox';
import { searchList } from '../fixtures/lists';

const PROGRAM_CODE = 'Q-WELD-INSP';
const PASSWORD = 'Inspect-2026-welds';

/** A real PDF of about 3 MB, so that the upload takes long enough to report progress. */
function samplePdf(): Buffer {
  const header = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n';
  const padding = `% ${'weld inspection evidence '.repeat(3)}\n`.repeat(40_000);
  return Buffer.from(`${header}${padding}trailer << /Root 1 0 R >>\n%%EOF\n`);
}

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('certs.session');
    return raw ? (JSON.parse(raw) as { jwt: string }).jwt : '';
  });
}

async function signInThroughApi(request: APIRequestContext, email: string, password: string): Promise<string> {
  const answer = await request.post('/auth/local/applicant', { data: { identifier: email, password } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { jwt: string }).jwt;
}

test.describe('register page accessibility', () => {
  // axe-core is injected as a script, which the app's CSP rightly forbids; only this test bypasses it.
  test.use({ bypassCSP: true });

  test('axe-core finds no serious or critical violation on /register, also with its messages shown', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('First Name is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('a new applicant registers, activates from the mail, fills the profile, uploads a document and applies', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `e2e.applicant.${Date.now()}@example.com`;

  // Registration: the shared schema's messages at the field, then "check your mail".
  await page.goto('/student/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Inspector');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 10 characters, with a letter and a number, and not your email')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('mail-sent-notice')).toContainText('Check your mail');

  // Not active yet: sign-in is refused with the way forward.
  await page.goto('/student/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('sign-in-error')).toContainText('not activated');

  // The activation link, from the mail the local SMTP server received.
  const { mail, link } = await waitForMailLink(email, /\/register\/activate\/[^/\s]+$/);
  expect(mail.subject).toBe('Activate your account');
  const activationPath = new URL(link).pathname;
  // The page then asks whether the account is active: with its link, so that it is answered (issue 45 item 18: it was a 404).
  const failedCalls: string[] = [];
  const noteFailure = (response: Response) => {
    if (response.status() >= 400) failedCalls.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', noteFailure);
  const statusAnswer = page.waitForResponse((response) => /\/unauth\/applicantregistration\/[0-9a-f-]{36}(\?|$)/.test(response.url()));
  await page.goto(activationPath);
  await expect(page.getByTestId('activation-result')).toContainText('Your account is active');
  expect((await statusAnswer).status()).toBe(200);
  page.off('response', noteFailure);
  expect(failedCalls, 'no call of the activation page fails').toEqual([]);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/student\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/student\/applicantHome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Robin Inspector');
  // A new applicant's home suggests completing the profile before applying (issue 45 item 18).
  const profileHint = page.getByTestId('complete-profile-hint');
  await expect(profileHint).toContainText('Your profile has no date of birth, phone and home address yet.');

  // Profile: contact details, then an education entry whose end before its start is refused.
  const menu = page.getByRole('navigation', { name: 'Applicant menu' });
  await profileHint.getByRole('link', { name: 'Complete your profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await page.getByLabel('Phone').fill('+61 2 9555 0100');
  await page.getByLabel('Primary Email').fill(email);
  const home = page.getByRole('group', { name: 'Home address' });
  await home.getByLabel('Street Number').fill('12');
  await home.getByLabel('Street Name').fill('Foundry Lane');
  await home.getByLabel('City').fill('Newcastle');
  await home.getByLabel('State').fill('NSW');
  await home.getByLabel('Postal Code').fill('2300');
  await home.getByLabel('Country').fill('Australia');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your details have been saved.')).toBeVisible();

  await page.getByRole('tab', { name: 'Education' }).click();
  await page.getByRole('button', { name: 'Add education' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add education' });
  await dialog.getByLabel('Course').fill('Diploma of Welding Inspection');
  await dialog.getByLabel('Institution').fill('TAFE NSW');
  await dialog.getByLabel('Location').fill('Newcastle');
  await dialog.getByLabel('Qualification Type').selectOption('Diploma');
  await fillDay(dialog.getByRole('textbox', { name: 'Start Date' }), '2020-02-03');
  // One date input everywhere (issue 21 item 10): the day reads DD-MMM-YYYY in this en-US browser too.
  await expect(dialog.getByRole('textbox', { name: 'Start Date' })).toHaveValue('03-Feb-2020');
  await fillDay(dialog.getByRole('textbox', { name: 'End Date' }), '2019-11-29');
  await dialog.getByRole('button', { name: 'Add education' }).click();
  await expect(dialog.getByText('End Date must not be before Start Date')).toBeVisible();
  await fillDay(dialog.getByRole('textbox', { name: 'End Date' }), '2021-11-26');
  await dialog.getByRole('button', { name: 'Add education' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Education' })).toContainText('Diploma of Welding Inspection');

  await page.getByRole('tab', { name: 'Membership' }).click();
  await page.getByLabel('Membership Type').selectOption('individual');
  await page.getByLabel('Member Number').fill('WTIA-40213');
  await page.getByRole('button', { name: 'Save membership' }).click();
  await expect(page.getByTestId('membership-status')).toContainText('Awaiting confirmation by staff');
  await expect(page.getByTestId('membership-status')).toContainText('Non-member fees apply until');

  // Documents: a PDF uploads with a progress bar that reaches 100%.
  await menu.getByRole('link', { name: 'Documents' }).click();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const fileName = 'Robin Inspector - photo identification and CV.pdf';
  await page.getByTestId('document-upload').locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: samplePdf() });
  const progress = page.getByRole('progressbar', { name: `Uploading ${fileName}` });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByTestId('document-upload')).toContainText('Uploaded');
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(seen.at(-1)).toBe('100');
  const documents = page.getByTestId('documents-table');
  await expect(documents.getByTestId('file-name')).toHaveText('Robin Inspector - ph….pdf');
  await expect(documents.getByTestId('file-name')).toHaveAttribute('title', fileName);
  // View opens the file in a new tab through the presigned, unauthenticated open-file path: its answer
  // is checked, not the tab's address (a browser without a PDF viewer downloads it instead).
  const served = page.context().waitForEvent('response', (response) => /\/unauth\/openfile\//.test(response.url()));
  const [viewer] = await Promise.all([page.waitForEvent('popup'), documents.getByRole('button', { name: `View ${fileName}` }).click()]);
  expect((await served).status()).toBe(200);
  expect((await served).headers()['content-type']).toBe('application/pdf');
  await viewer.close();

  // Apply to the demo Qualification program and save a draft.
  await menu.getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: PROGRAM_CODE }).click();
  await expect(page.getByTestId('apply-panel')).toBeVisible();
  await page.getByRole('link', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/\/student\/programs\/[^/]+\/application$/);
  await expect(page.getByTestId('application-instructions')).toContainText('photo identification');
  await expect(page.getByTestId('application-declaration')).toBeVisible();
  await page.getByLabel('Your answer to EXP-2Y').fill('Four years as a boilermaker-welder, two as a QA inspector at a structural steel fabricator.');
  await page.getByLabel('Attach from Documents to requirement EXP-2Y').selectOption({ label: fileName });
  await expect(page.getByTestId('requirement-EXP-2Y').getByRole('list', { name: /Files attached/ })).toContainText('Robin Inspector - ph…');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(page.getByTestId('application-number')).toHaveText(/^Q-?\w+/);
  await expect(page.locator('[data-status="Application Started"]').first()).toBeVisible();

  // Come back later from Applications, finish it and submit.
  await menu.getByRole('link', { name: 'Applications' }).click();
  const applications = page.getByTestId('applications-table');
  await expect(applications).toContainText(PROGRAM_CODE);
  await expect(applications.locator('[data-status="Application Started"]')).toBeVisible();
  await applications.getByRole('link').first().click();
  await expect(page.getByLabel('Your answer to EXP-2Y')).toHaveValue(/Four years as a boilermaker-welder/);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Please accept the declaration')).toBeVisible();
  await expect(page.getByLabel('Your answer to EYE-TEST')).toHaveAccessibleDescription('Please answer this requirement');
  await page.getByLabel('Your answer to EYE-TEST').fill('Near-vision and Ishihara colour test passed on 3 March 2026 (optometrist report attached to my CV).');
  await page.getByRole('checkbox', { name: 'I accept the declaration' }).check();
  await submitApplication(page);
  await expect(page.getByRole('button', { name: 'Submit application' })).toHaveCount(0);
  const applicationUrl = page.url();
  const applicationId = applicationUrl.split('/').at(-1) ?? '';

  await menu.getByRole('link', { name: 'Applications' }).click();
  await expect(applications.locator('[data-status="Application Submitted"]')).toBeVisible();
  await expect(applications.getByRole('columnheader')).toHaveText(['Application Number', 'Program Code', 'Program Title', 'Application Date', 'Type', 'Status']);
  await expect(page.getByTestId('awards-table').getByRole('columnheader')).toHaveText(['Name', 'ID', 'Program Code', 'Program Title', 'Award Date', 'Certificate Number', 'Status', 'Expiry', 'Actions']);
  await expect(page.getByTestId('awards-table')).toContainText('No awards yet.');
  // Narrower than md (768): the compact columns.
  await page.setViewportSize({ width: 600, height: 900 });
  await expect(applications.getByRole('columnheader')).toHaveText(['App No.', 'Program Title', 'Status']);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The activation mail is in the applicant's Notifications too.
  await menu.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByTestId('inbox-table')).toContainText('Activate your account');

  // Another applicant cannot open this application, this file or this profile through the API.
  const firstToken = await tokenOf(page);
  const mine = await page.request.get('/api/attachment/mine', { headers: { authorization: `Bearer ${firstToken}` } });
  expect(mine.status()).toBe(200);
  const [file] = (await mine.json()) as { resourceKey: string }[];
  expect(file?.resourceKey).toBeTruthy();
  const me = (await (await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${firstToken}` } })).json()) as { applicantId: string };

  const otherToken = await signInThroughApi(page.request, DEMO.applicant, DEMO_PASSWORD);
  const asOther = { headers: { authorization: `Bearer ${otherToken}` } };
  const theirApplication = await page.request.get(`/api/qualificationapplication/${applicationId}`, asOther);
  expect([403, 404]).toContain(theirApplication.status());
  const theirFile = await page.request.get(`/api/attachment/presigned-download/${file!.resourceKey}`, asOther);
  expect([403, 404]).toContain(theirFile.status());
  const theirProfile = await page.request.get(`/api/applicant/${me.applicantId}`, asOther);
  expect([403, 404]).toContain(theirProfile.status());
  // The owner still can.
  const own = await page.request.get(`/api/qualificationapplication/${applicationId}`, { headers: { authorization: `Bearer ${firstToken}` } });
  expect(own.status()).toBe(200);

  // The activation link was single-use.
  await page.goto(activationPath);
  await expect(page.getByTestId('activation-result')).toContainText('This link has expired or has already been used');

  // Staff see the mail as sent over SMTP, and confirm the membership.
  await page.goto('/student/applicantHome');
  await signOut(page);
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Emails' }).click();
  const mails = page.getByTestId('mails-table');
  await searchList(page, page.getByLabel('Search'), email, mails);
  const activationRow = mails.getByRole('row').filter({ hasText: 'Activate your account' });
  await expect(activationRow).toHaveCount(1);
  await expect(activationRow.locator('[data-status="Sent"]')).toBeVisible();
  await mails.getByRole('button', { name: 'Activate your account' }).click();
  await expect(page.getByTestId('mail-drawer').getByTestId('mail-link')).toHaveAttribute('href', link);
  await page.getByRole('button', { name: 'Close' }).click();

  await mainMenu(page).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('link', { name: 'Applicants' }).click();
  const applicants = page.getByTestId('applicants-table');
  await searchList(page, page.getByLabel('Search'), email, applicants);
  await expect(applicants.getByRole('row')).toHaveCount(2);
  await applicants.getByRole('button', { name: 'Confirm membership of Robin Inspector' }).click();
  await fillDay(page.getByRole('textbox', { name: 'Current Until' }), '2027-06-30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(applicants.locator('[data-status="Confirmed"]')).toBeVisible();
});

test('a forgotten password is reset once from the mailed link, which also opens a never-activated account', async ({ page }) => {
  const email = `e2e.reset.${Date.now()}@example.com`;
  const newPassword = 'Reset-2026-welds';
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Kim');
  await page.getByLabel('Last Name').fill('Forgetful');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('mail-sent-notice')).toBeVisible();

  await page.goto('/student/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('mail-sent-notice')).toBeVisible();

  const { link } = await waitForMailLink(email, /\/reset-password\/[^/\s]+$/);
  const resetPath = new URL(link).pathname;
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('reset-result')).toContainText('Sign in with the new one');

  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/student\/applicantHome$/);

  // The link works once.
  await page.goto(resetPath);
  await expect(page.getByTestId('reset-result')).toContainText('This link has expired or has already been used');
});
