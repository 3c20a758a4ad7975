import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES } from '@certs/shared/appeal/appeal.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { REVIEW_MESSAGES, reviewWindowClosesOn, windowClosedMessage, type ReviewState } from '@certs/shared/review/review.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { addProgramUser, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { applicationHistory, applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { awards } from '../../db/schema/award';
import { mails } from '../../db/schema/mail';
import { programCertificationSettings, programModules, programs } from '../../db/schema/program';
import { applicationReviews } from '../../db/schema/review';

const PUBLIC_URL = 'http://localhost:3000';
const Q = '/api/qualificationapplication';

let t: TestApp;
let superJwt: string;
/** A second super user: records the results, so that the manager and the first super user took no part in them. */
let recorderJwt: string;
let managerJwt: string;
let assessorJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let manager: CreatedUser;
let ada: CreatedUser;
let bob: CreatedUser;
let programId: string;
/** M1 allows review, M2 does not. */
let reviewableModuleId: string;
let finalModuleId: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });

/**
 * An application of the applicant failed at the result stage through the API, with these module
 * results (M1, then M2 when given): the recorder records Failed, which sets the result's day.
 */
async function failed(applicant: CreatedUser, results: ['Pass' | 'Fail', ('Pass' | 'Fail')?]) {
  const db = t.database.db;
  const moduleIds = results[1] ? [reviewableModuleId, finalModuleId] : [reviewableModuleId];
  const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId, programType: 1, programModuleIds: moduleIds, workflowStage: 'Exam Modules Evaluation Completed' });
  for (const [index, id] of application.moduleIds.entries()) {
    await db.update(applicationModules).set({ result: results[index]!, resultPercentage: results[index] === 'Pass' ? 80 : 55 }).where(eq(applicationModules.id, id));
  }
  const response = await post(`${Q}/${application.id}/resultstage`, { overallResult: 'Failed' }, recorderJwt);
  expect(response.statusCode).toBe(200);
  return application;
}

async function uploadPdf(jwt: string): Promise<string> {
  const { saved } = await uploadFile(t.app, jwt, { name: 'marking-query.pdf', contentType: 'application/pdf', body: PDF_BYTES });
  expect(saved?.statusCode).toBe(200);
  return saved!.json().id as string;
}

async function statusOf(applicationId: string) {
  const [row] = await t.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId));
  return row!.status;
}

