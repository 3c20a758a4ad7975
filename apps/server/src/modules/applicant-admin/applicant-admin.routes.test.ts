import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_SUB_LISTS } from '@certs/shared/applicant-admin/applicant-admin.contract';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createInvoicedApplication, type InvoicedApplication } from '../../../test/factories/invoice.factory';
import { addProgramUser, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicantEducation, applicantExperience } from '../../db/schema/applicant-profile';
import { applicationFileNotes, applicationHistory } from '../../db/schema/application';
import { mails } from '../../db/schema/mail';
import { users } from '../../db/schema/user';
import { personalDataAccessLog } from '../../db/schema/privacy';

let t: TestApp;
let invoiced: InvoicedApplication;
let adminJwt: string;
let assessorJwt: string;
let outsiderJwt: string;
let applicantJwt: string;
let otherApplicantJwt: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });

beforeAll(async () => {
  t = await buildTestApp();
  invoiced = await createInvoicedApplication(t.database.db);
  const applicantId = invoiced.applicant.applicantId ?? '';
  const db = t.database.db;
  await db.insert(applicantEducation).values(Array.from({ length: 12 }, (_, i) => ({ applicantId, course: `Course ${i + 1}`, institution: 'TAFE NSW', location: 'Newcastle', qualificationType: 'Certificate', startDate: `20${11 + i}-02-01` })));
  await db.insert(applicantExperience).values({ applicantId, employer: 'Hunter Fabrication', position: 'Welder', duties: 'Pipe welding', startDate: '2015-01-01' });
  await db.insert(applicationHistory).values({ applicationId: invoiced.applicationId, fromStatus: 'Application Submitted', toStatus: 'Examinations Stage', note: 'Accepted' });
  await db.insert(applicationFileNotes).values({ applicationId: invoiced.applicationId, note: 'Phoned about the invoice' });
  await db.insert(mails).values({ toEmail: invoiced.applicant.email, toUserId: invoiced.applicant.id, subject: 'Your invoice', text: 'Pay it', html: '<p>Pay it</p>', status: 'kept', accountId: FIRST_ACCOUNT_ID });
  // The platform's own mail (no account) is shown to every account's staff who reach the applicant; another account's is not.
  await db.insert(mails).values({ toEmail: invoiced.applicant.email, toUserId: invoiced.applicant.id, subject: 'Activate your account', text: 'Activate', html: '<p>Activate</p>', status: 'kept' });
  adminJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users'] }))).jwt;
  const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  await addProgramUser(db, invoiced.programId, assessor.id, 'assessor');
  assessorJwt = (await signIn(t.app, assessor)).jwt;
  outsiderJwt = (await signIn(t.app, await createStaffOfAnotherProgram(db))).jwt;
  applicantJwt = (await signIn(t.app, invoiced.applicant)).jwt;
  otherApplicantJwt = (await signIn(t.app, await createUser(db, { role: ROLES.Applicant }))).jwt;
  // Five sign-ins (argon2) and the rows of every sub-list: longer than the default on a busy machine.
}, 300_000);
afterAll(async () => {
  await t.close();
});

