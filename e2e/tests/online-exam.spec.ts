import { expect, test, type APIRequestContext, type Browser, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, DEMO_PASSWORD, signInAs } from '../fixtures/demo-accounts';
import { acceptedQualificationApplication, api, issueInvoice, QUALIFICATION_MODULE_API, signInApi } from '../fixtures/api-setup';
import { DEMO_TRIAL, quickCopyOf, scheduleAndSend, wholeMinuteAfter } from '../fixtures/exam-setup';
import { searchList } from '../fixtures/lists';

const PROGRAM_CODE = 'Q-WELD-INSP';
const DEMO_MODULE_TEST = 'IWI-M1 module exam: welding processes and equipment';
/** A real 1x1 PNG: the server checks the bytes of an answer paper, not its name. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

interface ServerQuestion {
  id: string;
  order: number;
  questionType: string;
  timeTaken: number;
  numOfAttempts: number;
  lastSequence: number;
  isAnswered: boolean;
  isAttempted: boolean;
  isMarked: boolean;
  answerOptionGivenByUser: string[];
  answerValueGivenByUser: string;
  options: { id: string; option: string }[];
}
interface ServerExam {
  id: string;
  sections: { questions: ServerQuestion[] }[];
}

async function personAt(browser: Browser, loginPath: '/admin/login' | '/student/login', email: string, password = DEMO_PASSWORD): Promise<Page> {
  // axe-core is injected as a script, which the app's CSP rightly forbids; these contexts bypass it to check the pages.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInAs(page, loginPath, email, password);
  return page;
}

const questionHeading = (page: Page, n: number, of: number) => page.getByRole('heading', { name: `Question ${n} of ${of}` });
const palette = (page: Page) => page.getByRole('navigation', { name: 'Questions' });
const paletteButton = (page: Page, n: number) => palette(page).getByRole('button', { name: new RegExp(`^Question ${n}:`) });
const saveStatus = (page: Page) => page.getByTestId('save-status');

async function openQuestion(page: Page, n: number, of: number): Promise<void> {
  await paletteButton(page, n).click();
  await expect(questionHeading(page, n, of)).toBeVisible();
}

async function next(page: Page, to: number, of: number): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(questionHeading(page, to, of)).toBeVisible();
}

function questionsOf(exam: ServerExam): ServerQuestion[] {
  return exam.sections.flatMap((section) => section.questions).sort((a, b) => a.order - b.order);
}

test('the demo applicant sits a trial exam, keeps every answer through a lost connection and a reload, and sees the score', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const staffJwt = await signInApi(request, DEMO.superUser);
  // The demo trial asks for 10 minutes before submitting; its copy asks for one and adds a descriptive question that takes answer papers.
  const trial = await quickCopyOf(request, staffJwt, DEMO_TRIAL, `IWI practice exam ${Date.now()}`, { search: 'ISO 5817 quality level C', marks: 2 });
  const of = 11;

  const page = await personAt(browser, '/student/login', DEMO.applicant);
  const context = page.context();
  await page.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Examinations' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Examinations');
  await expect(page.getByRole('table', { name: 'Trial exams' })).toContainText(DEMO_TRIAL);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: `Start ${trial.title}` }).click();
  await expect(questionHeading(page, 1, of)).toBeVisible();
  const examId = /\/student\/examinations\/trial\/([0-9a-f-]{36})$/.exec(page.url())?.[1] ?? '';
  expect(examId).not.toBe('');
  const startedAt = Date.now();
  // A trial has no minimum time (issue 21): it can be ended at once.
  await expect(page.getByRole('button', { name: 'End trial exam' })).toBeEnabled();
  await expect(page.getByTestId('submit-wait')).toHaveCount(0);
  await expect(page.getByRole('timer')).toHaveText(/^(29|30):\d\d$/);

  // Online: single answers, a fill in the blank, a question marked for review, a descriptive answer with its QR code.
  await page.getByRole('radio', { name: 'MMAW (SMAW)', exact: true }).check();
  await next(page, 2, of);
  await page.getByRole('radio', { name: 'Non-consumable', exact: true }).check();
  await page.getByRole('switch', { name: 'Mark for review' }).check();
  await next(page, 3, of);
  await page.getByRole('radio', { name: 'Protect the molten weld pool from the atmosphere', exact: true }).check();
  await next(page, 4, of);
  await page.getByRole('textbox', { name: 'Your answer' }).fill('fillet');
  await next(page, 5, of);
  await openQuestion(page, 11, of);
  await page.getByRole('textbox', { name: 'Your answer' }).fill('Measure the undercut depth and length against the level C limits, check the porosity, and report each finding with its location.');
  await page.getByRole('button', { name: 'Show QR code to upload photos of your working' }).click();
  await expect(page.getByRole('img', { name: 'QR code to upload photos of your working for question 11' })).toBeVisible();
  await expect(page.getByText('Scan with your phone to upload photos of your working')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await openQuestion(page, 7, of);
  await page.getByRole('radio', { name: '50 lx', exact: true }).check();
  await next(page, 8, of);
  await next(page, 9, of);
  await expect(saveStatus(page)).toHaveText('All answers saved');
  await expect(paletteButton(page, 2)).toHaveAccessibleName('Question 2: Answered, marked for review');
  await expect(paletteButton(page, 5)).toHaveAccessibleName('Question 5: Pending');
  await expect(paletteButton(page, 8)).toHaveAccessibleName('Question 8: Pending');
  await expect(paletteButton(page, 6)).toHaveAccessibleName('Question 6: Unattempted');

  // The app's offline shell (a service worker) holds the built app before the network goes.
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The network goes: three questions are answered offline and wait in the browser.
  await context.setOffline(true);
  // The browser's own cut reaches its network service a moment after the page hears 'offline':
  // nothing is answered offline until the page's requests really fail (a CI run once saw question 9's
  // offline answer on the server).
  await expect.poll(() => page.evaluate(() => fetch('/unauth/health', { cache: 'no-store' }).then(() => 'reached', () => 'unreachable'))).toBe('unreachable');
  await expect(saveStatus(page)).toHaveText('Connection lost: all answers saved so far');
  await page.getByRole('checkbox', { name: 'A welding helmet with the right filter shade', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Flame-resistant clothing', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Leather welding gloves', exact: true }).check();
  await next(page, 10, of);
  await page.getByRole('textbox', { name: 'Your answer' }).fill('liquid penetrant');
  await openQuestion(page, 5, of);
  await page.getByRole('textbox', { name: 'Your answer' }).fill('round');
  await openQuestion(page, 6, of);
  await expect(saveStatus(page)).toHaveText('Connection lost: 3 answers waiting');

  // A reload while still offline: the service worker answers with the app, and the exam comes back
  // from the copy kept on this device, at the same question, with every answer and the countdown.
  await page.reload();
  await expect(questionHeading(page, 6, of)).toBeVisible();
  await expect(page.getByTestId('exam-offline')).toContainText('The exam is shown from the copy kept on this device');
  await expect(saveStatus(page)).toHaveText('Connection lost: 3 answers waiting');
  const elapsedMinutes = Math.floor((Date.now() - startedAt) / 60_000);
  await expect(page.getByRole('timer')).toHaveText(new RegExp(`^(${29 - elapsedMinutes}|${28 - elapsedMinutes}):\\d\\d$`));
  expect(await page.evaluate(() => fetch('/unauth/health').then(() => 'reached', () => 'unreachable'))).toBe('unreachable');
  await expect(paletteButton(page, 9)).toHaveAccessibleName('Question 9: Answered');
  await expect(paletteButton(page, 10)).toHaveAccessibleName('Question 10: Answered');
  await expect(paletteButton(page, 5)).toHaveAccessibleName('Question 5: Answered');
  await expect(paletteButton(page, 2)).toHaveAccessibleName('Question 2: Answered, marked for review');
  await openQuestion(page, 5, of);
  await expect(page.getByRole('textbox', { name: 'Your answer' })).toHaveValue('round');
  // Nothing of the offline answers has reached the server yet.
  const applicantJwt = await signInApi(request, DEMO.applicant, DEMO_PASSWORD, true);
  const before = questionsOf(await api<ServerExam>(request, 'GET', `/api/trialexaminstance/${examId}`, applicantJwt));
  expect(before[8]).toMatchObject({ lastSequence: 0, answerOptionGivenByUser: [] });
  expect(before[4]).toMatchObject({ lastSequence: 1, answerValueGivenByUser: '' });

  // One more answer after the reload, still offline: it joins the same queue.
  await openQuestion(page, 6, of);
  await page.getByRole('radio', { name: 'A groove melted into the parent metal at the weld toe and left unfilled', exact: true }).check();
  await next(page, 7, of);
  // One waiting update per question (the newest carries the totals): questions 9, 10, 5 and 6.
  await expect(saveStatus(page)).toHaveText('Connection lost: 4 answers waiting');

  // The network is back: the sitting opens again from the server, and the waiting answers go, in order, once each.
  await context.setOffline(false);
  await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 30_000 });
  await expect(page.getByTestId('exam-offline')).toHaveCount(0);
  await expect(questionHeading(page, 7, of)).toBeVisible();

  const stored = await page.evaluate((id) => JSON.parse(window.localStorage.getItem(`certs-exam.${id}`) ?? 'null') as unknown, examId);
  const local = stored as { pending: unknown[]; progress: Record<string, { sequence: number; timeTaken: number; numOfAttempts: number; answerOptionGivenByUser: string[]; answerValueGivenByUser: string; isMarked: boolean }> };
  expect(local.pending).toEqual([]);
  const saved = questionsOf(await api<ServerExam>(request, 'GET', `/api/trialexaminstance/${examId}`, applicantJwt));
  // Every question as the browser last recorded it: the same sequence and the same cumulative totals.
  for (const question of saved) {
    const mine = local.progress[question.id]!;
    expect({ n: question.order, seq: question.lastSequence, time: question.timeTaken, attempts: question.numOfAttempts, options: question.answerOptionGivenByUser, text: question.answerValueGivenByUser, marked: question.isMarked }).toEqual({
      n: question.order,
      seq: mine.sequence,
      time: mine.timeTaken,
      attempts: mine.numOfAttempts,
      options: mine.answerOptionGivenByUser,
      text: mine.answerValueGivenByUser,
      marked: mine.isMarked,
    });
  }
  // Each leaving of a question counted once, whatever was retried: visits per question, in order 1..11.
  // Question 5 was left three times (once before the network went, once offline, once after the
  // reload); question 6 twice (after the reload, before and after its answer).
  expect(saved.map((q) => q.numOfAttempts)).toEqual([1, 1, 1, 1, 3, 2, 1, 1, 1, 1, 1]);
  expect(saved.map((q) => q.lastSequence)).toEqual([1, 1, 1, 1, 3, 2, 1, 1, 1, 1, 1]);
  expect(saved.reduce((sum, q) => sum + q.timeTaken, 0)).toBeLessThanOrEqual(Math.ceil((Date.now() - startedAt) / 1000));
  expect(saved[8]!.answerOptionGivenByUser.map((id) => saved[8]!.options.find((o) => o.id === id)?.option)).toEqual([
    'A welding helmet with the right filter shade',
    'Flame-resistant clothing',
    'Leather welding gloves',
  ]);
  expect(saved.map((q) => q.answerValueGivenByUser).filter(Boolean)).toEqual([
    'fillet',
    'round',
    'liquid penetrant',
    'Measure the undercut depth and length against the level C limits, check the porosity, and report each finding with its location.',
  ]);
  expect(saved.map((q) => q.isAnswered)).toEqual([true, true, true, true, true, true, true, false, true, true, true]);

  // The QR code's page on a phone, without signing in: it names the question and takes a photo of the working.
  const qr = await api<{ url: string }>(request, 'GET', `/api/trialexaminstance/${examId}/qrcode/${saved[10]!.id}`, applicantJwt);
  const phone = await browser.newContext({ bypassCSP: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await phonePage.goto(qr.url);
  await expect(phonePage.getByRole('heading', { name: 'Answer paper for question 11' })).toBeVisible();
  const fileInput = phonePage.locator('input[type="file"]');
  await expect(fileInput).toHaveAttribute('accept', 'image/*');
  await expect(fileInput).toHaveAttribute('capture', 'environment');
  await fileInput.setInputFiles({ name: 'working-page-1.png', mimeType: 'image/png', buffer: PNG });
  await expect(phonePage.getByTestId('answer-paper-pages')).toContainText('working-page-1.png');
  expect(await seriousViolations(phonePage)).toEqual([]);

  // Ending the trial: asked to confirm, then the score and the right answers.
  await page.getByRole('button', { name: 'End trial exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'End this trial exam?' });
  await expect(dialog).toContainText('1 of 11 questions are not answered. 1 is marked for review.');
  await dialog.getByRole('button', { name: 'End trial', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/student/examinations/trial/${examId}/review$`));
  await expect(page.getByTestId('trial-score')).toContainText('8 / 12');
  await expect(page.getByTestId('trial-score')).toContainText('66.67%');
  const reviewed = page.getByTestId('review-question');
  await expect(reviewed).toHaveCount(11);
  await expect(reviewed.nth(6)).toContainText('350 lx (correct)');
  await expect(reviewed.nth(6)).toContainText('50 lx (your answer)');
  await expect(reviewed.nth(9)).toContainText('Accepted answers: penetrant, dye, liquid penetrant');
  expect(await seriousViolations(page)).toEqual([]);

  // A second submission (another tab, a double click) changes nothing; the phone's link has expired.
  const again = await request.fetch(`/api/trialexaminstance/${examId}/submit`, { method: 'POST', headers: { authorization: `Bearer ${applicantJwt}` } });
  expect(again.status()).toBe(409);
  await phonePage.reload();
  await expect(phonePage.getByTestId('answer-paper-link-refused')).toContainText('This upload link has expired: the exam has ended');
  await phone.close();
});

/**
 * A new candidate of Q-WELD-INSP, set up through the API calls the screens before this one make
 * (registration, application, assessment, pre-exam invoice for IWI-M1, payment recorded), then
 * IWI-M1 scheduled online a minute or two ahead with a one-minute-minimum copy of its test and sent.
 */
