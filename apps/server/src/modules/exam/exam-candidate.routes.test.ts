import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { EXAM_MESSAGES, type CandidateExam, type LaunchedExam, type QuestionInstanceUpdate } from '@certs/shared/exam/exam.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { examTimeExtensions } from '../../db/schema/exam-instance';
import { ageSitting, createPublishedTest, createScheduledModule, EVERY_TYPE, examClient, storedAnswers, storedInstance, type PublishedTest } from './exam-test-fixtures';

let t: TestApp;
let api: ReturnType<typeof examClient>;
let adaJwt: string;
let bobJwt: string;
let staffJwt: string;
let ada: CreatedUser;
let manager: { id: string };
let trial: PublishedTest;

const session = (name: string) => `session-${name}-0123456789`;
const questionsOf = (exam: CandidateExam) => exam.sections.flatMap((section) => section.questions);

async function startTrial(jwt = adaJwt, testId = trial.id): Promise<CandidateExam> {
  const response = await api.post('/api/launchexam/inittrial', { testId }, jwt);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function claim(exam: CandidateExam, sessionId: string, jwt = adaJwt, takeOver?: boolean) {
  return api.put('/api/isexaminprogress', { examInstanceId: exam.id, examType: exam.examType, sessionId, ...(takeOver ? { takeOver } : {}) }, jwt);
}

async function save(exam: CandidateExam, sessionId: string, updates: QuestionInstanceUpdate[], jwt = adaJwt) {
  return api.post('/api/updateInstances', { examInstanceId: exam.id, examType: exam.examType, sessionId, updates }, jwt);
}

function update(questionInstanceId: string, sequence: number, values: Partial<QuestionInstanceUpdate> = {}): QuestionInstanceUpdate {
  return { questionInstanceId, sequence, timeTaken: sequence * 10, numOfAttempts: sequence, isMarked: false, isAttempted: true, ...values };
}

/** A new sitting of a fresh trial test, held by session "a". */
async function freshSitting(questions = EVERY_TYPE, options: { minimumTime?: number; overallTime?: number; settings?: { shuffleQuestions?: boolean; shuffleOptions?: boolean; partialMarks?: boolean } } = {}) {
  const test = await createPublishedTest(t.database.db, { testType: 'trial', questions, ...options });
  const exam = await startTrial(adaJwt, test.id);
  expect((await claim(exam, session('a'))).statusCode).toBe(200);
  return { test, exam, questions: questionsOf(exam) };
}

beforeAll(async () => {
  t = await buildTestApp();
  api = examClient(t.app);
  const db = t.database.db;
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada' });
  const bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob' });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  [adaJwt, bobJwt, staffJwt] = await Promise.all([ada, bob, superUser].map(async (user) => (await signIn(t.app, user)).jwt)) as [string, string, string];
  trial = await createPublishedTest(db, { testType: 'trial', questions: EVERY_TYPE, overallTime: 30, minimumTime: 5 });
});
afterAll(async () => {
  await t.close();
});

describe('server time', () => {
  it('answers without a token or a database, in epoch milliseconds', async () => {
    const before = Date.now();
    const response = await t.app.inject({ method: 'GET', url: '/api/launchexam/servertime' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { serverTime } = response.json();
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(serverTime).toBeLessThanOrEqual(Date.now());
  });
});

describe('launching a trial exam', () => {
  it('creates the sitting with a question instance for every question, in sections, the default section first', async () => {
    const exam = await startTrial();
    expect(exam).toMatchObject({ examType: 'trial', status: 'InProgress', numOfQuestions: 4, totalTestMarks: 10 });
    expect(exam.sections.map((s) => [s.id, s.title, s.order, s.questions.length])).toEqual([
      ['default', 'Questions', -1, 2],
      [expect.any(String), 'Symbols', 1, 2],
    ]);
    expect(questionsOf(exam).map((q) => [q.order, q.questionType])).toEqual([
      [1, 'General Single Answer'],
      [2, 'Multiple Answer'],
      [3, 'Fill In The Blank'],
      [4, 'Descriptive'],
    ]);
    // A trial has no minimum time (issue 21): it can be ended at once.
    expect(exam.timer).toMatchObject({ totalTime: 30 * 60, minimumTime: 0, extraTime: 0, isTimedOut: false, canSubmitFrom: exam.timer.startedOn });
    expect(exam.timer.remainingTime).toBeGreaterThan(30 * 60 - 5);
    expect(exam.timer.remainingTime).toBeLessThanOrEqual(30 * 60);
    expect(new Date(exam.timer.deadline).getTime() - new Date(exam.timer.startedOn).getTime()).toBe(30 * 60 * 1000);
  });

  it('sends nothing that tells a right answer: no correct flags, no accepted answers, no marks given', async () => {
    const exam = await startTrial();
    const body = JSON.stringify(exam);
    expect(body).not.toMatch(/correct/i);
    expect(body).not.toMatch(/actualMarks/);
    // The fill-in-the-blank question's accepted answers never leave the server.
    expect(body).not.toContain('"Flat"');
    expect(body).not.toContain('"PA"');
    const blank = questionsOf(exam).find((q) => q.questionType === 'Fill In The Blank');
    expect(blank?.options).toEqual([]);
    const single = questionsOf(exam).find((q) => q.questionType === 'General Single Answer');
    expect(single?.options.map((o) => Object.keys(o).sort())).toEqual([
      ['id', 'option', 'order'],
      ['id', 'option', 'order'],
    ]);
    const fetched = await api.get(`/api/trialexaminstance/${exam.id}`, adaJwt);
    expect(fetched.body).not.toMatch(/correct/i);
  });

  it('shuffles questions inside each section and options per candidate when the test says so, the same on every load', async () => {
    const many: typeof EVERY_TYPE = [
      ...Array.from({ length: 8 }, () => ({ type: 'General Single Answer' as const, marks: 1, section: null })),
      ...Array.from({ length: 4 }, () => ({ type: 'Multiple Answer' as const, marks: 1, section: 'Defects' })),
    ];
    const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: many, settings: { shuffleQuestions: true, shuffleOptions: true } });
    const orderOf = (exam: CandidateExam) => questionsOf(exam).map((q) => q.content);
    const adaExam = await startTrial(adaJwt, test.id);
    const bobExam = await startTrial(bobJwt, test.id);
    // Sections keep the test's order; the questions of each stay in their section.
    for (const exam of [adaExam, bobExam]) {
      expect(exam.sections.map((s) => [s.title, s.questions.length])).toEqual([
        ['Questions', 8],
        ['Defects', 4],
      ]);
      expect(exam.sections[0]!.questions.every((q) => q.questionType === 'General Single Answer')).toBe(true);
      expect(questionsOf(exam).map((q) => q.order)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect([...orderOf(exam)].sort()).toEqual(many.map((_, i) => `<p>Question ${i + 1} (${many[i]!.type})</p>`).sort());
    }
    // 8! orders in the default section: two candidates sharing one is a 1 in 40,320 chance.
    expect(orderOf(adaExam)).not.toEqual(orderOf(bobExam));
    const optionOrder = (exam: CandidateExam) => questionsOf(exam).map((q) => q.options.map((o) => `${o.order}:${o.option}`).join());
    // A reload (a second launch) shows the same questions and options in the same order.
    const again = await startTrial(adaJwt, test.id);
    expect(again.id).toBe(adaExam.id);
    expect(orderOf(again)).toEqual(orderOf(adaExam));
    expect(optionOrder(again)).toEqual(optionOrder(adaExam));
    // Options are numbered as shown, and across 12 questions at least one is not in the test's order.
    const testOrders = new Map(test.questions.map((q) => [q.options.map((o) => o.option).join(), true]));
    expect(questionsOf(adaExam).some((q) => !testOrders.has([...q.options].sort((a, b) => a.order - b.order).map((o) => o.option).join()))).toBe(true);
  });

  it('keeps the test order for questions and options when the test does not shuffle', async () => {
    const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: Array.from({ length: 6 }, () => ({ type: 'Multiple Answer' as const, marks: 1 })) });
    const exam = await startTrial(bobJwt, test.id);
    expect(questionsOf(exam).map((q) => q.content)).toEqual(test.questions.map((_, i) => `<p>Question ${i + 1} (Multiple Answer)</p>`));
    expect(questionsOf(exam).map((q) => q.options.map((o) => o.option))).toEqual(test.questions.map((q) => q.options.map((o) => o.option)));
  });

  it('returns the sitting in progress on a second launch, and concurrent launches make one sitting', async () => {
    const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE });
    const launches = await Promise.all(Array.from({ length: 8 }, () => api.post('/api/launchexam/inittrial', { testId: test.id }, adaJwt)));
    expect(launches.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const ids = new Set(launches.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    expect(await storedAnswers(t.database.db, id!)).toHaveLength(4);
    expect((await startTrial(adaJwt, test.id)).id).toBe(id);
  });

  it('refuses a test that is not a published trial', async () => {
    const draft = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE, status: 'draft' });
    const moduleTest = await createPublishedTest(t.database.db, { testType: 'module', questions: EVERY_TYPE });
    for (const testId of [draft.id, moduleTest.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await api.post('/api/launchexam/inittrial', { testId }, adaJwt);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(EXAM_MESSAGES.trialNotFound);
    }
  });

  it('is for applicants only', async () => {
    expect((await api.post('/api/launchexam/inittrial', { testId: trial.id }, staffJwt)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/launchexam/inittrial', payload: { testId: trial.id } })).statusCode).toBe(401);
  });
});

describe('launching a scheduled module exam', () => {
  it('opens only for its candidate, only when sent, online and within the window', async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE });
    const base = { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id };
    const soon = await createScheduledModule(db, { ...base, scheduledAt: new Date(Date.now() + 4 * 60_000) });
    const over = await createScheduledModule(db, { ...base, scheduledAt: new Date(Date.now() - 121 * 60_000), durationMinutes: 120 });
    const unsent = await createScheduledModule(db, { ...base, isSent: false });
    const oral = await createScheduledModule(db, { ...base, examKind: 'Oral' });
    const noTest = await createScheduledModule(db, { ...base, examDefinitionId: null });
    const cases: [string, number, string][] = [
      [soon.applicationModuleId, 409, EXAM_MESSAGES.notOpenYet],
      [over.applicationModuleId, 409, EXAM_MESSAGES.windowClosed],
      [unsent.applicationModuleId, 409, EXAM_MESSAGES.notScheduled],
      [oral.applicationModuleId, 409, EXAM_MESSAGES.notOnline],
      [noTest.applicationModuleId, 409, EXAM_MESSAGES.noTest],
    ];
    for (const [applicationModuleId, status, message] of cases) {
      const response = await api.post('/api/launchexam/init', { applicationModuleId }, adaJwt);
      expect([response.statusCode, response.json().message]).toEqual([status, message]);
    }
    const open = await createScheduledModule(db, base);
    const other = await api.post('/api/launchexam/init', { applicationModuleId: open.applicationModuleId }, bobJwt);
    expect(other.statusCode).toBe(404);
  });

  it('creates the sitting once under ten simultaneous launches, then returns it even after the window', async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 90, minimumTime: 30 });
    const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id, durationMinutes: 100 });
    const launches = await Promise.all(Array.from({ length: 10 }, () => api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt)));
    expect(launches.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(launches.map((r) => r.json().id));
    expect(ids.size).toBe(1);
    const exam: CandidateExam = launches[0]!.json();
    // The schedule's 100 minutes, not the test's 90 (decision 041).
    expect(exam).toMatchObject({ examType: 'module', moduleCode: 'M1', timer: { minimumTime: 30 * 60 } });
    expect(new Date(exam.timer.deadline).getTime()).toBe(scheduled.scheduledAt.getTime() + 100 * 60_000);
    expect(await storedAnswers(db, exam.id)).toHaveLength(4);
    expect(JSON.stringify(exam)).not.toMatch(/correct/i);
    // The window closes; the sitting already made is still the candidate's.
    await db.execute(sqlMoveSchedule(scheduled.applicationModuleId, 200));
    const again = await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt);
    expect([again.statusCode, again.json().id]).toEqual([200, exam.id]);
    // Module exams are reached by their own path only.
    expect((await api.get(`/api/moduleexaminstance/${exam.id}`, adaJwt)).statusCode).toBe(200);
    expect((await api.get(`/api/trialexaminstance/${exam.id}`, adaJwt)).statusCode).toBe(404);
  });
});

