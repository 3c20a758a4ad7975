import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { AWARD_MESSAGES, type Award, type AwardPage } from '@certs/shared/award/award.contract';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { RESULT_MESSAGES } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory, applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { mails } from '../../db/schema/mail';
import { programCertificationSettings, programUsers, programs } from '../../db/schema/program';
import { applicants } from '../../db/schema/user';
import { NO_ACCESS_LOG } from '../../platform/audit/personal-data-access';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { createProgramModule } from '../program/program.module';
import { AwardRepository } from './award.repository';
import { AwardService, addYears } from './award.service';

const PUBLIC_URL = 'http://localhost:3000';
const C = '/api/certificationapplication';
const Q = '/api/qualificationapplication';

let t: TestApp;
let superJwt: string;
let managerJwt: string;
let examinerJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let manager: CreatedUser;
let ada: CreatedUser;
let bob: CreatedUser;
let outsiderProgramId: string;

const get = (url: string, jwt?: string) => t.app.inject({ method: 'GET', url, headers: jwt ? bearer(jwt) : {} });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

/** A Certification program of the manager's with its own numbering and a renewal period; the examiner serves on it. */
async function certificationProgram(pattern: string, start: string, renewalPeriod = 3, examiner?: CreatedUser): Promise<string> {
  const db = t.database.db;
  const { id } = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: 'Welding Supervisor' });
  await db.update(programs).set({ numberPatternCheck: true, certificateNumPattern: pattern, certificateStartNum: start }).where(eq(programs.id, id));
  await db.insert(programCertificationSettings).values({
    programId: id,
    kind: 'initial',
    memberFeeCents: 1000,
    nonmemberFeeCents: 2000,
    renewalPeriod,
    assessorAssessmentInstruction: 'Check the logbook.',
    programDeclaration: '<p>I declare.</p>',
  });
  if (examiner) await db.insert(programUsers).values({ programId: id, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner });
  return id;
}

/** A Certification application whose invoice is paid: the result stage may record Awarded. */
async function readyForResult(applicant: CreatedUser, programId: string, programType: 1 | 2 = 2) {
  return createApplicationWithModules(t.database.db, {
    applicantId: applicant.applicantId!,
    programId,
    programType,
    programModuleIds: [],
    workflowStage: programType === 2 ? 'Payment Stage Completed' : 'Exam Modules Evaluation Completed',
  });
}

