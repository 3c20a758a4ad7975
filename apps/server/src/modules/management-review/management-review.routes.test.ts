import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, count, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { APPEAL_SUBJECT_LABELS } from '@certs/shared/appeal/appeal.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { COMPLAINT_ABOUT_LABELS } from '@certs/shared/complaint/complaint.contract';
import { CONFLICT_KIND_LABELS } from '@certs/shared/impartiality/impartiality.contract';
import { MANAGEMENT_REVIEW_MESSAGES, MANAGEMENT_REVIEW_PATHS, type ManagementReviewReport } from '@certs/shared/management-review/management-review.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { addProgramUser, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema/account';
import { appeals, complaints } from '../../db/schema/appeal';
import { applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { examDefinitions } from '../../db/schema/exam-definition';
import { examInstances } from '../../db/schema/exam-instance';
import { impartialityEvents, staffAgreements, staffConflicts } from '../../db/schema/impartiality';
import { programModules } from '../../db/schema/program';
import { resitModules } from '../../db/schema/resit';
import { users } from '../../db/schema/user';
import { textOfPdf } from '../pre-exam/pdf-text';

/**
 * The yearly management review (issue 43) against data this file makes: 2025 in the first account
 * (Sydney's days), with records on either side of the year's edges, a second program, and a second
 * account whose records must never show.
 */

const YEAR = 2025;
let t: TestApp;
const jwt: Record<'admin' | 'manager' | 'roleManager' | 'assessor' | 'applicant' | 'otherAdmin', string> = {} as never;
let admin: CreatedUser;
let manager: CreatedUser;
let assessor: CreatedUser;
let otherStaff: CreatedUser;
let handler: CreatedUser;
let supervision: { id: string; programCode: string };
let inspection: { id: string; programCode: string };
let foreign: { id: string; programCode: string };
let bodyName: string;
const references = { upheld: '', open: '', late: '', complaint: '', bodyComplaint: '', foreignAppeal: '' };

const at = (iso: string) => new Date(iso);
const get = (path: string, who: keyof typeof jwt, query: Record<string, string | number> = {}) =>
  t.app.inject({ method: 'GET', url: path, query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), headers: bearer(jwt[who]) });
