import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { DashboardSummary, MyWork } from '@certs/shared/dashboard/dashboard.contract';
import type { ApplicationHistoryReport, AwardsReport, ExamResultsReport, QuestionStatisticsReport, UserStatReport } from '@certs/shared/report/report.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules, createPublishedModuleTest } from '../../../test/factories/application-module.factory';
import { addProgramUser, createProgram } from '../../../test/factories/program.factory';
import { createQuestion, createSubject, createTag } from '../../../test/factories/question-bank.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationModules } from '../../db/schema/application-module';
import { applicationHistory, applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { examInstances, questionInstances } from '../../db/schema/exam-instance';
import { programModules } from '../../db/schema/program';
import { applicants } from '../../db/schema/user';

let t: TestApp;
const jwt: Record<string, string> = {};
let programA: string;
let programB: string;
let examiner: CreatedUser;
let manager: CreatedUser;
let questionOne: { versionId: string; optionIds: string[] };

const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt[who]!) });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000);
const sydneyToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());

async function applicant(firstName: string, state: string, membershipType: 'none' | 'individual' | 'corporate') {
  const user = await createUser(t.database.db, { role: ROLES.Applicant, firstName, lastName: 'Tester' });
  await t.database.db
    .update(applicants)
    .set({ homeAddress: { streetNumber: '', streetName: '', city: '', state, postalCode: '', country: 'Australia' }, membershipType, memberNumber: membershipType === 'none' ? '' : 'M-1' })
    .where(eq(applicants.id, user.applicantId!));
  return user;
}

