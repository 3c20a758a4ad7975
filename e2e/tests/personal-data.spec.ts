import { readFileSync } from 'node:fs';
import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { api, QUALIFICATION_API, signInApi } from '../fixtures/api-setup';
import { DEMO, mainMenu } from '../fixtures/demo-accounts';
import { QUALIFICATION, openStaffApplication, personAt, registerApplicant } from '../fixtures/journey';

/**
 * Personal data (issue 15, decision 016) on the screens: a new applicant of this file downloads
 * their archive and asks for deletion; the super user completes the request; the applicant can no
 * longer sign in. Never the demo applicant: completing a request anonymises for good.
 */
test('an applicant downloads their data and asks for deletion; staff complete it and the account is gone', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const person = await registerApplicant(request, { firstName: 'Parker', lastName: 'Private', emailPrefix: 'e2e.privacy', password: 'Private-2026-data' });
  const reason = `Moving overseas (e2e ${Date.now()})`;

  // The applicant: Profile -> Your data.
  const applicant = await personAt(browser, '/student/login', person.email, person.password);
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Profile' }).click();
  const section = applicant.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeVisible();
  expect(await seriousViolations(applicant)).toEqual([]);

  // The archive, saved under the server's name.
  const downloaded = applicant.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync(await download.path());
  expect(zip.length).toBeGreaterThan(0);
  expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(section.getByRole('button', { name: 'Download my data' })).toBeEnabled();

  // The deletion request, with a reason; the dialog checks the contract's limit first.
  await section.getByRole('button', { name: 'Ask to delete my account' }).click();
  const ask = applicant.getByRole('dialog', { name: 'Ask to delete your account' });
  await ask.getByLabel('Reason (optional)').fill('x'.repeat(1001));
  await expect(ask.getByText('Reason must be at most 1000 characters')).toBeVisible();
  await ask.getByLabel('Reason (optional)').fill(reason);
  await expect(ask.getByText('Reason must be at most 1000 characters')).toHaveCount(0);
  expect(await seriousViolations(applicant)).toEqual([]);
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  await expect(section.getByTestId('deletion-requested')).toContainText('We have received your request');
  await expect(section.getByRole('button', { name: 'Ask to delete my account' })).toHaveCount(0);

  // The super user: Users -> Deletion requests, the row of this applicant among any others.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await mainMenu(staff).getByRole('link', { name: 'Users' }).click();
  await staff.getByRole('link', { name: 'Deletion requests' }).click();
  await expect(staff).toHaveURL(/\/admin\/users\/deletion-requests$/);
  const table = staff.getByRole('table', { name: 'Deletion requests' });
  const row = table.getByRole('row').filter({ hasText: person.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(person.name);
  await expect(row).toContainText(reason);
  await expect(row.locator('[data-status="Requested"]')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);

  await row.getByRole('button', { name: 'Complete' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Complete deletion request' });
  await expect(confirm).toContainText(person.email);
  await confirm.getByRole('button', { name: 'Complete' }).click();
  await expect(confirm).toBeHidden();
  await expect(staff.getByText('Deletion request completed')).toBeVisible();

  // The applicant is anonymised: the same request (found by its reason, which is kept) is now completed.
  const completed = table.getByRole('row').filter({ hasText: reason });
  await expect(completed.locator('[data-status="Completed"]')).toBeVisible();
  await expect(completed).toContainText('Deleted Applicant');
  await expect(completed).not.toContainText(person.email);
  await expect(completed.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await expect(table.getByRole('row').filter({ hasText: person.email })).toHaveCount(0);

  // The applicant can no longer sign in.
  const again = await browser.newContext();
  const login = await again.newPage();
  await login.goto('/student/login');
  await login.getByLabel('Email').fill(person.email);
  await login.getByLabel('Password').fill(person.password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await expect(login.getByTestId('sign-in-error')).toBeVisible();
  await expect(login).toHaveURL(/\/student\/login$/);

  await again.close();
  await applicant.context().close();
  await staff.context().close();
});

/**
 * The staff access log (decision 016) on the screens: a new applicant of this test applies; the
 * super user opens the application as staff and then finds that read in Users -> Access log.
 * Other staff see no link, the route refuses them, and so does the API.
 */
test("a super user's read of an applicant's application shows in the access log, which other staff cannot open", async ({ browser, request }) => {
  test.setTimeout(150_000);
  const person = await registerApplicant(request, { firstName: 'Logan', lastName: 'Ledger', emailPrefix: 'e2e.accesslog', password: 'Ledger-2026-read' });
  const applicantJwt = await signInApi(request, person.email, person.password, true);
  const programs = await api<{ rows: { id: string; programCode: string }[] }>(request, 'GET', `/api/program/published?search=${QUALIFICATION}`, applicantJwt);
  const programId = programs.rows.find((p) => p.programCode === QUALIFICATION)!.id;
  const program = await api<{ requirements: { id: string }[] }>(request, 'GET', `/api/program/published/${programId}`, applicantJwt);
  const draft = await api<{ id: string }>(request, 'POST', `${QUALIFICATION_API}/save`, applicantJwt, {
    programId,
    declarationAccepted: true,
    answers: program.requirements.map((r) => ({ requirementId: r.id, answerText: 'Eight years of structural welding.', attachmentIds: [] })),
  });
  const submitted = await api<{ id: string; applicationNumber: string }>(request, 'POST', `${QUALIFICATION_API}/${draft.id}/submit`, applicantJwt);

  // The super user opens the application from the program's queue, as staff do.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await openStaffApplication(staff, submitted.applicationNumber);
  await expect(staff.getByText(person.name).first()).toBeVisible();

  // Users -> Access log, filtered to this applicant: that read, by the super user.
  await mainMenu(staff).getByRole('link', { name: 'Users' }).click();
  await staff.getByRole('link', { name: 'Access log' }).click();
  await expect(staff).toHaveURL(/\/admin\/users\/access-log$/);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Access log');
  const table = staff.getByRole('table', { name: 'Access log' });
  await staff.getByLabel('Applicant').fill(person.email);
  // The page may read the application more than once (each read is a row); the newest comes first.
  const read = table.getByRole('row').filter({ hasText: 'Opened an application' }).first();
  await expect(read).toBeVisible();
  await expect(read).toContainText(person.name);
  await expect(read).toContainText(DEMO.superUser);
  await expect(read).toContainText(`Application ${submitted.id}`);
  expect(await seriousViolations(staff)).toEqual([]);

  // Narrowed to another member of staff: nobody else read it, and the screen says so.
  await staff.getByLabel('Staff member').fill(DEMO.accountAdmin);
  await expect(table.getByText('No reads match these filters.')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.getByRole('button', { name: 'Clear filters' }).click();
  await expect(staff.getByLabel('Applicant')).toHaveValue('');

  // The account administrator manages users too, but has no link, no screen and no answer from the API.
  const administrator = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await mainMenu(administrator).getByRole('link', { name: 'Users' }).click();
  await expect(administrator.getByRole('link', { name: 'Deletion requests' })).toBeVisible();
  await expect(administrator.getByRole('link', { name: 'Access log' })).toHaveCount(0);
  await administrator.goto('/admin/users/access-log');
  await expect(administrator.getByText('You do not have access to this area.')).toBeVisible();
  await expect(administrator.getByRole('table', { name: 'Access log' })).toHaveCount(0);
  const refused = await request.get('/api/privacy/access-log', { headers: { authorization: `Bearer ${await signInApi(request, DEMO.accountAdmin)}` } });
  expect(refused.status()).toBe(403);

  await administrator.context().close();
  await staff.context().close();
});