const reportOf = async (who: keyof typeof jwt, query: Record<string, string | number> = { year: YEAR }) => {
  const response = await get(MANAGEMENT_REVIEW_PATHS.report, who, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ManagementReviewReport>();
};
const countOf = (list: { label: string; count: number }[], label: string) => list.find((item) => item.label === label)?.count ?? 0;

async function application(programId: string, applicant: CreatedUser, values: { status: string; createdOn: string; submittedOn?: string }) {
  const [row] = await t.database.db
    .insert(applications)
    .values({
      applicationNumber: `C-${YEAR}-${randomBytes(4).toString('hex')}`,
      applicantId: applicant.applicantId!,
      programId,
      programType: 2,
      status: values.status,
      createdOn: at(values.createdOn),
      submittedOn: values.submittedOn ? at(values.submittedOn) : null,
    })
    .returning({ id: applications.id });
  return row!.id;
}

async function award(programId: string, applicationId: string, applicant: CreatedUser, awardType: string, awardedOn: string) {
  const [row] = await t.database.db
    .insert(awards)
    .values({ applicationId, applicantId: applicant.applicantId!, programId, programType: 2, awardType, certificateNumber: `MR-${randomBytes(5).toString('hex')}`, awardedOn, expiresOn: '2030-01-01' })
    .returning({ id: awards.id });
  return row!.id;
}

const move = (awardId: string, fromStatus: string, toStatus: string, on: string) =>
  t.database.db.insert(awardHistory).values({ awardId, action: 'test', fromStatus, toStatus, reason: 'Test', createdOn: at(on), createdBy: admin.id });

async function appeal(programId: string, accountId: string, appellant: CreatedUser, values: { receivedOn: string; acknowledgedOn?: string; acknowledgeBy: string; decideBy: string; decidedOn?: string; status: 'received' | 'investigating' | 'decided' | 'withdrawn'; outcome?: 'upheld' | 'partly_upheld' | 'dismissed' }) {
  const reference = `APL-${YEAR}-${randomBytes(3).toString('hex').toUpperCase()}`;
  await t.database.db.insert(appeals).values({
    accountId,
    reference,
    programId,
    subject: 'result',
    appellantUserId: appellant.id,
    grounds: 'The marking missed my answer.',
    status: values.status,
    handlerId: handler.id,
    receivedOn: at(values.receivedOn),
    acknowledgedOn: values.acknowledgedOn ? at(values.acknowledgedOn) : null,
    acknowledgeBy: values.acknowledgeBy,
    decideBy: values.decideBy,
    decidedOn: values.decidedOn ? at(values.decidedOn) : null,
    decidedBy: values.decidedOn ? handler.id : null,
    outcome: values.outcome ?? null,
    outcomeReasons: values.outcome ? 'Reasons given.' : null,
  });
  return reference;
}

async function complaint(programId: string | null, values: { receivedOn: string; decidedOn?: string; status: 'received' | 'decided' | 'withdrawn'; outcome?: 'partly_upheld' }) {
  const reference = `CMP-${YEAR}-${randomBytes(3).toString('hex').toUpperCase()}`;
  await t.database.db.insert(complaints).values({
    reference,
    about: programId ? 'examiner' : 'body',
    programId,
    complainantKind: 'public',
    complainantName: 'Jo Public',
    complainantEmail: 'jo@example.test',
    details: 'Rude at the venue.',
    status: values.status,
    handlerId: handler.id,
    receivedOn: at(values.receivedOn),
    acknowledgeBy: '2025-12-31',
    decideBy: '2025-12-31',
    decidedOn: values.decidedOn ? at(values.decidedOn) : null,
    outcome: values.outcome ?? null,
  });
  return reference;
}

/** A marked module sitting of the test (a re-sit when asked), marked at `markedOn`. */
async function sitting(testId: string, applicant: CreatedUser, applicationModuleId: string, applicationId: string, values: { percentage: number; markedOn: string; isResit?: boolean }) {
  let resitModuleId: string | null = null;
  if (values.isResit) {
    const [resit] = await t.database.db.insert(resitModules).values({ applicationId, applicationModuleId, attempt: 1, feeCents: 100, feeBasis: 'member' }).returning({ id: resitModules.id });
    resitModuleId = resit!.id;
  }
  const started = at(values.markedOn);
  await t.database.db.insert(examInstances).values({
    examType: 'module',
    examDefinitionId: testId,
    applicantId: applicant.applicantId!,
    applicationModuleId: values.isResit ? null : applicationModuleId,
    resitModuleId,
    status: 'Submitted',
    totalSeconds: 3600,
    minimumSeconds: 0,
    startedOn: started,
    deadline: started,
    submittedOn: started,
    totalMarks: 100,
    score: values.percentage,
    percentage: values.percentage,
    result: values.percentage >= 70 ? 'Pass' : 'Fail',
    markedOn: started,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Reports', 'Programs'], firstName: 'Ada', lastName: 'Admin' });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Max', lastName: 'Manager' });
  const roleManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Rhea', lastName: 'Rolemanager' });
  assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Sam', lastName: 'Assessor' });
  otherStaff = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Tia', lastName: 'Trainer' });
  handler = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Hal', lastName: 'Handler' });
  const applicant = await createUser(db, { role: ROLES.Applicant });
  supervision = await createProgram(db, { programManagerId: manager.id, programType: 2, status: 2, programTitle: 'Certified Welding Supervisor' });
  inspection = await createProgram(db, { programManagerId: admin.id, programType: 1, status: 2, programTitle: 'Welding Inspector' });
  await addProgramUser(db, supervision.id, assessor.id, 'assessor');
  await addProgramUser(db, inspection.id, roleManager.id, 'manager');
  bodyName = (await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, FIRST_ACCOUNT_ID)))[0]!.name;

  // Applications of the supervision program: three started in 2025 by Sydney's days, three submitted in 2025.
  const a1 = await application(supervision.id, applicant, { status: 'Awarded', createdOn: '2025-03-01T01:00:00Z', submittedOn: '2025-03-05T01:00:00Z' });
  const a2 = await application(supervision.id, applicant, { status: 'Application Submitted', createdOn: '2024-12-31T14:00:00Z', submittedOn: '2025-02-01T01:00:00Z' });
  await application(supervision.id, applicant, { status: 'Application Started', createdOn: '2025-05-01T01:00:00Z' });
  await application(supervision.id, applicant, { status: 'Application Started', createdOn: '2025-12-31T13:30:00Z' });
  const a5 = await application(supervision.id, applicant, { status: 'Being Assessed', createdOn: '2024-11-01T01:00:00Z', submittedOn: '2025-01-09T14:00:00Z' });
  await application(inspection.id, applicant, { status: 'Application Started', createdOn: '2025-07-01T01:00:00Z' });

  // Awards: two made in 2025 (an initial award and a renewal); one put on hold and released, one withdrawn, one cancelled in 2025.
  const w1 = await award(supervision.id, a1, applicant, 'Awarded', '2025-03-20');
  const w2 = await award(supervision.id, a5, applicant, 'Renewal', '2025-08-01');
  const w3 = await award(supervision.id, a2, applicant, 'Awarded', '2024-05-01');
  await move(w1, 'current', 'on hold', '2025-04-01T01:00:00Z');
  await move(w1, 'on hold', 'current', '2025-05-01T01:00:00Z');
  await move(w2, 'current', 'withdrawn', '2025-09-01T01:00:00Z');
  await move(w3, 'current', 'on hold', '2024-07-01T01:00:00Z');
  await move(w3, 'on hold', 'cancelled', '2025-10-01T01:00:00Z');

  // Appeals: two received in 2025 (one decided in 20 days, one open past its date); one received in 2024 and decided late in 2025.
  const appellant = await createUser(db, { role: ROLES.Applicant });
  references.upheld = await appeal(supervision.id, FIRST_ACCOUNT_ID, appellant, {
    receivedOn: '2025-02-01T01:00:00Z',
    acknowledgedOn: '2025-02-03T01:00:00Z',
    acknowledgeBy: '2025-02-06',
    decideBy: '2025-03-03',
    decidedOn: '2025-02-21T01:00:00Z',
    status: 'decided',
    outcome: 'upheld',
  });
  references.open = await appeal(supervision.id, FIRST_ACCOUNT_ID, appellant, { receivedOn: '2025-11-20T01:00:00Z', acknowledgedOn: '2025-11-28T01:00:00Z', acknowledgeBy: '2025-11-25', decideBy: '2025-12-20', status: 'investigating' });
  references.late = await appeal(supervision.id, FIRST_ACCOUNT_ID, appellant, { receivedOn: '2024-12-10T01:00:00Z', acknowledgeBy: '2024-12-15', decideBy: '2025-01-09', decidedOn: '2025-01-20T01:00:00Z', status: 'decided', outcome: 'dismissed' });

  // Complaints: one about the program's examiner (decided in 29 days), one about the body (withdrawn).
  references.complaint = await complaint(supervision.id, { receivedOn: '2025-06-01T01:00:00Z', decidedOn: '2025-06-30T01:00:00Z', status: 'decided', outcome: 'partly_upheld' });
  references.bodyComplaint = await complaint(null, { receivedOn: '2025-07-01T01:00:00Z', status: 'withdrawn' });

  // Impartiality: the assessor declared a relative; another staff member a trainee (ended); refusals and an override.
  await db.insert(staffConflicts).values({ staffUserId: assessor.id, applicantUserId: applicant.id, kind: 'relative', declaredOn: at('2025-04-01T01:00:00Z') });
  await db.insert(staffConflicts).values({ staffUserId: otherStaff.id, applicantUserId: applicant.id, kind: 'trainee', declaredOn: at('2025-05-01T01:00:00Z'), endedOn: at('2025-09-01T01:00:00Z') });
  await db.insert(staffConflicts).values({ staffUserId: otherStaff.id, applicantUserId: applicant.id, kind: 'other', declaredOn: at('2024-05-01T01:00:00Z') });
  await db.insert(impartialityEvents).values([
    { programId: supervision.id, applicationId: a1, staffUserId: assessor.id, role: 'examiner', outcome: 'refused', reasons: ['declared a conflict: relative'], actorId: admin.id, createdOn: at('2025-04-02T01:00:00Z') },
    {
      programId: supervision.id,
      applicationId: a1,
      staffUserId: assessor.id,
      role: 'assessor',
      outcome: 'overridden',
      reasons: ['declared a conflict: relative'],
      overrideReason: 'The only assessor of this endorsement; a second assessor checks the report.',
      actorId: admin.id,
      createdOn: at('2025-04-03T01:00:00Z'),
    },
    { programId: null, staffUserId: otherStaff.id, role: 'complaint_handler', outcome: 'refused', reasons: ['the complaint is about them'], actorId: admin.id, createdOn: at('2025-06-01T01:00:00Z') },
    { programId: supervision.id, staffUserId: assessor.id, role: 'examiner', outcome: 'refused', reasons: ['declared a conflict: relative'], actorId: admin.id, createdOn: at('2024-06-01T01:00:00Z') },
  ]);
  await db.insert(staffAgreements).values([
    { staffUserId: assessor.id, year: YEAR, agreementText: 'I will act impartially.' },
    { staffUserId: otherStaff.id, year: YEAR - 1, agreementText: 'I will act impartially.' },
  ]);

  // Exams: three sittings of the module test marked in 2025 (one a re-sit), one in 2024.
  const [module] = await db
    .insert(programModules)
    .values({ programId: supervision.id, moduleCode: 'SUP-1', moduleTitle: 'Coordination', examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 100, passPercentage: 70, sortOrder: 1 })
    .returning({ id: programModules.id });
  const [test] = await db
    .insert(examDefinitions)
    .values({ title: 'Coordination exam', description: 'd', instruction: 'i', testType: 'module', programType: 2, programModuleId: module!.id, overallTime: 60, minimumTime: 0, totalTestMarks: 100 })
    .returning({ id: examDefinitions.id });
  for (const [percentage, markedOn, isResit] of [
    [80, '2025-03-10T01:00:00Z', false],
    [60, '2025-04-10T01:00:00Z', false],
    [90, '2025-05-10T01:00:00Z', true],
    [40, '2024-05-10T01:00:00Z', false],
  ] as const) {
    const sat = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: supervision.id, programType: 2, programModuleIds: [module!.id] });
    await sitting(test!.id, applicant, sat.moduleIds[0]!, sat.id, { percentage, markedOn, isResit });
  }

  // Another body: its program, application and appeal never show in the first body's review.
  const other = await createAccount(db);
  const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, accountId: other.id, menuItems: ['Reports'] });
  foreign = await createProgram(db, { programManagerId: otherAdmin.id, programType: 2, status: 2, accountId: other.id, programTitle: 'Foreign Supervisor' });
  await application(foreign.id, applicant, { status: 'Application Started', createdOn: '2025-03-01T01:00:00Z' });
  references.foreignAppeal = await appeal(foreign.id, other.id, appellant, { receivedOn: '2025-03-01T01:00:00Z', acknowledgeBy: '2025-03-06', decideBy: '2025-04-01', status: 'received' });

  jwt.admin = (await signIn(t.app, admin)).jwt;
  jwt.manager = (await signIn(t.app, manager)).jwt;
  jwt.roleManager = (await signIn(t.app, roleManager)).jwt;
  jwt.assessor = (await signIn(t.app, assessor)).jwt;
  jwt.applicant = (await signIn(t.app, applicant)).jwt;
  jwt.otherAdmin = (await signIn(t.app, otherAdmin)).jwt;
});