describe("a scheduled sitting's length (decision 041)", () => {
  it("is the schedule's duration, not the test's time: the deadline is the sitting's end for every candidate", async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 90, minimumTime: 30 });
    const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id, durationMinutes: 60 });
    const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt)).json();
    const endsAt = scheduled.scheduledAt.getTime() + 60 * 60_000;
    expect(new Date(exam.timer.deadline).getTime()).toBe(endsAt);
    expect(exam.timer.totalTime).toBeLessThanOrEqual(60 * 60);
    expect(exam.timer.totalTime).toBeGreaterThan(60 * 60 - 10);
    // The server's clock says the same after the launch, whatever the browser claims.
    const timer = (await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'module', remainingTime: 90 * 60 }, adaJwt)).json();
    expect(timer.remainingTime).toBeLessThanOrEqual(60 * 60);
    expect(new Date(timer.deadline).getTime()).toBe(endsAt);
  });

  it('leaves a late starter what is left of the sitting, plus their own extra time, and never a minimum past the deadline', async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 90, minimumTime: 30 });
    const scheduledAt = new Date(Date.now() - 50 * 60_000);
    const late = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id, durationMinutes: 60, scheduledAt });
    await db.insert(examTimeExtensions).values({ applicationModuleId: late.applicationModuleId, extraSeconds: 15 * 60 });
    const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: late.applicationModuleId }, adaJwt)).json();
    expect(new Date(exam.timer.deadline).getTime()).toBe(scheduledAt.getTime() + 75 * 60_000);
    expect(exam.timer.extraTime).toBe(15 * 60);
    expect(exam.timer.remainingTime).toBeLessThanOrEqual(25 * 60);
    expect(exam.timer.remainingTime).toBeGreaterThan(25 * 60 - 10);
    // The test's 30-minute minimum would fall after the deadline: the candidate may submit at it.
    expect(new Date(exam.timer.canSubmitFrom).getTime()).toBeLessThanOrEqual(new Date(exam.timer.deadline).getTime());
    // Once the sitting has ended nobody starts it, whatever the test's own time.
    const over = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id, durationMinutes: 60, scheduledAt: new Date(Date.now() - 61 * 60_000) });
    const refused = await api.post('/api/launchexam/init', { applicationModuleId: over.applicationModuleId }, adaJwt);
    expect([refused.statusCode, refused.json().message]).toEqual([409, EXAM_MESSAGES.windowClosed]);
  });
});