/** A marked module sitting with its answers: [versionId, marks, max, seconds, chosen option ids]. */
async function sitting(applicantId: string, applicationModuleId: string, testId: string, answers: [string, number | null, number, number, string[]][]) {
  const db = t.database.db;
  const score = answers.reduce((sum, a) => sum + (a[1] ?? 0), 0);
  const [instance] = await db
    .insert(examInstances)
    .values({
      examType: 'module',
      examDefinitionId: testId,
      applicantId,
      applicationModuleId,
      status: 'Submitted',
      totalSeconds: 5400,
      minimumSeconds: 0,
      startedOn: day(-1),
      deadline: day(-0.9),
      submittedOn: day(-0.95),
      totalMarks: 10,
      score,
    })
    .returning({ id: examInstances.id });
  await db.insert(questionInstances).values(
    answers.map(([questionVersionId, actualMarks, maxMarks, timeTaken, chosen], index) => ({
      examInstanceId: instance!.id,
      questionVersionId,
      sortOrder: index + 1,
      maxMarks,
      actualMarks,
      timeTaken,
      isAttempted: true,
      isAnswered: true,
      answerOptionGivenByUser: chosen,
    })),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const menus = ['Reports', 'Dashboard', 'Programs'] as const;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: [...menus], firstName: 'Mia', lastName: 'Manager' });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Eve', lastName: 'Examiner' });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: [...menus], firstName: 'Otto', lastName: 'Outsider' });
  const noMenu = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
  const plainUser = await createUser(db, { role: ROLES.User, menuItems: [] });
  programA = (await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Inspector A' })).id;
  programB = (await createProgram(db, { programManagerId: outsider.id, status: 2, programType: 1, programTitle: 'Inspector B' })).id;
  await addProgramUser(db, programA, examiner.id, 'examiner');
  const [moduleA] = await db
    .insert(programModules)
    .values({ programId: programA, moduleCode: 'M1', moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 200, passPercentage: 70, sortOrder: 1 })
    .returning({ id: programModules.id });
  const test = await createPublishedModuleTest(db, moduleA!.id);

  const ann = await applicant('Ann', 'NSW', 'individual');
  const ben = await applicant('Ben', 'VIC', 'none');
  const dan = await applicant('Dan', 'NSW', 'corporate');
  const cat = await applicant('Cat', 'QLD', 'none');
  const eve = await applicant('Eve', '', 'none');
  const fay = await applicant('Fay', 'NSW', 'none');
  const make = (who: CreatedUser, programId: string, status?: 'Being Assessed' | 'Application Submitted') =>
    createApplicationWithModules(db, { applicantId: who.applicantId!, programId, programModuleIds: status ? [] : [moduleA!.id], ...(status ? { status, workflowStage: null } : {}) });
  const annApp = await make(ann, programA);
  const benApp = await make(ben, programA);
  const danApp = await make(dan, programA);
  await make(cat, programB, 'Application Submitted');
  const eveApp = await make(eve, programA, 'Being Assessed');
  await db.update(applications).set({ assessorId: examiner.id }).where(eq(applications.id, eveApp.id));
  const fayApp = await make(fay, programA);

  const result = (id: string, value: 'Pass' | 'Fail' | 'Absent', percentage: number | null) =>
    db.update(applicationModules).set({ result: value, resultPercentage: percentage, resultEnteredOn: new Date(), scheduledAt: day(-1), scheduleSentOn: day(-3), examinerId: examiner.id }).where(eq(applicationModules.id, id));
  await result(annApp.moduleIds[0]!, 'Pass', 80);
  await result(benApp.moduleIds[0]!, 'Fail', 50);
  await result(danApp.moduleIds[0]!, 'Absent', null);
  await db.update(applicationModules).set({ scheduledAt: day(2), scheduleSentOn: new Date(), examinerId: examiner.id, examKind: 'Online' }).where(eq(applicationModules.id, fayApp.moduleIds[0]!));

  await db.insert(applicationHistory).values([
    { applicationId: annApp.id, fromStatus: 'Application Submitted', toStatus: 'Being Assessed', createdBy: manager.id },
    { applicationId: benApp.id, fromStatus: 'Application Submitted', toStatus: 'Being Assessed', createdBy: manager.id },
    { applicationId: annApp.id, fromStatus: 'Being Assessed', toStatus: 'Assessment Completed', createdBy: examiner.id },
    { applicationId: annApp.id, fromStatus: 'Application Started', toStatus: 'Application Submitted', createdBy: ann.id },
  ]);
  const today = sydneyToday();
  const inDays = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(day(n));
  await db.insert(awards).values([
    { applicationId: annApp.id, applicantId: ann.applicantId!, programId: programA, programType: 1, awardType: 'Awarded', certificateNumber: `A-${Date.now()}-1`, awardedOn: today, expiresOn: inDays(30) },
    { applicationId: benApp.id, applicantId: ben.applicantId!, programId: programA, programType: 1, awardType: 'Awarded', certificateNumber: `A-${Date.now()}-2`, awardedOn: '2020-01-10', expiresOn: '2023-01-10', status: 'expired' },
  ]);

  const subject = await createSubject(db);
  const tag = await createTag(db);
  const q1 = await createQuestion(db, { subjectIds: [subject.id], tagIds: [tag.id], content: '<p>Which process uses a stick electrode?</p>' });
  const q2 = await createQuestion(db, { questionType: 'Descriptive', subjectIds: [subject.id], tagIds: [tag.id], content: '<p>Describe porosity.</p>' });
  const q3 = await createQuestion(db, { questionType: 'Descriptive', subjectIds: [subject.id], tagIds: [tag.id], content: '<p>Describe undercut.</p>' });
  const options = await t.database.db.query.questionOptions.findMany({ where: (o, { eq: is }) => is(o.questionVersionId, q1.versionId), orderBy: (o, { asc }) => asc(o.sortOrder) });
  questionOne = { versionId: q1.versionId, optionIds: options.map((o) => o.id) };
  const [a, b] = questionOne.optionIds as [string, string];
  await sitting(ann.applicantId!, annApp.moduleIds[0]!, test.id, [
    [q1.versionId, 1, 1, 30, [a]],
    [q2.versionId, 4, 5, 100, []],
  ]);
  await sitting(ben.applicantId!, benApp.moduleIds[0]!, test.id, [
    [q1.versionId, 1, 1, 60, [a]],
    [q2.versionId, 2, 5, 100, []],
    [q3.versionId, null, 4, 10, []],
  ]);
  await sitting(dan.applicantId!, danApp.moduleIds[0]!, test.id, [
    [q1.versionId, 0, 1, 90, [b]],
    [q2.versionId, 1, 5, 100, []],
  ]);

  const users = { superUser, manager, examiner, outsider, noMenu, plainUser, ann };
  for (const [name, user] of Object.entries(users)) jwt[name] = (await signIn(t.app, user)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('who may read reports', () => {
  const paths = ['/api/reports/userstat', '/api/reports/applicationhistory', '/api/reports/examresults', '/api/reports/awards', '/api/reports/questionstatistics', '/api/reports/programs'];
  it('refuses applicants, staff without the Reports menu, and unsigned callers', async () => {
    for (const path of paths) {
      expect((await get(path, 'ann')).statusCode).toBe(403);
      if (path.endsWith('/programs')) continue;
      expect((await get(path, 'noMenu')).statusCode).toBe(403);
      expect((await get(path, 'plainUser')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    }
  });
  it('refuses a program the caller does not serve on (403, never an empty report)', async () => {
    for (const path of paths.slice(0, 5)) expect((await get(`${path}?programId=${programA}`, 'outsider')).statusCode).toBe(403);
  });
  it('refuses a period that ends before it starts with the message at the field', async () => {
    const response = await get('/api/reports/userstat?from=2026-02-01&to=2026-01-01', 'superUser');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.to).toBe('To must not be before From');
  });
});

describe('report figures on known data', () => {
  it('user statistics: applicants by state, membership and month; staff by role, scoped to the manager’s program', async () => {
    const report = (await get(`/api/reports/userstat?programId=${programA}`, 'manager')).json<UserStatReport>();
    expect(report.isScoped).toBe(true);
    expect(report.totalApplicants).toBe(5);
    expect(report.applicantsByState).toEqual([
      { label: 'NSW', count: 3 },
      { label: 'Not given', count: 1 },
      { label: 'VIC', count: 1 },
    ]);
    expect(report.applicantsByMembership).toEqual([
      { label: 'Not a member', count: 3 },
      { label: 'Individual member', count: 1 },
      { label: 'Corporate member', count: 1 },
    ]);
    expect(report.applicantsByMonth.reduce((sum, row) => sum + row.count, 0)).toBe(5);
    expect(report.staffByRole).toEqual([{ label: 'Account Contributor', count: 2 }]);
    const all = (await get('/api/reports/userstat', 'superUser')).json<UserStatReport>();
    expect(all.isScoped).toBe(false);
    expect(all.applicantsByState).toContainEqual({ label: 'QLD', count: 1 });
  });

  it('application history: moves by program, status and staff member; the applicant’s own move reads Applicant', async () => {
    const report = (await get(`/api/reports/applicationhistory?programId=${programA}`, 'superUser')).json<ApplicationHistoryReport>();
    expect(report.totalMoves).toBe(4);
    expect(report.rows.map((r) => [r.status, r.staffName, r.moves])).toEqual([
      ['Application Submitted', 'Applicant', 1],
      ['Assessment Completed', 'Eve Examiner', 1],
      ['Being Assessed', 'Mia Manager', 2],
    ]);
    const onlyMia = (await get(`/api/reports/applicationhistory?staffId=${manager.id}&status=Being%20Assessed`, 'superUser')).json<ApplicationHistoryReport>();
    expect(onlyMia.totalMoves).toBe(2);
    const outsiders = (await get('/api/reports/applicationhistory', 'outsider')).json<ApplicationHistoryReport>();
    expect(outsiders.rows.every((row) => row.programId === programB)).toBe(true);
  });

  it('exam results: attempts, passes, fails, absences, pass rate and average by module', async () => {
    const report = (await get(`/api/reports/examresults?programId=${programA}`, 'manager')).json<ExamResultsReport>();
    expect(report.rows).toEqual([
      expect.objectContaining({ moduleCode: 'M1', moduleTitle: 'Welding processes', attempts: 3, passed: 1, failed: 1, absent: 1, passRate: 50, averagePercentage: 65 }),
    ]);
    expect((await get('/api/reports/examresults', 'outsider')).json<ExamResultsReport>().rows).toEqual([]);
  });

  it('awards: issued in the period, current, expiring within 90 days and expired', async () => {
    const today = sydneyToday();
    const report = (await get(`/api/reports/awards?from=${today}&to=${today}`, 'manager')).json<AwardsReport>();
    expect(report.rows).toEqual([expect.objectContaining({ programId: programA, issued: 1, current: 1, expiringSoon: 1, expired: 1 })]);
  });

  it("question statistics: facility, discrimination, average time and each option's choices (Moodle's model)", async () => {
    const report = (await get(`/api/reports/questionstatistics?programId=${programA}`, 'manager')).json<QuestionStatisticsReport>();
    expect(report.sittings).toBe(3);
    const one = report.rows.find((row) => row.questionVersionId === questionOne.versionId)!;
    expect(one).toMatchObject({ attempts: 3, facility: 66.7, discrimination: 75.6, averageSeconds: 60, questionType: 'General Single Answer' });
    expect(one.options.map((o) => [o.isCorrect, o.chosen, o.chosenPercent])).toEqual([
      [true, 2, 66.7],
      [false, 1, 33.3],
    ]);
    const two = report.rows.find((row) => row.content === 'Describe porosity.')!;
    expect(two).toMatchObject({ attempts: 3, facility: 46.7 });
    // The unmarked answer counts nowhere until it is marked.
    expect(report.rows.find((row) => row.content === 'Describe undercut.')).toBeUndefined();
    expect((await get('/api/reports/questionstatistics', 'outsider')).json<QuestionStatisticsReport>().sittings).toBe(0);
  });
});

describe('dashboard', () => {
  it('summarises the manager’s programs only, and the whole account for a super user', async () => {
    const mine = (await get('/api/dashboard/summary', 'manager')).json<DashboardSummary>();
    expect(mine.isScoped).toBe(true);
    const count = (s: DashboardSummary, label: string) => s.applicationsByStatus.find((row) => row.label === label)?.count;
    expect(count(mine, 'Examinations Stage')).toBe(4);
    expect(count(mine, 'Being Assessed')).toBe(1);
    expect(count(mine, 'Application Submitted')).toBe(0);
    expect(mine.applicationsByType).toEqual([{ type: 'qualificationapplication', label: 'Qualification', count: 5 }]);
    expect(mine.applicationsByStage.find((row) => row.label === 'Payment completed')?.count).toBe(4);
    expect(mine.examsAheadTotal).toBe(1);
    expect(mine.awards).toMatchObject({ issuedThisMonth: 1, current: 1, expiringSoon: 1 });
    expect(mine.pending).toEqual([
      { key: 'awaitingAssessor', label: 'Applications waiting for an assessor', count: 0 },
      { key: 'resultsToRecord', label: 'Exam results to record', count: 0 },
      { key: 'answersToMark', label: 'Descriptive answers to mark', count: 1 },
      // No welder qualification here: the Welders due list's count is tested with the validity module.
      { key: 'confirmationsDue', label: 'Welder confirmations and revalidations due in 60 days', count: 0 },
    ]);
    const all = (await get('/api/dashboard/summary', 'superUser')).json<DashboardSummary>();
    expect(count(all, 'Application Submitted')).toBe(1);
    expect(all.pending[0]!.count).toBe(1);
  });

  it('needs the Dashboard menu; every member of staff reads their own work, applicants nothing', async () => {
    expect((await get('/api/dashboard/summary', 'examiner')).statusCode).toBe(403);
    expect((await get('/api/dashboard/summary', 'ann')).statusCode).toBe(403);
    expect((await get('/api/dashboard/mywork', 'ann')).statusCode).toBe(403);
    const work = (await get('/api/dashboard/mywork', 'examiner')).json<MyWork>();
    expect(work.assignedApplications.map((a) => a.applicantName)).toEqual(['Eve Tester']);
    expect(work.sittings).toEqual([expect.objectContaining({ candidateName: 'Fay Tester', duty: 'Examiner', moduleTitle: 'Welding processes', examKind: 'Online' })]);
    expect(work.answersToMark).toEqual([expect.objectContaining({ candidateName: 'Ben Tester', waiting: 1 })]);
    const others = (await get('/api/dashboard/mywork', 'outsider')).json<MyWork>();
    expect(others).toEqual({ assignedApplications: [], sittings: [], answersToMark: [] });
  });
});

describe("another account's staff", () => {
  it("count and list only their account's programs; asking for the first account's program is a 403 (issue 40)", async () => {
    const db = t.database.db;
    const nz = await createAccount(db, { name: 'Kiwi Reports Body' });
    const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Reports', 'Dashboard', 'Programs'], accountId: nz.id, firstName: 'Nia', lastName: 'Kiwi' });
    const nzProgram = await createProgram(db, { programManagerId: nzAdmin.id, status: 2, programType: 1, programTitle: 'Kiwi Inspector', accountId: nz.id });
    const kiri = await applicant('Kiri', 'Auckland', 'none');
    await createApplicationWithModules(db, { applicantId: kiri.applicantId!, programId: nzProgram.id, programModuleIds: [], status: 'Application Submitted', workflowStage: null });
    jwt.nzAdmin = (await signIn(t.app, nzAdmin)).jwt;

    const users = (await get('/api/reports/userstat', 'nzAdmin')).json<UserStatReport>();
    expect(users).toMatchObject({ isScoped: false, totalApplicants: 1, applicantsByState: [{ label: 'Auckland', count: 1 }], totalStaff: 1 });
    expect((await get('/api/reports/programs', 'nzAdmin')).json()).toEqual([expect.objectContaining({ id: nzProgram.id, programTitle: 'Kiwi Inspector' })]);
    expect((await get('/api/reports/examresults', 'nzAdmin')).json<ExamResultsReport>().rows).toEqual([]);
    expect((await get('/api/reports/awards', 'nzAdmin')).json<AwardsReport>().rows).toEqual([]);
    expect((await get('/api/reports/questionstatistics', 'nzAdmin')).json<QuestionStatisticsReport>().sittings).toBe(0);
    for (const path of ['userstat', 'applicationhistory', 'examresults', 'awards', 'questionstatistics']) {
      expect((await get(`/api/reports/${path}?programId=${programA}`, 'nzAdmin')).statusCode, path).toBe(403);
    }
    const summary = (await get('/api/dashboard/summary', 'nzAdmin')).json<DashboardSummary>();
    expect(summary.applicationsByStatus.filter((row) => row.count > 0)).toEqual([{ label: 'Application Submitted', count: 1 }]);
    expect(summary.awards).toMatchObject({ current: 0, expiringSoon: 0 });
    // The first account's figures leave the new account's applicant out.
    const first = (await get('/api/reports/userstat', 'superUser')).json<UserStatReport>();
    expect(first.applicantsByState.find((row) => row.label === 'Auckland')).toBeUndefined();
  });
});
