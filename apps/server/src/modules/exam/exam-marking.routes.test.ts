import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { EXAM_MESSAGES, type CandidateExam } from '@certs/shared/exam/exam.contract';
import { RESULT_MESSAGES } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { addProgramUser, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { applicationModules } from '../../db/schema/application-module';
import { applicationHistory, applications } from '../../db/schema/application';
import { programUsers } from '../../db/schema/program';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ProgramService } from '../program/program.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { ExamContent } from './exam-content';
import { ExamSubmission } from './exam-submission';
import { closeOverdueSittings } from './exam-timeout.job';
import { createExamModule } from './exam.module';
import { createExamRepositories } from './exam-repositories';
import { ageSitting, createPublishedTest, createScheduledModule, EVERY_TYPE, examClient, storedAnswers, storedInstance, type FixtureQuestion } from './exam-test-fixtures';

let t: TestApp;
let api: ReturnType<typeof examClient>;
let ada: CreatedUser;
let manager: CreatedUser;
let examiner: CreatedUser;
let adaJwt: string;
let bobJwt: string;
let managerJwt: string;
let examinerJwt: string;
let outsiderJwt: string;
let superJwt: string;

const SESSION = 'session-marking-0123456789';

/** Ada's module exam on a test with these questions, launched and held by one session. */
async function sitModule(questions: FixtureQuestion[], options: { passPercentage?: number; overallTime?: number; minimumTime?: number; examinerId?: string } = {}) {
  const db = t.database.db;
  const test = await createPublishedTest(db, { testType: 'module', questions, overallTime: options.overallTime ?? 60, minimumTime: options.minimumTime ?? 1 });
  const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id, passPercentage: options.passPercentage ?? 50, examinerId: options.examinerId ?? null });
  await db.insert(programUsers).values({ programId: scheduled.programId, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner });
  const launched = await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt);
  expect(launched.statusCode, launched.body).toBe(200);
  const exam: CandidateExam = launched.json();
  expect((await api.put('/api/isexaminprogress', { examInstanceId: exam.id, examType: 'module', sessionId: SESSION }, adaJwt)).statusCode).toBe(200);
  return { test, scheduled, exam, questions: exam.sections.flatMap((s) => s.questions) };
}

async function stageOf(applicationId: string) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, applicationId));
  const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId));
  return { status: row?.status, stage: row?.workflowStage, history: history.map((h) => [h.fromStage, h.toStage, h.note]) };
}

async function moduleResult(applicationModuleId: string) {
  const [row] = await t.database.db.select().from(applicationModules).where(eq(applicationModules.id, applicationModuleId));
  return { result: row?.result ?? null, resultPercentage: row?.resultPercentage ?? null, resultEnteredBy: row?.resultEnteredBy ?? null, resultEnteredOn: row?.resultEnteredOn ?? null };
}

beforeAll(async () => {
  t = await buildTestApp();
  api = examClient(t.app);
  const db = t.database.db;
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright' });
  const bob = await createUser(db, { role: ROLES.Applicant });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Examinations'], firstName: 'Esther', lastName: 'Examiner' });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'] });
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  [adaJwt, bobJwt, managerJwt, examinerJwt, outsiderJwt, superJwt] = (await Promise.all([ada, bob, manager, examiner, outsider, superUser].map(async (u) => (await signIn(t.app, u)).jwt))) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
});
afterAll(async () => {
  await t.close();
});