function sqlMoveSchedule(applicationModuleId: string, minutesAgo: number) {
  return sql`update application_modules set scheduled_at = now() - make_interval(mins => ${minutesAgo}) where id = ${applicationModuleId}`;
}

describe('one browser session at a time', () => {
  it('refuses a second browser unless it takes over; the first then stops saving', async () => {
    const { exam, questions } = await freshSitting();
    const second = await claim(exam, session('b'));
    expect([second.statusCode, second.json().message]).toEqual([409, EXAM_MESSAGES.openElsewhere]);
    // The same browser may claim again (a reload).
    expect((await claim(exam, session('a'))).json()).toMatchObject({ isExamInProgress: true, isTakenOver: false });
    const takeOver = await claim(exam, session('b'), adaJwt, true);
    expect(takeOver.statusCode).toBe(200);
    expect(takeOver.json()).toMatchObject({ isExamInProgress: true, sessionId: session('b'), isTakenOver: true });
    const fromFirst = await save(exam, session('a'), [update(questions[0]!.id, 1)]);
    expect([fromFirst.statusCode, fromFirst.json().message]).toEqual([409, EXAM_MESSAGES.takenOver]);
    const fromSecond = await save(exam, session('b'), [update(questions[0]!.id, 1)]);
    expect(fromSecond.statusCode).toBe(200);
  });

  it('gives the exam to exactly one of several browsers opening it at once', async () => {
    const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE });
    const exam = await startTrial(adaJwt, test.id);
    const claims = await Promise.all(['p', 'q', 'r', 's', 't'].map((name) => claim(exam, session(name))));
    expect(claims.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const winner = claims.find((r) => r.statusCode === 200)!.json().sessionId;
    expect((await storedInstance(t.database.db, exam.id)).active_session_id).toBe(winner);
  });

  it("holds the sitting for the launching page's session, never taking it from another, and launches without a session hold nothing", async () => {
    const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE });
    const plain = await api.post('/api/launchexam/inittrial', { testId: test.id }, adaJwt);
    expect(plain.json()).not.toHaveProperty('session');
    expect((await storedInstance(t.database.db, plain.json().id)).active_session_id).toBeNull();

    const launched = await api.post('/api/launchexam/inittrial', { testId: test.id, sessionId: session('a') }, adaJwt);
    expect(launched.statusCode).toBe(200);
    const exam = launched.json<LaunchedExam>();
    expect(exam.session).toMatchObject({ isExamInProgress: true, sessionId: session('a'), isTakenOver: false, timer: { examInstanceId: exam.id } });
    // Held: that session saves with no claim of its own, and another is refused.
    expect((await save(exam, session('a'), [update(questionsOf(exam)[0]!.id, 1)])).statusCode).toBe(200);
    expect((await save(exam, session('b'), [update(questionsOf(exam)[0]!.id, 2)])).json().message).toBe(EXAM_MESSAGES.takenOver);

    // A second tab's launch gets the sitting but not the hold: its own claim then asks "continue here?".
    const second = await api.post('/api/launchexam/inittrial', { testId: test.id, sessionId: session('b') }, adaJwt);
    expect([second.statusCode, second.json().id]).toEqual([200, exam.id]);
    expect(second.json()).not.toHaveProperty('session');
    expect((await storedInstance(t.database.db, exam.id)).active_session_id).toBe(session('a'));
    expect((await claim(exam, session('b'))).json().message).toBe(EXAM_MESSAGES.openElsewhere);

    const bad = await api.post('/api/launchexam/inittrial', { testId: test.id, sessionId: 'short' }, adaJwt);
    expect(bad.statusCode).toBe(400);
    expect((await storedInstance(t.database.db, exam.id)).active_session_id).toBe(session('a'));
  });

  it("holds a module exam's sitting the same way, and another applicant's launch still finds nothing", async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE });
    const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    const body = { applicationModuleId: scheduled.applicationModuleId, sessionId: session('m') };
    expect((await api.post('/api/launchexam/init', body, bobJwt)).statusCode).toBe(404);
    const launched = (await api.post('/api/launchexam/init', body, adaJwt)).json<LaunchedExam>();
    expect(launched.session).toMatchObject({ sessionId: session('m'), isTakenOver: false });
    expect((await storedInstance(db, launched.id)).active_session_id).toBe(session('m'));
  });

  it('refuses updates from a browser that never opened the exam', async () => {
    const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE });
    const exam = await startTrial(adaJwt, test.id);
    const response = await save(exam, session('z'), [update(questionsOf(exam)[0]!.id, 1)]);
    expect([response.statusCode, response.json().message]).toEqual([409, EXAM_MESSAGES.noSession]);
  });
});

