import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { ASSIGNMENT_CHECK_MESSAGES } from '@certs/shared/impartiality/assignment-check.contract';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createApplicationWithModules, createVenue } from '../../../test/factories/application-module.factory';
import { completeProgram, createProgram, uniqueProgramCode } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory, applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { companies } from '../../db/schema/company';
import { impartialityEvents, staffConflicts, staffRecords } from '../../db/schema/impartiality';
import { programModules, programUsers, programs } from '../../db/schema/program';
import { applicants } from '../../db/schema/user';
import { ageSitting, createPublishedTest, createScheduledModule, examClient } from '../exam/exam-test-fixtures';

const Q = '/api/qualificationapplication';
const M = '/api/qualificationapplicationmodule';
const C = '/api/certificationapplication';
const YEAR = new Date().getUTCFullYear() + 1;

let t: TestApp;
let admin: CreatedUser;
let manager: CreatedUser;
let assessor: CreatedUser;
let examiner: CreatedUser;
let adminJwt: string;
let managerJwt: string;
let examinerJwt: string;
let programId: string;

const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function newApplicant(firstName = 'Ada'): Promise<CreatedUser> {
  return createUser(t.database.db, { role: ROLES.Applicant, firstName, lastName: 'Arcwright' });
}

/** A submitted Qualification application waiting for its assessor (round 1 as the factory makes it). */
async function submittedApplication(applicant: CreatedUser, program = programId) {
  return createApplicationWithModules(t.database.db, { applicantId: applicant.applicantId!, programId: program, programModuleIds: [], status: 'Application Submitted', workflowStage: null });
}

async function applicationRow(id: string) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  return row!;
}

async function eventsOf(applicationId: string) {
  return t.database.db.select().from(impartialityEvents).where(eq(impartialityEvents.applicationId, applicationId)).orderBy(asc(impartialityEvents.createdOn));
}

async function employ(applicant: CreatedUser, name: string, claim: 'approved' | 'pending' = 'approved'): Promise<string> {
  const [company] = await t.database.db.insert(companies).values({ name, contactEmail: `hr.${Date.now()}@example.test` }).returning({ id: companies.id });
  await t.database.db.update(applicants).set({ employerCompanyId: company!.id, employerClaimStatus: claim }).where(eq(applicants.id, applicant.applicantId!));
  return company!.id;
}