async function awarded(applicant: CreatedUser, programId: string, programType: 1 | 2 = 2) {
  const application = await readyForResult(applicant, programId, programType);
  const response = await post(`${programType === 2 ? C : Q}/${application.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt);
  expect(response.statusCode).toBe(200);
  const [award] = await t.database.db.select().from(awards).where(eq(awards.applicationId, application.id));
  return { application, award: award! };
}

async function statusOf(applicationId: string) {
  const [row] = await t.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId));
  return row!.status;
}

async function lastMailTo(email: string) {
  const rows = await t.database.db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn));
  return rows.at(-1)!;
}

let programId: string;
let examiner: CreatedUser;

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  const db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Eve', lastName: 'Examiner' });
  const outsider = await createStaffOfAnotherProgram(db);
  outsiderProgramId = outsider.programId;
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${Date.now()}@example.test` });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley', email: `bob.${Date.now()}@example.test` });
  await db.update(applicants).set({ memberNumber: 'M-4242' }).where(eq(applicants.id, ada.applicantId!));
  programId = await certificationProgram('C-{YYYY}-{N}', '0001', 3, examiner);
  const tokens = await Promise.all([superUser, manager, examiner, outsider, ada, bob].map(async (user) => (await signIn(t.app, user)).jwt));
  [superJwt, managerJwt, examinerJwt, outsiderJwt, adaJwt, bobJwt] = tokens as [string, string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('creating the award with the result', () => {
  it('creates exactly one award when two members of staff record Awarded together, numbered from the start number, expiring after the renewal period', async () => {
    const application = await readyForResult(ada, programId);
    const results = await Promise.all([
      post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt),
      post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded' }, superJwt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(awards).where(eq(awards.applicationId, application.id));
    expect(rows).toHaveLength(1);
    const today = todayInSydney();
    expect(rows[0]).toMatchObject({
      applicantId: ada.applicantId,
      programId,
      programType: 2,
      awardType: 'Awarded',
      certificateNumber: `C-${today.slice(0, 4)}-0001`,
      awardedOn: today,
      expiresOn: addYears(today, 3),
      status: 'current',
      certificateVersion: 1,
    });
    const history = await t.database.db.select().from(awardHistory).where(eq(awardHistory.awardId, rows[0]!.id));
    expect(history).toMatchObject([{ action: 'awarded', fromStatus: null, toStatus: 'current' }]);
    const mail = await lastMailTo(ada.email);
    expect(mail.text).toContain(`Your certificate number is C-${today.slice(0, 4)}-0001; your certificate is ready in Your awards`);
    expect(mail.text).toContain(`${PUBLIC_URL}/student/applications`);
    expect(mail.text).not.toContain('We will write to you');
  });

  it('gives 20 awards made at once in one program 20 distinct, consecutive numbers', async () => {
    const program = await certificationProgram('P{YY}.{N}', '0500');
    const year = todayInSydney().slice(2, 4);
    const ready = await Promise.all(Array.from({ length: 20 }, (_, i) => readyForResult(i % 2 ? ada : bob, program)));
    const results = await Promise.all(ready.map((application) => post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await t.database.db.select({ number: awards.certificateNumber }).from(awards).where(eq(awards.programId, program));
    expect(rows.map((r) => r.number).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `P${year}.${String(500 + i).padStart(4, '0')}`));
  });

  it('uses the platform default pattern when the program has no number pattern check, and no expiry for a Qualification', async () => {
    const qualification = await createProgram(t.database.db, { programManagerId: manager.id, status: 2, programType: 1 });
    const { award } = await awarded(bob, qualification.id, 1);
    expect(award.certificateNumber).toMatch(new RegExp(`^WCB-${todayInSydney().slice(0, 4)}-\\d{5}$`));
    expect(award.expiresOn).toBeNull();
  });

  it('never reuses a number: a program whose pattern now gives an existing number takes the next one', async () => {
    const first = await certificationProgram('SHARED-{N}', '01');
    const second = await certificationProgram('OTHER-{N}', '01');
    expect((await awarded(ada, first)).award.certificateNumber).toBe('SHARED-01');
    await t.database.db.update(programs).set({ certificateNumPattern: 'SHARED-{N}' }).where(eq(programs.id, second));
    expect((await awarded(ada, second)).award.certificateNumber).toBe('SHARED-02');
    expect((await awarded(bob, second)).award.certificateNumber).toBe('SHARED-03');
  });

  it("refuses a second initial award of one application by the database's unique index, and the refused award takes no number", async () => {
    const program = await certificationProgram('B-{N}', '1');
    const { application, award } = await awarded(ada, program);
    expect(award.certificateNumber).toBe('B-1');
    // A later awarding path that forgot the status check: the partial unique index stops it.
    const db = t.database.db;
    const service = new AwardService({
      repository: new AwardRepository(db),
      workflow: new ApplicationWorkflowRepository(db),
      programs: createProgramModule(db).programs,
      mail: new MailService(new MailRepository(db), { from: 'test@example.test', log: { info: () => undefined, warn: () => undefined } }),
      accessLog: NO_ACCESS_LOG,
      publicUrl: PUBLIC_URL,
      defaultPattern: 'WCB-{YYYY}-{N}',
    });
    await expect(db.transaction((tx) => service.createForAwardedApplication(tx, { applicationId: application.id, actorId: manager.id, awardType: 'Awarded' }))).rejects.toMatchObject({
      statusCode: 409,
      message: AWARD_MESSAGES.alreadyAwarded,
    });
    expect(await db.select().from(awards).where(eq(awards.applicationId, application.id))).toHaveLength(1);
    expect((await awarded(bob, program)).award.certificateNumber).toBe('B-2');
  });

  it('counts 29 February forward to 28 February in a common year', () => {
    expect(addYears('2028-02-29', 3)).toBe('2031-02-28');
    expect(addYears('2026-11-26', 5)).toBe('2031-11-26');
  });
});

describe('the award date staff enter with Awarded (issue 41)', () => {
  /** A fresh application of Bob's, submitted on `submittedOn`, ready for its result. */
  async function submittedOn(at: Date) {
    const application = await readyForResult(bob, programId);
    await t.database.db.update(applications).set({ submittedOn: at }).where(eq(applications.id, application.id));
    return application;
  }
  const awardsOf = (applicationId: string) => t.database.db.select().from(awards).where(eq(awards.applicationId, applicationId));
  const resultNoteOf = async (applicationId: string) =>
    (await t.database.db.select({ note: applicationHistory.note }).from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId))).map((row) => row.note).find((note) => note.startsWith('Overall result'));

  it('dates the award, its expiry and its certificate number the day staff give; the award and the verify page show it', async () => {
    const application = await submittedOn(new Date('2025-02-01T02:00:00Z'));
    // The form is offered the days it may take: the submission day to today, in the body's zone.
    expect((await get(`${C}/${application.id}/resultstage`, managerJwt)).json().awardDateRange).toEqual({ earliest: '2025-02-01', latest: todayInSydney() });
    const response = await post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded', awardedOn: '2025-03-03' }, managerJwt);
    expect(response.statusCode).toBe(200);
    const [award] = await awardsOf(application.id);
    expect(award).toMatchObject({ awardedOn: '2025-03-03', expiresOn: '2028-03-03', status: 'current' });
    // The number's year is the award's year, not this year.
    expect(award!.certificateNumber).toMatch(/^C-2025-\d{4}$/);
    const shown = await get(`/api/award/${award!.id}`, bobJwt);
    expect(shown.json()).toMatchObject({ awardDate: '2025-03-03', expiresOn: '2028-03-03' });
    const verified = await get(`/unauth/verify/${award!.certificateNumber}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ awardDate: '2025-03-03' });
    // The history says when the body decided, as every date is shown.
    expect(await resultNoteOf(application.id)).toBe('Overall result: Awarded (award date 03-Mar-2025)');
  });

  it('dates the award today in the awarding body\'s zone when no date is given, and accepts today itself', async () => {
    const today = todayInSydney();
    const first = await submittedOn(new Date(Date.now() - 30 * 86_400_000));
    expect((await post(`${C}/${first.id}/resultstage`, { overallResult: 'Awarded' }, managerJwt)).statusCode).toBe(200);
    expect((await awardsOf(first.id))[0]).toMatchObject({ awardedOn: today, expiresOn: addYears(today, 3) });
    const second = await submittedOn(new Date());
    expect((await post(`${C}/${second.id}/resultstage`, { overallResult: 'Awarded', awardedOn: today }, managerJwt)).statusCode).toBe(200);
    expect((await awardsOf(second.id))[0]!.awardedOn).toBe(today);
    // Awarded today, as most are: the history needs no date beside the entry's own.
    expect(await resultNoteOf(second.id)).toBe('Overall result: Awarded');
  });

  it('refuses a day in the future, before the application was submitted, an impossible day, or a date with Failed (400 at awardedOn), and changes nothing', async () => {
    const application = await submittedOn(new Date('2026-01-20T03:00:00Z'));
    const tomorrow = addDays(todayInSydney(), 1);
    const mailsBefore = (await t.database.db.select().from(mails).where(eq(mails.toEmail, bob.email))).length;
    const cases: [object, string][] = [
      [{ overallResult: 'Awarded', awardedOn: tomorrow }, AWARD_MESSAGES.awardedOnFuture],
      [{ overallResult: 'Awarded', awardedOn: '2026-01-19' }, AWARD_MESSAGES.awardedOnBeforeSubmitted('20-Jan-2026')],
      [{ overallResult: 'Awarded', awardedOn: '2026-02-30' }, AWARD_MESSAGES.awardedOnInvalid],
      [{ overallResult: 'Failed', awardedOn: '2026-02-03' }, RESULT_MESSAGES.awardedOnOnlyAwarded],
    ];
    for (const [payload, message] of cases) {
      const response = await post(`${C}/${application.id}/resultstage`, payload, managerJwt);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ awardedOn: message });
    }
    expect(await statusOf(application.id)).not.toMatch(/Awarded|Failed/);
    expect(await awardsOf(application.id)).toHaveLength(0);
    expect(await t.database.db.select().from(mails).where(eq(mails.toEmail, bob.email))).toHaveLength(mailsBefore);
    // The submission day itself is fine.
    expect((await post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded', awardedOn: '2026-01-20' }, managerJwt)).statusCode).toBe(200);
    expect((await awardsOf(application.id))[0]!.awardedOn).toBe('2026-01-20');
  });

  it("judges today and the submission day in the program's account zone (Auckland is a day ahead of Sydney at 13:00 UTC)", async () => {
    const db = t.database.db;
    const nz = await createAccount(db, { name: 'Kiwi Date Body' });
    const { id: sydneyProgram } = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1 });
    const { id: nzProgram } = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, accountId: nz.id });
    // 13:00 UTC on 10 June is 23:00 in Sydney and 01:00 on 11 June in Auckland.
    const now = new Date('2026-06-10T13:00:00Z');
    const service = new AwardService({
      repository: new AwardRepository(db),
      workflow: new ApplicationWorkflowRepository(db),
      programs: createProgramModule(db).programs,
      mail: new MailService(new MailRepository(db), { from: 'test@example.test', log: { info: () => undefined, warn: () => undefined } }),
      accessLog: NO_ACCESS_LOG,
      publicUrl: PUBLIC_URL,
      defaultPattern: 'WCB-{YYYY}-{N}',
      now: () => now,
    });
    const make = async (program: string) => {
      const application = await readyForResult(bob, program, 1);
      await db.update(applications).set({ submittedOn: new Date('2026-06-01T00:00:00Z') }).where(eq(applications.id, application.id));
      return (awardedOn?: string) => db.transaction((tx) => service.createForAwardedApplication(tx, { applicationId: application.id, actorId: manager.id, awardType: 'Awarded', ...(awardedOn ? { awardedOn } : {}) }));
    };
    await expect((await make(sydneyProgram))('2026-06-11')).rejects.toMatchObject({ statusCode: 400, fieldErrors: { awardedOn: AWARD_MESSAGES.awardedOnFuture } });
    expect((await (await make(nzProgram))('2026-06-11')).awardedOn).toBe('2026-06-11');
    expect((await (await make(nzProgram))()).awardedOn).toBe('2026-06-11');
    expect((await (await make(sydneyProgram))()).awardedOn).toBe('2026-06-10');
  });

  it('is still refused to staff outside the program and to applicants, with or without a date', async () => {
    const application = await submittedOn(new Date('2025-02-01T02:00:00Z'));
    for (const jwt of [outsiderJwt, examinerJwt, bobJwt]) {
      expect((await post(`${C}/${application.id}/resultstage`, { overallResult: 'Awarded', awardedOn: '2025-03-03' }, jwt)).statusCode).toBe(403);
    }
    expect(await awardsOf(application.id)).toHaveLength(0);
  });
});

describe('award actions', () => {
  it('needs a reason for each action (400 at the reason) and changes nothing without one', async () => {
    const { application, award } = await awarded(ada, programId);
    for (const [action, message] of [
      ['hold', 'Hold reason is required'],
      ['release', 'Release reason is required'],
      ['cancel', 'Cancel reason is required'],
      ['withdraw', 'Withdraw reason is required'],
    ] as const) {
      for (const payload of [{}, { reason: '   ' }]) {
        const response = await post(`${C}/${application.id}/award/${action}`, payload, managerJwt);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ message, fieldErrors: { reason: message } });
      }
    }
    const noBody = await post(`${C}/${application.id}/award/cancel`, undefined, managerJwt);
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().fieldErrors).toEqual({ reason: 'Cancel reason is required' });
    const tooLong = await post(`${C}/${application.id}/award/hold`, { reason: 'x'.repeat(1001) }, managerJwt);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fieldErrors.reason).toBe(AWARD_MESSAGES.reasonTooLong);
    const [after] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    expect(after).toMatchObject({ status: 'current', certificateVersion: 1, statusReason: null });
    expect(await statusOf(application.id)).toBe('Awarded');
  });

  it('holds and releases: the application moves, the certificate version goes up, both histories are written and the holder is mailed', async () => {
    const { application, award } = await awarded(ada, programId);
    const held = await post(`${C}/${application.id}/award/hold`, { reason: 'Awaiting renewal evidence' }, managerJwt);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({ id: award.id, status: 'on hold', statusReason: 'Awaiting renewal evidence' });
    expect(await statusOf(application.id)).toBe('Awarded OnHold');
    const [row] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    expect(row!.certificateVersion).toBe(2);
    const appHistory = await t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id)).orderBy(asc(applicationHistory.sequence));
    expect(appHistory.at(-1)).toMatchObject({ fromStatus: 'Awarded', toStatus: 'Awarded OnHold', note: `Award ${award.certificateNumber} put on hold: Awaiting renewal evidence` });
    const mail = await lastMailTo(ada.email);
    expect(mail.subject).toBe(`Your certificate ${award.certificateNumber}: on hold`);
    expect(mail.text).toContain('Reason: Awaiting renewal evidence');

    // Hold again, or release a current award: refused by the award's status and the shared table.
    const again = await post(`${C}/${application.id}/award/hold`, { reason: 'Twice' }, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AWARD_MESSAGES.notAllowed('on hold', 'hold'));
    const released = await post(`${C}/${application.id}/award/release`, { reason: 'Evidence received' }, managerJwt);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ status: 'current', statusReason: 'Evidence received' });
    expect(await statusOf(application.id)).toBe('Awarded');
    const refused = await post(`${C}/${application.id}/award/release`, { reason: 'Again' }, managerJwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AWARD_MESSAGES.notAllowed('current', 'release'));
    const body: Award = released.json();
    expect(body.history.map((h) => [h.action, h.fromStatus, h.toStatus, h.reason, h.createdByName])).toEqual([
      ['awarded', null, 'current', null, 'Mia Manager'],
      ['hold', 'current', 'on hold', 'Awaiting renewal evidence', 'Mia Manager'],
      ['release', 'on hold', 'current', 'Evidence received', 'Mia Manager'],
    ]);
  });

  it('cancels an award on hold and withdraws a current one; both are final', async () => {
    const first = await awarded(bob, programId);
    expect((await post(`${C}/${first.application.id}/award/hold`, { reason: 'Complaint received' }, managerJwt)).statusCode).toBe(200);
    const cancelled = await post(`${C}/${first.application.id}/award/cancel`, { reason: 'Complaint upheld' }, managerJwt);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    expect(await statusOf(first.application.id)).toBe('Award Cancelled');
    expect((await lastMailTo(bob.email)).text).toContain('We have cancelled your award');
    expect((await post(`${C}/${first.application.id}/award/release`, { reason: 'Undo' }, managerJwt)).statusCode).toBe(409);

    const second = await awarded(bob, programId);
    const withdrawn = await post(`${C}/${second.application.id}/award/withdraw`, { reason: 'Left the industry' }, superJwt);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().status).toBe('withdrawn');
    expect(await statusOf(second.application.id)).toBe('Award Withdrawn');
    expect((await post(`${C}/${second.application.id}/award/cancel`, { reason: 'Too late' }, managerJwt)).statusCode).toBe(409);
  });

  it('is refused to staff who only serve on the program, to staff of other programs and to applicants; an unknown or mistyped application is 404', async () => {
    const { application, award } = await awarded(ada, programId);
    for (const jwt of [examinerJwt, outsiderJwt, adaJwt, bobJwt]) {
      expect((await post(`${C}/${application.id}/award/hold`, { reason: 'Not mine to hold' }, jwt)).statusCode).toBe(403);
    }
    expect((await post(`${Q}/${application.id}/award/hold`, { reason: 'Wrong type' }, managerJwt)).statusCode).toBe(404);
    expect((await post(`${C}/00000000-0000-4000-8000-000000000000/award/hold`, { reason: 'Nobody' }, managerJwt)).statusCode).toBe(404);
    expect((await post(`${C}/not-an-id/award/hold`, { reason: 'Nobody' }, managerJwt)).statusCode).toBe(404);
    expect((await post(`${C}/${application.id}/award/revoke`, { reason: 'No such action' }, managerJwt)).statusCode).toBe(400);
    const [after] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    expect(after!.status).toBe('current');
  });
});

describe('reading awards', () => {
  let adaAward: { id: string; certificateNumber: string; applicationNumber: string };
  let outsiderAwardId: string;

  beforeAll(async () => {
    const { application, award } = await awarded(ada, programId);
    adaAward = { id: award.id, certificateNumber: award.certificateNumber, applicationNumber: application.applicationNumber };
    expect((await post(`${C}/${application.id}/award/hold`, { reason: 'Checking the logbook' }, managerJwt)).statusCode).toBe(200);
    // An award in the outsider's program, which the manager and examiner of programId do not serve on.
    const other = await createApplicationWithModules(t.database.db, { applicantId: ada.applicantId!, programId: outsiderProgramId, programType: 1, programModuleIds: [], workflowStage: 'Exam Modules Evaluation Completed' });
    expect((await post(`${Q}/${other.id}/resultstage`, { overallResult: 'Awarded' }, superJwt)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(awards).where(eq(awards.applicationId, other.id));
    outsiderAwardId = row!.id;
  });

  it("lists the applicant's own awards only, with the award's id, certificate number, status and expiry", async () => {
    const response = await get('/api/applicant/awards?page=1&pageSize=50', adaJwt);
    expect(response.statusCode).toBe(200);
    const page: AwardPage = response.json();
    expect(page.rows.every((row) => row.applicantId === ada.applicantId)).toBe(true);
    expect(page.rows.find((row) => row.id === adaAward.id)).toMatchObject({
      name: 'Ada Arcwright',
      holderNumber: 'M-4242',
      certificateNumber: adaAward.certificateNumber,
      programTitle: 'Welding Supervisor',
      status: 'on hold',
      expiresOn: addYears(todayInSydney(), 3),
    });
    expect(page.totalRows).toBe(page.rows.length);
    const bobs: AwardPage = (await get('/api/applicant/awards', bobJwt)).json();
    expect(bobs.rows.map((row) => row.id)).not.toContain(adaAward.id);
    expect((await get('/api/applicant/awards', managerJwt)).statusCode).toBe(403);
  });

  it('shows one award with its history to its holder (without staff names) and to staff who may read the program; another applicant gets 404, other staff 403', async () => {
    const mine = await get(`/api/award/${adaAward.id}`, adaJwt);
    expect(mine.statusCode).toBe(200);
    const award: Award = mine.json();
    expect(award).toMatchObject({ status: 'on hold', statusReason: 'Checking the logbook', certificateReady: false });
    expect(award.history.map((h) => [h.action, h.createdByName])).toEqual([
      ['awarded', null],
      ['hold', null],
    ]);
    const asExaminer: Award = (await get(`/api/award/${adaAward.id}`, examinerJwt)).json();
    expect(asExaminer.history.map((h) => h.createdByName)).toEqual(['Mia Manager', 'Mia Manager']);
    expect((await get(`/api/award/${adaAward.id}`, bobJwt)).statusCode).toBe(404);
    expect((await get(`/api/award/${adaAward.id}`, outsiderJwt)).statusCode).toBe(403);
    expect((await get(`/api/award/${outsiderAwardId}`, managerJwt)).statusCode).toBe(403);
    expect((await get('/api/award/not-an-id', superJwt)).statusCode).toBe(404);
  });

  it("staff's Awards screen lists only programs the caller may read, searches name, member, certificate and application number, and filters by status and program", async () => {
    const search = async (query: string, jwt = managerJwt): Promise<AwardPage> => {
      const response = await get(`/api/award/pagination?pageSize=250&${query}`, jwt);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const all = await search('');
    expect(all.rows.every((row) => row.programId !== outsiderProgramId)).toBe(true);
    expect((await search('', superJwt)).rows.map((row) => row.id)).toContain(outsiderAwardId);
    expect((await search('', outsiderJwt)).rows.map((row) => row.id)).toEqual([outsiderAwardId]);
    for (const term of [adaAward.certificateNumber, adaAward.applicationNumber, 'arcwright', 'M-4242']) {
      expect((await search(`search=${encodeURIComponent(term)}`)).rows.map((row) => row.id)).toContain(adaAward.id);
    }
    expect((await search(`search=${encodeURIComponent(adaAward.certificateNumber)}`)).rows.map((row) => row.id)).toEqual([adaAward.id]);
    expect((await search('search=Beadley')).rows.every((row) => row.name === 'Bob Beadley')).toBe(true);
    const held = await search(`status=${encodeURIComponent('on hold')}&programId=${programId}`);
    expect(held.rows.length).toBeGreaterThan(0);
    expect(held.rows.every((row) => row.status === 'on hold' && row.programId === programId)).toBe(true);
    expect((await get(`/api/award/pagination?programId=${outsiderProgramId}`, managerJwt)).statusCode).toBe(403);
    expect((await get(`/api/award/pagination?status=lost`, managerJwt)).statusCode).toBe(400);
    expect((await get('/api/award/pagination', adaJwt)).statusCode).toBe(403);
  });

  it('exports the same list as CSV, with the same limits', async () => {
    const response = await get(`/api/award/export?search=${encodeURIComponent(adaAward.certificateNumber)}`, managerJwt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="awards-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Name,Member Number,Program Code,Program Title,Award Date,Certificate Number,Application Number,Award Type,Status,Expires On');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`Ada Arcwright,M-4242,`);
    expect(lines[1]).toContain(`,${adaAward.certificateNumber},${adaAward.applicationNumber},Awarded,On hold,`);
    // Days as people read dates (issue 45 item 9), not YYYY-MM-DD.
    expect(lines[1]).toMatch(/^Ada Arcwright,M-4242,[^,]*,[^,]*,\d{2}-[A-Z][a-z]{2}-\d{4},/);
    expect(lines[1]).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const outsiders = await get('/api/award/export', outsiderJwt);
    expect(outsiders.body).not.toContain(adaAward.certificateNumber);
    expect((await get('/api/award/export', adaJwt)).statusCode).toBe(403);
  });

  it("staff's sub-list of an applicant's awards holds only the programs the caller may read", async () => {
    const asManager: AwardPage = (await get(`/api/applicant/${ada.applicantId}/awards?pageSize=250`, managerJwt)).json();
    expect(asManager.rows.map((row) => row.id)).toContain(adaAward.id);
    expect(asManager.rows.map((row) => row.id)).not.toContain(outsiderAwardId);
    const asOutsider: AwardPage = (await get(`/api/applicant/${ada.applicantId}/awards`, outsiderJwt)).json();
    expect(asOutsider.rows.map((row) => row.id)).toEqual([outsiderAwardId]);
    expect((await get(`/api/applicant/${ada.applicantId}/awards`, bobJwt)).statusCode).toBe(403);
    expect((await get('/api/applicant/00000000-0000-4000-8000-000000000000/awards', managerJwt)).statusCode).toBe(404);
  });
});

describe("another account's staff (issue 40)", () => {
  it("list, export and open none of the first account's awards, nor an applicant of the first account's awards", async () => {
    const db = t.database.db;
    const held = await createApplicationWithModules(db, { applicantId: ada.applicantId!, programId, programType: 2, status: 'Awarded', workflowStage: null, programModuleIds: [] });
    const [award] = await db
      .insert(awards)
      .values({ applicationId: held.id, applicantId: ada.applicantId!, programId, programType: 2, awardType: 'Awarded', certificateNumber: `FIRST-${Date.now()}`, awardedOn: '2026-02-02' })
      .returning();
    const nz = await createAccount(db, { name: 'Kiwi Award Body' });
    const nzJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: nz.id }))).jwt;
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(nzJwt) });
    expect((await get('/api/award/pagination?pageSize=250')).json<AwardPage>()).toMatchObject({ rows: [], totalRows: 0 });
    expect((await get(`/api/award/pagination?search=${award!.certificateNumber}`)).json<AwardPage>().totalRows).toBe(0);
    expect((await get(`/api/award/pagination?programId=${programId}`)).statusCode).toBe(404);
    const exported = await get('/api/award/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain(award!.certificateNumber);
    expect((await get(`/api/applicant/${ada.applicantId}/awards`)).statusCode).toBe(404);
    expect((await get(`/api/award/${award!.id}`)).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'POST', url: `${C}/${held.id}/award/hold`, headers: bearer(nzJwt), payload: { reason: 'Checking' } });
    expect(refused.statusCode).toBe(404);
    const [after] = await db.select().from(awards).where(eq(awards.id, award!.id));
    expect(after).toEqual(award);
  });
});