describe('answer updates', () => {
  it('decides on the server whether a question is answered: text not empty, or an option chosen', async () => {
    const { exam, questions } = await freshSitting();
    const [single, multiple, blank, descriptive] = questions as [typeof questions[0], typeof questions[0], typeof questions[0], typeof questions[0]];
    const response = await save(exam, session('a'), [
      update(single.id, 1, { answerOptionGivenByUser: [single.options[1]!.id] }),
      update(multiple.id, 1, { answerOptionGivenByUser: [] }),
      update(blank.id, 1, { answerValueGivenByUser: '   ' }),
      update(descriptive.id, 1, { answerValueGivenByUser: 'Visual inspection first.', isMarked: true }),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results.map((r: { outcome: string; isAnswered: boolean }) => [r.outcome, r.isAnswered])).toEqual([
      ['applied', true],
      ['applied', false],
      ['applied', false],
      ['applied', true],
    ]);
    const view: CandidateExam = (await api.get(`/api/trialexaminstance/${exam.id}`, adaJwt)).json();
    expect(questionsOf(view).map((q) => [q.isAnswered, q.isAttempted, q.isMarked, q.lastSequence])).toEqual([
      [true, true, false, 1],
      [false, true, false, 1],
      [false, true, false, 1],
      [true, true, true, 1],
    ]);
    expect(questionsOf(view)[3]!.answerValueGivenByUser).toBe('Visual inspection first.');
  });

  it('never counts a replayed update twice, and never lets an older update overwrite a newer one', async () => {
    const { exam, questions } = await freshSitting();
    const id = questions[3]!.id;
    const third = update(id, 3, { timeTaken: 95, numOfAttempts: 3, answerValueGivenByUser: 'third draft' });
    expect((await save(exam, session('a'), [third])).json().results[0].outcome).toBe('applied');
    // The same request again (a retry after a lost response) changes nothing.
    const replay = await save(exam, session('a'), [third]);
    expect(replay.json().results[0]).toMatchObject({ outcome: 'stale', serverSequence: 3 });
    // An older update arriving late is ignored; the answer says which sequence the server holds, so a
    // browser whose screen shows something else can send its state above it.
    const late = await save(exam, session('a'), [update(id, 2, { timeTaken: 60, numOfAttempts: 2, answerValueGivenByUser: 'second draft' })]);
    expect(late.json().results[0]).toMatchObject({ outcome: 'stale', serverSequence: 3 });
    const [stored] = (await storedAnswers(t.database.db, exam.id)).filter((row) => row.id === id);
    expect(stored).toMatchObject({ time_taken: 95, num_of_attempts: 3, last_sequence: 3, answer_value_given_by_user: 'third draft' });
  });

  it('stores an answer with a NUL or half a surrogate pair (a paste, a cut) instead of failing on it', async () => {
    const { exam, questions } = await freshSitting();
    const id = questions[3]!.id;
    const response = await save(exam, session('a'), [update(id, 1, { answerValueGivenByUser: 'Root\u0000 crack \uD83D' })]);
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0].outcome).toBe('applied');
    const [stored] = (await storedAnswers(t.database.db, exam.id)).filter((row) => row.id === id);
    expect(stored).toMatchObject({ last_sequence: 1, answer_value_given_by_user: 'Root crack \uFFFD' });
  });

  it('keeps the newest of many concurrent and reordered updates, and the newest of one batch', async () => {
    const { exam, questions } = await freshSitting();
    const id = questions[2]!.id;
    const sequences = [7, 2, 10, 1, 5, 9, 3, 8, 4, 6];
    const responses = await Promise.all(sequences.map((seq) => save(exam, session('a'), [update(id, seq, { timeTaken: seq * 7, numOfAttempts: seq, answerValueGivenByUser: `draft ${seq}` })])));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [stored] = (await storedAnswers(t.database.db, exam.id)).filter((row) => row.id === id);
    expect(stored).toMatchObject({ last_sequence: 10, time_taken: 70, num_of_attempts: 10, answer_value_given_by_user: 'draft 10' });
    // One batch carrying two updates of one question: the newer wins, the older is stale.
    const batch = await save(exam, session('a'), [update(id, 12, { answerValueGivenByUser: 'draft 12' }), update(id, 11, { answerValueGivenByUser: 'draft 11' })]);
    expect(batch.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['applied', 'stale']);
    // The very same update twice in one batch (a retry queued behind its original) is written once.
    const twice = update(id, 13, { answerValueGivenByUser: 'draft 13' });
    const copies = await save(exam, session('a'), [twice, twice]);
    expect(copies.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['applied', 'stale']);
    const [after] = (await storedAnswers(t.database.db, exam.id)).filter((row) => row.id === id);
    expect(after).toMatchObject({ answer_value_given_by_user: 'draft 13', last_sequence: 13 });
  });

  it('refuses options of another question, text for a choice question, two options for a single answer, and text with options', async () => {
    const { exam, questions } = await freshSitting();
    const [single, multiple] = questions as [typeof questions[0], typeof questions[0]];
    const response = await save(exam, session('a'), [
      update(single.id, 1, { answerOptionGivenByUser: [multiple.options[0]!.id] }),
      update(multiple.id, 1, { answerValueGivenByUser: 'Crack' }),
      update(questions[2]!.id, 1, { answerOptionGivenByUser: [single.options[0]!.id] }),
    ]);
    expect(response.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['invalid', 'invalid', 'invalid']);
    const two = await save(exam, session('a'), [update(single.id, 2, { answerOptionGivenByUser: single.options.map((o) => o.id) })]);
    expect(two.json().results[0].outcome).toBe('invalid');
    const both = await save(exam, session('a'), [update(single.id, 3, { answerOptionGivenByUser: [single.options[0]!.id], answerValueGivenByUser: 'MMAW' })]);
    expect(both.statusCode).toBe(400);
    const unknownField = await api.post('/api/updateInstances', { examInstanceId: exam.id, examType: 'trial', sessionId: session('a'), updates: [{ ...update(single.id, 4), actualMarks: 2 }] }, adaJwt);
    expect(unknownField.statusCode).toBe(400);
    const stored = await storedAnswers(t.database.db, exam.id);
    expect(stored.every((row) => row.last_sequence === 0)).toBe(true);
  });

  it('takes updates within the grace after the deadline, refuses them after it, and closes the sitting', async () => {
    const { exam, questions } = await freshSitting(EVERY_TYPE, { overallTime: 10, minimumTime: 1 });
    await ageSitting(t.database.db, exam.id, 10 * 60 + 10);
    const inGrace = await save(exam, session('a'), [update(questions[0]!.id, 1, { answerOptionGivenByUser: [questions[0]!.options[0]!.id] })]);
    expect(inGrace.statusCode).toBe(200);
    expect(inGrace.json().timer).toMatchObject({ remainingTime: 0, isTimedOut: true });
    await ageSitting(t.database.db, exam.id, 60);
    const late = await save(exam, session('a'), [update(questions[1]!.id, 1, { answerOptionGivenByUser: [questions[1]!.options[0]!.id] })]);
    expect([late.statusCode, late.json().message]).toEqual([409, EXAM_MESSAGES.timeOver]);
    expect(await storedInstance(t.database.db, exam.id)).toMatchObject({ status: 'TimedOut', submitted_how: 'timeout' });
    // What was saved in time was marked; what came late was not stored.
    const stored = await storedAnswers(t.database.db, exam.id);
    expect(stored[0]!.actual_marks).not.toBeNull();
    expect(Number(stored[0]!.actual_marks)).toBe(2);
    expect(stored[1]!.answer_option_given_by_user).toEqual([]);
  });
});