const assign = (applicationId: string, jwt = managerJwt, extra: object = {}) => post(`${Q}/${applicationId}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 1, ...extra }, jwt);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Examinations'], firstName: 'Ada', lastName: 'Administrator' });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'], firstName: 'Mia', lastName: 'Manager' });
  assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Alex', lastName: 'Assessor' });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'], firstName: 'Eve', lastName: 'Examiner' });
  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programCode: uniqueProgramCode('Q-IMP') });
  programId = program.id;
  await completeProgram(db, programId, 1, assessor.id);
  await db.insert(programUsers).values({ programId, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner });
  [adminJwt, managerJwt, examinerJwt] = (await Promise.all([admin, manager, examiner].map(async (user) => (await signIn(t.app, user)).jwt))) as [string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('assigning an assessor', () => {
  it('refuses an assessor who declared a conflict with the applicant, says why, records the refusal and assigns nothing', async () => {
    const applicant = await newApplicant();
    const application = await submittedApplication(applicant);
    const [conflict] = await t.database.db.insert(staffConflicts).values({ staffUserId: assessor.id, applicantUserId: applicant.id, kind: 'relative', details: 'Brother-in-law' }).returning();
    const reason = ASSIGNMENT_CHECK_MESSAGES.conflictWithApplicant('a relative');

    const refused = await assign(application.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(`Alex Assessor cannot be assigned as assessor: ${reason}.`);
    expect(refused.json().details).toEqual({ impartiality: { canOverride: true, refusals: [{ staffUserId: assessor.id, staffName: 'Alex Assessor', role: 'assessor', reasons: [reason] }] } });
    expect(await applicationRow(application.id)).toMatchObject({ assessorId: null, status: 'Application Submitted', assessmentRound: 1 });
    const events = await eventsOf(application.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ programId, staffUserId: assessor.id, role: 'assessor', outcome: 'refused', reasons: [reason], overrideReason: null, actorId: manager.id });

    // A conflict that has ended no longer stands in the way.
    await t.database.db.update(staffConflicts).set({ endedOn: new Date() }).where(eq(staffConflicts.id, conflict!.id));
    const allowed = await assign(application.id);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(await applicationRow(application.id)).toMatchObject({ assessorId: assessor.id, status: 'Being Assessed' });
    expect(await eventsOf(application.id)).toHaveLength(1);
  });

  it("refuses an assessor with a conflict declared against the applicant's employer; a claim not yet approved is not the employer", async () => {
    const applicant = await newApplicant();
    const application = await submittedApplication(applicant);
    const companyId = await employ(applicant, 'Hunter Fabrication Pty Ltd', 'pending');
    await t.database.db.insert(staffConflicts).values({ staffUserId: assessor.id, companyId, kind: 'employer_in_common' });
    // Pending: the company is only named by the applicant, not their confirmed employer.
    expect((await post(`${Q}/${application.id}/assessor/assign`, { assessorId: assessor.id, assessmentRound: 1 }, managerJwt)).statusCode).toBe(200);

    const second = await submittedApplication(applicant);
    await t.database.db.update(applicants).set({ employerClaimStatus: 'approved' }).where(eq(applicants.id, applicant.applicantId!));
    const refused = await assign(second.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Alex Assessor cannot be assigned as assessor: ${ASSIGNMENT_CHECK_MESSAGES.conflictWithEmployer('Hunter Fabrication Pty Ltd', 'an employer in common')}.`);
    expect(await applicationRow(second.id)).toMatchObject({ assessorId: null });
    expect((await eventsOf(second.id)).map((e) => e.outcome)).toEqual(['refused']);
  });

  it("refuses an assessor whose own employer is the applicant's employer", async () => {
    const applicant = await newApplicant();
    const application = await submittedApplication(applicant);
    const companyId = await employ(applicant, 'Tasman Pipelines Ltd');
    await t.database.db.insert(staffRecords).values({ staffUserId: assessor.id, employerCompanyId: companyId, position: 'Senior inspector' });
    try {
      const refused = await assign(application.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Alex Assessor cannot be assigned as assessor: is employed by Tasman Pipelines Ltd, the applicant\'s employer.');
      expect(await applicationRow(application.id)).toMatchObject({ assessorId: null });
    } finally {
      await t.database.db.delete(staffRecords).where(eq(staffRecords.staffUserId, assessor.id));
    }
  });

  it("refuses an assessor whose authorisation lapsed before today in the account's zone; one authorised until a later day is assigned", async () => {
    const applicant = await newApplicant();
    const application = await submittedApplication(applicant);
    const authorisation = and(eq(programUsers.programId, programId), eq(programUsers.userId, assessor.id), eq(programUsers.role, PROGRAM_USER_ROLES.assessor));
    await t.database.db.update(programUsers).set({ authorisedUntil: '2020-06-30' }).where(authorisation);
    try {
      const refused = await assign(application.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Alex Assessor cannot be assigned as assessor: authorisation as Assessor lapsed on 30-Jun-2020.');
      expect(await applicationRow(application.id)).toMatchObject({ assessorId: null });
      await t.database.db.update(programUsers).set({ authorisedUntil: `${YEAR}-06-30` }).where(authorisation);
      expect((await assign(application.id)).statusCode).toBe(200);
    } finally {
      await t.database.db.update(programUsers).set({ authorisedUntil: null }).where(authorisation);
    }
  });

  it("lets the program's manager override with a reason, recorded with the assignment; a blank reason is refused", async () => {
    const applicant = await newApplicant();
    const application = await submittedApplication(applicant);
    await t.database.db.insert(staffConflicts).values({ staffUserId: assessor.id, applicantUserId: applicant.id, kind: 'trainee' });
    const blank = await assign(application.id, managerJwt, { override: { reason: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(ASSIGNMENT_CHECK_MESSAGES.overrideReasonRequired);
    expect(await eventsOf(application.id)).toEqual([]);

    const overridden = await assign(application.id, managerJwt, { override: { reason: 'The only assessor for this scope; the training was five years ago' } });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(await applicationRow(application.id)).toMatchObject({ assessorId: assessor.id, status: 'Being Assessed' });
    const events = await eventsOf(application.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      outcome: 'overridden',
      role: 'assessor',
      staffUserId: assessor.id,
      actorId: manager.id,
      overrideReason: 'The only assessor for this scope; the training was five years ago',
      reasons: [ASSIGNMENT_CHECK_MESSAGES.conflictWithApplicant('a trainee they taught')],
    });
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id));
    expect(history.map((h) => h.note)).toContain('Assessor: Alex Assessor. Impartiality refusal overridden: The only assessor for this scope; the training was five years ago');
  });
});

