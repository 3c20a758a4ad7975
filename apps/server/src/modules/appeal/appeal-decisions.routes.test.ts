import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_MESSAGES, type Appeal, type HandlerCandidates } from '@certs/shared/appeal/appeal.contract';
import { CASE_MESSAGES } from '@certs/shared/case/case.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { addProgramUser } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { ROLES } from '@certs/shared/auth/roles';
import { signIn } from '../../../test/sign-in';
import { appeals } from '../../db/schema/appeal';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { awardHistory, awards } from '../../db/schema/award';
import { applicationReviews } from '../../db/schema/review';
import { wpqRecords } from '../../db/schema/wpq';
import { createAppealWorld, type AppealWorld } from './appeal-test-fixtures';

let t: TestApp;
let w: AppealWorld;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  w = await createAppealWorld(t);
});
afterAll(async () => {
  await t.close();
});

const assign = (appealId: string, handlerId: string, jwt: string) => w.post(`/api/appeals/${appealId}/handler`, { handlerId }, jwt);
const decide = (appealId: string, body: object, jwt: string) => w.post(`/api/appeals/${appealId}/decide`, body, jwt);
const applicationOf = async (id: string) => (await w.db.select().from(applications).where(eq(applications.id, id)))[0]!;

describe('the handler', () => {
  it('cannot be anyone involved in the application: its assessor, an earlier round’s assessor, an examiner, an invigilator or the decision maker', async () => {
    const application = await w.failedQualification(w.ada);
    const appeal = await w.lodge(w.ada, application.id, 'result');
    const candidates = (await w.get(`/api/appeals/${appeal.id}/handlers`, w.manager.jwt)).json<HandlerCandidates>().rows;
    const involvedAs = (id: string) => candidates.find((candidate) => candidate.id === id)?.involvedAs;
    expect(involvedAs(w.assessor.id)).toBe('assessor');
    expect(involvedAs(w.otherManager.id)).toBeNull();

    const cases: [string, string][] = [
      [w.assessor.id, 'assessor'],
      [w.earlierAssessor.id, 'assessor'],
      [w.examiner.id, 'examiner'],
      [w.invigilator.id, 'invigilator'],
      [w.manager.id, 'decision maker'],
    ];
    for (const [handlerId, role] of cases) {
      const refused = await assign(appeal.id, handlerId, w.otherManager.jwt);
      expect(refused.statusCode, role).toBe(409);
      expect(refused.json().message).toBe(`The handler cannot have been involved in what is appealed: they were its ${role}`);
      expect(refused.json().fieldErrors.handlerId).toBe(CASE_MESSAGES.handlerInvolved(role));
    }
    // The examiner cannot take it either, and is told why.
    const asExaminer = (await w.get(`/api/appeals/${appeal.id}`, w.examiner.jwt)).json<Appeal>();
    expect(asExaminer.staff).toMatchObject({ canTakeIt: false, cannotTakeBecause: CASE_MESSAGES.handlerInvolved('examiner') });
    expect((await assign(appeal.id, w.examiner.id, w.examiner.jwt)).statusCode).toBe(409);
    // Program staff give it only to themselves; someone who is not staff of the account is refused.
    expect((await assign(appeal.id, w.otherManager.id, w.assessor.jwt)).statusCode).toBe(403);
    const applicantAsHandler = await assign(appeal.id, w.bob.id, w.otherManager.jwt);
    expect(applicantAsHandler.statusCode).toBe(400);
    expect(applicantAsHandler.json().fieldErrors.handlerId).toBe(CASE_MESSAGES.handlerNotStaff);
    const [unchanged] = await w.db.select().from(appeals).where(eq(appeals.id, appeal.id));
    expect(unchanged).toMatchObject({ handlerId: null, status: 'received' });

    // Someone who took no part: assigned, under investigation, told by mail, on the record.
    const assigned = await assign(appeal.id, w.otherManager.id, w.manager.jwt);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<Appeal>()).toMatchObject({ status: 'investigating', handlerName: 'Hana Handler', handlerId: w.otherManager.id });
    expect(assigned.json<Appeal>().entries.map((entry) => entry.text)).toContain('Handler: Hana Handler');
    const handlerMail = (await w.mailsTo(w.otherManager.email)).at(-1)!;
    expect(handlerMail.subject).toBe(`You are the handler of appeal ${appeal.reference}`);
    // The day the decision is due, as people read dates (issue 45 item 9).
    expect(handlerMail.text).toMatch(/Its decision is due by \d{2}-[A-Z][a-z]{2}-\d{4}\./);
  });

  it('cannot be the welder qualification’s examiner', async () => {
    const wqExaminer = await createUser(w.db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Appeals'], firstName: 'Wes' });
    await addProgramUser(w.db, w.programs.welder, wqExaminer.id, 'examiner');
    const application = await createApplicationWithModules(w.db, { applicantId: w.bob.applicantId!, programId: w.programs.welder, programType: 3, status: 'Failed', workflowStage: 'Exam Modules Evaluation Completed', programModuleIds: [] });
    await w.db.update(applications).set({ overallResult: 'Failed', resultRecordedOn: new Date() }).where(eq(applications.id, application.id));
    await w.db.insert(wpqRecords).values({ applicationId: application.id, applicantId: w.bob.applicantId!, programId: w.programs.welder, standard: 'ISO 9606-1:2017', status: 'failed', examinerId: wqExaminer.id });
    const appeal = await w.lodge(w.bob, application.id, 'result');
    const refused = await assign(appeal.id, wqExaminer.id, w.otherManager.jwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CASE_MESSAGES.handlerInvolved('examiner'));
    // The examiner takes it themselves: refused the same way.
    expect((await assign(appeal.id, wqExaminer.id, (await signIn(t.app, wqExaminer)).jwt)).statusCode).toBe(409);
  });
});