describe('the timer', () => {
  it("is the server's: a browser claiming more time is ignored, and time passes whatever the browser says", async () => {
    const { exam } = await freshSitting(EVERY_TYPE, { overallTime: 20, minimumTime: 1 });
    const claimed = await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'trial', remainingTime: 999_999 }, adaJwt);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().remainingTime).toBeLessThanOrEqual(20 * 60);
    await ageSitting(t.database.db, exam.id, 5 * 60);
    const later = await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'trial', remainingTime: 20 * 60 }, adaJwt);
    expect(later.json().remainingTime).toBeLessThanOrEqual(15 * 60);
    expect(later.json().remainingTime).toBeGreaterThan(15 * 60 - 5);
    // A reload gives the same server time back, not a new full timer.
    const reloaded: CandidateExam = (await startTrial(adaJwt, (await storedInstance(t.database.db, exam.id)).exam_definition_id as string));
    expect(reloaded.id).toBe(exam.id);
    expect(reloaded.timer.remainingTime).toBeLessThanOrEqual(15 * 60);
  });

  it('reports zero and timed out once the deadline has passed', async () => {
    const { exam } = await freshSitting(EVERY_TYPE, { overallTime: 10, minimumTime: 1 });
    await ageSitting(t.database.db, exam.id, 10 * 60 + 1);
    const response = await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'trial' }, adaJwt);
    expect(response.json()).toMatchObject({ remainingTime: 0, isTimedOut: true });
  });
});

