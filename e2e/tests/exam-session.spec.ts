import { expect, test, type APIRequestContext, type Browser, type Page } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { DEMO, DEMO_PASSWORD, signInAs } from '../fixtures/demo-accounts';
import { DEMO_TRIAL, quickCopyOf } from '../fixtures/exam-setup';

const OPEN_ELSEWHERE = 'This exam is open in another window. Continue here?';

interface ServerQuestion {
  id: string;
  order: number;
  lastSequence: number;
  answerOptionGivenByUser: string[];
  options: { id: string; option: string }[];
}
interface ServerExam {
  sections: { questions: ServerQuestion[] }[];
}

const questionHeading = (page: Page, n: number, of: number) => page.getByRole('heading', { name: `Question ${n} of ${of}` });
const saveStatus = (page: Page) => page.getByTestId('save-status');
const openElsewhereDialog = (page: Page) => page.getByRole('dialog', { name: OPEN_ELSEWHERE });

async function next(page: Page, to: number, of: number): Promise<void> {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(questionHeading(page, to, of)).toBeVisible();
}

/** Each question as the server holds it, in order, with the texts of the options chosen. */
async function savedAnswers(request: APIRequestContext, applicantJwt: string, examId: string) {
  const exam = await api<ServerExam>(request, 'GET', `/api/trialexaminstance/${examId}`, applicantJwt);
  return exam.sections
    .flatMap((section) => section.questions)
    .sort((a, b) => a.order - b.order)
    .map((q) => ({ order: q.order, lastSequence: q.lastSequence, chosen: q.answerOptionGivenByUser.map((id) => q.options.find((o) => o.id === id)?.option) }));
}

/** A copy of the demo trial of its own, and the applicant signed in on Examinations in a new context. */
async function applicantOnExaminations(browser: Browser, request: APIRequestContext, title: string) {
  const staffJwt = await signInApi(request, DEMO.superUser);
  const trial = await quickCopyOf(request, staffJwt, DEMO_TRIAL, `${title} ${Date.now()}`);
  const context = await browser.newContext();
  const first = await context.newPage();
  first.setDefaultTimeout(20_000);
  await signInAs(first, '/student/login', DEMO.applicant);
  await first.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Examinations' }).click();
  return { trial, context, first };
}

test('a reloaded exam tab keeps its sitting; a duplicated tab must take it over, and the first tab then saves nothing more', async ({ browser, request }) => {
  const { trial, context, first } = await applicantOnExaminations(browser, request, 'IWI practice exam, two tabs');
  const of = 10;
  await first.getByRole('link', { name: `Start ${trial.title}` }).click();
  await expect(questionHeading(first, 1, of)).toBeVisible();
  const examId = /\/student\/examinations\/trial\/([0-9a-f-]{36})$/.exec(first.url())?.[1] ?? '';
  expect(examId).not.toBe('');
  await first.getByRole('radio', { name: 'MMAW (SMAW)', exact: true }).check();
  await next(first, 2, of);
  await expect(saveStatus(first)).toHaveText('All answers saved');

  // A reload of the same tab keeps its session: the exam is back at question 2, nothing to take over.
  await first.reload();
  await expect(questionHeading(first, 2, of)).toBeVisible();
  await expect(saveStatus(first)).toHaveText('All answers saved');
  await expect(openElsewhereDialog(first)).toHaveCount(0);
  await expect(first.getByTestId('exam-open-elsewhere')).toHaveCount(0);

  // A duplicate of the tab (Chromium copies sessionStorage into it) is another session: it asks first.
  const [second] = await Promise.all([
    context.waitForEvent('page'),
    first.evaluate(() => {
      window.sessionStorage.setItem('e2e.duplicate', 'copied');
      window.open(location.href);
    }),
  ]);
  second.setDefaultTimeout(20_000);
  await expect(openElsewhereDialog(second)).toBeVisible();
  expect(await second.evaluate(() => window.sessionStorage.getItem('e2e.duplicate'))).toBe('copied');
  await openElsewhereDialog(second).getByRole('button', { name: 'Continue here' }).click();
  await expect(openElsewhereDialog(second)).toHaveCount(0);
  await expect(questionHeading(second, 2, of)).toBeVisible();
  await expect(saveStatus(second)).toHaveText('All answers saved');

  // The first tab learns it at once from the browser (the tabs share the stored answers): it says
  // the exam moved, takes no more answers and writes nothing more.
  const takenOver = first.getByRole('alert', { name: 'This exam continues in another window' });
  await expect(takenOver).toBeVisible();
  await expect(takenOver).toContainText('Answers are saved from that window now; nothing more is saved here.');
  await expect(first.getByRole('radio', { name: 'Non-consumable', exact: true })).toBeDisabled();
  await expect(saveStatus(first)).toHaveText('Nothing more is saved in this window');

  const applicantJwt = await signInApi(request, DEMO.applicant, DEMO_PASSWORD, true);
  const afterTakeOver = await savedAnswers(request, applicantJwt, examId);
  expect(afterTakeOver[1]).toEqual({ order: 2, lastSequence: 0, chosen: [] });

  // The new tab reloads: it keeps its own session (no question asked), at its own question.
  await second.reload();
  await expect(questionHeading(second, 2, of)).toBeVisible();
  await expect(openElsewhereDialog(second)).toHaveCount(0);
  await expect(second.getByRole('radio', { name: 'Non-consumable', exact: true })).not.toBeChecked();

  // The new tab answers question 3 and moves on: saved.
  await next(second, 3, of);
  await second.getByRole('radio', { name: 'Protect the molten weld pool from the atmosphere', exact: true }).check();
  await next(second, 4, of);
  await expect(saveStatus(second)).toHaveText('All answers saved');

  const saved = await savedAnswers(request, applicantJwt, examId);
  expect(saved.slice(0, 3)).toEqual([
    { order: 1, lastSequence: 1, chosen: ['MMAW (SMAW)'] },
    // Left unanswered by the new tab; the first tab's 'Non-consumable' never arrived.
    { order: 2, lastSequence: 1, chosen: [] },
    { order: 3, lastSequence: 1, chosen: ['Protect the molten weld pool from the atmosphere'] },
  ]);
  await context.close();
});

test('starting an exam again in another tab never takes it from the tab that has it: the new tab asks first', async ({ browser, request }) => {
  const { trial, context, first } = await applicantOnExaminations(browser, request, 'IWI practice exam, started twice');
  const of = 10;
  const start = first.getByRole('link', { name: `Start ${trial.title}` });
  const launchPath = await start.getAttribute('href');
  expect(launchPath).toMatch(/^\/student\/examinations\/start\/trial\//);
  // The launch holds the sitting for the tab that launched it (issue 22): no claim of its own after.
  await start.click();
  await expect(questionHeading(first, 1, of)).toBeVisible();

  // The same Start link opened in a new tab (its own session): the launch finds the sitting but
  // leaves it where it is, and the new tab asks before taking it.
  const second = await context.newPage();
  second.setDefaultTimeout(20_000);
  await second.goto(launchPath ?? '');
  await expect(openElsewhereDialog(second)).toBeVisible();

  // Still the first tab's: its answer is saved.
  await first.getByRole('radio', { name: 'MMAW (SMAW)', exact: true }).check();
  await next(first, 2, of);
  await expect(saveStatus(first)).toHaveText('All answers saved');
  await expect(first.getByTestId('exam-open-elsewhere')).toHaveCount(0);
  await context.close();
});
