import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import type { DashboardSummary } from '@certs/shared/dashboard/dashboard.contract';
import type { ExamSchedule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import type { UserStatReport } from '@certs/shared/report/report.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { awards } from '../../db/schema/award';
import { invoices } from '../../db/schema/payment';
import { programModules, programs } from '../../db/schema/program';
import { users } from '../../db/schema/user';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { insertExpiringAward } from '../award-expiry/award-expiry-test-awards';
import { createAwardExpiryModule } from '../award-expiry/award-expiry.module';
import { createExamScheduleModule } from '../exam-schedule/exam-schedule.module';
import type { PublicScheduleService } from '../exam-schedule/public-schedule.service';
import { createSitting } from '../invigilation/invigilation-test-fixtures';
import { createInvigilationModule } from '../invigilation/invigilation.module';
import { textOfPdf } from '../pre-exam/pdf-text';
import { AccountTimeZones } from './account-time-zone';

/**
 * Each awarding body judges its days in its own time zone (issue 40: "a New Zealand body works in
 * Auckland time"). 12:30 UTC is always a different day in the two: 01:30 or 00:30 the next day in
 * Auckland, 23:30 or 22:30 in Sydney, whatever either's daylight saving. The first account is in
 * Sydney; its results are as they were before accounts had zones.
 */
const PUBLIC_URL = 'http://localhost:3000';
let t: TestApp;
let db: Database;

interface Body {
  accountId: string;
  admin: CreatedUser;
  jwt: string;
  programId: string;
  moduleId: string;
}
let au: Body;
let nz: Body;
let applicant: CreatedUser;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });

/** An account administrator (every menu the tests need) and a published Qualification program with one module. */
async function bodyOf(accountId: string): Promise<Body> {
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Reports', 'Dashboard', 'Examinations'], accountId });
  const program = await createProgram(db, { programManagerId: admin.id, status: 2, programType: 1, accountId });
  await completeProgram(db, program.id, 1, admin.id);
  const [module] = await db.select().from(programModules).where(eq(programModules.programId, program.id));
  return { accountId, admin, jwt: (await signIn(t.app, admin)).jwt, programId: program.id, moduleId: module!.id };
}

const actorOf = (body: Body, user: CreatedUser): CurrentUser => ({
  id: user.id,
  email: user.email,
  role: ROLES.AccountContributor,
  userType: 'admin',
  menuItems: ['Programs'],
  applicantId: null,
  accountId: body.accountId,
  companyId: null,
});

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL });
  db = t.database.db;
  applicant = await createUser(db, { role: ROLES.Applicant, firstName: 'Aroha', lastName: 'Ngata' });
  au = await bodyOf(FIRST_ACCOUNT_ID);
  nz = await bodyOf((await createAccount(db, { name: 'Welding Certification New Zealand', invoicePrefix: 'NZWB' })).id);
});
afterAll(async () => {
  await t?.close();
});

describe('the helper', () => {
  it("answers the account's zone, and a program's account's", async () => {
    const zones = new AccountTimeZones(db);
    expect(await zones.ofAccount(nz.accountId)).toBe('Pacific/Auckland');
    expect(await zones.ofAccount(FIRST_ACCOUNT_ID)).toBe('Australia/Sydney');
    expect(await zones.ofProgram(nz.programId)).toBe('Pacific/Auckland');
    expect(await zones.ofProgram(au.programId)).toBe('Australia/Sydney');
  });
});

describe('reports and the dashboard', () => {
  it("count an applicant registered at 12:30 UTC on 28 February in March in Auckland and in February in Sydney, for each body's own filter of days", async () => {
    const both = await createUser(db, { role: ROLES.Applicant, firstName: 'Tama', lastName: 'Both' });
    await db.update(users).set({ createdOn: new Date('2026-02-28T12:30:00Z') }).where(eq(users.id, both.id));
    for (const body of [au, nz]) await createApplicationWithModules(db, { applicantId: both.applicantId!, programId: body.programId, programModuleIds: [body.moduleId] });

    const nzReport = (await get('/api/reports/userstat', nz.jwt)).json<UserStatReport>();
    expect(nzReport.applicantsByMonth).toEqual([{ label: '2026-03', count: 1 }]);
    const auReport = (await get(`/api/reports/userstat?programId=${au.programId}`, au.jwt)).json<UserStatReport>();
    expect(auReport.applicantsByMonth).toContainEqual({ label: '2026-02', count: 1 });
    expect(auReport.applicantsByMonth.find((row) => row.label === '2026-03')).toBeUndefined();

    // 1 March is that day in Auckland only.
    const firstOfMarch = '?from=2026-03-01&to=2026-03-01';
    expect((await get(`/api/reports/userstat${firstOfMarch}`, nz.jwt)).json<UserStatReport>().applicantsByMonth).toEqual([{ label: '2026-03', count: 1 }]);
    expect((await get(`/api/reports/userstat${firstOfMarch}&programId=${au.programId}`, au.jwt)).json<UserStatReport>().applicantsByMonth).toEqual([]);
  });

  it("put an exam at 12:30 UTC on the next day in Auckland's list of exams ahead, on the same day in Sydney's", async () => {
    const utcDay = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const next = new Date(new Date(`${utcDay}T00:00:00Z`).getTime() + 86_400_000).toISOString().slice(0, 10);
    const scheduledAt = new Date(`${utcDay}T12:30:00Z`);
    for (const body of [au, nz]) {
      const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: body.programId, programModuleIds: [body.moduleId] });
      await db.update(applicationModules).set({ scheduledAt, examKind: 'Online', durationMinutes: 60, scheduleTimeZone: 'Australia/Sydney' }).where(eq(applicationModules.id, application.moduleIds[0]!));
    }
    const nzSummary = (await get('/api/dashboard/summary', nz.jwt)).json<DashboardSummary>();
    expect(nzSummary.examsAhead).toEqual([{ day: next, count: 1 }]);
    const auSummary = (await get('/api/dashboard/summary', au.jwt)).json<DashboardSummary>();
    expect(auSummary.examsAhead).toContainEqual({ day: utcDay, count: 1 });
    expect(auSummary.examsAhead.find((row) => row.day === next)).toBeUndefined();
  });
});