describe('submission', () => {
  it('is refused before the minimum time of a module exam', async () => {
    const test = await createPublishedTest(t.database.db, { testType: 'module', questions: EVERY_TYPE, overallTime: 30, minimumTime: 10 });
    const scheduled = await createScheduledModule(t.database.db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt)).json();
    const response = await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    expect([response.statusCode, response.json().message]).toEqual([409, 'You cannot submit before the minimum time']);
    expect((await storedInstance(t.database.db, exam.id)).status).toBe('InProgress');
  });

  it('ends a trial at any time, even one started with a minimum time stored (issue 21)', async () => {
    const { exam } = await freshSitting(EVERY_TYPE, { overallTime: 30, minimumTime: 10 });
    const fresh = await api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, adaJwt);
    expect([fresh.statusCode, fresh.json().status]).toEqual([200, 'Submitted']);
    // A sitting launched before trials lost their minimum time ends at once too.
    const { exam: older } = await freshSitting(EVERY_TYPE, { overallTime: 30, minimumTime: 10 });
    await t.database.db.execute(sql`update exam_instances set minimum_seconds = 600 where id = ${older.id}`);
    expect((await api.get(`/api/trialexaminstance/${older.id}`, adaJwt)).json().timer.canSubmitFrom).toBe(older.timer.startedOn);
    expect((await api.post(`/api/trialexaminstance/${older.id}/submit`, undefined, adaJwt)).statusCode).toBe(200);
  });

  it('changes the state exactly once under ten simultaneous submits, marks every objective type and shows the trial its score', async () => {
    const { exam, questions, test } = await freshSitting(EVERY_TYPE, { overallTime: 30, minimumTime: 10 });
    const [single, multiple, blank, descriptive] = questions as [typeof questions[0], typeof questions[0], typeof questions[0], typeof questions[0]];
    const correctSingle = test.questions[0]!.options.find((o) => o.correctAnswer)!.id;
    const correctMultiple = test.questions[1]!.options.filter((o) => o.correctAnswer).map((o) => o.id);
    await save(exam, session('a'), [
      update(single.id, 1, { answerOptionGivenByUser: [correctSingle] }),
      update(multiple.id, 1, { answerOptionGivenByUser: correctMultiple.slice(0, 1) }),
      update(blank.id, 1, { answerValueGivenByUser: '  fLAT ' }),
      update(descriptive.id, 1, { answerValueGivenByUser: 'Check the toe for undercut.' }),
    ]);
    await ageSitting(t.database.db, exam.id, 10 * 60);
    const submits = await Promise.all(Array.from({ length: 10 }, () => api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, adaJwt)));
    const codes = submits.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    const accepted = submits.find((r) => r.statusCode === 200)!.json();
    // 2 (single) + 0 (part of the multiple set) + 1 (fill in, case and spaces ignored); descriptive waits.
    expect(accepted).toMatchObject({ status: 'Submitted', submittedHow: 'candidate', marksReleased: true, score: 3, totalMarks: 10, percentage: 30 });
    expect(submits.filter((r) => r.statusCode === 409).every((r) => r.json().message === EXAM_MESSAGES.alreadySubmitted)).toBe(true);
    expect((await storedAnswers(t.database.db, exam.id)).map((row) => (row.actual_marks === null ? null : Number(row.actual_marks)))).toEqual([2, 0, 1, null]);

    const review = await api.get(`/api/trialexaminstance/${exam.id}/review`, adaJwt);
    expect(review.statusCode).toBe(200);
    const reviewed = review.json();
    expect(reviewed).toMatchObject({ score: 3, percentage: 30, totalMarks: 10, status: 'Submitted' });
    const reviewQuestions = reviewed.sections.flatMap((s: { questions: unknown[] }) => s.questions);
    expect(reviewQuestions[0].options.find((o: { correctAnswer: boolean }) => o.correctAnswer).id).toBe(correctSingle);
    expect(reviewQuestions[2].acceptedAnswers).toEqual(['Flat', 'PA']);
    expect(reviewQuestions.map((q: { actualMarks: number | null }) => q.actualMarks)).toEqual([2, 0, 1, null]);

    const after = await save(exam, session('a'), [update(single.id, 2)]);
    expect([after.statusCode, after.json().message]).toEqual([409, EXAM_MESSAGES.alreadySubmitted]);
    expect((await api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, adaJwt)).statusCode).toBe(409);
  });

  it('refuses a submission from a window whose sitting was taken over, and takes it from the one that holds it', async () => {
    const { exam } = await freshSitting(EVERY_TYPE, { overallTime: 30, minimumTime: 1 });
    await ageSitting(t.database.db, exam.id, 60);
    expect((await claim(exam, session('b'), adaJwt, true)).statusCode).toBe(200);
    const fromOld = await api.post(`/api/trialexaminstance/${exam.id}/submit`, { sessionId: session('a') }, adaJwt);
    expect([fromOld.statusCode, fromOld.json().message]).toEqual([409, EXAM_MESSAGES.takenOver]);
    expect(await storedInstance(t.database.db, exam.id)).toMatchObject({ status: 'InProgress' });
    const fromHolder = await api.post(`/api/trialexaminstance/${exam.id}/submit`, { sessionId: session('b') }, adaJwt);
    expect(fromHolder.statusCode).toBe(200);
    expect(fromHolder.json()).toMatchObject({ status: 'Submitted', submittedHow: 'candidate' });
  });

  it('gives full marks for exactly the set of a multiple answer question, and a new trial sitting after one is submitted', async () => {
    const { exam, test } = await freshSitting([{ type: 'Multiple Answer', marks: 5 }], { overallTime: 30, minimumTime: 1 });
    const question = questionsOf(exam)[0]!;
    await save(exam, session('a'), [update(question.id, 1, { answerOptionGivenByUser: test.questions[0]!.options.filter((o) => o.correctAnswer).map((o) => o.id) })]);
    await ageSitting(t.database.db, exam.id, 60);
    expect((await api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, adaJwt)).json()).toMatchObject({ score: 5, percentage: 100 });
    const next = await startTrial(adaJwt, test.id);
    expect(next.id).not.toBe(exam.id);
  });

  it('gives partial marks for a multiple answer question when the test says so, decided by the setting at launch', async () => {
    const { exam, test } = await freshSitting([{ type: 'Multiple Answer', marks: 4 }], { overallTime: 30, minimumTime: 1, settings: { partialMarks: true } });
    const [crack, fusion, spatter] = test.questions[0]!.options.map((o) => o.id) as [string, string, string];
    const question = questionsOf(exam)[0]!;
    // Changing the test after the launch does not change how this sitting is marked.
    await t.database.db.execute(sql`update exam_definitions set partial_marks = false where id = ${test.id}`);
    await save(exam, session('a'), [update(question.id, 1, { answerOptionGivenByUser: [crack] })]);
    await ageSitting(t.database.db, exam.id, 60);
    expect((await api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, adaJwt)).json()).toMatchObject({ score: 2, percentage: 50 });

    // One right and one wrong option cancel out; every option earns one share of two.
    await t.database.db.execute(sql`update exam_definitions set partial_marks = true where id = ${test.id}`);
    for (const [chosen, score] of [[[crack, spatter], 0], [[crack, fusion, spatter], 2], [[crack, fusion], 4]] as const) {
      const next = await startTrial(adaJwt, test.id);
      expect((await claim(next, session('a'))).statusCode).toBe(200);
      await save(next, session('a'), [update(questionsOf(next)[0]!.id, 1, { answerOptionGivenByUser: [...chosen] })]);
      await ageSitting(t.database.db, next.id, 60);
      expect((await api.post(`/api/trialexaminstance/${next.id}/submit`, undefined, adaJwt)).json(), chosen.join()).toMatchObject({ score });
    }
  });

  it('marks what the submission saw: an update racing a submission is either applied and marked, or refused', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { exam, test } = await freshSitting([{ type: 'General Single Answer', marks: 2 }], { overallTime: 30, minimumTime: 1 });
      await ageSitting(t.database.db, exam.id, 60);
      const question = questionsOf(exam)[0]!;
      const correct = test.questions[0]!.options.find((o) => o.correctAnswer)!.id;
      const [saved, submitted] = await Promise.all([
        save(exam, session('a'), [update(question.id, 1, { answerOptionGivenByUser: [correct] })]),
        api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, adaJwt),
      ]);
      expect(submitted.statusCode).toBe(200);
      const wasApplied = saved.statusCode === 200 && saved.json().results.some((r: { outcome: string }) => r.outcome === 'applied');
      const [stored] = await storedAnswers(t.database.db, exam.id);
      // Applied means it was in before the submission read the answers, so it is marked.
      expect([stored!.answer_option_given_by_user, Number(stored!.actual_marks), submitted.json().score], `round ${round}`).toEqual(wasApplied ? [[correct], 2, 2] : [[], 0, 0]);
    }
  });

  it('records a submission after the deadline but within the grace as timed out, and refuses one after it', async () => {
    const { exam } = await freshSitting(EVERY_TYPE, { overallTime: 10, minimumTime: 1 });
    await ageSitting(t.database.db, exam.id, 10 * 60 + 5);
    const inGrace = await api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, adaJwt);
    expect(inGrace.json()).toMatchObject({ status: 'TimedOut', submittedHow: 'timeout' });
    const { exam: late } = await freshSitting(EVERY_TYPE, { overallTime: 10, minimumTime: 1 });
    await ageSitting(t.database.db, late.id, 10 * 60 + 120);
    const afterGrace = await api.post(`/api/trialexaminstance/${late.id}/submit`, undefined, adaJwt);
    expect([afterGrace.statusCode, afterGrace.json().message]).toEqual([409, EXAM_MESSAGES.timeOver]);
    expect(await storedInstance(t.database.db, late.id)).toMatchObject({ status: 'TimedOut', submitted_how: 'timeout' });
  });
});