afterAll(async () => {
  await t.close();
});

describe('the review of every program of the account', () => {
  it('counts applications by the account’s days: started, submitted, and the status today of those started', async () => {
    const report = await reportOf('admin');
    expect(report).toMatchObject({ year: YEAR, from: '2025-01-01', to: '2025-12-31', timeZone: 'Australia/Sydney', accountName: bodyName, isAllPrograms: true });
    expect(report.programs.map((program) => program.id).sort()).toEqual([supervision.id, inspection.id].sort());
    expect(report.applications).toEqual({
      started: 4,
      submitted: 3,
      byStatus: [
        { label: 'Application Started', count: 2 },
        { label: 'Application Submitted', count: 1 },
        { label: 'Awarded', count: 1 },
      ],
    });
  });

  it('counts awards made, suspensions, releases, withdrawals and cancellations in the year', async () => {
    const report = await reportOf('admin');
    expect(report.awards).toEqual({
      made: 2,
      byType: [
        { label: 'Awarded', count: 1 },
        { label: 'Renewal', count: 1 },
      ],
      suspended: 1,
      released: 1,
      withdrawn: 1,
      cancelled: 1,
      expired: 0,
    });
    const line = report.byProgram.find((row) => row.programId === supervision.id);
    expect(line).toMatchObject({ started: 3, submitted: 3, awarded: 2, suspended: 1, withdrawn: 1, cancelled: 1, appeals: 2, complaints: 1, sittings: 3 });
    expect(report.byProgram.find((row) => row.programId === inspection.id)).toMatchObject({ started: 1, submitted: 0, awarded: 0, appeals: 0 });
  });

  it('gives appeals and complaints with their outcomes and times', async () => {
    const report = await reportOf('admin');
    expect(report.appeals).toMatchObject({
      received: 2,
      acknowledgedOnTime: 1,
      meanDaysToAcknowledge: 5,
      decided: 2,
      decidedOnTime: 1,
      meanDaysToDecide: 30.5,
      byOutcome: [
        { label: 'Upheld', count: 1 },
        { label: 'Partly upheld', count: 0 },
        { label: 'Dismissed', count: 1 },
      ],
      withdrawn: 0,
      open: 1,
      overdue: 1,
    });
    expect(report.appeals.rows.map((row) => row.reference)).toEqual([references.late, references.upheld, references.open]);
    expect(report.appeals.rows.find((row) => row.reference === references.upheld)).toMatchObject({
      programCode: supervision.programCode,
      subject: APPEAL_SUBJECT_LABELS.result,
      receivedOn: '2025-02-01',
      decidedOn: '2025-02-21',
      outcome: 'Upheld',
      handlerName: 'Hal Handler',
      daysToDecide: 20,
      isOnTime: true,
    });
    expect(report.appeals.rows.find((row) => row.reference === references.late)).toMatchObject({ daysToDecide: 41, isOnTime: false, outcome: 'Dismissed' });
    expect(report.appeals.rows.find((row) => row.reference === references.open)).toMatchObject({ status: 'Under investigation', outcome: null, isOnTime: false });
    // The body's own complaint counts for the whole account.
    expect(report.complaints).toMatchObject({ received: 2, decided: 1, meanDaysToDecide: 29, withdrawn: 1, open: 0 });
    expect(countOf(report.complaints.byOutcome, 'Partly upheld')).toBe(1);
    expect(report.complaints.rows.map((row) => [row.reference, row.programCode, row.subject])).toEqual([
      [references.complaint, supervision.programCode, COMPLAINT_ABOUT_LABELS.examiner],
      [references.bodyComplaint, null, COMPLAINT_ABOUT_LABELS.body],
    ]);
  });

  it('gives the impartiality declarations, refusals and overrides of the year, and who signed the year’s agreement', async () => {
    const { impartiality } = await reportOf('admin');
    expect(impartiality).toMatchObject({ conflictsDeclared: 2, conflictsEnded: 1, refusals: 2, overrides: 1 });
    expect(impartiality.conflictsByKind).toEqual(
      expect.arrayContaining([
        { label: CONFLICT_KIND_LABELS.relative, count: 1 },
        { label: CONFLICT_KIND_LABELS.trainee, count: 1 },
      ]),
    );
    expect(impartiality.conflictsByKind).toHaveLength(2);
    expect(impartiality.byRole).toEqual([
      { role: 'Assessor', refused: 0, overridden: 1 },
      { role: 'Examiner', refused: 1, overridden: 0 },
      { role: 'Complaint handler', refused: 1, overridden: 0 },
    ]);
    expect(impartiality.overrideRows).toEqual([
      {
        on: '2025-04-03',
        programCode: supervision.programCode,
        staffName: 'Sam Assessor',
        role: 'Assessor',
        reasons: ['declared a conflict: relative'],
        overrideReason: 'The only assessor of this endorsement; a second assessor checks the report.',
        byName: 'Ada Admin',
      },
    ]);
    const [staff] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.accountId, FIRST_ACCOUNT_ID), eq(users.userType, 'admin'), eq(users.active, true)));
    expect(impartiality.staffServing).toBe(staff!.n);
    expect(impartiality.agreementsSigned).toBe(1);
    expect(impartiality.staffWithoutAgreement).toContain('Tia Trainer');
    expect(impartiality.staffWithoutAgreement).not.toContain('Sam Assessor');
  });

  it('gives each module test’s sittings, pass rate and mean score, re-sits included', async () => {
    const { exams } = await reportOf('admin');
    expect(exams).toEqual({
      sittings: 3,
      passRate: 66.7,
      rows: [{ programCode: supervision.programCode, moduleCode: 'SUP-1', moduleTitle: 'Coordination', testTitle: 'Coordination exam', sittings: 3, passed: 2, passRate: 66.7, meanScore: 76.7 }],
    });
  });

  it('finds nothing in a year without records', async () => {
    const report = await reportOf('admin', { year: 2023 });
    expect(report.applications.started).toBe(0);
    expect(report.awards.made).toBe(0);
    expect(report.appeals.rows).toEqual([]);
    expect(report.exams.rows).toEqual([]);
  });
});