async function mailsTo(email: string) {
  return t.database.db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn));
}

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const recorder = await createUser(db, { role: ROLES.SuperUser, firstName: 'Rae', lastName: 'Recorder' });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager', email: `mia.${Date.now()}@example.test` });
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Asa', lastName: 'Assessor' });
  const outsider = await createStaffOfAnotherProgram(db);
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${Date.now()}@example.test` });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley', email: `bob.${Date.now()}@example.test` });
  programId = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Welding Inspector' })).id;
  await addProgramUser(db, programId, assessor.id, 'assessor');
  const [m1, m2] = await db
    .insert(programModules)
    .values([
      { programId, moduleCode: 'M1', moduleTitle: 'Welding theory', examinationType: 'Written', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 70, sortOrder: 1, reviewAllowed: true },
      { programId, moduleCode: 'M2', moduleTitle: 'Practical inspection', examinationType: 'Practical', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 70, sortOrder: 2, reviewAllowed: false },
    ])
    .returning();
  reviewableModuleId = m1!.id;
  finalModuleId = m2!.id;
  const tokens = await Promise.all([superUser, manager, assessor, outsider, ada, bob, recorder].map(async (user) => (await signIn(t.app, user)).jwt));
  [superJwt, managerJwt, assessorJwt, outsiderJwt, adaJwt, bobJwt, recorderJwt] = tokens as [string, string, string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('asking for a review', () => {
  it('takes a reason and a file within the window: Applied for review, history, and mail to the applicant and the program manager', async () => {
    const application = await failed(ada, ['Fail']);
    const before = (await get(`${Q}/${application.id}/review`, adaJwt)).json<ReviewState>();
    expect(before).toMatchObject({ applicationStatus: 'Failed', cannotAskBecause: null, reviews: [], canDecide: false });
    expect(before.modules).toMatchObject([{ moduleCode: 'M1', result: 'Fail', reviewAllowed: true }]);
    const fileId = await uploadPdf(adaJwt);

    const response = await post(`${Q}/${application.id}/review`, { reason: 'My answer to question 4 was marked against the wrong standard.', attachmentIds: [fileId] }, adaJwt);
    expect(response.statusCode).toBe(200);
    const state = response.json<ReviewState>();
    expect(state.applicationStatus).toBe('Applied for review');
    expect(state.cannotAskBecause).toBe(REVIEW_MESSAGES.alreadyOpen);
    expect(state.reviews).toMatchObject([{ status: 'open', reason: 'My answer to question 4 was marked against the wrong standard.', files: [{ id: fileId, name: 'marking-query.pdf' }] }]);
    expect(await statusOf(application.id)).toBe('Applied for review');
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id)).orderBy(asc(applicationHistory.sequence));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'Failed', toStatus: 'Applied for review' });
    expect(history.at(-1)!.note).toContain('Review asked for with 1 file: My answer to question 4');
    expect((await mailsTo(ada.email)).at(-1)!.subject).toBe(`Review requested: ${application.applicationNumber}`);
    const managerMail = (await mailsTo(manager.email)).at(-1)!;
    expect(managerMail.text).toContain('Ada Arcwright has asked for a review');
    expect(managerMail.text).toContain(`${PUBLIC_URL}/admin/programs/${programId}/applications/qualificationapplication/${application.id}`);

    // Staff of the program open the file through the review (decision 015); staff of another program cannot.
    const file = state.reviews[0]!.files[0]!;
    const asAssessor = await get(`/api/attachment/presigned-download/${file.resourceKey}`, assessorJwt);
    expect(asAssessor.statusCode).toBe(200);
    expect((await get(`/api/attachment/presigned-download/${file.resourceKey}`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`/api/attachment/presigned-download/${file.resourceKey}`, bobJwt)).statusCode).toBe(404);

    // A second review while one is open is refused.
    const again = await post(`${Q}/${application.id}/review`, { reason: 'Again' }, adaJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyOpen);
  });

  it('refuses a blank reason, a reason over 2000 characters and a file that is not the applicant’s with 400, changing nothing', async () => {
    const application = await failed(ada, ['Fail']);
    const blank = await post(`${Q}/${application.id}/review`, { reason: '   ' }, adaJwt);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reason).toBe(REVIEW_MESSAGES.reasonRequired);
    const long = await post(`${Q}/${application.id}/review`, { reason: 'x'.repeat(2001) }, adaJwt);
    expect(long.json().fieldErrors.reason).toBe(REVIEW_MESSAGES.reasonMax);
    const bobsFile = await uploadPdf(bobJwt);
    const foreign = await post(`${Q}/${application.id}/review`, { reason: 'Please look again', attachmentIds: [bobsFile] }, adaJwt);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.attachmentIds).toBe(REVIEW_MESSAGES.fileNotFound);
    expect(await statusOf(application.id)).toBe('Failed');
    expect(await t.database.db.select().from(applicationReviews).where(eq(applicationReviews.applicationId, application.id))).toEqual([]);
  });

  it('refuses after the window with the day it closed, and honours a longer window set on the program', async () => {
    const application = await failed(ada, ['Fail']);
    const recordedOn = new Date(Date.now() - 40 * 24 * 60 * 60_000);
    await t.database.db.update(applications).set({ resultRecordedOn: recordedOn }).where(eq(applications.id, application.id));
    const closed = windowClosedMessage(reviewWindowClosesOn(recordedOn, 30));
    expect(closed).toMatch(/^The review window closed on \d{2}-[A-Z][a-z]{2}-\d{4}$/);
    expect((await get(`${Q}/${application.id}/review`, adaJwt)).json<ReviewState>().cannotAskBecause).toBe(closed);
    const late = await post(`${Q}/${application.id}/review`, { reason: 'Please look again' }, adaJwt);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(closed);
    expect(await statusOf(application.id)).toBe('Failed');

    // The manager sets a longer window on the program form (the program API), and the same application may ask.
    const program = (await get(`/api/program/${programId}`, managerJwt)).json();
    expect(program.reviewWindowDays).toBe(30);
    const edit = {
      programCode: program.programCode,
      programTitle: program.programTitle,
      programType: program.programType,
      programManager: manager.id,
      programDeclaration: program.programDeclaration,
    };
    const refusedWindow = await post(`/api/program/update/${programId}`, { ...edit, reviewWindowDays: 0 }, managerJwt);
    expect(refusedWindow.statusCode).toBe(400);
    expect(refusedWindow.json().fieldErrors.reviewWindowDays).toBe('Review window must be a whole number of days from 1 to 365');
    const longer = await post(`/api/program/update/${programId}`, { ...edit, reviewWindowDays: 60 }, managerJwt);
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json().reviewWindowDays).toBe(60);
    try {
      expect((await post(`${Q}/${application.id}/review`, { reason: 'Please look again' }, adaJwt)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(programs).set({ reviewWindowDays: 30 }).where(eq(programs.id, programId));
    }
  });

  it('refuses where no failed module allows review, and a result that is not Failed', async () => {
    const onlyFinal = await createApplicationWithModules(t.database.db, { applicantId: ada.applicantId!, programId, programType: 1, programModuleIds: [finalModuleId], workflowStage: 'Exam Modules Evaluation Completed' });
    await t.database.db.update(applicationModules).set({ result: 'Fail' }).where(eq(applicationModules.id, onlyFinal.moduleIds[0]!));
    expect((await post(`${Q}/${onlyFinal.id}/resultstage`, { overallResult: 'Failed' }, managerJwt)).statusCode).toBe(200);
    const refused = await post(`${Q}/${onlyFinal.id}/review`, { reason: 'Please look again' }, adaJwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REVIEW_MESSAGES.noModuleAllowsReview);

    const inExams = await createApplicationWithModules(t.database.db, { applicantId: ada.applicantId!, programId, programType: 1, programModuleIds: [reviewableModuleId] });
    const notFailed = await post(`${Q}/${inExams.id}/review`, { reason: 'Please look again' }, adaJwt);
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe(REVIEW_MESSAGES.notFailed);
  });

  it("answers another applicant 404 on read and ask, staff outside the program 403 on read, and the wrong type 404", async () => {
    const application = await failed(ada, ['Fail']);
    expect((await get(`${Q}/${application.id}/review`, bobJwt)).statusCode).toBe(404);
    expect((await post(`${Q}/${application.id}/review`, { reason: 'Mine now' }, bobJwt)).statusCode).toBe(404);
    expect((await get(`${Q}/${application.id}/review`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`/api/aicipapplication/${application.id}/review`, adaJwt)).statusCode).toBe(404);
    // Staff do not ask on the applicant's behalf (the route is the applicant's).
    expect((await post(`${Q}/${application.id}/review`, { reason: 'For Ada' }, managerJwt)).statusCode).toBe(403);
    expect(await statusOf(application.id)).toBe('Failed');
  });
});

describe('deciding a review', () => {
  it('upheld: the module passes with the earlier result kept, the application is Awarded with exactly one award, mailed', async () => {
    const application = await failed(bob, ['Fail']);
    expect((await post(`${Q}/${application.id}/review`, { reason: 'Marking error in question 7' }, bobJwt)).statusCode).toBe(200);
    const staffView = (await get(`${Q}/${application.id}/review`, assessorJwt)).json<ReviewState>();
    expect(staffView).toMatchObject({ canDecide: false, reviews: [{ reason: 'Marking error in question 7' }] });
    // Program staff who do not manage it read the review but may not decide; staff outside get 403.
    expect((await post(`${Q}/${application.id}/review/decide`, { outcome: 'refused', note: 'No' }, assessorJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/review/decide`, { outcome: 'refused', note: 'No' }, outsiderJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/review/decide`, { outcome: 'refused', note: 'No' }, bobJwt)).statusCode).toBe(403);
    const noModules = await post(`${Q}/${application.id}/review/decide`, { outcome: 'upheld', note: 'Remarked' }, managerJwt);
    expect(noModules.statusCode).toBe(400);
    expect(noModules.json().fieldErrors.moduleIds).toBe(REVIEW_MESSAGES.modulesRequired);

    const managerView = (await get(`${Q}/${application.id}/review`, managerJwt)).json<ReviewState>();
    expect(managerView.canDecide).toBe(true);
    const moduleId = managerView.modules[0]!.id;
    const results = await Promise.all([
      post(`${Q}/${application.id}/review/decide`, { outcome: 'upheld', note: 'Question 7 remarked: 74%', moduleIds: [moduleId] }, managerJwt),
      post(`${Q}/${application.id}/review/decide`, { outcome: 'upheld', note: 'Question 7 remarked: 74%', moduleIds: [moduleId] }, superJwt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const decided = results.find((r) => r.statusCode === 200)!.json<ReviewState>();
    expect(decided.applicationStatus).toBe('Awarded');
    expect(decided.reviews).toMatchObject([{ status: 'upheld', decisionNote: 'Question 7 remarked: 74%', changedResults: [{ moduleCode: 'M1', fromResult: 'Fail', fromPercentage: 55 }] }]);
    expect(decided.modules).toMatchObject([{ moduleCode: 'M1', result: 'Pass' }]);
    const rows = await t.database.db.select().from(awards).where(eq(awards.applicationId, application.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ awardType: 'Awarded', status: 'current' });
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id)).orderBy(asc(applicationHistory.sequence));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'Applied for review', toStatus: 'Awarded' });
    expect(history.at(-1)!.note).toBe('Review upheld: M1 (was Fail 55%) now passed. Question 7 remarked: 74%');
    const mail = (await mailsTo(bob.email)).at(-1)!;
    expect(mail.subject).toBe(`Review upheld: ${application.applicationNumber}`);
    expect(mail.text).toContain(`Your certificate number is ${rows[0]!.certificateNumber}`);
    // The holder sees the award in their list.
    const mine = await get('/api/applicant/awards', bobJwt);
    expect(mine.json().rows.map((row: { certificateNumber: string }) => row.certificateNumber)).toContain(rows[0]!.certificateNumber);
    // Decided: nothing open any more.
    expect((await post(`${Q}/${application.id}/review/decide`, { outcome: 'refused', note: 'Late' }, managerJwt)).statusCode).toBe(409);
  });

  it('upheld cannot leave a module not passed that the review may not change', async () => {
    const application = await failed(bob, ['Fail', 'Fail']);
    expect((await post(`${Q}/${application.id}/review`, { reason: 'Both look wrong' }, bobJwt)).statusCode).toBe(200);
    const [m1, m2] = (await get(`${Q}/${application.id}/review`, managerJwt)).json<ReviewState>().modules;
    const notReviewable = await post(`${Q}/${application.id}/review/decide`, { outcome: 'upheld', note: 'Remarked', moduleIds: [m2!.id] }, managerJwt);
    expect(notReviewable.statusCode).toBe(400);
    expect(notReviewable.json().fieldErrors.moduleIds).toBe(REVIEW_MESSAGES.moduleNotReviewable);
    const stillFailed = await post(`${Q}/${application.id}/review/decide`, { outcome: 'upheld', note: 'Remarked', moduleIds: [m1!.id] }, managerJwt);
    expect(stillFailed.statusCode).toBe(400);
    expect(stillFailed.json().message).toBe(REVIEW_MESSAGES.stillNotPassed(['M2']));
    expect(await statusOf(application.id)).toBe('Applied for review');
    expect(await t.database.db.select().from(awards).where(eq(awards.applicationId, application.id))).toEqual([]);
  });

  it('refused: back to Failed with history and mail, no award, and no second review of the same result', async () => {
    const application = await failed(ada, ['Fail', 'Pass']);
    expect((await post(`${Q}/${application.id}/review`, { reason: 'Please look again' }, adaJwt)).statusCode).toBe(200);
    const refused = await post(`${Q}/${application.id}/review/decide`, { outcome: 'refused', note: 'Marked correctly against AS/NZS 1554.1' }, managerJwt);
    expect(refused.statusCode).toBe(200);
    expect(refused.json<ReviewState>()).toMatchObject({ applicationStatus: 'Failed', reviews: [{ status: 'refused', decisionNote: 'Marked correctly against AS/NZS 1554.1', changedResults: [] }] });
    expect(await statusOf(application.id)).toBe('Failed');
    expect(await t.database.db.select().from(awards).where(eq(awards.applicationId, application.id))).toEqual([]);
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id)).orderBy(asc(applicationHistory.sequence));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'Applied for review', toStatus: 'Failed', note: 'Review refused: Marked correctly against AS/NZS 1554.1' });
    const mail = (await mailsTo(ada.email)).at(-1)!;
    expect(mail.subject).toBe(`Review refused: ${application.applicationNumber}`);
    expect(mail.text).toContain('the result stays Failed');
    // The applicant sees the outcome without staff's names.
    expect((await get(`${Q}/${application.id}/review`, adaJwt)).json<ReviewState>().reviews[0]!.decidedBy).toBeNull();
    const again = await post(`${Q}/${application.id}/review`, { reason: 'Once more' }, adaJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReviewed);
  });

  it('is not decided by whoever recorded the result under review (ISO/IEC 17024 9.8.3): the screen says why and the route answers 403, changing nothing', async () => {
    const application = await failed(bob, ['Fail']);
    expect((await post(`${Q}/${application.id}/review`, { reason: 'Question 2 was marked against the old edition' }, bobJwt)).statusCode).toBe(200);
    const recorderView = (await get(`${Q}/${application.id}/review`, recorderJwt)).json<ReviewState>();
    expect(recorderView).toMatchObject({ canDecide: false, cannotDecideBecause: APPEAL_MESSAGES.deciderInvolved('decision maker'), awardDateRange: null });
    const refused = await post(`${Q}/${application.id}/review/decide`, { outcome: 'refused', note: 'Marked correctly' }, recorderJwt);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(APPEAL_MESSAGES.deciderInvolved('decision maker'));
    expect(await statusOf(application.id)).toBe('Applied for review');
    // Someone who took no part decides it.
    expect((await get(`${Q}/${application.id}/review`, managerJwt)).json<ReviewState>()).toMatchObject({ canDecide: true, cannotDecideBecause: null });
    expect((await post(`${Q}/${application.id}/review/decide`, { outcome: 'refused', note: 'Marked correctly' }, managerJwt)).statusCode).toBe(200);
  });
});

describe('the award date of an upheld review (issue 41)', () => {
  const A = '/api/aicipapplication';
  let aicipProgramId: string;
  let aicipModuleId: string;

  beforeAll(async () => {
    const db = t.database.db;
    // An AICIP program: its awards expire after its renewal period (three years here).
    aicipProgramId = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 4, programTitle: 'Coating Inspector' })).id;
    await db.insert(programCertificationSettings).values({ programId: aicipProgramId, kind: 'initial', memberFeeCents: 1000, nonmemberFeeCents: 2000, renewalPeriod: 3, assessorAssessmentInstruction: 'Check.', programDeclaration: '<p>I declare.</p>' });
    const [module] = await db
      .insert(programModules)
      .values({ programId: aicipProgramId, moduleCode: 'A1', moduleTitle: 'Coating theory', examinationType: 'Written', memberFeeCents: 10000, nonMemberFeeCents: 12000, passPercentage: 70, sortOrder: 1, reviewAllowed: true })
      .returning();
    aicipModuleId = module!.id;
  });

  /** Bob's AICIP application, submitted on `submittedOn`, failed on A1 and under review. */
  async function underReview(submittedOn: Date) {
    const db = t.database.db;
    const application = await createApplicationWithModules(db, { applicantId: bob.applicantId!, programId: aicipProgramId, programType: 4, programModuleIds: [aicipModuleId], status: 'Failed', workflowStage: 'Exam Modules Evaluation Completed' });
    await db.update(applicationModules).set({ result: 'Fail', resultPercentage: 55 }).where(eq(applicationModules.id, application.moduleIds[0]!));
    await db.update(applications).set({ submittedOn, overallResult: 'Failed', resultRecordedOn: new Date() }).where(eq(applications.id, application.id));
    expect((await post(`${A}/${application.id}/review`, { reason: 'Please remark question 3' }, bobJwt)).statusCode).toBe(200);
    return { ...application, moduleId: application.moduleIds[0]! };
  }
  const awardsOf = (applicationId: string) => t.database.db.select().from(awards).where(eq(awards.applicationId, applicationId));
  const lastNoteOf = async (applicationId: string) =>
    (await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence))).at(-1)!.note;

  it('dates the award, its expiry and its number the day staff give, and the history names it; the form is offered the days it may take', async () => {
    const application = await underReview(new Date('2025-02-01T02:00:00Z'));
    expect((await get(`${A}/${application.id}/review`, managerJwt)).json<ReviewState>().awardDateRange).toEqual({ earliest: '2025-02-01', latest: todayInSydney() });
    // Those who may not decide are offered no range.
    expect((await get(`${A}/${application.id}/review`, bobJwt)).json<ReviewState>().awardDateRange).toBeNull();
    expect((await get(`${A}/${application.id}/review`, assessorJwt)).statusCode).toBe(403);
    const decided = await post(`${A}/${application.id}/review/decide`, { outcome: 'upheld', note: 'Question 3 remarked', moduleIds: [application.moduleId], awardedOn: '2025-03-03' }, managerJwt);
    expect(decided.statusCode, decided.body).toBe(200);
    const [award] = await awardsOf(application.id);
    expect(award).toMatchObject({ awardedOn: '2025-03-03', expiresOn: '2028-03-03', status: 'current' });
    expect(award!.certificateNumber).toMatch(/^WCB-2025-/);
    expect(await lastNoteOf(application.id)).toBe('Review upheld (award date 03-Mar-2025): A1 (was Fail 55%) now passed. Question 3 remarked');
  });

  it('dates the award today when no date is given, and the history says nothing more', async () => {
    const application = await underReview(new Date(Date.now() - 10 * 86_400_000));
    expect((await post(`${A}/${application.id}/review/decide`, { outcome: 'upheld', note: 'Remarked', moduleIds: [application.moduleId] }, managerJwt)).statusCode).toBe(200);
    expect((await awardsOf(application.id))[0]).toMatchObject({ awardedOn: todayInSydney(), expiresOn: `${Number(todayInSydney().slice(0, 4)) + 3}${todayInSydney().slice(4)}` });
    expect(await lastNoteOf(application.id)).toBe('Review upheld: A1 (was Fail 55%) now passed. Remarked');
  });

  it('refuses a future day, a day before the submission, an impossible day and a date with Refused (400 at awardedOn), changing nothing', async () => {
    const application = await underReview(new Date('2026-01-20T03:00:00Z'));
    const upheld = { outcome: 'upheld', note: 'Remarked', moduleIds: [application.moduleId] };
    const cases: [object, string][] = [
      [{ ...upheld, awardedOn: addDays(todayInSydney(), 1) }, AWARD_MESSAGES.awardedOnFuture],
      [{ ...upheld, awardedOn: '2026-01-19' }, AWARD_MESSAGES.awardedOnBeforeSubmitted('20-Jan-2026')],
      [{ ...upheld, awardedOn: '2026-02-30' }, AWARD_MESSAGES.awardedOnInvalid],
      [{ outcome: 'refused', note: 'Marked correctly', awardedOn: '2026-02-03' }, REVIEW_MESSAGES.awardedOnOnlyUpheld],
    ];
    const mailsBefore = (await mailsTo(bob.email)).length;
    for (const [payload, message] of cases) {
      const response = await post(`${A}/${application.id}/review/decide`, payload, managerJwt);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ awardedOn: message });
    }
    expect(await statusOf(application.id)).toBe('Applied for review');
    expect(await awardsOf(application.id)).toHaveLength(0);
    const [module] = await t.database.db.select().from(applicationModules).where(eq(applicationModules.id, application.moduleId));
    expect(module!.result).toBe('Fail');
    expect((await get(`${A}/${application.id}/review`, managerJwt)).json<ReviewState>()).toMatchObject({ canDecide: true, reviews: [{ status: 'open' }] });
    expect(await mailsTo(bob.email)).toHaveLength(mailsBefore);
    // Staff outside the program are refused with or without a date.
    expect((await post(`${A}/${application.id}/review/decide`, { ...upheld, awardedOn: '2026-02-03' }, outsiderJwt)).statusCode).toBe(403);
    // The submission day itself is fine.
    expect((await post(`${A}/${application.id}/review/decide`, { ...upheld, awardedOn: '2026-01-20' }, managerJwt)).statusCode).toBe(200);
    expect((await awardsOf(application.id))[0]).toMatchObject({ awardedOn: '2026-01-20', expiresOn: '2029-01-20' });
  });
});