describe("staff's applicant page", () => {
  it('gives an administrator the profile and every sub-list, paged on the server with either paging names', async () => {
    const applicantId = invoiced.applicant.applicantId;
    const record = await get(`/api/applicant/${applicantId}/record`, adminJwt);
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ isAdministrator: true, applicant: { id: applicantId, email: invoiced.applicant.email, firstName: 'Pat' } });
    const spec = await get(`/api/applicant/${applicantId}/qualification?currentPage=2&perPageCount=10`, adminJwt);
    expect(spec.json()).toMatchObject({ page: 2, pageSize: 10, totalRows: 12 });
    expect(spec.json().rows).toHaveLength(2);
    const today = await get(`/api/applicant/${applicantId}/qualification?page=1&pageSize=50`, adminJwt);
    expect(today.json().rows).toHaveLength(12);
    expect((await get(`/api/applicant/${applicantId}/qualification?pageSize=20`, adminJwt)).statusCode).toBe(400);
    const expected: Record<string, unknown> = {
      experience: { employer: 'Hunter Fabrication' },
      history: { toStatus: 'Examinations Stage', applicationNumber: invoiced.applicationNumber },
      filenotes: { note: 'Phoned about the invoice' },
      applications: { applicationNumber: invoiced.applicationNumber, programCode: invoiced.programCode },
      emails: { subject: 'Your invoice' },
    };
    for (const [list, row] of Object.entries(expected)) {
      const response = await get(`/api/applicant/${applicantId}/${list}`, adminJwt);
      expect(response.statusCode, `${list}: ${response.body}`).toBe(200);
      // Emails also hold the platform's own activation mail.
      expect(response.json().rows).toEqual(list === 'emails' ? expect.arrayContaining([expect.objectContaining(row)]) : [expect.objectContaining(row)]);
    }
    expect((await get(`/api/applicant/${applicantId}/professionalactivities`, adminJwt)).json().totalRows).toBe(0);
    const logged = await t.database.db.select().from(personalDataAccessLog);
    expect(logged.some((row) => row.route.includes('/record'))).toBe(true);
  });

  it("gives a program's staff the applicant of their program without the emails, and refuses staff of another program, reads included", async () => {
    const applicantId = invoiced.applicant.applicantId;
    expect((await get(`/api/applicant/${applicantId}/record`, assessorJwt)).json().isAdministrator).toBe(false);
    expect((await get(`/api/applicant/${applicantId}/experience`, assessorJwt)).statusCode).toBe(200);
    expect((await get(`/api/applicant/${applicantId}/applications`, assessorJwt)).json().totalRows).toBe(1);
    expect((await get(`/api/applicant/${applicantId}/emails`, assessorJwt)).statusCode).toBe(403);
    const lists = ['record', ...APPLICANT_SUB_LISTS.filter((list) => list !== 'awards')];
    for (const list of lists) {
      const response = await get(`/api/applicant/${applicantId}/${list}`, outsiderJwt);
      expect(response.statusCode, list).toBe(403);
      expect(response.body).not.toContain(invoiced.applicant.email);
    }
  });

  it("keeps another account's administrator out until the applicant applies there, then shows only that account's applications and mail (issue 40)", async () => {
    const db = t.database.db;
    const applicantId = invoiced.applicant.applicantId!;
    const nz = await createAccount(db, { name: 'Kiwi Body' });
    const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users', 'Programs'], accountId: nz.id });
    const nzJwt = (await signIn(t.app, nzAdmin)).jwt;
    const lists = ['record', ...APPLICANT_SUB_LISTS.filter((list) => list !== 'awards')];
    const logBefore = (await db.select().from(personalDataAccessLog)).length;
    for (const list of lists) {
      const response = await get(`/api/applicant/${applicantId}/${list}`, nzJwt);
      expect(response.statusCode, list).toBe(403);
      expect(response.body).not.toContain(invoiced.applicant.email);
    }
    // A refused read is not a read of personal data: nothing is logged.
    expect((await db.select().from(personalDataAccessLog)).length).toBe(logBefore);

    const nzProgram = await createProgram(db, { programManagerId: nzAdmin.id, status: 2, accountId: nz.id });
    const nzApplication = await createApplicationWithModules(db, { applicantId, programId: nzProgram.id, status: 'Application Submitted', workflowStage: null, programModuleIds: [] });
    await db.insert(mails).values({ toEmail: invoiced.applicant.email, toUserId: invoiced.applicant.id, subject: 'Kiwi welcome', text: 'Kia ora', html: '<p>Kia ora</p>', status: 'kept', accountId: nz.id });
    expect((await get(`/api/applicant/${applicantId}/record`, nzJwt)).statusCode).toBe(200);
    const applications = (await get(`/api/applicant/${applicantId}/applications`, nzJwt)).json();
    expect(applications.rows.map((row: { id: string }) => row.id)).toEqual([nzApplication.id]);
    expect((await get(`/api/applicant/${applicantId}/filenotes`, nzJwt)).json().rows).toEqual([]);
    expect((await get(`/api/applicant/${applicantId}/history`, nzJwt)).json().rows).toEqual([]);
    expect((await get(`/api/applicant/${applicantId}/emails`, nzJwt)).json().rows.map((row: { subject: string }) => row.subject).sort()).toEqual(['Activate your account', 'Kiwi welcome']);
    expect((await get(`/api/applicant/${applicantId}/emails`, adminJwt)).json().rows.map((row: { subject: string }) => row.subject).sort()).toEqual(['Activate your account', 'Your invoice']);
  });

  it("holds the profile routes to the same reach: a program's staff read their applicant's profile and lists, staff outside get 403 even with the Users menu", async () => {
    const applicantId = invoiced.applicant.applicantId;
    const profileRoutes = [
      `/api/applicant/${applicantId}`,
      `/api/applicant/profiledetails/${applicantId}`,
      ...['applicantqualification', 'applicantexperience', 'applicantprofessionalactivities', 'applicantprofessionaldevelopment'].map((base) => `/api/${base}/byapplicant/${applicantId}`),
    ];
    // The Users menu lists applicants; it does not open the records of programs one does not serve.
    const usersMenuOutsider = await createStaffOfAnotherProgram(t.database.db);
    await t.database.db.update(users).set({ menuItems: ['Users', 'Programs'] }).where(eq(users.id, usersMenuOutsider.id));
    const usersMenuOutsiderJwt = (await signIn(t.app, usersMenuOutsider)).jwt;
    for (const url of profileRoutes) {
      expect((await get(url, assessorJwt)).statusCode, url).toBe(200);
      expect((await get(url, adminJwt)).statusCode, url).toBe(200);
      for (const jwt of [outsiderJwt, usersMenuOutsiderJwt]) {
        const refused = await get(url, jwt);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.body).not.toContain(invoiced.applicant.email);
        expect(refused.body).not.toContain('Hunter Fabrication');
      }
      // Another applicant learns nothing, not even that the record exists.
      expect((await get(url, otherApplicantJwt)).statusCode, url).toBe(url.includes('profiledetails') ? 403 : 404);
    }
    const experience = await get(`/api/applicantexperience/byapplicant/${applicantId}`, assessorJwt);
    expect(experience.json()).toEqual([expect.objectContaining({ employer: 'Hunter Fabrication' })]);
  });

  it('refuses applicants, their own record included', async () => {
    for (const jwt of [applicantJwt, otherApplicantJwt]) {
      for (const list of ['record', 'qualification', 'emails']) {
        expect((await get(`/api/applicant/${invoiced.applicant.applicantId}/${list}`, jwt)).statusCode).toBe(403);
      }
    }
    expect((await get('/api/applicant/not-an-id/record', adminJwt)).statusCode).toBe(404);
  });

  it("takes the spec's paging names on today's lists too (applicants list, Contact Us)", async () => {
    const applicants = await get(`/api/applicant/pagination/all?currentPage=1&perPageCount=50&searchBy=email&searchTerm=${encodeURIComponent(invoiced.applicant.email)}&canShowActiveMember=false`, adminJwt);
    expect(applicants.statusCode, applicants.body).toBe(200);
    expect(applicants.json()).toMatchObject({ page: 1, pageSize: 50, totalRows: 1 });
    const contactStaffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.User, menuItems: ['Contact Us'] }))).jwt;
    const contact = await get('/api/contactus/pagination?currentPage=1&perPageCount=100&searchTerm=nothing-like-this', contactStaffJwt);
    expect(contact.statusCode, contact.body).toBe(200);
    expect(contact.json()).toMatchObject({ page: 1, pageSize: 100, totalRows: 0 });
    expect((await get('/api/contactus/pagination?page=1&currentPage=2', contactStaffJwt)).statusCode).toBe(400);
  });
});