describe('deciding', () => {
  it('only the handler or the program’s managers decide, never someone involved; a handler is needed first', async () => {
    const application = await w.failedQualification(w.bob);
    const appeal = await w.lodge(w.bob, application.id, 'result');
    const early = await decide(appeal.id, { outcome: 'dismissed', reasons: 'Marked correctly' }, w.otherManager.jwt);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(CASE_MESSAGES.noHandler);
    // Anyone of the program may take it when they took no part: a new program assessor here.
    const fresh = await createUser(w.db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Appeals'], firstName: 'Fay', lastName: 'Fresh' });
    await addProgramUser(w.db, w.programs.qualification, fresh.id, 'assessor');
    const freshJwt = (await signIn(t.app, fresh)).jwt;
    const taken = await assign(appeal.id, fresh.id, freshJwt);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json<Appeal>().entries.map((entry) => entry.text)).toContain('Fay Fresh took the appeal');

    // Mia recorded the result: a manager, but involved.
    const involved = await decide(appeal.id, { outcome: 'dismissed', reasons: 'Marked correctly' }, w.manager.jwt);
    expect(involved.statusCode).toBe(403);
    expect(involved.json().message).toBe(APPEAL_MESSAGES.deciderInvolved('decision maker'));
    // Program staff who neither handle nor manage it.
    expect((await decide(appeal.id, { outcome: 'dismissed', reasons: 'No' }, w.examiner.jwt)).json().message).toBe(APPEAL_MESSAGES.deciderNotAllowed);
    // Bad input: 400, nothing changed.
    const noReasons = await decide(appeal.id, { outcome: 'upheld', reasons: ' ' }, freshJwt);
    expect(noReasons.statusCode).toBe(400);
    expect(noReasons.json().fieldErrors.reasons).toBe('Reasons are required');
    const noModules = await decide(appeal.id, { outcome: 'upheld', reasons: 'Remarked' }, freshJwt);
    expect(noModules.statusCode).toBe(400);
    expect(noModules.json().fieldErrors.moduleIds).toBe(APPEAL_MESSAGES.modulesRequired);
    expect((await w.db.select().from(appeals).where(eq(appeals.id, appeal.id)))[0]).toMatchObject({ status: 'investigating', outcome: null });
  });

  it('upheld: the result is corrected through the review (M1 passes, Awarded with one award), the history names the appeal and the appeal links that row', async () => {
    const application = await w.failedQualification(w.ada);
    const appeal = await w.lodge(w.ada, application.id, 'result', 'Question 7 was marked against the wrong standard.');
    expect((await assign(appeal.id, w.otherManager.id, w.manager.jwt)).statusCode).toBe(200);
    const view = (await w.get(`/api/appeals/${appeal.id}`, w.otherManager.jwt)).json<Appeal>();
    expect(view.staff).toMatchObject({ canDecide: true, needsModules: true, modules: [{ moduleCode: 'M1', result: 'Fail' }] });
    const results = await Promise.all([
      decide(appeal.id, { outcome: 'upheld', reasons: 'Question 7 remarked: 74%', moduleIds: [view.staff!.modules[0]!.id] }, w.otherManager.jwt),
      decide(appeal.id, { outcome: 'upheld', reasons: 'Question 7 remarked: 74%', moduleIds: [view.staff!.modules[0]!.id] }, w.otherManager.jwt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const decided = results.find((r) => r.statusCode === 200)!.json<Appeal>();

    const history = await w.historyOf(application.id);
    const move = history.at(-1)!;
    expect(move).toMatchObject({ fromStatus: 'Applied for review', toStatus: 'Awarded', createdBy: w.otherManager.id });
    expect(move.note).toBe(`Appeal ${appeal.reference} upheld: M1 (was Fail 55%) now passed. Question 7 remarked: 74%`);
    const [award] = await w.db.select().from(awards).where(eq(awards.applicationId, application.id));
    expect(decided).toMatchObject({
      status: 'decided',
      outcome: 'upheld',
      outcomeReasons: 'Question 7 remarked: 74%',
      decidedBy: 'Hana Handler',
      changes: [{ kind: 'result_corrected', applicationId: application.id, historyId: move.id, description: `M1 now passed; the result is now Awarded, certificate ${award!.certificateNumber}` }],
    });
    expect(await applicationOf(application.id)).toMatchObject({ status: 'Awarded', overallResult: 'Awarded' });
    const [module] = await w.db.select().from(applicationModules).where(eq(applicationModules.id, application.moduleIds[0]!));
    expect(module).toMatchObject({ result: 'Pass', resultNotes: `Passed on appeal ${appeal.reference}: Question 7 remarked: 74%` });
    expect(await w.db.select().from(applicationReviews).where(eq(applicationReviews.applicationId, application.id))).toMatchObject([{ status: 'upheld' }]);
    const mail = (await w.mailsTo(w.ada.email)).at(-1)!;
    expect(mail.subject).toBe(`Appeal ${appeal.reference}: upheld`);
    expect(mail.text).toContain('Our reasons: Question 7 remarked: 74%');
    // The person sees the outcome and the change, without staff names.
    const theirs = (await w.get(`/api/appeals/reference/${appeal.reference}`, w.ada.jwt)).json<Appeal>();
    expect(theirs).toMatchObject({ outcome: 'upheld', decidedBy: null, changes: [{ kind: 'result_corrected' }] });
    // Decided: no second decision.
    expect((await decide(appeal.id, { outcome: 'dismissed', reasons: 'Late' }, w.otherManager.jwt)).json().message).toBe(CASE_MESSAGES.alreadyDecided);
  });

  it('upheld on a Certification result (no modules): awarded, and the appeal is linked in the history', async () => {
    const application = await w.failedCertification(w.bob);
    const appeal = await w.lodge(w.bob, application.id, 'result');
    // The one who recorded the result cannot take it; another manager takes it and upholds it.
    expect((await assign(appeal.id, w.manager.id, w.manager.jwt)).statusCode).toBe(409);
    expect((await assign(appeal.id, w.otherManager.id, w.otherManager.jwt)).statusCode).toBe(200);
    const decided = await decide(appeal.id, { outcome: 'upheld', reasons: 'The referees confirmed three years of supervision.' }, w.otherManager.jwt);
    expect(decided.statusCode, decided.body).toBe(200);
    const move = (await w.historyOf(application.id)).at(-1)!;
    expect(move.note).toBe(`Appeal ${appeal.reference} upheld: the result is now Awarded. The referees confirmed three years of supervision.`);
    expect(decided.json<Appeal>().changes).toMatchObject([{ kind: 'result_corrected', historyId: move.id }]);
    expect(await applicationOf(application.id)).toMatchObject({ status: 'Awarded' });
    expect(await w.db.select().from(awards).where(eq(awards.applicationId, application.id))).toHaveLength(1);
  });

  it('upheld against a hold: the award is released, current again, and the appeal links the award’s history row', async () => {
    const held = await w.awardActedOn(w.ada, 'hold');
    const appeal = await w.lodge(w.ada, held.applicationId, 'award_hold');
    // Mia put it on hold: she is its decision maker.
    expect((await assign(appeal.id, w.manager.id, w.otherManager.jwt)).json().message).toBe(CASE_MESSAGES.handlerInvolved('decision maker'));
    expect((await assign(appeal.id, w.otherManager.id, w.otherManager.jwt)).statusCode).toBe(200);
    const decided = await decide(appeal.id, { outcome: 'upheld', reasons: 'The CPD evidence was on file.' }, w.otherManager.jwt);
    expect(decided.statusCode, decided.body).toBe(200);
    const [award] = await w.db.select().from(awards).where(eq(awards.id, held.id));
    expect(award).toMatchObject({ status: 'current' });
    const history = await w.db.select().from(awardHistory).where(eq(awardHistory.awardId, held.id)).orderBy(asc(awardHistory.id));
    expect(history.at(-1)).toMatchObject({ action: 'release', fromStatus: 'on hold', toStatus: 'current', reason: `Appeal ${appeal.reference} upheld: The CPD evidence was on file.` });
    expect(decided.json<Appeal>().changes).toMatchObject([{ kind: 'award_reinstated', awardId: held.id, historyId: String(history.at(-1)!.id) }]);
    expect(await applicationOf(held.applicationId)).toMatchObject({ status: 'Awarded' });
  });

  it('upheld against a cancellation: the award is reinstated (Award Cancelled -> Awarded), its history says so', async () => {
    const cancelled = await w.awardActedOn(w.bob, 'cancel');
    const appeal = await w.lodge(w.bob, cancelled.applicationId, 'award_cancellation');
    expect((await assign(appeal.id, w.otherManager.id, w.otherManager.jwt)).statusCode).toBe(200);
    const decided = await decide(appeal.id, { outcome: 'upheld', reasons: 'The logbook was genuine.' }, w.otherManager.jwt);
    expect(decided.statusCode, decided.body).toBe(200);
    const history = await w.db.select().from(awardHistory).where(eq(awardHistory.awardId, cancelled.id)).orderBy(asc(awardHistory.id));
    expect(history.at(-1)).toMatchObject({ action: 'reinstated', fromStatus: 'cancelled', toStatus: 'current' });
    expect(decided.json<Appeal>().changes).toMatchObject([{ kind: 'award_reinstated', historyId: String(history.at(-1)!.id) }]);
    expect(await applicationOf(cancelled.applicationId)).toMatchObject({ status: 'Awarded' });
    expect((await w.historyOf(cancelled.applicationId)).at(-1)).toMatchObject({ fromStatus: 'Award Cancelled', toStatus: 'Awarded' });
  });

  it('dismissed: the decision stands and the person is mailed the outcome with the reasons; an upheld assessment needs a description of the change', async () => {
    const refused = await w.refusedAtAssessment(w.ada);
    const appeal = await w.lodge(w.ada, refused.id, 'assessment');
    expect((await assign(appeal.id, w.otherManager.id, w.manager.jwt)).statusCode).toBe(200);
    const undescribed = await decide(appeal.id, { outcome: 'upheld', reasons: 'The evidence was overlooked.' }, w.otherManager.jwt);
    expect(undescribed.statusCode).toBe(400);
    expect(undescribed.json().fieldErrors.changeDescription).toBe(APPEAL_MESSAGES.descriptionRequired);

    const dismissed = await decide(appeal.id, { outcome: 'dismissed', reasons: 'The logbook covers eighteen months, not three years.' }, w.otherManager.jwt);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json<Appeal>()).toMatchObject({ status: 'decided', outcome: 'dismissed', changes: [] });
    expect(await applicationOf(refused.id)).toMatchObject({ status: 'Failed' });
    const mail = (await w.mailsTo(w.ada.email)).at(-1)!;
    expect(mail.subject).toBe(`Appeal ${appeal.reference}: dismissed`);
    expect(mail.text).toContain('has been dismissed: the decision stands');
    expect(mail.text).toContain('Our reasons: The logbook covers eighteen months, not three years.');
    // Dismissed once: the same decision is not appealed again.
    const again = await w.post('/api/appeals', { applicationId: refused.id, subject: 'assessment', grounds: 'Again' }, w.ada.jwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPEAL_MESSAGES.alreadyAppealed);
  });

  it('upheld on an assessment records the described change; a dismissed result goes back to Failed', async () => {
    const refused = await w.refusedAtAssessment(w.bob);
    const appeal = await w.lodge(w.bob, refused.id, 'assessment');
    expect((await assign(appeal.id, w.otherManager.id, w.manager.jwt)).statusCode).toBe(200);
    const upheld = await decide(appeal.id, { outcome: 'upheld', reasons: 'The evidence was overlooked.', changeDescription: 'The application is assessed again by another assessor.' }, w.otherManager.jwt);
    expect(upheld.statusCode, upheld.body).toBe(200);
    expect(upheld.json<Appeal>().changes).toMatchObject([{ kind: 'other', description: 'The application is assessed again by another assessor.' }]);

    const failed = await w.failedCertification(w.ada);
    const result = await w.lodge(w.ada, failed.id, 'result');
    expect((await assign(result.id, w.otherManager.id, w.otherManager.jwt)).statusCode).toBe(200);
    expect((await decide(result.id, { outcome: 'dismissed', reasons: 'The interview showed gaps.' }, w.otherManager.jwt)).statusCode).toBe(200);
    expect(await applicationOf(failed.id)).toMatchObject({ status: 'Failed' });
    expect((await w.historyOf(failed.id)).at(-1)!.note).toBe(`Appeal ${result.reference} dismissed: The interview showed gaps.`);
  });

  it('moves status: received -> under investigation; a withdrawal is recorded; a result’s appeal is closed by deciding it', async () => {
    const refused = await w.refusedAtAssessment(w.bob);
    const appeal = await w.lodge(w.bob, refused.id, 'assessment');
    const investigating = await w.post(`/api/appeals/${appeal.id}/status`, { status: 'investigating' }, w.manager.jwt);
    expect(investigating.json<Appeal>().status).toBe('investigating');
    expect((await w.post(`/api/appeals/${appeal.id}/status`, { status: 'investigating' }, w.manager.jwt)).statusCode).toBe(409);
    const withdrawn = await w.post(`/api/appeals/${appeal.id}/status`, { status: 'withdrawn', note: 'The person wrote to withdraw it.' }, w.manager.jwt);
    expect(withdrawn.json<Appeal>()).toMatchObject({ status: 'withdrawn' });
    expect(withdrawn.json<Appeal>().entries.at(-1)!.text).toBe('Status: Withdrawn. The person wrote to withdraw it.');
    expect((await w.post(`/api/appeals/${appeal.id}/status`, { status: 'decided' }, w.manager.jwt)).statusCode).toBe(400);

    const failed = await w.failedCertification(w.bob);
    const result = await w.lodge(w.bob, failed.id, 'result');
    const notWithdrawn = await w.post(`/api/appeals/${result.id}/status`, { status: 'withdrawn' }, w.manager.jwt);
    expect(notWithdrawn.statusCode).toBe(409);
    expect(notWithdrawn.json().message).toBe(APPEAL_MESSAGES.resultNotWithdrawn);
  });
});

describe('partly upheld on a result with modules', () => {
  it('passes the modules named and leaves the application Failed; the history says which passed on appeal and by whom; the person sees them as Pass', async () => {
    const application = await w.failedQualificationOnTwo(w.ada);
    const appeal = await w.lodge(w.ada, application.id, 'result', 'M1 question 7 was marked against the wrong standard.');
    expect((await assign(appeal.id, w.otherManager.id, w.manager.jwt)).statusCode).toBe(200);
    const view = (await w.get(`/api/appeals/${appeal.id}`, w.otherManager.jwt)).json<Appeal>();
    // The failed modules are offered; M3 passed already.
    expect(view.staff!.modules.map((module) => module.moduleCode)).toEqual(['M1', 'M2']);

    const decided = await decide(appeal.id, { outcome: 'partly_upheld', reasons: 'M1 question 7 remarked: 74%; M2 stands.', moduleIds: [application.m1] }, w.otherManager.jwt);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await applicationOf(application.id)).toMatchObject({ status: 'Failed', overallResult: 'Failed' });
    expect(await w.db.select().from(awards).where(eq(awards.applicationId, application.id))).toHaveLength(0);
    const modules = await w.db.select().from(applicationModules).where(eq(applicationModules.applicationId, application.id));
    const resultOf = (id: string) => modules.find((module) => module.id === id);
    expect(resultOf(application.m1)).toMatchObject({ result: 'Pass', resultNotes: `Passed on appeal ${appeal.reference}: M1 question 7 remarked: 74%; M2 stands.` });
    expect(resultOf(application.m2)).toMatchObject({ result: 'Fail', resultPercentage: 60 });

    const move = (await w.historyOf(application.id)).at(-1)!;
    expect(move).toMatchObject({ fromStatus: 'Applied for review', toStatus: 'Failed', createdBy: w.otherManager.id });
    const note = `Appeal ${appeal.reference} partly upheld: M1 (was Fail 55%) now passed; the result stays Failed (M2 not passed). M1 question 7 remarked: 74%; M2 stands.`;
    expect(move.note).toBe(note);
    // The staff's application page: the same row, with the decider's name.
    const details = (await w.get(`/api/qualificationapplication/${application.id}/details`, w.otherManager.jwt)).json<{ history: { note: string; changedBy: string }[] }>();
    expect(details.history.find((entry) => entry.note === note)).toMatchObject({ changedBy: 'Hana Handler' });

    expect(decided.json<Appeal>()).toMatchObject({
      status: 'decided',
      outcome: 'partly_upheld',
      decidedBy: 'Hana Handler',
      changes: [{ kind: 'result_corrected', applicationId: application.id, historyId: move.id, description: 'M1 now passed on appeal; the result stays Failed' }],
    });
    expect(await w.db.select().from(applicationReviews).where(eq(applicationReviews.applicationId, application.id))).toMatchObject([{ status: 'refused', changedResults: [{ moduleCode: 'M1', fromResult: 'Fail', fromPercentage: 55 }] }]);
    const mail = (await w.mailsTo(w.ada.email)).at(-1)!;
    expect(mail.subject).toBe(`Appeal ${appeal.reference}: partly upheld`);
    expect(mail.text).toContain('What changes: M1 now passed on appeal; the result stays Failed');

    // The person's application page: M1 now Pass, the result still Failed; their review reads partly upheld.
    const schedule = (await w.get(`/api/qualificationapplication/${application.id}/myschedule`, w.ada.jwt)).json<{ result: { overallResult: string; modules: { moduleCode: string; result: string }[] } }>();
    expect(schedule.result).toMatchObject({ overallResult: 'Failed', modules: [{ moduleCode: 'M1', result: 'Pass' }, { moduleCode: 'M2', result: 'Fail' }, { moduleCode: 'M3', result: 'Pass' }] });
    const review = (await w.get(`/api/qualificationapplication/${application.id}/review`, w.ada.jwt)).json<{ reviews: { status: string }[] }>();
    expect(review.reviews).toMatchObject([{ status: 'partly_upheld' }]);
  });

  it('refuses no modules, a module not failed, another application’s module and every module, with the message; and anyone not allowed; nothing changes', async () => {
    const application = await w.failedQualificationOnTwo(w.bob);
    const other = await w.failedQualification(w.ada);
    const appeal = await w.lodge(w.bob, application.id, 'result');
    expect((await assign(appeal.id, w.otherManager.id, w.manager.jwt)).statusCode).toBe(200);
    const historyBefore = (await w.historyOf(application.id)).length;
    const modulesBefore = await w.db.select().from(applicationModules).where(eq(applicationModules.applicationId, application.id));

    const refusals: [object, string][] = [
      [{}, APPEAL_MESSAGES.partlyUpheldModulesRequired],
      [{ moduleIds: [] }, APPEAL_MESSAGES.partlyUpheldModulesRequired],
      [{ moduleIds: [application.m3] }, APPEAL_MESSAGES.moduleNotAppealable],
      [{ moduleIds: [other.moduleIds[0]] }, APPEAL_MESSAGES.moduleNotAppealable],
      [{ moduleIds: [application.m1, application.m2] }, APPEAL_MESSAGES.partlyUpheldPassesAll],
    ];
    for (const [body, message] of refusals) {
      const refused = await decide(appeal.id, { outcome: 'partly_upheld', reasons: 'M1 remarked.', ...body }, w.otherManager.jwt);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ message, fieldErrors: { moduleIds: message } });
    }
    // The applicant, and staff of another program, may not decide it.
    expect((await decide(appeal.id, { outcome: 'partly_upheld', reasons: 'Mine', moduleIds: [application.m1] }, w.bob.jwt)).statusCode).toBe(403);
    expect((await decide(appeal.id, { outcome: 'partly_upheld', reasons: 'Theirs', moduleIds: [application.m1] }, w.outsider.jwt)).statusCode).toBe(403);

    expect((await w.db.select().from(appeals).where(eq(appeals.id, appeal.id)))[0]).toMatchObject({ status: 'investigating', outcome: null, changes: [] });
    expect(await applicationOf(application.id)).toMatchObject({ status: 'Applied for review' });
    expect(await w.historyOf(application.id)).toHaveLength(historyBefore);
    expect(await w.db.select().from(applicationModules).where(eq(applicationModules.applicationId, application.id))).toEqual(modulesBefore);
    expect((await w.db.select().from(applicationModules).where(eq(applicationModules.id, other.moduleIds[0]!)))[0]).toMatchObject({ result: 'Fail' });
    expect(await w.db.select().from(applicationReviews).where(eq(applicationReviews.applicationId, application.id))).toMatchObject([{ status: 'open' }]);
  });
});