describe('scheduling an examiner and an invigilator', () => {
  let practicalModuleId: string;
  let venueId: string;

  beforeAll(async () => {
    const db = t.database.db;
    const [module] = await db
      .insert(programModules)
      .values({ programId, moduleCode: 'P1', moduleTitle: 'Practical inspection', examinationType: 'Practical', memberFeeCents: 100, nonMemberFeeCents: 100, passPercentage: 70, sortOrder: 2 })
      .returning({ id: programModules.id });
    practicalModuleId = module!.id;
    venueId = (await createVenue(db, 'Newcastle Welding Hall')).id;
  });

  const row = (applicationModuleId: string) => ({
    applicationModuleId,
    examKind: 'Practical',
    scheduledLocal: `${YEAR}-11-22T09:30`,
    scheduleTimeZone: 'Australia/Sydney',
    durationMinutes: 120,
    venueId,
    examinerId: examiner.id,
  });

  it('refuses an examiner whose authorisation lapsed and leaves the module unscheduled; an administrator may override', async () => {
    const applicant = await newApplicant();
    const application = await createApplicationWithModules(t.database.db, { applicantId: applicant.applicantId!, programId, programModuleIds: [practicalModuleId] });
    const moduleId = application.moduleIds[0]!;
    const authorisation = and(eq(programUsers.programId, programId), eq(programUsers.userId, examiner.id), eq(programUsers.role, PROGRAM_USER_ROLES.examiner));
    await t.database.db.update(programUsers).set({ authorisedUntil: '2021-03-31' }).where(authorisation);
    try {
      const refused = await post(`${M}/${application.id}/examination/update`, { modules: [row(moduleId)] }, managerJwt);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe('Eve Examiner cannot be assigned as examiner: authorisation as Examiner lapsed on 31-Mar-2021.');
      const [stored] = await t.database.db.select().from(applicationModules).where(eq(applicationModules.id, moduleId));
      expect(stored).toMatchObject({ examinerId: null, scheduledAt: null });
      expect((await eventsOf(application.id)).map((e) => [e.role, e.outcome])).toEqual([['examiner', 'refused']]);

      const overridden = await post(`${M}/${application.id}/examination/update`, { modules: [row(moduleId)], override: { reason: 'Renewal of authorisation in progress' } }, adminJwt);
      expect(overridden.statusCode, overridden.body).toBe(200);
      expect((await eventsOf(application.id)).map((e) => [e.role, e.outcome, e.actorId, e.overrideReason])).toEqual([
        ['examiner', 'refused', manager.id, null],
        ['examiner', 'overridden', admin.id, 'Renewal of authorisation in progress'],
      ]);
      // Saved again with the same examiner: not a new assignment, nothing to judge.
      const again = await post(`${M}/${application.id}/examination/update`, { modules: [{ ...row(moduleId), durationMinutes: 150 }] }, managerJwt);
      expect(again.statusCode, again.body).toBe(200);
    } finally {
      await t.database.db.update(programUsers).set({ authorisedUntil: null }).where(authorisation);
    }
  });

  it("leaves someone who is not one of the program's invigilators to the schedule's own check (400), with no impartiality record", async () => {
    const applicant = await newApplicant();
    const application = await createApplicationWithModules(t.database.db, { applicantId: applicant.applicantId!, programId, programModuleIds: [practicalModuleId] });
    // The schedule's own check refuses someone who is not one of the program's invigilators.
    const refused = await post(`${M}/${application.id}/examination/update`, { modules: [{ ...row(application.moduleIds[0]!), invigilatorId: assessor.id }] }, managerJwt);
    expect(refused.statusCode).toBe(400);
    expect(await eventsOf(application.id)).toEqual([]);
  });
});