describe('one program', () => {
  it('leaves out the other programs and what belongs to the account alone', async () => {
    const report = await reportOf('admin', { year: YEAR, programId: supervision.id });
    expect(report.isAllPrograms).toBe(false);
    expect(report.programs.map((program) => program.programCode)).toEqual([supervision.programCode]);
    expect(report.applications.started).toBe(3);
    expect(report.complaints.received).toBe(1);
    expect(report.complaints.rows.map((row) => row.reference)).toEqual([references.complaint]);
    // The program's staff (its manager and assessor): the assessor's declaration, not the other staff member's.
    expect(report.impartiality).toMatchObject({ conflictsDeclared: 1, conflictsEnded: 0, refusals: 1, overrides: 1, staffServing: 2, agreementsSigned: 1, staffWithoutAgreement: ['Max Manager'] });
  });

  it('is what a program’s manager sees: their own programs, named manager or by the manager role', async () => {
    const programs = (await get(MANAGEMENT_REVIEW_PATHS.programs, 'manager')).json();
    expect(programs).toEqual({ isAccountWide: false, programs: [expect.objectContaining({ id: supervision.id, programCode: supervision.programCode })] });
    const mine = await reportOf('manager');
    expect(mine.programs.map((program) => program.id)).toEqual([supervision.id]);
    expect(mine.isAllPrograms).toBe(false);
    expect(mine.applications.started).toBe(3);
    expect(mine.complaints.received).toBe(1);
    const byRole = await reportOf('roleManager');
    expect(byRole.programs.map((program) => program.id)).toEqual([inspection.id]);
    expect(byRole.applications.started).toBe(1);
    expect(byRole.appeals.received).toBe(0);
  });
});