describe("another candidate's sitting", () => {
  it('is not found on every route, and staff tokens cannot use the candidate routes', async () => {
    const { exam, questions } = await freshSitting();
    const body = { examInstanceId: exam.id, examType: 'trial' };
    const responses = await Promise.all([
      api.get(`/api/trialexaminstance/${exam.id}`, bobJwt),
      api.post('/api/updateInstances', { ...body, sessionId: session('a'), updates: [update(questions[0]!.id, 5)] }, bobJwt),
      api.post('/api/remainingtime', body, bobJwt),
      api.put('/api/isexaminprogress', { ...body, sessionId: session('bob'), takeOver: true }, bobJwt),
      api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, bobJwt),
      api.get(`/api/trialexaminstance/${exam.id}/review`, bobJwt),
      api.get(`/api/trialexaminstance/${exam.id}/qrcode/${questions[3]!.id}`, bobJwt),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(7).fill(404));
    expect(responses.every((r) => !r.body.includes(questions[0]!.id))).toBe(true);
    expect((await api.get(`/api/trialexaminstance/${exam.id}`, staffJwt)).statusCode).toBe(403);
    expect((await storedAnswers(t.database.db, exam.id))[0]!.last_sequence).toBe(0);
  });
});

describe("the applicant's examinations", () => {
  it('lists trial sittings and scheduled module exams with the spec filters', async () => {
    const carl = await createUser(t.database.db, { role: ROLES.Applicant });
    const carlJwt = (await signIn(t.app, carl)).jwt;
    const moduleTest = await createPublishedTest(t.database.db, { testType: 'module', questions: EVERY_TYPE });
    const upcoming = await createScheduledModule(t.database.db, { applicantId: carl.applicantId!, managerId: manager.id, examDefinitionId: moduleTest.id, scheduledAt: new Date(Date.now() + 86_400_000) });
    const exam = await startTrial(carlJwt);
    await claim(exam, session('c'), carlJwt);
    await ageSitting(t.database.db, exam.id, 10 * 60);
    await api.post(`/api/trialexaminstance/${exam.id}/submit`, undefined, carlJwt);

    const all = (await api.get('/api/examinations/my', carlJwt)).json();
    expect(all.totalRows).toBe(2);
    const byKind = Object.fromEntries(all.rows.map((row: { kind: string }) => [row.kind, row]));
    expect(byKind.module).toMatchObject({ status: 'NotStarted', examInstanceId: null, applicationModuleId: upcoming.applicationModuleId, moduleCode: 'M1', scheduleTimeZone: 'Australia/Sydney' });
    expect(byKind.trial).toMatchObject({ status: 'Submitted', examInstanceId: exam.id, score: 0, percentage: 0 });
    const rowsOf = async (query: string) => (await api.get(`/api/examinations/my?${query}`, carlJwt)).json().rows.map((row: { kind: string }) => row.kind);
    expect(await rowsOf('filter=Upcoming')).toEqual(['module']);
    expect(await rowsOf('filter=Completed')).toEqual(['trial']);
    expect(await rowsOf('filter=Resits')).toEqual([]);
    expect(await rowsOf('filter=All&kind=trial')).toEqual(['trial']);
    // Bob sees none of Carl's.
    expect((await api.get('/api/examinations/my', bobJwt)).json().rows.every((row: { examInstanceId: string | null }) => row.examInstanceId !== exam.id)).toBe(true);
    const trials = (await api.get('/api/examinations/trials', carlJwt)).json();
    expect(trials.find((row: { testId: string }) => row.testId === trial.id)).toMatchObject({ attempts: 1, inProgressInstanceId: null, numOfQuestions: 4 });
  });
});