describe("the invigilator's home", () => {
  it('lists a sitting at 12:30 UTC as next in Auckland and as today in Sydney, at 10:00 UTC that day', async () => {
    const now = new Date('2026-03-01T10:00:00Z');
    // Only the home is asked for: the console's collaborators are not needed.
    const { invigilation } = createInvigilationModule(db, { programs: {} as never, clock: {} as never, storage: {} as never, manifestOf: async () => ({}) as never, retentionDays: 30, now: () => now });
    const scheduledAt = new Date('2026-03-01T12:30:00Z');
    const split: Record<string, { today: number; next: number }> = {};
    for (const body of [au, nz]) {
      const invigilator = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], accountId: body.accountId });
      const sitting = await createSitting(db, { applicantIds: [applicant.applicantId!], managerId: body.admin.id, invigilatorId: invigilator.id, scheduledAt });
      await db.update(programs).set({ accountId: body.accountId }).where(eq(programs.id, sitting.programId));
      const mine = await invigilation.mySittings(actorOf(body, invigilator));
      split[body.accountId] = { today: mine.today.length, next: mine.next.length };
    }
    expect(split[nz.accountId]).toEqual({ today: 0, next: 1 });
    expect(split[FIRST_ACCOUNT_ID]).toEqual({ today: 1, next: 0 });
  });
});

describe('the public schedule', () => {
  it("dates a session at 12:30 UTC on 1 March on 2 March for the New Zealand body and on 1 March for the Australian one, and keeps each to its own days' range", async () => {
    const at = new Date('2026-03-01T12:30:00Z');
    for (const body of [au, nz]) {
      const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: body.programId, programModuleIds: [body.moduleId] });
      await db
        .update(applicationModules)
        .set({ scheduledAt: at, examKind: 'Online', durationMinutes: 60, scheduleTimeZone: 'Australia/Sydney', scheduleSentOn: new Date('2026-02-01T00:00:00Z') })
        .where(eq(applicationModules.id, application.moduleIds[0]!));
    }
    const programCodes = async (body: Body) => (await db.select({ code: programs.programCode }).from(programs).where(eq(programs.id, body.programId)))[0]!.code;
    const [auCode, nzCode] = [await programCodes(au), await programCodes(nz)];
    // Only the public schedule is asked for: the scheduling collaborators are not needed.
    const schedule = createExamScheduleModule(db, { ...({} as Omit<Parameters<typeof createExamScheduleModule>[1], 'now'>), now: () => new Date('2026-03-01T00:00:00Z') }).publicSchedule;
    // Only these two programs' sessions (the invigilation test's sittings are at the same instant).
    const ours = (found: Awaited<ReturnType<PublicScheduleService['find']>>) =>
      found.days.flatMap((d) => d.sessions.filter((s) => s.startsAt === at.toISOString() && [auCode, nzCode].includes(s.programCode)).map((s) => [d.date, s.programCode]));
    const sessionsOn = async (day: string) => ours(await schedule.find({ from: day, to: day }));
    expect(await sessionsOn('2026-03-02')).toEqual([['2026-03-02', nzCode]]);
    expect(await sessionsOn('2026-03-01')).toEqual([['2026-03-01', auCode]]);
    // Asked for the whole week, each is on its own body's day.
    const week = ours(await schedule.find({ from: '2026-03-01', to: '2026-03-07' }));
    expect(week).toEqual(expect.arrayContaining([['2026-03-01', auCode], ['2026-03-02', nzCode]]));
    expect(week).toHaveLength(2);
    // Each session tells the zone its time is read in.
    const zones = (await schedule.find({ from: '2026-03-01', to: '2026-03-07' })).days.flatMap((d) => d.sessions.filter((s) => [auCode, nzCode].includes(s.programCode)).map((s) => [s.programCode, s.timeZone]));
    expect(zones).toEqual(expect.arrayContaining([[auCode, 'Australia/Sydney'], [nzCode, 'Pacific/Auckland']]));
  });
});