describe('who may review', () => {
  it('refuses applicants (403) on every route', async () => {
    for (const path of Object.values(MANAGEMENT_REVIEW_PATHS)) expect((await get(path, 'applicant', { year: YEAR })).statusCode, path).toBe(403);
  });

  it('refuses staff who manage no program (403), and a manager another program (403)', async () => {
    const refused = await get(MANAGEMENT_REVIEW_PATHS.report, 'assessor', { year: YEAR });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MANAGEMENT_REVIEW_MESSAGES.forbidden);
    expect((await get(MANAGEMENT_REVIEW_PATHS.csv, 'assessor', { year: YEAR })).statusCode).toBe(403);
    expect((await get(MANAGEMENT_REVIEW_PATHS.programs, 'assessor')).json()).toEqual({ isAccountWide: false, programs: [] });
    expect((await get(MANAGEMENT_REVIEW_PATHS.report, 'manager', { year: YEAR, programId: inspection.id })).statusCode).toBe(403);
    expect((await get(MANAGEMENT_REVIEW_PATHS.pdf, 'manager', { year: YEAR, programId: inspection.id })).statusCode).toBe(403);
  });

  it('keeps each account to itself: another body’s program is refused (403) and its records never counted', async () => {
    expect((await get(MANAGEMENT_REVIEW_PATHS.report, 'admin', { year: YEAR, programId: foreign.id })).statusCode).toBe(403);
    expect((await get(MANAGEMENT_REVIEW_PATHS.report, 'otherAdmin', { year: YEAR, programId: supervision.id })).statusCode).toBe(403);
    const theirs = await reportOf('otherAdmin');
    expect(theirs.programs.map((program) => program.id)).toEqual([foreign.id]);
    expect(theirs.applications.started).toBe(1);
    expect(theirs.appeals.rows.map((row) => row.reference)).toEqual([references.foreignAppeal]);
    expect(theirs.complaints.received).toBe(0);
    expect(theirs.impartiality.conflictsDeclared).toBe(0);
    const ours = await reportOf('admin');
    expect(ours.appeals.rows.map((row) => row.reference)).not.toContain(references.foreignAppeal);
  });

  it('says what is wrong with the year (400)', async () => {
    for (const [query, message] of [
      [{}, MANAGEMENT_REVIEW_MESSAGES.yearRequired],
      [{ year: 1999 }, MANAGEMENT_REVIEW_MESSAGES.yearRange],
      [{ year: 'last' }, MANAGEMENT_REVIEW_MESSAGES.yearRequired],
      [{ year: YEAR, programId: 'not-an-id' }, MANAGEMENT_REVIEW_MESSAGES.programUnknown],
    ] as const) {
      const response = await get(MANAGEMENT_REVIEW_PATHS.report, 'admin', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.body, JSON.stringify(query)).toContain(message);
    }
  });
});