async function scheduledCandidate(request: APIRequestContext) {
  const application = await acceptedQualificationApplication(request, PROGRAM_CODE, {
    firstName: 'Olive',
    lastName: 'Online',
    emailPrefix: 'online',
    password: 'Online-candidate-2026!',
    timeZone: 'Australia/Sydney',
    answerText: 'Eight years of pressure vessel inspection.',
  });
  const { id, staffJwt } = application;
  const M = QUALIFICATION_MODULE_API;
  await issueInvoice(request, application, { 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'notTaken' });
  await api(request, 'POST', `${M}/${id}/payment/verified`, staffJwt, { reference: 'EFT-ONLINE-01' });

  const test = await quickCopyOf(request, await signInApi(request, DEMO.superUser), DEMO_MODULE_TEST, `IWI-M1 online ${Date.now()}`);
  // The next whole minute but one.
  const examAt = wholeMinuteAfter(75_000);
  // 45 minutes for a test set for 90: the schedule's duration is the sitting's (decision 041).
  await scheduleAndSend(request, application, { moduleCode: 'IWI-M1', examKind: 'Online', examAt, durationMinutes: 45, examDefinitionId: test.id });
  return { ...application, test, examAt };
}

test('a scheduled module exam opens on the server’s time, is submitted without a score, and the examiner’s marks reach the application', async ({ browser, request }) => {
  test.setTimeout(420_000);
  const setup = await scheduledCandidate(request);
  const of = 15;

  // Before its time the candidate sees it coming, with no way to start it yet.
  const candidate = await personAt(browser, '/student/login', setup.email, setup.password);
  await candidate.goto('/student/examinations');
  const list = candidate.getByTestId('my-examinations');
  const row = list.getByRole('row', { name: new RegExp(setup.test.title) });
  await expect(row).toContainText('Module');
  if (Date.now() < setup.examAt.getTime() - 3_000) {
    await expect(row.getByText('Starting soon').first()).toBeVisible();
    await expect(row.getByRole('link', { name: `Start ${setup.test.title}` })).toHaveCount(0);
  }
  await expect(row.getByRole('link', { name: `Start ${setup.test.title}` })).toBeVisible({ timeout: 150_000 });
  await row.getByRole('link', { name: `Start ${setup.test.title}` }).click();
  await expect(questionHeading(candidate, 1, of)).toBeVisible();
  // The clock counts to the end of the 45 scheduled minutes, not the test's 90.
  await expect(candidate.getByRole('timer')).toHaveText(/^4[0-5]:\d\d$/);
  await candidate.getByRole('radio', { name: 'MMAW (SMAW)', exact: true }).check();
  await openQuestion(candidate, 13, of);
  await candidate.getByRole('textbox', { name: 'Your answer' }).fill('Porosity and undercut are measured and compared with the level C limits; 0.8 mm undercut in 12 mm plate exceeds them, so the weld is rejected and repaired.');
  await openQuestion(candidate, 15, of);
  await candidate.getByRole('textbox', { name: 'Your answer' }).fill('Permit to work, isolation, gas testing and ventilation, a standby person and a rescue plan.');
  await openQuestion(candidate, 1, of);
  await expect(saveStatus(candidate)).toHaveText('All answers saved');
  await expect(candidate.getByRole('button', { name: 'Submit exam' })).toBeEnabled({ timeout: 90_000 });
  await candidate.getByRole('button', { name: 'Submit exam' }).click();
  await candidate.getByRole('dialog', { name: 'Submit your exam?' }).getByRole('button', { name: 'Submit', exact: true }).click();
  const finished = candidate.getByTestId('exam-finished');
  await expect(finished).toContainText('Submitted');
  await expect(finished).toContainText('The result is released once the exam has been marked.');
  await expect(finished).not.toContainText('Score');
  expect(await seriousViolations(candidate)).toEqual([]);

  // The examiner (named on the schedule) finds the sitting waiting for marks and marks both descriptive answers.
  const examiner = await personAt(browser, '/admin/login', DEMO.contributor);
  await examiner.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Examinations' }).click();
  await examiner.getByRole('link', { name: 'Sittings and marking' }).click();
  await expect(examiner.getByRole('heading', { level: 1 })).toHaveText('Sittings');
  await examiner.getByRole('checkbox', { name: 'Waiting for marks', exact: true }).check();
  const sittings = examiner.getByTestId('sittings');
  await searchList(examiner, examiner.getByRole('textbox', { name: 'Search' }), setup.applicationNumber, sittings);
  await expect(sittings.getByRole('row')).toHaveCount(2);
  await expect(sittings).toContainText('Waiting for marks');
  expect(await seriousViolations(examiner)).toEqual([]);
  await sittings.getByRole('link', { name: /^Mark Olive Online/ }).click();
  await expect(examiner.getByRole('heading', { level: 1 })).toHaveText(`Marking: ${setup.test.title}`);
  await expect(examiner.getByTestId('marking-answer-text').first()).toContainText('0.8 mm undercut in 12 mm plate exceeds them');
  const marks13 = examiner.getByRole('textbox', { name: 'Marks for question 13 (out of 10)' });
  await marks13.fill('11');
  await examiner.getByRole('button', { name: 'Complete marking' }).click();
  await expect(examiner.getByText('Marks must be between 0 and 10')).toBeVisible();
  await expect(examiner.getByText('Marks are required to complete marking')).toBeVisible();
  await marks13.fill('9');
  await examiner.getByRole('textbox', { name: 'Marks for question 15 (out of 10)' }).fill('8.5');
  expect(await seriousViolations(examiner)).toEqual([]);
  await examiner.getByRole('button', { name: 'Complete marking' }).click();
  // Asked once; then the marks are read-only and the sitting is Marked (issue 21).
  await examiner.getByRole('dialog', { name: 'Complete marking?' }).getByRole('button', { name: 'Complete', exact: true }).click();
  // MMAW (2 marks) was the only objective answer, right: 2 + 9 + 8.5 = 19.5 of 48, under IWI-M1's 70 %.
  const result = examiner.getByTestId('marking-result');
  await expect(result).toContainText('Result: Fail');
  await expect(result).toContainText('19.5 of 48 marks: 40.63% against the module’s pass percentage of 70%');
  await expect(marks13).toHaveCount(0);
  await expect(examiner.getByRole('button', { name: 'Correct the marks' })).toBeVisible();
  expect(await seriousViolations(examiner)).toEqual([]);

  // The result is the application module's: on the staff application page and in the schedule's results.
  const scheduled = await api<{ workflowStage: string; modules: { moduleCode: string; result: string | null; resultPercentage: number | null }[] }>(
    request,
    'GET',
    `/api/qualificationapplicationmodule/${setup.id}/scheduled`,
    setup.staffJwt,
  );
  expect(scheduled.modules.find((m) => m.moduleCode === 'IWI-M1')).toMatchObject({ result: 'Fail', resultPercentage: 40.63 });
  expect(scheduled.workflowStage).toBe('Exam Modules Evaluation Completed');
  await examiner.goto(`/admin/programs/${setup.programId}/applications/qualificationapplication/${setup.id}`);
  await expect(examiner.getByTestId('application-sittings')).toContainText('40.63% Fail');
});