describe('marking', () => {
  it("refuses a marker with a declared conflict; the examiner's own override is refused (403) and recorded", async () => {
    const api = examClient(t.app);
    const applicant = await newApplicant('Cy');
    const applicantJwt = (await signIn(t.app, applicant)).jwt;
    const test = await createPublishedTest(t.database.db, { testType: 'module', questions: [{ type: 'Descriptive', marks: 4 }], overallTime: 60, minimumTime: 1 });
    const scheduled = await createScheduledModule(t.database.db, { applicantId: applicant.applicantId!, managerId: manager.id, examDefinitionId: test.id, examinerId: examiner.id });
    await t.database.db.insert(programUsers).values({ programId: scheduled.programId, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner });
    const launched = await api.post('/api/launchexam/init', { applicationModuleId: scheduled.applicationModuleId }, applicantJwt);
    expect(launched.statusCode, launched.body).toBe(200);
    const exam = launched.json();
    expect((await api.put('/api/isexaminprogress', { examInstanceId: exam.id, examType: 'module', sessionId: 'session-impartiality-0123456789' }, applicantJwt)).statusCode).toBe(200);
    await ageSitting(t.database.db, exam.id, 120);
    expect((await api.post(`/api/moduleexaminstance/${exam.id}/submit`, undefined, applicantJwt)).statusCode).toBe(200);
    const question = exam.sections[0].questions[0];
    await t.database.db.insert(staffConflicts).values({ staffUserId: examiner.id, applicantUserId: applicant.id, kind: 'other', details: 'Neighbour' });
    const marks = { marks: [{ questionInstanceId: question.id, actualMarks: 3 }] };

    const refused = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, marks, examinerJwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Eve Examiner cannot be assigned as marker: declared a conflict of interest with this applicant (another reason: Neighbour).');
    expect(refused.json().details.impartiality.canOverride).toBe(false);
    const forbidden = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { ...marks, override: { reason: 'I am impartial' } }, examinerJwt);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe(ASSIGNMENT_CHECK_MESSAGES.overrideNotAllowed);
    const [marked] = await t.database.db.select().from(applicationModules).where(eq(applicationModules.id, scheduled.applicationModuleId));
    expect(marked!.result).toBeNull();
    expect((await eventsOf(scheduled.applicationId)).map((e) => [e.role, e.outcome, e.actorId])).toEqual([
      ['marker', 'refused', examiner.id],
      ['marker', 'refused', examiner.id],
    ]);

    // The program's manager is not one of its examiners: marking needs an override, with a reason.
    const byManager = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, marks, managerJwt);
    expect(byManager.statusCode).toBe(409);
    expect(byManager.json().message).toBe('Mia Manager cannot be assigned as marker: has no authorisation as Examiner in this program.');
    const overridden = await api.post(`/api/moduleexaminstance/${exam.id}/verifymarks`, { ...marks, override: { reason: 'Second marker, chief examiner absent' } }, managerJwt);
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect((await eventsOf(scheduled.applicationId)).at(-1)).toMatchObject({ role: 'marker', outcome: 'overridden', actorId: manager.id, overrideReason: 'Second marker, chief examiner absent' });
  });
});