describe('the review as files', () => {
  it('downloads a CSV with a row per figure, case and override', async () => {
    const response = await get(MANAGEMENT_REVIEW_PATHS.csv, 'admin', { year: YEAR });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="management-review-${YEAR}.csv"`);
    const rows = parse(response.body, { bom: true, columns: true }) as { Section: string; Program: string; Measure: string; Value: string }[];
    const value = (section: string, measure: string, program = 'All programs') => rows.find((row) => row.Section === section && row.Measure === measure && row.Program === program)?.Value;
    expect(value('Review', 'Account')).toBe(bodyName);
    expect(value('Applications', 'Started')).toBe('4');
    expect(value('Applications', 'Submitted')).toBe('3');
    expect(value('Awards', 'Made')).toBe('2');
    expect(value('Awards', 'Suspended (Awarded OnHold)')).toBe('1');
    expect(value('By program', 'Appeals received', supervision.programCode)).toBe('2');
    expect(value('Appeals', 'Mean days to decide')).toBe('30.5');
    expect(value('Appeals', 'Outcome: Upheld')).toBe('1');
    expect(value('Complaints', 'Withdrawn')).toBe('1');
    expect(value('Impartiality', 'Refusals overridden')).toBe('1');
    expect(value('Exams', 'SUP-1 Coordination exam: pass rate %', supervision.programCode)).toBe('66.7');
    expect(value('Exams', 'SUP-1 Coordination exam: mean score %', supervision.programCode)).toBe('76.7');
    expect(value('Appeals: case', references.upheld, supervision.programCode)).toContain('Upheld; decided 21-Feb-2025 (20 days)');
    // Days as people read dates (issue 45 item 9), not as YYYY-MM-DD.
    expect(value('Review', 'Period')).toBe(`01-Jan-${YEAR} to 31-Dec-${YEAR} (Australia/Sydney)`);
    expect(value('Review', 'Generated on')).toMatch(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2} [AP]M \w+$/);
    expect(rows.some((row) => row.Section === 'Impartiality: override' && row.Value.includes('a second assessor checks the report'))).toBe(true);
  });

  it('downloads a PDF with the same sections and figures, named after the program when one is chosen', async () => {
    const response = await get(MANAGEMENT_REVIEW_PATHS.pdf, 'admin', { year: YEAR, programId: supervision.id });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="management-review-${YEAR}-${supervision.programCode}.pdf"`);
    const pdf = await PDFDocument.load(response.rawPayload);
    expect(pdf.getTitle()).toBe(`Management review ${YEAR} - ${bodyName}`);
    const text = await textOfPdf(response.rawPayload);
    for (const expected of [`Management review ${YEAR}`, 'Applications', 'Awards, suspensions and withdrawals', 'Appeals', 'Complaints', 'Impartiality', 'Exam statistics', references.upheld, references.complaint, 'Sam Assessor']) {
      expect(text, expected).toContain(expected);
    }
    // Figures sit beside their labels: started 3, suspended 1, mean days to decide 30.5.
    const after = (label: string) => text[text.indexOf(label) + 1];
    expect(after('Started in the year')).toBe('3');
    expect(after('Suspended (Awarded OnHold)')).toBe('1');
    expect(after('Mean days to decide')).toBe('30.5');
    expect(text).not.toContain(references.bodyComplaint);
    expect(text.join(' ')).toContain(`Period: 01-Jan-${YEAR} to 31-Dec-${YEAR}`);
    expect(text.join(' ')).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
  });
});
