import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { CandidateExam, LaunchedExam } from '@certs/shared/exam/exam.contract';
import { SCHEDULE_MESSAGES, whatToBring } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { RESIT_MESSAGES, type ResitApplicationView, type ResitModule } from '@certs/shared/resit/resit.contract';
import type { TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { buildPaymentTestApp } from '../../../test/factories/payment.factory';
import { addProgramUser, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory, applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { examInstances } from '../../db/schema/exam-instance';
import { mails } from '../../db/schema/mail';
import { coupons, invoices, payments } from '../../db/schema/payment';
import { programCertificationSettings, programModules, programs } from '../../db/schema/program';
import { resitModules } from '../../db/schema/resit';
import { impartialityEvents, staffConflicts } from '../../db/schema/impartiality';
import { ageSitting, createPublishedTest } from '../exam/exam-test-fixtures';

const PUBLIC_URL = 'http://localhost:3000';
const Q = '/api/qualificationapplicationresitmodule';
const A = '/api/aicipapplicationresitmodule';

let t: TestApp;
let managerJwt: string;
let examinerJwt: string;
let assessorJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let manager: CreatedUser;
let examiner: CreatedUser;
let ada: CreatedUser;
let bob: CreatedUser;
let programId: string;
/** M1 allows re-sits (fees $90 member, $110 non-member), M2 does not. */
let resitModuleId: string;
let noResitModuleId: string;
let onlineTestId: string;
let onlineTestOptions: { id: string; correctAnswer: boolean }[];

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });

/** An application of the applicant recorded Failed at the result stage, with these module results (M1, then M2). */
async function failed(applicant: CreatedUser, results: ['Pass' | 'Fail', ('Pass' | 'Fail')?]) {
  const db = t.database.db;
  const moduleIds = results[1] ? [resitModuleId, noResitModuleId] : [resitModuleId];
  const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId, programType: 1, programModuleIds: moduleIds, status: 'Failed', workflowStage: 'Exam Modules Evaluation Completed' });
  for (const [index, id] of application.moduleIds.entries()) {
    await db.execute(sql`update application_modules set result = ${results[index]!}, result_percentage = ${results[index] === 'Pass' ? 80 : 40} where id = ${id}`);
  }
  await db.update(applications).set({ overallResult: 'Failed', resultRecordedOn: new Date() }).where(eq(applications.id, application.id));
  return application;
}

async function applied(applicant: CreatedUser, jwt: string, results: ['Pass' | 'Fail', ('Pass' | 'Fail')?] = ['Fail']) {
  const application = await failed(applicant, results);
  const response = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, jwt);
  expect(response.statusCode, response.body).toBe(200);
  return { application, resit: response.json<ResitModule>() };
}

/** Pays the re-sit's invoice on the built-in test gateway, as the applicant's browser does. */
async function payOnTestGateway(trackerId: string, jwt: string) {
  const request = await post(`/api/paymentgateway/request/${trackerId}`, {}, jwt);
  expect(request.statusCode, request.body).toBe(200);
  const url = new URL(request.json().redirectUrl as string);
  const sessionId = url.pathname.split('/').pop() ?? '';
  const paid = await t.app.inject({ method: 'POST', url: `/unauth/testgateway/session/${sessionId}/complete`, payload: { token: url.searchParams.get('token'), outcome: 'paid' } });
  expect(paid.statusCode, paid.body).toBe(200);
}

function inHours(hours: number): string {
  // Wall-clock text in Sydney, as the form sends it.
  const at = new Date(Date.now() + hours * 3_600_000);
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

async function resitRow(id: string) {
  const [row] = await t.database.db.select().from(resitModules).where(eq(resitModules.id, id));
  return row!;
}

async function statusOf(applicationId: string) {
  const [row] = await t.database.db.select({ status: applications.status, overallResult: applications.overallResult }).from(applications).where(eq(applications.id, applicationId));
  return row!;
}

async function historyNotes(applicationId: string) {
  const rows = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence));
  return rows.map((row) => `${row.fromStatus} -> ${row.toStatus}: ${row.note}`);
}