describe('a module whose result is decided (issue 21)', () => {
  /** What staff's result entry writes (exam-schedule results); the overall result as the result stage records it. */
  const recordByHand = (applicationModuleId: string) =>
    t.database.db.execute(sql`update application_modules set result = 'Pass', result_percentage = 80, result_entered_on = now() where id = ${applicationModuleId}`);
  const recordOverall = (applicationId: string) =>
    t.database.db.execute(sql`update applications set overall_result = 'Awarded', result_recorded_on = now() where id = ${applicationId}`);

  it('cannot be started once its result is recorded by hand, and the list says it is closed', async () => {
    const dora = await createUser(t.database.db, { role: ROLES.Applicant });
    const doraJwt = (await signIn(t.app, dora)).jwt;
    const test = await createPublishedTest(t.database.db, { testType: 'module', questions: EVERY_TYPE });
    const scheduled = await createScheduledModule(t.database.db, { applicantId: dora.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    const before = (await api.get('/api/examinations/my', doraJwt)).json().rows[0];
    expect(before).toMatchObject({ status: 'NotStarted', isClosed: false, result: null });
    await recordByHand(scheduled.applicationModuleId);
    const launch = await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, doraJwt);
    expect([launch.statusCode, launch.json().message]).toEqual([409, EXAM_MESSAGES.resultRecorded]);
    const count = await t.database.db.execute(sql`select count(*)::int as n from exam_instances where application_module_id = ${scheduled.applicationModuleId}`);
    expect((count as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // Closed, but the result itself waits for the application's overall result.
    expect((await api.get('/api/examinations/my', doraJwt)).json().rows[0]).toMatchObject({ status: 'NotStarted', isClosed: true, result: null, resultPercentage: null });
  });

  it("cannot be started once the application's overall result is recorded", async () => {
    const eve = await createUser(t.database.db, { role: ROLES.Applicant });
    const eveJwt = (await signIn(t.app, eve)).jwt;
    const test = await createPublishedTest(t.database.db, { testType: 'module', questions: EVERY_TYPE });
    const scheduled = await createScheduledModule(t.database.db, { applicantId: eve.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    await recordOverall(scheduled.applicationId);
    const launch = await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, eveJwt);
    expect([launch.statusCode, launch.json().message]).toEqual([409, EXAM_MESSAGES.resultRecorded]);
    expect((await api.get('/api/examinations/my', eveJwt)).json().rows[0]).toMatchObject({ isClosed: true });
  });

  it("shows a marked module exam's result in the candidate's list once the result is released", async () => {
    const fay = await createUser(t.database.db, { role: ROLES.Applicant });
    const fayJwt = (await signIn(t.app, fay)).jwt;
    const test = await createPublishedTest(t.database.db, { testType: 'module', questions: [{ type: 'General Single Answer', marks: 2 }], overallTime: 30, minimumTime: 1 });
    const scheduled = await createScheduledModule(t.database.db, { applicantId: fay.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, fayJwt)).json();
    const question = questionsOf(exam)[0]!;
    expect((await claim(exam, session('f'), fayJwt)).statusCode).toBe(200);
    const correct = test.questions[0]!.options.find((option) => option.correctAnswer)!;
    expect((await save(exam, session('f'), [update(question.id, 1, { answerOptionGivenByUser: [correct.id] })], fayJwt)).statusCode).toBe(200);
    await ageSitting(t.database.db, exam.id, 2 * 60);
    expect((await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, fayJwt)).statusCode).toBe(200);
    // Marked in full at submission, but not released: the candidate sees "Submitted" and no result.
    expect((await api.get('/api/examinations/my', fayJwt)).json().rows[0]).toMatchObject({ status: 'Submitted', result: null, resultPercentage: null, score: null });
    await recordOverall(scheduled.applicationId);
    expect((await api.get('/api/examinations/my', fayJwt)).json().rows[0]).toMatchObject({ status: 'Submitted', result: 'Pass', resultPercentage: 100, isClosed: true });
  });
});