describe('a module exam with only objective questions', () => {
  it("writes the module's result at submission and never shows the candidate the answers", async () => {
    const questions: FixtureQuestion[] = [
      { type: 'General Single Answer', marks: 3 },
      { type: 'Fill In The Blank', marks: 1, options: [{ option: 'flat', correctAnswer: true }] },
    ];
    const { exam, test, scheduled, questions: instances } = await sitModule(questions, { passPercentage: 70 });
    const correct = test.questions[0]!.options.find((o) => o.correctAnswer)!.id;
    const saved = await api.post(
      '/api/updateInstances',
      {
        examInstanceId: exam.id,
        examType: 'module',
        sessionId: SESSION,
        updates: [
          { questionInstanceId: instances[0]!.id, sequence: 1, timeTaken: 20, numOfAttempts: 1, isMarked: false, isAttempted: true, answerOptionGivenByUser: [correct] },
          { questionInstanceId: instances[1]!.id, sequence: 1, timeTaken: 20, numOfAttempts: 1, isMarked: false, isAttempted: true, answerValueGivenByUser: 'horizontal' },
        ],
      },
      adaJwt,
    );
    expect(saved.statusCode).toBe(200);
    await ageSitting(t.database.db, exam.id, 120);
    const submitted = await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    expect(submitted.json()).toMatchObject({ status: 'Submitted', marksReleased: false, score: null, percentage: null });
    expect(await moduleResult(scheduled.applicationModuleId)).toMatchObject({ result: 'Pass', resultPercentage: 75, resultEnteredBy: null });
    // Its only module has a result: the application moves on, with a history entry.
    expect(await stageOf(scheduled.applicationId)).toEqual({
      status: 'Examinations Stage',
      stage: 'Exam Modules Evaluation Completed',
      history: [['Exam Modules Sent', 'Exam Modules Evaluation Completed', 'Every module has a result: M1 Pass']],
    });
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/review`, adaJwt)).statusCode).toBe(403);
    const view = await api.get(`/api/moduleexaminstance/${exam.id}`, adaJwt);
    expect(view.body).not.toMatch(/correct|actualMarks|"score"/i);
  });
});

describe("the examiner's marking (verify marks)", () => {
  it('shows descriptive answers, takes marks up to each question, and completes the module result', async () => {
    const { exam, scheduled, questions } = await sitModule(EVERY_TYPE, { passPercentage: 60 });
    const descriptive = questions.find((q) => q.questionType === 'Descriptive')!;
    const single = questions.find((q) => q.questionType === 'General Single Answer')!;
    await api.post(
      '/api/updateInstances',
      {
        examInstanceId: exam.id,
        examType: 'module',
        sessionId: SESSION,
        updates: [{ questionInstanceId: descriptive.id, sequence: 1, timeTaken: 300, numOfAttempts: 1, isMarked: false, isAttempted: true, answerValueGivenByUser: 'Grind out the crack, then re-weld with preheat.' }],
      },
      adaJwt,
    );
    // Not submitted yet: marking is refused.
    const early = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: descriptive.id, actualMarks: 1 }] }, examinerJwt);
    expect([early.statusCode, early.json().message]).toEqual([409, EXAM_MESSAGES.notSubmitted]);
    await ageSitting(t.database.db, exam.id, 120);
    expect((await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt)).statusCode).toBe(200);
    expect((await moduleResult(scheduled.applicationModuleId)).result).toBeNull();
    expect((await stageOf(scheduled.applicationId)).stage).toBe('Exam Modules Sent');

    const marking = await api.get(`/api/moduleexaminstance/${exam.id}/marking`, examinerJwt);
    expect(marking.statusCode).toBe(200);
    const sheet = marking.json();
    expect(sheet).toMatchObject({ applicantName: 'Ada Arcwright', moduleCode: 'M1', passPercentage: 60, totalMarks: 10, score: null, result: null });
    const descriptiveRow = sheet.questions.find((q: { id: string }) => q.id === descriptive.id);
    expect(descriptiveRow).toMatchObject({ needsExaminer: true, actualMarks: null, maxMarks: 4, answerValueGivenByUser: 'Grind out the crack, then re-weld with preheat.' });
    expect(sheet.questions.find((q: { id: string }) => q.id === single.id)).toMatchObject({ needsExaminer: false, actualMarks: 0 });

    const tooMany = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: descriptive.id, actualMarks: 4.5 }] }, examinerJwt);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, EXAM_MESSAGES.marksOver(4)]);
    const foreign = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: '00000000-0000-4000-8000-000000000000', actualMarks: 1 }] }, examinerJwt);
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, EXAM_MESSAGES.notInExam]);
    const negative = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: descriptive.id, actualMarks: -1 }] }, examinerJwt);
    expect(negative.statusCode).toBe(400);

    // 0 + 0 + 0 objective (nothing answered) + 4 descriptive = 40 % < 60 %: Fail. Then the examiner revises the objective marks.
    const verified = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: descriptive.id, actualMarks: 4 }] }, examinerJwt);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ score: 4, percentage: 40, result: 'Fail', isMarkingComplete: true });
    expect(await moduleResult(scheduled.applicationModuleId)).toMatchObject({ result: 'Fail', resultPercentage: 40, resultEnteredBy: examiner.id });
    expect((await stageOf(scheduled.applicationId)).stage).toBe('Exam Modules Evaluation Completed');
    // Complete marks are not changed by a plain save (issue 21): a correction says why, and the history keeps it.
    const unexplained = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: single.id, actualMarks: 2 }] }, examinerJwt);
    expect([unexplained.statusCode, unexplained.json().message]).toEqual([409, EXAM_MESSAGES.correctionNeedsReason]);
    const blankReason = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: single.id, actualMarks: 2 }], correctionReason: '   ' }, examinerJwt);
    expect(blankReason.statusCode).toBe(400);
    expect(await moduleResult(scheduled.applicationModuleId)).toMatchObject({ result: 'Fail', resultPercentage: 40 });
    const revised = await api.post(
      `/api/moduleexaminstance/${exam.id}/verifymarks`,
      { marks: [{ questionInstanceId: single.id, actualMarks: 2 }], correctionReason: 'Option B is also right per the 2024 standard' },
      examinerJwt,
    );
    expect(revised.json()).toMatchObject({ score: 6, percentage: 60, result: 'Pass', isMarkingComplete: true });
    expect(await moduleResult(scheduled.applicationModuleId)).toMatchObject({ result: 'Pass', resultPercentage: 60 });
    expect((await stageOf(scheduled.applicationId)).history).toContainEqual([
      'Exam Modules Evaluation Completed',
      'Exam Modules Evaluation Completed',
      'Marks of M1 corrected from 4 to 6 of 10: Option B is also right per the 2024 standard',
    ]);

    // The result is the online exam's even though an examiner verified it: the results screen shows
    // who marked it and refuses a manager's overwrite.
    const M = `/api/qualificationapplicationmodule/${scheduled.applicationId}`;
    const overwrite = await api.post(`${M}/postexam/update`, { modules: [{ applicationModuleId: scheduled.applicationModuleId, result: 'Fail', resultPercentage: 10 }] }, managerJwt);
    expect([overwrite.statusCode, overwrite.json().message]).toEqual([409, RESULT_MESSAGES.fromOnlineExam('M1')]);
    const results = (await api.get(`${M}/results`, managerJwt)).json();
    expect(results.modules[0]).toMatchObject({ result: 'Pass', resultSource: 'onlineExam', resultEnteredBy: 'Online exam, marked by Esther Examiner', canEnterResult: false });

    // Once the application's overall result is recorded the marks are final.
    await t.database.db.update(applications).set({ overallResult: 'Awarded', resultRecordedOn: new Date() }).where(eq(applications.id, scheduled.applicationId));
    const final = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: single.id, actualMarks: 0 }], correctionReason: 'Late change' }, examinerJwt);
    expect([final.statusCode, final.json().message]).toEqual([409, EXAM_MESSAGES.alreadyMarked]);
  });

  it('is for the examiner, the manager and administrators only', async () => {
    const { exam, questions } = await sitModule(EVERY_TYPE);
    await ageSitting(t.database.db, exam.id, 120);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    const body = { marks: [{ questionInstanceId: questions[3]!.id, actualMarks: 1 }] };
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, managerJwt)).statusCode).toBe(200);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, superJwt)).statusCode).toBe(200);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, outsiderJwt)).statusCode).toBe(403);
    expect((await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, body, outsiderJwt)).statusCode).toBe(403);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, adaJwt)).statusCode).toBe(403);
    expect((await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, body, adaJwt)).statusCode).toBe(403);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, bobJwt)).statusCode).toBe(403);
  });
});

describe('extra time', () => {
  it('granted before the exam moves the deadline of the sitting when it starts', async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 60, minimumTime: 10 });
    const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    const granted = await api.post(`/api/moduleexaminstance/${scheduled.applicationModuleId}/extratime`, { minutes: 15 }, managerJwt);
    expect(granted.json()).toMatchObject({ extraMinutes: 15, examInstanceId: null, deadline: null });
    const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt)).json();
    expect(exam.timer).toMatchObject({ extraTime: 900 });
    // The sitting's end (its 60 scheduled minutes) plus the grant (decision 041).
    expect(new Date(exam.timer.deadline).getTime()).toBe(scheduled.scheduledAt.getTime() + 75 * 60 * 1000);
    expect(exam.timer.remainingTime).toBeGreaterThan(75 * 60 - 10);
  });

  it('granted during the exam moves the deadline and the remaining time; refused after it and to others', async () => {
    const { exam, scheduled } = await sitModule(EVERY_TYPE, { overallTime: 30, minimumTime: 1 });
    await ageSitting(t.database.db, exam.id, 25 * 60);
    const before = (await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'module' }, adaJwt)).json().remainingTime;
    expect(before).toBeLessThanOrEqual(5 * 60);
    const url = `/api/moduleexaminstance/${scheduled.applicationModuleId}/extratime`;
    expect((await api.post(url, { minutes: 10 }, adaJwt)).statusCode).toBe(403);
    expect((await api.post(url, { minutes: 10 }, outsiderJwt)).statusCode).toBe(403);
    expect((await api.post(url, { minutes: 10 }, examinerJwt)).statusCode).toBe(403);
    expect((await api.post(url, { minutes: 2000 }, managerJwt)).statusCode).toBe(400);
    const granted = await api.post(url, { minutes: 10 }, superJwt);
    expect(granted.json()).toMatchObject({ extraMinutes: 10, examInstanceId: exam.id });
    const after = (await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'module' }, adaJwt)).json();
    expect(after.extraTime).toBe(600);
    expect(after.remainingTime).toBeGreaterThan(before + 10 * 60 - 5);
    // Setting it again replaces the grant rather than adding to it.
    await api.post(url, { minutes: 5 }, managerJwt);
    expect((await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'module' }, adaJwt)).json().extraTime).toBe(300);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    const ended = await api.post(url, { minutes: 20 }, managerJwt);
    expect([ended.statusCode, ended.json().message]).toEqual([409, EXAM_MESSAGES.extraTimeEnded]);
  });
});

describe('a module whose result staff recorded by hand (issue 45)', () => {
  it('is listed as closed, is not upcoming, and takes no extra time', async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 30, minimumTime: 1 });
    const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    const rowOf = async (filter: string) =>
      (await api.get(`/api/examinations/pagination?filter=${filter}&kind=module`, superJwt)).json().rows.find((row: { applicationModuleId: string }) => row.applicationModuleId === scheduled.applicationModuleId);
    expect(await rowOf('Upcoming')).toMatchObject({ status: 'NotStarted', isClosed: false });
    await db.update(applicationModules).set({ result: 'Pass', resultPercentage: 80, resultEnteredOn: new Date(), resultEnteredBy: manager.id }).where(eq(applicationModules.id, scheduled.applicationModuleId));
    expect(await rowOf('All')).toMatchObject({ status: 'NotStarted', isClosed: true });
    expect(await rowOf('Upcoming')).toBeUndefined();
    const refused = await api.post(`/api/moduleexaminstance/${scheduled.applicationModuleId}/extratime`, { minutes: 10 }, managerJwt);
    expect([refused.statusCode, refused.json().message]).toEqual([409, EXAM_MESSAGES.extraTimeResultRecorded]);
    const stored = await db.execute(sql`select count(*)::int as n from exam_time_extensions where application_module_id = ${scheduled.applicationModuleId}`);
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});

describe('extra time as a time factor, and a grant racing a launch', () => {
  it("turns a time factor into whole minutes of the sitting's duration; minutes or a factor, not both", async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 40, minimumTime: 10 });
    // Scheduled for 50 minutes: the factor is of the sitting the candidate has, not of the test's 40 (decision 041).
    const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id, durationMinutes: 50 });
    const url = `/api/moduleexaminstance/${scheduled.applicationModuleId}/extratime`;
    // 50 minutes x 0.25 = 12.5, rounded up: the candidate never gets less than the factor.
    expect((await api.post(url, { timeFactor: 1.25 }, managerJwt)).json()).toMatchObject({ extraMinutes: 13 });
    const exam: CandidateExam = (await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt)).json();
    expect(exam.timer).toMatchObject({ extraTime: 13 * 60 });
    expect(new Date(exam.timer.deadline).getTime()).toBe(scheduled.scheduledAt.getTime() + (50 + 13) * 60_000);
    for (const [body, message] of [
      [{ minutes: 10, timeFactor: 1.5 }, EXAM_MESSAGES.extraTimeOneWay],
      [{}, EXAM_MESSAGES.extraTimeOneWay],
      [{ timeFactor: 3.5 }, EXAM_MESSAGES.extraTimeFactor],
      [{ timeFactor: 0.5 }, EXAM_MESSAGES.extraTimeFactor],
    ] as const) {
      const refused = await api.post(url, body, managerJwt);
      expect([refused.statusCode, refused.json().message], JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'module' }, adaJwt)).json().extraTime).toBe(13 * 60);
    const noTest = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: null });
    const withoutTest = await api.post(`/api/moduleexaminstance/${noTest.applicationModuleId}/extratime`, { timeFactor: 1.5 }, managerJwt);
    expect([withoutTest.statusCode, withoutTest.json().message]).toEqual([409, EXAM_MESSAGES.extraTimeNoTest]);
  });

  it('is never lost when granted while the candidate launches (the module row orders the two)', async () => {
    const db = t.database.db;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE, overallTime: 30, minimumTime: 1 });
    for (let round = 0; round < 5; round += 1) {
      const scheduled = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id });
      const [launched, granted] = await Promise.all([
        api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, adaJwt),
        api.post(`/api/moduleexaminstance/${scheduled.applicationModuleId}/extratime`, { minutes: 10 }, managerJwt),
      ]);
      expect([launched.statusCode, granted.statusCode]).toEqual([200, 200]);
      const timer = (await api.post('/api/remainingtime', { examInstanceId: launched.json().id, examType: 'module' }, adaJwt)).json();
      expect(timer.extraTime, `round ${round}`).toBe(600);
      expect(new Date(timer.deadline).getTime()).toBe(scheduled.scheduledAt.getTime() + 40 * 60 * 1000);
    }
  });
});

describe('the time-out job', () => {
  it('submits sittings left open past their deadline with what was saved, once', async () => {
    const { exam, test, questions } = await sitModule([{ type: 'General Single Answer', marks: 1 }, { type: 'Descriptive', marks: 1 }], { overallTime: 10, minimumTime: 1 });
    const correct = test.questions[0]!.options.find((o) => o.correctAnswer)!.id;
    await api.post(
      '/api/updateInstances',
      { examInstanceId: exam.id, examType: 'module', sessionId: SESSION, updates: [{ questionInstanceId: questions[0]!.id, sequence: 1, timeTaken: 5, numOfAttempts: 1, isMarked: false, isAttempted: true, answerOptionGivenByUser: [correct] }] },
      adaJwt,
    );
    const job = createExamModule(t.database.db, { programs: {} as ProgramService, attachments: {} as AttachmentService, secret: 'x', publicUrl: 'http://localhost' });
    // Inside the grace the job leaves it alone.
    await ageSitting(t.database.db, exam.id, 10 * 60 + 5);
    expect(await job.closeOverdue()).toBe(0);
    await ageSitting(t.database.db, exam.id, 60);
    const [first, second] = await Promise.all([job.closeOverdue(), job.closeOverdue()]);
    expect(first + second).toBe(1);
    expect(await storedInstance(t.database.db, exam.id)).toMatchObject({ status: 'TimedOut', submitted_how: 'job' });
    expect((await storedAnswers(t.database.db, exam.id)).map((row) => row.actual_marks && Number(row.actual_marks))).toEqual([1, null]);
    const timer = (await api.post('/api/remainingtime', { examInstanceId: exam.id, examType: 'module' }, adaJwt)).json();
    expect(timer).toMatchObject({ remainingTime: 0, isTimedOut: true });
    expect(await job.closeOverdue()).toBe(0);
  });

  it("closes a sitting late without rewriting the application's recorded overall result", async () => {
    const db = t.database.db;
    const { exam, scheduled } = await sitModule([{ type: 'General Single Answer', marks: 1 }], { overallTime: 10, minimumTime: 1 });
    await db.update(applications).set({ overallResult: 'Failed', resultRecordedOn: new Date() }).where(eq(applications.id, scheduled.applicationId));
    await ageSitting(db, exam.id, 10 * 60 + 120);
    const job = createExamModule(db, { programs: {} as ProgramService, attachments: {} as AttachmentService, secret: 'x', publicUrl: 'http://localhost' });
    await job.closeOverdue();
    expect(await storedInstance(db, exam.id)).toMatchObject({ status: 'TimedOut', submitted_how: 'job', result: 'Fail' });
    expect((await moduleResult(scheduled.applicationModuleId)).result).toBeNull();
  });

  it('closes the other overdue sittings when one cannot be closed, and names the one it left', async () => {
    const db = t.database.db;
    const broken = await sitModule([{ type: 'General Single Answer', marks: 1 }], { overallTime: 10, minimumTime: 1 });
    const fine = await sitModule([{ type: 'General Single Answer', marks: 1 }], { overallTime: 10, minimumTime: 1 });
    // The broken one is the most overdue, so it is claimed first.
    await ageSitting(db, broken.exam.id, 10 * 60 + 300);
    await ageSitting(db, fine.exam.id, 10 * 60 + 120);
    const repositories = createExamRepositories(db);
    const repository = repositories.sittings;
    const real = new ExamSubmission(repositories, new ExamContent(repositories.questions), new ApplicationWorkflowRepository(db));
    const faulty = {
      close: (...args: Parameters<ExamSubmission['close']>) => (args[1] === broken.exam.id ? Promise.reject(new Error('a fault in this sitting')) : real.close(...args)),
    } as unknown as ExamSubmission;
    await expect(closeOverdueSittings(repository, faulty, { graceSeconds: 30 })).rejects.toThrow(`1 overdue sitting(s) could not be closed: ${broken.exam.id}`);
    expect(await storedInstance(db, fine.exam.id)).toMatchObject({ status: 'TimedOut', submitted_how: 'job' });
    expect(await storedInstance(db, broken.exam.id)).toMatchObject({ status: 'InProgress' });
    // Once the fault is gone, the next pass closes it.
    await closeOverdueSittings(repository, real, { graceSeconds: 30 });
    expect(await storedInstance(db, broken.exam.id)).toMatchObject({ status: 'TimedOut', submitted_how: 'job' });
  });
});

describe("the staff's sittings", () => {
  it('lists sittings of their programs with the filters; administrators see all', async () => {
    const { exam } = await sitModule(EVERY_TYPE);
    await ageSitting(t.database.db, exam.id, 120);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    const mine = (await api.get('/api/examinations/pagination?filter=Completed&kind=module&needsMarking=true', managerJwt)).json();
    expect(mine.rows.find((row: { examInstanceId: string }) => row.examInstanceId === exam.id)).toMatchObject({
      kind: 'module',
      status: 'Submitted',
      applicantName: 'Ada Arcwright',
      moduleCode: 'M1',
      needsMarking: true,
      submittedHow: 'candidate',
    });
    const searched = (await api.get('/api/examinations/pagination?searchTerm=arcwright', superJwt)).json();
    expect(searched.rows.length).toBeGreaterThan(0);
    expect((await api.get('/api/examinations/pagination', outsiderJwt)).json().totalRows).toBe(0);
    expect((await api.get('/api/examinations/pagination', adaJwt)).statusCode).toBe(403);
    const upcoming = (await api.get('/api/examinations/pagination?filter=Upcoming', superJwt)).json();
    expect(upcoming.rows.every((row: { status: string }) => row.status === 'InProgress' || row.status === 'NotStarted')).toBe(true);
  });

  it("filters out another program's sittings for its staff, who get 403 on their marking", async () => {
    const db = t.database.db;
    const { exam } = await sitModule(EVERY_TYPE);
    await ageSitting(db, exam.id, 120);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    // Staff of another program, with a sitting of their own program to see.
    const other = await createStaffOfAnotherProgram(db, 'examiner');
    const otherJwt = (await signIn(t.app, other)).jwt;
    const test = await createPublishedTest(db, { testType: 'module', questions: EVERY_TYPE });
    const theirs = await createScheduledModule(db, { applicantId: ada.applicantId!, managerId: manager.id, examDefinitionId: test.id });
    await addProgramUser(db, theirs.programId, other.id, 'examiner');
    const listed = await api.get('/api/examinations/pagination?pageSize=250', otherJwt);
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().rows.map((row: { examInstanceId: string | null; applicationModuleId: string | null }) => row.applicationModuleId);
    expect(ids).toContain(theirs.applicationModuleId);
    expect(listed.json().rows.every((row: { programId: string }) => row.programId === theirs.programId)).toBe(true);
    expect(listed.body).not.toContain(exam.id);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, otherJwt)).statusCode).toBe(403);
    // The sitting's own program staff see it and its marking.
    for (const jwt of [managerJwt, examinerJwt, superJwt]) {
      expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, jwt)).statusCode).toBe(200);
      expect((await api.get('/api/examinations/pagination?pageSize=250', jwt)).body).toContain(exam.id);
    }
  });
});

describe("another account's staff (issue 40)", () => {
  it("list none of the first account's sittings, and get 404 on marking one", async () => {
    const db = t.database.db;
    const { exam } = await sitModule(EVERY_TYPE);
    await ageSitting(db, exam.id, 120);
    await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, adaJwt);
    const nz = await createAccount(db, { name: 'Kiwi Marking Body' });
    const nzJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Examinations'], accountId: nz.id }))).jwt;
    expect((await api.get('/api/examinations/pagination?pageSize=250', nzJwt)).json()).toMatchObject({ rows: [], totalRows: 0 });
    expect((await api.get('/api/examinations/pagination?searchTerm=arcwright', nzJwt)).json().totalRows).toBe(0);
    expect((await api.get(`/api/moduleexaminstance/${exam.id}/marking`, nzJwt)).statusCode).toBe(404);
    expect((await api.get('/api/examinations/pagination?searchTerm=arcwright', superJwt)).json().totalRows).toBeGreaterThan(0);
  });
});