describe("a new exam's schedule", () => {
  it("starts in the program's body's zone: Auckland for the New Zealand program, Sydney for the Australian one", async () => {
    for (const [body, zone] of [[nz, 'Pacific/Auckland'], [au, 'Australia/Sydney']] as const) {
      const application = await createApplicationWithModules(db, { applicantId: applicant.applicantId!, programId: body.programId, programModuleIds: [body.moduleId] });
      const response = await get(`/api/qualificationapplicationmodule/${application.id}/scheduled`, body.jwt);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ExamSchedule>().choices?.defaultZone).toBe(zone);
    }
  });
});

describe('a tax invoice', () => {
  it('is dated on the issuing body\'s day: issued at 12:30 UTC on 1 March, the New Zealand invoice prints 02-Mar-2026, the Australian one 01-Mar-2026', async () => {
    const applicantJwt = (await signIn(t.app, applicant)).jwt;
    const printed: Record<string, string[]> = {};
    for (const body of [au, nz]) {
      const [application] = await db
        .insert(applications)
        .values({
          applicationNumber: `Q-2026-Z${randomBytes(4).toString('hex').toUpperCase()}`,
          applicantId: applicant.applicantId!,
          programId: body.programId,
          programType: 1,
          status: 'Assessment Completed',
          declarationAccepted: true,
          submittedOn: new Date(),
          assessmentRound: 1,
        })
        .returning({ id: applications.id });
      const issued = await post(`/api/qualificationapplicationmodule/${application!.id}/preexam/submit`, { modules: [{ programModuleId: body.moduleId, choice: 'required' }] }, body.jwt);
      expect(issued.statusCode, issued.body).toBe(200);
      const invoiceId = issued.json<{ invoice: { id: string } }>().invoice.id;
      const [stored] = await db.select({ issuer: invoices.issuer }).from(invoices).where(eq(invoices.id, invoiceId));
      expect(stored?.issuer.timeZone).toBe(body === nz ? 'Pacific/Auckland' : 'Australia/Sydney');
      await db.update(invoices).set({ issuedOn: new Date('2026-03-01T12:30:00Z') }).where(eq(invoices.id, invoiceId));
      printed[body.accountId] = await textOfPdf(new Uint8Array((await get(`/api/invoice/${invoiceId}/pdf`, applicantJwt)).rawPayload));
    }
    expect(printed[nz.accountId]).toContain('02-Mar-2026');
    expect(printed[nz.accountId]).not.toContain('01-Mar-2026');
    expect(printed[FIRST_ACCOUNT_ID]).toContain('01-Mar-2026');
    expect(printed[FIRST_ACCOUNT_ID]).not.toContain('02-Mar-2026');
  });

  it("lists payments in the payments report's CSV with dates in the account's zone, and says which", async () => {
    const headerOf = async (jwt: string) => {
      const response = await get('/api/paymentgateway/all/reports/csv', jwt);
      expect(response.statusCode, response.body).toBe(200);
      return response.body.replace(/^\uFEFF/, '').split('\n')[0]!.split(',')[0];
    };
    expect(await headerOf(nz.jwt)).toBe('Date (Auckland)');
    expect(await headerOf(au.jwt)).toBe('Date (Sydney)');
  });
});

describe('the award expiry job', () => {
  it("expires a New Zealand award after Auckland's midnight, while an Australian award of the same last day stays current until Sydney's", async () => {
    const holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Wiremu' });
    const certificationOf = async (accountId: string) => (await createProgram(db, { programManagerId: (accountId === nz.accountId ? nz : au).admin.id, status: 2, programType: 2, accountId })).id;
    const nzAward = await insertExpiringAward(db, { applicantId: holder.applicantId!, programId: await certificationOf(nz.accountId), programType: 2, expiresOn: '2031-05-31' });
    const auAward = await insertExpiringAward(db, { applicantId: holder.applicantId!, programId: await certificationOf(FIRST_ACCOUNT_ID), programType: 2, expiresOn: '2031-05-31' });
    const { service: job } = createAwardExpiryModule(db, {
      mail: new MailService(new MailRepository(db), { from: 'awards@example.test', log: { info: () => undefined, warn: () => undefined } }),
      publicUrl: PUBLIC_URL,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
      // 00:30 on 1 June in Auckland (NZST), 22:30 on 31 May in Sydney (AEST).
      now: () => new Date('2031-05-31T12:30:00Z'),
    });
    const pass = await job.runOnce();
    expect(pass.days).toMatchObject({ [nz.accountId]: '2031-06-01', [FIRST_ACCOUNT_ID]: '2031-05-31' });
    const statusOf = async (id: string) => (await db.select({ status: awards.status }).from(awards).where(eq(awards.id, id)))[0]?.status;
    expect(await statusOf(nzAward.id)).toBe('expired');
    expect(await statusOf(auAward.id)).toBe('current');
  });
});