describe('entering a result by hand', () => {
  /** A paper module of a new applicant, scheduled an hour ago with the examiner and sent: its result can be entered. */
  async function satPaperModule() {
    const db = t.database.db;
    const [module] = await db.select({ id: programModules.id }).from(programModules).where(eq(programModules.programId, programId)).limit(1);
    const applicant = await newApplicant('Rory');
    const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId, programModuleIds: [module!.id], status: 'Examinations Stage', workflowStage: 'Exam Modules Sent' });
    const venue = await createVenue(db);
    const applicationModuleId = application.moduleIds[0]!;
    await db
      .update(applicationModules)
      .set({ examKind: 'Pen & Paper', scheduledAt: new Date(Date.now() - 3_600_000), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 60, venueId: venue.id, examinerId: examiner.id, scheduleSentOn: new Date(Date.now() - 86_400_000) })
      .where(eq(applicationModules.id, applicationModuleId));
    return { applicant, application, applicationModuleId };
  }
  const resultOf = async (applicationModuleId: string) => (await t.database.db.select().from(applicationModules).where(eq(applicationModules.id, applicationModuleId)))[0]!;

  it("refuses the examiner who declared a conflict with the candidate since the schedule, and a manager transcribing with one; the manager's override is recorded (issue 43)", async () => {
    const { applicant, application, applicationModuleId } = await satPaperModule();
    const result = { modules: [{ applicationModuleId, result: 'Pass', resultPercentage: 81 }] };
    await t.database.db.insert(staffConflicts).values([
      { staffUserId: examiner.id, applicantUserId: applicant.id, kind: 'relative' },
      { staffUserId: manager.id, applicantUserId: applicant.id, kind: 'trainee' },
    ]);

    const byExaminer = await post(`${M}/${application.id}/postexam/update`, result, examinerJwt);
    expect(byExaminer.statusCode, byExaminer.body).toBe(409);
    expect(byExaminer.json().details.impartiality.refusals).toMatchObject([{ staffUserId: examiner.id, role: 'examiner' }]);
    const byManager = await post(`${M}/${application.id}/postexam/update`, result, managerJwt);
    expect(byManager.statusCode, byManager.body).toBe(409);
    expect(byManager.json().details.impartiality).toMatchObject({ canOverride: true, refusals: [{ staffUserId: manager.id, role: 'result_recorder' }] });
    expect(await resultOf(applicationModuleId)).toMatchObject({ result: null, resultEnteredBy: null });

    const overridden = await post(`${M}/${application.id}/postexam/update`, { ...result, override: { reason: "Transcribing the external examiner's signed sheet" } }, managerJwt);
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(await resultOf(applicationModuleId)).toMatchObject({ result: 'Pass', resultEnteredBy: manager.id });
    expect((await eventsOf(application.id)).map((e) => [e.role, e.outcome, e.staffUserId])).toEqual([
      ['examiner', 'refused', examiner.id],
      ['result_recorder', 'refused', manager.id],
      ['result_recorder', 'overridden', manager.id],
    ]);
  });

  it('lets a manager with no conflict enter the result without an examiner’s authorisation, and records nothing', async () => {
    const { application, applicationModuleId } = await satPaperModule();
    const entered = await post(`${M}/${application.id}/postexam/update`, { modules: [{ applicationModuleId, result: 'Fail', resultPercentage: 40 }] }, adminJwt);
    expect(entered.statusCode, entered.body).toBe(200);
    expect(await resultOf(applicationModuleId)).toMatchObject({ result: 'Fail', resultEnteredBy: admin.id });
    expect(await eventsOf(application.id)).toEqual([]);
  });
});