beforeAll(async () => {
  t = await buildPaymentTestApp({ PUBLIC_URL });
  const db = t.database.db;
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Eli', lastName: 'Examiner' });
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Asa', lastName: 'Assessor' });
  const outsider = await createStaffOfAnotherProgram(db);
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.resit.${Date.now()}@example.test` });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley' });
  programId = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Welding Inspector' })).id;
  await addProgramUser(db, programId, assessor.id, 'assessor');
  await addProgramUser(db, programId, examiner.id, 'examiner');
  const [m1, m2] = await db
    .insert(programModules)
    .values([
      { programId, moduleCode: 'M1', moduleTitle: 'Welding theory', examinationType: 'Online', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 50, sortOrder: 1, reSitAllowed: true, reSitMemberFeeCents: 9000, reSitNonMemberFeeCents: 11000 },
      { programId, moduleCode: 'M2', moduleTitle: 'Practical inspection', examinationType: 'Practical', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 70, sortOrder: 2 },
    ])
    .returning();
  resitModuleId = m1!.id;
  noResitModuleId = m2!.id;
  const test = await createPublishedTest(db, {
    testType: 'module',
    programModuleId: resitModuleId,
    minimumTime: 1,
    questions: [{ type: 'General Single Answer', marks: 2, options: [{ option: 'Fillet', correctAnswer: true }, { option: 'Butt', correctAnswer: false }] }],
  });
  onlineTestId = test.id;
  onlineTestOptions = test.questions[0]!.options;
  const tokens = await Promise.all([manager, examiner, assessor, outsider, ada, bob].map(async (user) => (await signIn(t.app, user)).jwt));
  [managerJwt, examinerJwt, assessorJwt, outsiderJwt, adaJwt, bobJwt] = tokens as [string, string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('a re-sit end to end: apply, pay on the test gateway, sit online (a new attempt), pass, awarded', () => {
  it('runs every stage with history and mail, keeps the first attempt and awards the application', async () => {
    const db = t.database.db;
    const application = await failed(ada, ['Fail']);
    // The first attempt's sitting, for the record.
    const [first] = await db
      .insert(examInstances)
      .values({ examType: 'module', examDefinitionId: onlineTestId, applicantId: ada.applicantId!, applicationModuleId: application.moduleIds[0], status: 'Submitted', totalSeconds: 3600, minimumSeconds: 0, startedOn: new Date(Date.now() - 86_400_000), deadline: new Date(Date.now() - 82_800_000), totalMarks: 2, score: 0, percentage: 0, result: 'Fail' })
      .returning();

    const view = (await get(`${Q}/resitModules?applicationId=${application.id}`, adaJwt)).json<ResitApplicationView>();
    expect(view.modules).toMatchObject([{ moduleCode: 'M1', firstResult: 'Fail', currentResult: 'Fail', reSitAllowed: true, cannotApplyBecause: null, feeCents: 11000 }]);
    expect(view.choices).toBeNull();

    const created = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, adaJwt);
    expect(created.statusCode, created.body).toBe(200);
    const resit = created.json<ResitModule>();
    expect(resit).toMatchObject({ stage: 'Resit Applied', attempt: 1, feeCents: 11000, feeBasis: 'nonMember', invoiceStatus: 'Issued', invoiceTotalCents: 11000, applicationStatus: 'Applied for re-sit' });
    expect(resit.paymentTrackerId).toBeTruthy();
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, resit.invoiceId!));
    expect(invoice).toMatchObject({ totalCents: 11000, status: 'Issued' });
    expect(invoice!.lines).toMatchObject([{ moduleCode: 'M1', moduleTitle: 'Re-sit: Welding theory', amountCents: 11000 }]);
    const appliedMail = (await db.select().from(mails).where(eq(mails.toEmail, ada.email))).find((mail) => mail.subject.startsWith('Re-sit of M1: invoice'));
    expect(appliedMail?.text).toContain('$110.00');

    await payOnTestGateway(resit.paymentTrackerId!, adaJwt);
    expect((await resitRow(resit.id)).stage).toBe('Resit Payment Verified');
    expect((await statusOf(application.id)).status).toBe('Applied for re-sit');

    // Scheduling follows the module exam's rules: a time in the past is refused at its field.
    const past = await post(`${Q}/examinationstage`, { resitModuleId: resit.id, examKind: 'Online', scheduledLocal: '2020-01-01T09:00', durationMinutes: 60, examinerId: examiner.id, examDefinitionId: onlineTestId }, managerJwt);
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors.scheduledLocal).toBe(SCHEDULE_MESSAGES.inPast);
    const notExaminer = await post(`${Q}/examinationstage`, { resitModuleId: resit.id, examKind: 'Online', scheduledLocal: inHours(2), durationMinutes: 60, examinerId: manager.id, examDefinitionId: onlineTestId }, managerJwt);
    expect(notExaminer.json().fieldErrors.examinerId).toBe(SCHEDULE_MESSAGES.notAnExaminer);
    const saved = await post(`${Q}/examinationstage`, { resitModuleId: resit.id, examKind: 'Online', scheduledLocal: inHours(2), durationMinutes: 90, examinerId: examiner.id, examDefinitionId: onlineTestId }, managerJwt);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ResitModule>()).toMatchObject({ stage: 'Resit Payment Verified', examKind: 'Online', scheduleSentOn: null });
    // What to bring follows what the sitting records: this test records nothing, so no camera (decision 041).
    expect(saved.json<ResitModule>().whatToBring).toBe(whatToBring('Online', false));
    const sent = await post(`${Q}/examinationstage/send`, { resitModuleId: resit.id }, managerJwt);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<ResitModule>().stage).toBe('Resit Examination');
    expect((await post(`${Q}/examinationstage/send`, { resitModuleId: resit.id }, managerJwt)).json().message).toBe(SCHEDULE_MESSAGES.nothingNew);

    // Not open yet; then the window opens.
    expect((await post('/api/launchexam/initresit', { resitModuleId: resit.id }, adaJwt)).statusCode).toBe(409);
    await db.update(resitModules).set({ scheduledAt: new Date(Date.now() - 60_000) }).where(eq(resitModules.id, resit.id));
    expect((await post('/api/launchexam/initresit', { resitModuleId: resit.id }, bobJwt)).statusCode).toBe(404);
    const launched = await post('/api/launchexam/initresit', { resitModuleId: resit.id }, adaJwt);
    expect(launched.statusCode, launched.body).toBe(200);
    const exam = launched.json<CandidateExam>();
    expect(exam.id).not.toBe(first!.id);
    expect(exam.moduleCode).toBe('M1');
    const again = await post('/api/launchexam/initresit', { resitModuleId: resit.id, sessionId: 'resit-session-1' }, adaJwt);
    expect(again.json<LaunchedExam>()).toMatchObject({ id: exam.id, session: { sessionId: 'resit-session-1', isTakenOver: false } });
    const sittings = await db.select().from(examInstances).where(eq(examInstances.applicantId, ada.applicantId!));
    expect(sittings.find((s) => s.id === first!.id)).toMatchObject({ status: 'Submitted', result: 'Fail', applicationModuleId: application.moduleIds[0], resitModuleId: null });
    expect(sittings.find((s) => s.id === exam.id)).toMatchObject({ status: 'InProgress', applicationModuleId: null, resitModuleId: resit.id, activeSessionId: 'resit-session-1' });

    // The Re-sits filter lists the sitting for the candidate and for staff.
    const mine = (await get('/api/examinations/my?filter=Resits', adaJwt)).json();
    expect(mine.rows).toHaveLength(1);
    expect(mine.rows[0]).toMatchObject({ examInstanceId: exam.id, isResit: true, resitModuleId: resit.id, moduleCode: 'M1' });
    const all = (await get('/api/examinations/my?filter=All', adaJwt)).json();
    expect(all.rows.filter((row: { isResit: boolean }) => !row.isResit).length).toBe(0);

    // Answer correctly and submit: the exam's result goes to the re-sit.
    const question = exam.sections[0]!.questions[0]!;
    const sessionId = 'resit-session-1';
    expect((await t.app.inject({ method: 'PUT', url: '/api/isexaminprogress', headers: bearer(adaJwt), payload: { examInstanceId: exam.id, examType: 'module', sessionId } })).statusCode).toBe(200);
    const correct = onlineTestOptions.find((option) => option.correctAnswer)!.id;
    const answered = await post('/api/updateInstances', { examInstanceId: exam.id, examType: 'module', sessionId, updates: [{ questionInstanceId: question.id, sequence: 1, timeTaken: 5, numOfAttempts: 1, answerOptionGivenByUser: [correct], isMarked: false, isAttempted: true }] }, adaJwt);
    expect(answered.statusCode, answered.body).toBe(200);
    await ageSitting(db, exam.id, 120);
    const submitted = await post(`/api/moduleexaminstance/${exam.id}/submit`, { sessionId }, adaJwt);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Examination Assessment', result: 'Pass', resultPercentage: 100, resultEnteredBy: null });
    // Staff cannot overwrite the online exam's result.
    expect((await post(`${Q}/examinationassessmentstage/save`, { resitModuleId: resit.id, result: 'Fail', resultPercentage: 10 }, managerJwt)).statusCode).toBe(409);

    const decided = await post(`${Q}/result/submit`, { resitModuleId: resit.id, note: 'Well done' }, managerJwt);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<ResitModule>()).toMatchObject({ stage: 'Resit Result', result: 'Pass', applicationStatus: 'Awarded' });
    expect(await statusOf(application.id)).toEqual({ status: 'Awarded', overallResult: 'Awarded' });
    const [award] = await db.select().from(awards).where(eq(awards.applicationId, application.id));
    expect(award?.certificateNumber).toBeTruthy();
    const notes = await historyNotes(application.id);
    expect(notes.some((note) => note.startsWith('Failed -> Applied for re-sit: Re-sit 1 of M1 applied for'))).toBe(true);
    expect(notes.some((note) => note.includes('payment verified'))).toBe(true);
    expect(notes.some((note) => note.includes('online exam marked, Pass 100%'))).toBe(true);
    expect(notes.at(-1)).toMatch(/^Applied for re-sit -> Awarded: Re-sit 1 of M1: Pass 100%\. Well done\. Every module passed: awarded$/);
    const resultMail = (await db.select().from(mails).where(eq(mails.toEmail, ada.email))).find((mail) => mail.subject.startsWith('Re-sit result: M1'));
    expect(resultMail?.text).toContain(award!.certificateNumber);
    // The first attempt's result stays on the module for the record.
    const after = (await get(`${Q}/resitModules?applicationId=${application.id}`, adaJwt)).json<ResitApplicationView>();
    expect(after.modules[0]).toMatchObject({ firstResult: 'Fail', currentResult: 'Pass', resitsTaken: 1 });
  });
});

describe("a re-sit sitting's extra time and the examiner's marking of its descriptive answers", () => {
  it("takes the module's extra time, then the re-sit examiner's marks, hands the result to the re-sit, carries a correction over and closes once the result is submitted", async () => {
    const db = t.database.db;
    const cy = await createUser(db, { role: ROLES.Applicant, firstName: 'Cy', lastName: 'Crater' });
    const cyJwt = (await signIn(t.app, cy)).jwt;
    const written = await createPublishedTest(db, { testType: 'module', programModuleId: resitModuleId, minimumTime: 1, questions: [{ type: 'Descriptive', marks: 4 }] });
    const { application, resit } = await applied(cy, cyJwt);
    await payOnTestGateway(resit.paymentTrackerId!, cyJwt);
    await post(`${Q}/examinationstage`, { resitModuleId: resit.id, examKind: 'Online', scheduledLocal: inHours(2), durationMinutes: 60, examinerId: examiner.id, examDefinitionId: written.id }, managerJwt);
    expect((await post(`${Q}/examinationstage/send`, { resitModuleId: resit.id }, managerJwt)).statusCode).toBe(200);
    // Extra time granted on the module (an accommodation) before the re-sit starts goes to the re-sit's sitting.
    const before = await post(`/api/moduleexaminstance/${application.moduleIds[0]}/extratime`, { minutes: 15 }, managerJwt);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ extraMinutes: 15, examInstanceId: null });
    await db.update(resitModules).set({ scheduledAt: new Date(Date.now() - 60_000) }).where(eq(resitModules.id, resit.id));
    const exam = (await post('/api/launchexam/initresit', { resitModuleId: resit.id }, cyJwt)).json<CandidateExam>();
    expect(exam.timer.extraTime).toBe(900);
    // And during the sitting it moves the re-sit's deadline, not the first attempt's.
    const during = await post(`/api/moduleexaminstance/${application.moduleIds[0]}/extratime`, { minutes: 25 }, managerJwt);
    expect(during.json()).toMatchObject({ extraMinutes: 25, examInstanceId: exam.id });
    expect(new Date(during.json().deadline).getTime() - new Date(exam.timer.deadline).getTime()).toBe(600_000);
    const staffRow = (await get('/api/examinations/pagination?filter=Resits&page=1&pageSize=50', managerJwt)).json().rows.find((row: { examInstanceId: string }) => row.examInstanceId === exam.id);
    expect(staffRow).toMatchObject({ applicationModuleId: application.moduleIds[0], extraMinutes: 25 });
    const question = exam.sections[0]!.questions[0]!;
    const sessionId = 'resit-marking-1';
    await t.app.inject({ method: 'PUT', url: '/api/isexaminprogress', headers: bearer(cyJwt), payload: { examInstanceId: exam.id, examType: 'module', sessionId } });
    await post('/api/updateInstances', { examInstanceId: exam.id, examType: 'module', sessionId, updates: [{ questionInstanceId: question.id, sequence: 1, timeTaken: 60, numOfAttempts: 1, answerValueGivenByUser: 'Remove the crack and re-weld with preheat.', isMarked: false, isAttempted: true }] }, cyJwt);
    await ageSitting(db, exam.id, 120);
    expect((await post(`/api/moduleexaminstance/${exam.id}/submit`, { sessionId }, cyJwt)).statusCode).toBe(200);
    // Submitted but not marked: the re-sit waits in its exam stage.
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Examination', result: null });

    // Nobody outside the program marks it, nor the candidate.
    expect((await get(`/api/moduleexaminstance/${exam.id}/marking`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`/api/moduleexaminstance/${exam.id}/marking`, cyJwt)).statusCode).toBe(403);
    const sheet = await get(`/api/moduleexaminstance/${exam.id}/marking`, examinerJwt);
    expect(sheet.statusCode, sheet.body).toBe(200);
    expect(sheet.json()).toMatchObject({ applicantName: 'Cy Crater', moduleCode: 'M1', passPercentage: 50, totalMarks: 4, result: null });
    expect(sheet.json().questions[0]).toMatchObject({ needsExaminer: true, actualMarks: null, answerValueGivenByUser: 'Remove the crack and re-weld with preheat.' });

    const marked = await post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: question.id, actualMarks: 1 }] }, examinerJwt);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Examination Assessment', result: 'Fail', resultPercentage: 25, resultEnteredBy: null });
    // A correction with its reason before the result is submitted changes the re-sit's result too.
    const corrected = await post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: question.id, actualMarks: 3 }], correctionReason: 'Second reading: the preheat step was stated' }, examinerJwt);
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Examination Assessment', result: 'Pass', resultPercentage: 75 });

    const decided = await post(`${Q}/result/submit`, { resitModuleId: resit.id }, managerJwt);
    expect(decided.json<ResitModule>()).toMatchObject({ stage: 'Resit Result', result: 'Pass', applicationStatus: 'Awarded' });
    // The result is submitted: the marks are final.
    const late = await post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { marks: [{ questionInstanceId: question.id, actualMarks: 0 }], correctionReason: 'Too late' }, examinerJwt);
    expect(late.statusCode).toBe(409);
    expect(await resitRow(resit.id)).toMatchObject({ result: 'Pass', resultPercentage: 75 });
    expect((await statusOf(application.id)).status).toBe('Awarded');
  });
});

describe('refusals', () => {
  it('refuses a module that does not allow re-sits, a passed module and an application that is not Failed (409, nothing changes)', async () => {
    const application = await failed(ada, ['Pass', 'Fail']);
    const notAllowed = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[1] }, adaJwt);
    expect(notAllowed.statusCode).toBe(409);
    expect(notAllowed.json().message).toBe(RESIT_MESSAGES.notAllowed);
    const passed = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, adaJwt);
    expect(passed.json().message).toBe(RESIT_MESSAGES.moduleNotFailed);
    const inExams = await createApplicationWithModules(t.database.db, { applicantId: ada.applicantId!, programId, programModuleIds: [resitModuleId] });
    const early = await post(`${Q}/create`, { applicationModuleId: inExams.moduleIds[0] }, adaJwt);
    expect(early.json().message).toBe(RESIT_MESSAGES.notFailed);
    expect(await t.database.db.select().from(resitModules).where(eq(resitModules.applicationId, application.id))).toHaveLength(0);
    expect((await statusOf(application.id)).status).toBe('Failed');
  });

  it('refuses a second re-sit while one is open, and one beyond the program cap', async () => {
    const { application, resit } = await applied(ada, adaJwt);
    const open = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, adaJwt);
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(RESIT_MESSAGES.alreadyOpen);
    // The re-sit ends failed (by hand, as an examiner would record it), the application is Failed again.
    await payOnTestGateway(resit.paymentTrackerId!, adaJwt);
    await post(`${Q}/examinationstage`, { resitModuleId: resit.id, examKind: 'Online', scheduledLocal: inHours(3), durationMinutes: 60, examinerId: examiner.id, examDefinitionId: onlineTestId }, managerJwt);
    await post(`${Q}/examinationstage/send`, { resitModuleId: resit.id }, managerJwt);
    await t.database.db.update(resitModules).set({ scheduledAt: new Date(Date.now() - 7_200_000) }).where(eq(resitModules.id, resit.id));
    const assessed = await post(`${Q}/examinationassessmentstage/save`, { resitModuleId: resit.id, result: 'Fail', resultPercentage: 30, resultNotes: 'Sat on paper after a network fault' }, examinerJwt);
    expect(assessed.statusCode, assessed.body).toBe(200);
    expect((await post(`${Q}/examinationassessmentstage/submit`, { resitModuleId: resit.id }, examinerJwt)).statusCode).toBe(200);
    // The examiner cannot record the overall result; the manager can.
    expect((await post(`${Q}/result/submit`, { resitModuleId: resit.id }, examinerJwt)).statusCode).toBe(403);
    const decided = await post(`${Q}/result/submit`, { resitModuleId: resit.id }, managerJwt);
    expect(decided.json<ResitModule>()).toMatchObject({ stage: 'Resit Result', result: 'Fail', applicationStatus: 'Failed' });
    expect(await statusOf(application.id)).toEqual({ status: 'Failed', overallResult: 'Failed' });

    await t.database.db.update(programs).set({ maxResitsPerModule: 1 }).where(eq(programs.id, programId));
    try {
      const capped = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, adaJwt);
      expect(capped.statusCode).toBe(409);
      expect(capped.json().message).toBe(RESIT_MESSAGES.capReached(1));
      const view = (await get(`${Q}/resitModules?applicationId=${application.id}`, adaJwt)).json<ResitApplicationView>();
      expect(view.modules[0]!.cannotApplyBecause).toBe(RESIT_MESSAGES.capReached(1));
      await t.database.db.update(programs).set({ maxResitsPerModule: 2 }).where(eq(programs.id, programId));
      const second = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, adaJwt);
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json<ResitModule>().attempt).toBe(2);
    } finally {
      await t.database.db.update(programs).set({ maxResitsPerModule: null }).where(eq(programs.id, programId));
    }
  });

  it('applies a discount code to the re-sit invoice (priced and redeemed as at the pre-exam stage); an unknown code is refused', async () => {
    const db = t.database.db;
    const code = `RESIT${Date.now() % 100000}`;
    await db.insert(coupons).values({ code, discountType: 'percentage', discountValue: 5000, programId, validFrom: new Date(Date.now() - 86_400_000), validTo: new Date(Date.now() + 86_400_000) });
    const application = await failed(bob, ['Fail']);
    const created = await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0], couponCode: code }, bobJwt);
    expect(created.statusCode, created.body).toBe(200);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, created.json<ResitModule>().invoiceId!));
    expect(invoice).toMatchObject({ subtotalCents: 11000, discountCents: 5500, totalCents: 5500, couponCode: code });
    // The re-sit says what its invoice asks (what staff record when it is paid offline), not only the fee.
    expect(created.json<ResitModule>()).toMatchObject({ feeCents: 11000, invoiceTotalCents: 5500 });
    const unknown = await post(`${Q}/create`, { applicationModuleId: (await failed(bob, ['Fail'])).moduleIds[0], couponCode: 'NO-SUCH-CODE' }, bobJwt);
    expect(unknown.statusCode).toBe(400);
  });

  it('staff send a new payment link while unpaid; a paid re-sit cannot be paid again', async () => {
    const { resit } = await applied(ada, adaJwt);
    const link = await post(`${Q}/paymentstage`, { resitModuleId: resit.id }, managerJwt);
    expect(link.statusCode, link.body).toBe(200);
    const tracker = link.json<ResitModule>().paymentTrackerId!;
    expect(tracker).not.toBe(resit.paymentTrackerId);
    await payOnTestGateway(tracker, adaJwt);
    const again = await post(`${Q}/paymentstage`, { resitModuleId: resit.id }, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RESIT_MESSAGES.alreadyPaid);
    // Stages cannot be skipped.
    const early = await post(`${Q}/result/submit`, { resitModuleId: resit.id }, managerJwt);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RESIT_MESSAGES.wrongStage('Resit Payment Verified', 'given its result'));
  });
});

describe('who may do what', () => {
  it('refuses another applicant (404, no data) and staff without the program right (403, reads included) on every route', async () => {
    const { application, resit } = await applied(ada, adaJwt);
    const body = { resitModuleId: resit.id };
    const writes: [string, object][] = [
      [`${Q}/paymentstage`, body],
      [`${Q}/examinationstage`, { ...body, examKind: 'Online', scheduledLocal: inHours(4), durationMinutes: 60, examinerId: examiner.id, examDefinitionId: onlineTestId }],
      [`${Q}/examinationstage/send`, body],
      [`${Q}/examinationassessmentstage/save`, { ...body, result: 'Pass', resultPercentage: 90 }],
      [`${Q}/examinationassessmentstage/submit`, body],
      [`${Q}/result/submit`, body],
    ];
    for (const [url, payload] of writes) {
      expect((await post(url, payload, outsiderJwt)).statusCode, url).toBe(403);
      // Program staff who only assess read re-sits but do not move them.
      expect((await post(url, payload, assessorJwt)).statusCode, url).toBe(403);
      // Applicants never reach the staff routes.
      expect((await post(url, payload, bobJwt)).statusCode, url).toBe(403);
    }
    expect((await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, bobJwt)).statusCode).toBe(404);
    expect((await post(`${Q}/create`, { applicationModuleId: application.moduleIds[0] }, managerJwt)).statusCode).toBe(403);
    expect((await get(`${Q}/resitModules?applicationId=${application.id}`, bobJwt)).statusCode).toBe(404);
    expect((await get(`${Q}/resitModules?applicationId=${application.id}`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`${Q}/status/all?applicationId=${application.id}`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`${Q}/incomplete/resitModules?programId=${programId}`, outsiderJwt)).statusCode).toBe(403);
    // The other applicant's lists hold only their own; the outsider's list without filters holds nothing of this program.
    const bobs = (await get(`${Q}/status/all`, bobJwt)).json();
    expect(bobs.rows.every((row: ResitModule) => row.applicantName.startsWith('Bob'))).toBe(true);
    const outsiders = (await get(`${Q}/incomplete/resitModules`, outsiderJwt)).json();
    expect(outsiders.rows.some((row: ResitModule) => row.programId === programId)).toBe(false);
    // The assessor of the program reads them; the wrong word (AICIP) does not find a Qualification application.
    const assessorView = await get(`${Q}/resitModules?applicationId=${application.id}`, assessorJwt);
    expect(assessorView.statusCode).toBe(200);
    expect(assessorView.json<ResitApplicationView>()).toMatchObject({ canManage: false, choices: null });
    expect((await get(`${A}/resitModules?applicationId=${application.id}`, adaJwt)).statusCode).toBe(404);
    const queue = (await get(`${Q}/incomplete/resitModules?programId=${programId}`, managerJwt)).json();
    expect(queue.rows.some((row: ResitModule) => row.id === resit.id)).toBe(true);
    // Another applicant cannot launch the sitting.
    expect((await post('/api/launchexam/initresit', body, bobJwt)).statusCode).toBe(404);
    expect(await t.database.db.select().from(examInstances).where(and(eq(examInstances.resitModuleId, resit.id)))).toHaveLength(0);
  });
});

describe("another account's staff (issue 40)", () => {
  it("list none of the first account's re-sits, and get 404 for its program", async () => {
    const db = t.database.db;
    const { resit } = await applied(bob, bobJwt);
    const nz = await createAccount(db, { name: 'Kiwi Resit Body' });
    const nzJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: nz.id }))).jwt;
    for (const list of ['status/all', 'incomplete/resitModules']) {
      expect((await get(`${Q}/${list}?pageSize=250`, nzJwt)).json(), list).toMatchObject({ rows: [], totalRows: 0 });
      expect((await get(`${Q}/${list}?programId=${programId}`, nzJwt)).statusCode, list).toBe(404);
    }
    expect((await get(`${Q}/status/all?pageSize=250`, managerJwt)).json().rows.map((row: { id: string }) => row.id)).toContain(resit.id);
  });
});

describe('the award date of a re-sit result that awards (issue 41)', () => {
  let aicipProgramId: string;
  let aicipModuleId: string;

  beforeAll(async () => {
    const db = t.database.db;
    // An AICIP program: its awards expire after its renewal period (three years here).
    aicipProgramId = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 4, programTitle: 'Coating Inspector' })).id;
    await db.insert(programCertificationSettings).values({ programId: aicipProgramId, kind: 'initial', memberFeeCents: 1000, nonmemberFeeCents: 2000, renewalPeriod: 3, assessorAssessmentInstruction: 'Check.', programDeclaration: '<p>I declare.</p>' });
    const [module] = await db
      .insert(programModules)
      .values({ programId: aicipProgramId, moduleCode: 'A1', moduleTitle: 'Coating theory', examinationType: 'Practical', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 50, sortOrder: 1, reSitAllowed: true, reSitMemberFeeCents: 9000, reSitNonMemberFeeCents: 11000 })
      .returning();
    aicipModuleId = module!.id;
  });

  /** Bob's AICIP application submitted on `submittedOn`, failed on A1, whose re-sit has been assessed with `result` (the examiner's submission). */
  async function assessed(submittedOn: Date, result: 'Pass' | 'Fail') {
    const db = t.database.db;
    const application = await createApplicationWithModules(db, { applicantId: bob.applicantId!, programId: aicipProgramId, programType: 4, programModuleIds: [aicipModuleId], status: 'Failed', workflowStage: 'Exam Modules Evaluation Completed' });
    await db.execute(sql`update application_modules set result = 'Fail', result_percentage = 30 where id = ${application.moduleIds[0]!}`);
    await db.update(applications).set({ submittedOn, overallResult: 'Failed', resultRecordedOn: new Date() }).where(eq(applications.id, application.id));
    const created = await post(`${A}/create`, { applicationModuleId: application.moduleIds[0] }, bobJwt);
    expect(created.statusCode, created.body).toBe(200);
    const resit = created.json<ResitModule>();
    await db
      .update(resitModules)
      .set({ stage: 'Resit Examination Assessment', result, resultPercentage: result === 'Pass' ? 80 : 20, resultEnteredBy: examiner.id, resultEnteredOn: new Date(), assessmentSubmittedOn: new Date() })
      .where(eq(resitModules.id, resit.id));
    return { application, resit };
  }
  const awardsOf = (applicationId: string) => t.database.db.select().from(awards).where(eq(awards.applicationId, applicationId));

  it('dates the award, its expiry and its number the day staff give, and the history names it; the form is offered the days it may take', async () => {
    const { application, resit } = await assessed(new Date('2025-02-01T02:00:00Z'), 'Pass');
    expect((await get(`${A}/resitModules?applicationId=${application.id}`, managerJwt)).json<ResitApplicationView>().awardDateRange).toEqual({ earliest: '2025-02-01', latest: todayInSydney() });
    expect((await get(`${A}/resitModules?applicationId=${application.id}`, bobJwt)).json<ResitApplicationView>().awardDateRange).toBeNull();
    const decided = await post(`${A}/result/submit`, { resitModuleId: resit.id, awardedOn: '2025-03-03' }, managerJwt);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<ResitModule>()).toMatchObject({ stage: 'Resit Result', applicationStatus: 'Awarded' });
    const [award] = await awardsOf(application.id);
    expect(award).toMatchObject({ awardedOn: '2025-03-03', expiresOn: '2028-03-03', status: 'current' });
    expect(award!.certificateNumber).toMatch(/^WCB-2025-/);
    expect((await historyNotes(application.id)).at(-1)).toBe('Applied for re-sit -> Awarded: Re-sit 1 of A1: Pass 80%. Every module passed: awarded (award date 03-Mar-2025)');
  });

  it('dates the award today when no date is given', async () => {
    const { application, resit } = await assessed(new Date(Date.now() - 10 * 86_400_000), 'Pass');
    expect((await post(`${A}/result/submit`, { resitModuleId: resit.id }, managerJwt)).statusCode).toBe(200);
    expect((await awardsOf(application.id))[0]!.awardedOn).toBe(todayInSydney());
    expect((await historyNotes(application.id)).at(-1)).toBe('Applied for re-sit -> Awarded: Re-sit 1 of A1: Pass 80%. Every module passed: awarded');
  });

  it('refuses a future day, a day before the submission, an impossible day, and a date with a result that does not award (400 at awardedOn), changing nothing', async () => {
    const { application, resit } = await assessed(new Date('2026-01-20T03:00:00Z'), 'Pass');
    const cases: [string, string][] = [
      [addDays(todayInSydney(), 1), AWARD_MESSAGES.awardedOnFuture],
      ['2026-01-19', AWARD_MESSAGES.awardedOnBeforeSubmitted('20-Jan-2026')],
      ['2026-02-30', AWARD_MESSAGES.awardedOnInvalid],
    ];
    for (const [awardedOn, message] of cases) {
      const response = await post(`${A}/result/submit`, { resitModuleId: resit.id, awardedOn }, managerJwt);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ awardedOn: message });
    }
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Examination Assessment', resultSubmittedOn: null });
    expect(await statusOf(application.id)).toMatchObject({ status: 'Applied for re-sit' });
    expect(await awardsOf(application.id)).toHaveLength(0);
    // Staff outside the program, and the examiner, are refused with a date as without.
    expect((await post(`${A}/result/submit`, { resitModuleId: resit.id, awardedOn: '2026-02-03' }, outsiderJwt)).statusCode).toBe(403);
    expect((await post(`${A}/result/submit`, { resitModuleId: resit.id, awardedOn: '2026-02-03' }, examinerJwt)).statusCode).toBe(403);
    // The submission day itself is fine.
    expect((await post(`${A}/result/submit`, { resitModuleId: resit.id, awardedOn: '2026-01-20' }, managerJwt)).statusCode).toBe(200);
    expect((await awardsOf(application.id))[0]).toMatchObject({ awardedOn: '2026-01-20', expiresOn: '2029-01-20' });

    const failing = await assessed(new Date('2026-01-20T03:00:00Z'), 'Fail');
    const refused = await post(`${A}/result/submit`, { resitModuleId: failing.resit.id, awardedOn: '2026-02-03' }, managerJwt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ awardedOn: RESIT_MESSAGES.awardedOnOnlyAwarding });
    expect(await resitRow(failing.resit.id)).toMatchObject({ stage: 'Resit Examination Assessment' });
    expect(await statusOf(failing.application.id)).toMatchObject({ status: 'Applied for re-sit' });
  });
});

describe("staff settle a re-sit's invoice offline or send its link again (issue 41)", () => {
  it('a new link replaces an expired one; a bank transfer recorded by staff pays the re-sit as an online payment would', async () => {
    const holder = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Rae', lastName: 'Resitter', email: `rae.${Date.now()}@example.test` });
    const holderJwt = (await signIn(t.app, holder)).jwt;
    const { application, resit } = await applied(holder, holderJwt);
    const oldTracker = resit.paymentTrackerId!;
    // The first link ran out.
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000) }).where(eq(payments.trackerId, oldTracker));
    const resent = await post(`${Q}/${resit.id}/resend/payment/link`, { note: 'Link expired' }, managerJwt);
    expect(resent.statusCode, resent.body).toBe(200);
    const newTracker: string = resent.json().trackerId;
    expect(newTracker).not.toBe(oldTracker);
    expect((await get(`${Q}/resitModules?applicationId=${application.id}`, holderJwt)).json<ResitApplicationView>().resits[0]!.paymentTrackerId).toBe(newTracker);
    const mails_ = await t.database.db.select().from(mails).where(eq(mails.toEmail, holder.email));
    expect(mails_.map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/payment link for invoice/));
    const old = await post(`/api/paymentgateway/request/${oldTracker}`, {}, holderJwt);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(PAYMENT_MESSAGES.expired);

    const blank = await post(`${Q}/${resit.id}/payment/verified`, { reference: ' ' }, managerJwt);
    expect(blank.statusCode).toBe(400);
    const paidOn = new Date(Date.now() - 86_400_000).toISOString();
    const verified = await post(`${Q}/${resit.id}/payment/verified`, { reference: 'EFT-RESIT-1', paidOn }, managerJwt);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ gateway: 'offline', displayedStatus: 'Success', offlineReference: 'EFT-RESIT-1', paidOn });
    // What the online payment does next: the re-sit moves to Resit Payment Verified, ready to schedule.
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Payment Verified' });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, resit.invoiceId!));
    expect(invoice!.status).toBe('Paid');
    const notes = await historyNotes(application.id);
    expect(notes).toContainEqual(expect.stringContaining('payment verified'));
    expect(notes.at(-1)).toContain('Payment received: $110.00 (Offline (bank transfer), EFT-RESIT-1). Verified by staff');
    const again = await post(`${Q}/${resit.id}/payment/verified`, { reference: 'EFT-RESIT-2' }, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect((await post(`${Q}/${resit.id}/resend/payment/link`, {}, managerJwt)).json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('is refused to the applicant, the examiner, staff of another program and another account; an unknown re-sit is 404', async () => {
    const db = t.database.db;
    const holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Rae', lastName: 'Refused', email: `rae.refused.${Date.now()}@example.test` });
    const holderJwt = (await signIn(t.app, holder)).jwt;
    const { resit } = await applied(holder, holderJwt);
    const other = await createAccount(db);
    const otherJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: other.id }))).jwt;
    for (const action of ['payment/verified', 'resend/payment/link']) {
      const body = action === 'payment/verified' ? { reference: 'EFT-X' } : {};
      for (const jwt of [holderJwt, examinerJwt, assessorJwt, outsiderJwt]) expect((await post(`${Q}/${resit.id}/${action}`, body, jwt)).statusCode).toBe(403);
      expect((await post(`${Q}/${resit.id}/${action}`, body, otherJwt)).statusCode).toBe(404);
      // The word names the type: an AICIP route does not reach a Qualification re-sit.
      expect((await post(`${A}/${resit.id}/${action}`, body, managerJwt)).statusCode).toBe(404);
      expect((await post(`${Q}/00000000-0000-4000-8000-00000000abcd/${action}`, body, managerJwt)).statusCode).toBe(404);
    }
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Applied' });
  });
});

describe("a re-sit's examiner and the impartiality check (issue 43)", () => {
  it('refuses an examiner with a declared conflict with the candidate (409, recorded, the re-sit unscheduled); the manager overrides with a reason', async () => {
    const cy = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Cy', lastName: 'Crater' });
    const cyJwt = (await signIn(t.app, cy)).jwt;
    const { application, resit } = await applied(cy, cyJwt);
    await payOnTestGateway(resit.paymentTrackerId!, cyJwt);
    await t.database.db.insert(staffConflicts).values({ staffUserId: examiner.id, applicantUserId: cy.id, kind: 'trainee' });
    const schedule = { resitModuleId: resit.id, examKind: 'Online', scheduledLocal: inHours(5), durationMinutes: 60, examinerId: examiner.id, examDefinitionId: onlineTestId };

    const refused = await post(`${Q}/examinationstage`, schedule, managerJwt);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe('Eli Examiner cannot be assigned as examiner: declared a conflict of interest with this applicant (a trainee they taught).');
    expect(await resitRow(resit.id)).toMatchObject({ stage: 'Resit Payment Verified', examinerId: null, scheduledAt: null });

    const overridden = await post(`${Q}/examinationstage`, { ...schedule, override: { reason: 'Taught a short course three years ago' } }, managerJwt);
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(await resitRow(resit.id)).toMatchObject({ examinerId: examiner.id });
    const events = await t.database.db.select().from(impartialityEvents).where(eq(impartialityEvents.applicationId, application.id)).orderBy(asc(impartialityEvents.createdOn));
    expect(events.map((event) => [event.role, event.outcome, event.actorId, event.overrideReason])).toEqual([
      ['examiner', 'refused', manager.id, null],
      ['examiner', 'overridden', manager.id, 'Taught a short course three years ago'],
    ]);
  });
});
