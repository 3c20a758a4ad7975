import { expect, test, type APIRequestContext } from '../fixtures/test';
import { acceptedApplication, api, issueInvoice, signInApi } from '../fixtures/api-setup';
import { scheduleAndSend, wholeMinuteAfter } from '../fixtures/exam-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { personAt, waitForMail } from '../fixtures/journey';

const PROGRAM_CODE = 'AICIP-PIPE';
const A = '/api/aicipapplication';
const M = '/api/aicipapplicationmodule';

/**
 * Setup through the API calls the screens before the review make: a new applicant applies to the
 * demo AICIP program (whose AIC-P1 allows review); Casey Contributor recommends, the account
 * administrator (the manager) accepts, invoices AIC-P1 alone and records a bank transfer; AIC-P1 is
 * scheduled on paper a minute ahead with Casey as its examiner and sent; once it has taken place
 * Casey enters the paper's result as a Fail and the manager records the overall result as Failed.
 * The demo AICIP program separates the certification decision (issue 43), so the manager, who
 * neither assessed nor examined the candidate, decides.
 */
async function failedAicipApplication(request: APIRequestContext) {
  const application = await acceptedApplication(request, 'aicipapplication', PROGRAM_CODE, {
    firstName: 'Rhea',
    lastName: 'Reviewer',
    emailPrefix: 'review',
    password: 'Review-candidate-2026!',
    timeZone: 'Australia/Sydney',
    answerText: 'Six years of in-service piping inspection.',
  });
  await issueInvoice(request, application, { 'AIC-P1': 'required', 'AIC-P2': 'notTaken' });
  const { id, staffJwt } = application;
  await api(request, 'POST', `${M}/${id}/payment/verified`, staffJwt, { reference: `EFT-REVIEW-${Date.now()}` });

  const venue = await api<{ id: string }>(request, 'POST', '/api/venue', await signInApi(request, DEMO.superUser), { title: `Review hall ${Date.now()}` });
  const { applicationModuleId } = await scheduleAndSend(request, application, { moduleCode: 'AIC-P1', examKind: 'Pen & Paper', examAt: wholeMinuteAfter(65_000), durationMinutes: 60, venueId: venue.id });
  // The examiner enters the result of the paper they examined, once it has taken place: the server says when (409 until then).
  const examinerJwt = await signInApi(request, DEMO.contributor);
  const result = { modules: [{ applicationModuleId, result: 'Fail', resultPercentage: 58, resultNotes: 'Below the pass mark.' }] };
  await expect
    .poll(async () => (await request.post(`${M}/${id}/postexam/update`, { headers: { authorization: `Bearer ${examinerJwt}` }, data: result })).status(), { timeout: 150_000, intervals: [5_000] })
    .toBe(200);
  await api(request, 'POST', `${A}/${id}/resultstage`, staffJwt, { overallResult: 'Failed' });
  return application;
}

test('a failed candidate asks for a review with a reason and a file, someone who took no part upholds it, and the candidate is awarded', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const since = Date.now();
  const setup = await failedAicipApplication(request);

  // The candidate asks for a review on their application page.
  const candidate = await personAt(browser, '/student/login', setup.email, setup.password);
  await candidate.goto(`/student/applications/aicipapplication/${setup.id}`);
  const section = candidate.getByTestId('applicant-review');
  await expect(section.getByRole('heading', { name: 'Review of your result' })).toBeVisible();
  await expect(section).toContainText('you may ask for a review until');
  await section.getByRole('button', { name: 'Ask for a review' }).click();
  // A blank reason is refused on the form, with the contract's message.
  await section.getByRole('button', { name: 'Send the request' }).click();
  await expect(section.getByText('Reason is required')).toBeVisible();
  await section.getByRole('textbox', { name: 'Reason' }).fill('Question 12 was marked against the 2011 edition of AS/NZS 3788; my answer follows the 2024 edition.');
  await section.locator('input[type=file]').setInputFiles({ name: 'as3788-extract.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
  expect(await seriousViolations(candidate)).toEqual([]);
  await section.getByRole('button', { name: 'Send the request' }).click();
  await expect(section.getByTestId('review-status')).toHaveText('Under review');
  await expect(section.getByRole('button', { name: 'as3788-extract.pdf' })).toBeVisible();
  await expect(candidate.getByText('Applied for review').first()).toBeVisible();
  await waitForMail(setup.email, since, `Review requested: ${setup.applicationNumber}`);
  expect(await seriousViolations(candidate)).toEqual([]);

  // The program's manager is told of it, but recorded the result under review, so may not decide it (issue 43).
  const recorder = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await waitForMail(DEMO.accountAdmin, since, `Review requested: ${setup.applicationNumber}`);
  await recorder.goto(`/admin/programs/${setup.programId}/applications/aicipapplication/${setup.id}`);
  const recorderPanel = recorder.getByTestId('staff-review');
  await expect(recorderPanel.getByTestId('review-reason')).toContainText('Question 12 was marked against the 2011 edition');
  await expect(recorderPanel).toContainText('you were involved in what is appealed as its');
  await expect(recorderPanel.getByRole('button', { name: 'Record the outcome' })).toHaveCount(0);
  await recorder.context().close();

  // The super user, who took no part, reads the review, opens the file and upholds it for AIC-P1.
  const manager = await personAt(browser, '/admin/login', DEMO.superUser);
  await manager.goto(`/admin/programs/${setup.programId}/applications/aicipapplication/${setup.id}`);
  const panel = manager.getByTestId('staff-review');
  await expect(panel.getByTestId('review-reason')).toContainText('Question 12 was marked against the 2011 edition');
  // The file opens in a new tab: its answer is checked, not the tab's address (a browser without a
  // PDF viewer downloads it instead).
  const opened = manager.context().waitForEvent('page');
  const served = manager.context().waitForEvent('response', (response) => response.url().includes('as3788-extract.pdf'));
  await panel.getByRole('button', { name: 'as3788-extract.pdf' }).click();
  const fileTab = await opened;
  expect((await served).status()).toBe(200);
  await fileTab.close();
  expect(await seriousViolations(manager)).toEqual([]);
  await panel.getByRole('radio', { name: /^Uphold/ }).check();
  await panel.getByRole('checkbox', { name: /AIC-P1/ }).check();
  await panel.getByRole('textbox', { name: 'Note to the applicant' }).fill('Re-marked against the 2024 edition: 74%.');
  expect(await seriousViolations(manager)).toEqual([]);
  await panel.getByRole('button', { name: 'Record the outcome' }).click();
  await expect(panel.getByTestId('review-status')).toHaveText('Upheld');
  await expect(panel).toContainText('Passed on review: AIC-P1 (was Fail 58%)');
  await expect(panel.getByTestId('review-decision-form')).toHaveCount(0);

  // The candidate is mailed, sees Awarded and the award in their list.
  const mail = await waitForMail(setup.email, since, `Review upheld: ${setup.applicationNumber}`);
  expect(mail.text).toContain('Re-marked against the 2024 edition: 74%.');
  const certificateNumber = /Your certificate number is (\S+)\./.exec(mail.text)?.[1];
  expect(certificateNumber).toBeTruthy();
  await candidate.reload();
  await expect(candidate.getByTestId('applicant-review').getByTestId('review-status')).toHaveText('Upheld');
  await expect(candidate.getByText('Awarded', { exact: true }).first()).toBeVisible();
  await candidate.goto('/student/applications');
  await expect(candidate.getByText(certificateNumber!).first()).toBeVisible();
  await candidate.context().close();
  await manager.context().close();
});