describe('the certification decision', () => {
  async function certificationAwaitingResult(separation: boolean) {
    const db = t.database.db;
    const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programCode: uniqueProgramCode('C-IMP') });
    await completeProgram(db, program.id, 2, assessor.id);
    await db.update(programs).set({ decisionSeparation: separation }).where(eq(programs.id, program.id));
    const applicant = await newApplicant('Cleo');
    const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: program.id, programType: 2, programModuleIds: [] });
    // The manager assessed this candidate.
    await db.update(applications).set({ assessorId: manager.id }).where(eq(applications.id, application.id));
    return application;
  }

  it("refuses the candidate's assessor as decision maker where the program separates the decision; another administrator decides", async () => {
    const application = await certificationAwaitingResult(true);
    const refused = await post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(`Mia Manager cannot make the certification decision on this application: ${ASSIGNMENT_CHECK_MESSAGES.wasAssessor}. ${ASSIGNMENT_CHECK_MESSAGES.separationNote}`);
    expect(await applicationRow(application.id)).toMatchObject({ status: 'Examinations Stage', overallResult: null });
    expect((await eventsOf(application.id)).map((e) => [e.role, e.outcome, e.staffUserId])).toEqual([['decision_maker', 'refused', manager.id]]);

    const decided = await post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded' }, adminJwt);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await applicationRow(application.id)).toMatchObject({ status: 'Awarded', overallResult: 'Awarded' });
    expect(await eventsOf(application.id)).toHaveLength(1);
  });

  it('lets the assessor decide where the program does not separate the decision', async () => {
    const application = await certificationAwaitingResult(false);
    const decided = await post(`${C}/${application.id}/resultstage`, { overallResult: 'Failed' }, managerJwt);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await applicationRow(application.id)).toMatchObject({ status: 'Failed', overallResult: 'Failed' });
    expect(await eventsOf(application.id)).toEqual([]);
  });

  it("takes the manager's override, with the reason in the event and the history", async () => {
    const application = await certificationAwaitingResult(true);
    const decided = await post(`${C}/${application.id}/resultstage`, { overallResult: 'Failed', override: { reason: 'Sole certifier this month; reviewed by the quality manager' } }, managerJwt);
    expect(decided.statusCode, decided.body).toBe(200);
    expect((await eventsOf(application.id)).map((e) => [e.role, e.outcome, e.overrideReason])).toEqual([['decision_maker', 'overridden', 'Sole certifier this month; reviewed by the quality manager']]);
    const history = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id));
    expect(history.some((h) => h.toStatus === 'Failed' && h.note.endsWith('Impartiality refusal overridden: Sole certifier this month; reviewed by the quality manager'))).toBe(true);
  });
});

describe("a program's decision separation", () => {
  const programInput = (programType: number, extra: object = {}) => ({
    programCode: uniqueProgramCode('SEP'),
    programTitle: 'Separated decisions',
    programType,
    programManager: manager.id,
    programDeclaration: '<p>I declare.</p>',
    ...extra,
  });

  it('is on for a new Certification or AICIP program, off for others, and can be changed', async () => {
    const certification = await post('/api/program', programInput(2), adminJwt);
    expect(certification.statusCode, certification.body).toBe(201);
    expect(certification.json().decisionSeparation).toBe(true);
    expect((await post('/api/program', programInput(4), adminJwt)).json().decisionSeparation).toBe(true);
    expect((await post('/api/program', programInput(1), adminJwt)).json().decisionSeparation).toBe(false);
    expect((await post('/api/program', programInput(2, { decisionSeparation: false }), adminJwt)).json().decisionSeparation).toBe(false);

    const { id, programCode } = certification.json();
    const edited = await post(`/api/program/update/${id}`, { ...programInput(2), programCode, decisionSeparation: false }, adminJwt);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().decisionSeparation).toBe(false);
    // Left out of an edit: kept as it is.
    expect((await post(`/api/program/update/${id}`, { ...programInput(2), programCode }, adminJwt)).json().decisionSeparation).toBe(false);
  });
});
