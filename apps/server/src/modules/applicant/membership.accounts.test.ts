import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { programModules } from '../../db/schema/program';

/**
 * Membership is per account (issue 40): applicants and companies are shared by every awarding
 * body, but each body confirms its own members. A member of the Australian body (the first
 * account) pays the New Zealand body's non-member fees and reads none of its members-only
 * documents, and the reverse; one body's staff neither see nor change another's memberships.
 */

let t: TestApp;
let db: Database;
let nzId: string;
let au: { admin: string; program: string };
let nz: { admin: string; program: string };
let ada: CreatedUser;
let adaJwt: string;

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function programWithModule(accountId?: string): Promise<string> {
  const manager = await createUser(db, { role: ROLES.AccountAdministrator, ...(accountId ? { accountId } : {}) });
  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, ...(accountId ? { accountId } : {}) });
  await db.insert(programModules).values({ programId: program.id, moduleCode: 'M1', moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 45000, nonMemberFeeCents: 60000, passPercentage: 70, sortOrder: 1 });
  return program.id;
}

/** An application at the pre-exam stage, whose page prices the modules on today's fee basis. */
async function applicationTo(applicant: CreatedUser, programId: string): Promise<string> {
  const [row] = await db
    .insert(applications)
    .values({
      applicationNumber: `Q-2026-${randomBytes(4).toString('hex')}`,
      applicantId: applicant.applicantId!,
      programId,
      programType: 1,
      status: 'Assessment Completed',
      declarationAccepted: true,
      submittedOn: new Date(),
      assessmentRound: 1,
    })
    .returning({ id: applications.id });
  return row!.id;
}

async function feeBasisOn(applicationId: string, staffJwt: string): Promise<[string, number]> {
  const response = await send('GET', `/api/qualificationapplicationmodule/${applicationId}/preexam`, staffJwt);
  expect(response.statusCode, response.body).toBe(200);
  const view = response.json();
  return [view.feeBasis, view.modules[0].feeCents];
}

const confirm = (applicantId: string, jwt: string, isConfirmed = true) => send('POST', `/api/applicant/${applicantId}/membership`, jwt, { isConfirmed, memberCurrentUntil: isConfirmed ? '2099-06-30' : null });
const confirmedIds = async (jwt: string) =>
  (await send('GET', '/api/applicant/pagination/all?canShowActiveMember=true&pageSize=250', jwt)).json().rows.map((row: { id: string }) => row.id) as string[];

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  nzId = (await createAccount(db, { name: 'Welding Certification New Zealand' })).id;
  const menuItems = ['Users', 'Programs', 'Libraries'] as const;
  au = { admin: (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: [...menuItems] }))).jwt, program: await programWithModule() };
  nz = { admin: (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: [...menuItems], accountId: nzId }))).jwt, program: await programWithModule(nzId) };
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright' });
  adaJwt = (await signIn(t.app, ada)).jwt;
  const declared = await send('POST', '/api/applicant/save', adaJwt, { firstName: 'Ada', lastName: 'Arcwright', membershipType: 'individual', memberNumber: 'M-1001' });
  expect(declared.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('member fees per account', () => {
  it("charges a member of one body its member fees and the other body's non-member fees, and the reverse", async () => {
    const auApplication = await applicationTo(ada, au.program);
    const nzApplication = await applicationTo(ada, nz.program);
    expect(await feeBasisOn(auApplication, au.admin)).toEqual(['nonMember', 60000]);

    // The Australian body confirms her: its fees only.
    const confirmed = await confirm(ada.applicantId!, au.admin);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ isMember: true, memberCurrentUntil: '2099-06-30' });
    expect(await feeBasisOn(auApplication, au.admin)).toEqual(['member', 45000]);
    expect(await feeBasisOn(nzApplication, nz.admin)).toEqual(['nonMember', 60000]);

    // The New Zealand body's staff see no membership of theirs, and list her among no members.
    expect((await send('GET', `/api/applicant/${ada.applicantId}`, nz.admin)).json()).toMatchObject({ isMember: false, membershipConfirmedOn: null, memberships: [] });
    expect(await confirmedIds(nz.admin)).not.toContain(ada.applicantId);
    expect(await confirmedIds(au.admin)).toContain(ada.applicantId);

    // Their withdrawing is of their own membership: the Australian one stands.
    expect((await confirm(ada.applicantId!, nz.admin, false)).statusCode).toBe(200);
    expect(await feeBasisOn(auApplication, au.admin)).toEqual(['member', 45000]);

    // The reverse: confirmed by New Zealand, withdrawn by Australia.
    expect((await confirm(ada.applicantId!, nz.admin)).json()).toMatchObject({ isMember: true });
    expect((await confirm(ada.applicantId!, au.admin, false)).json()).toMatchObject({ isMember: false, membershipConfirmedOn: null });
    expect(await feeBasisOn(nzApplication, nz.admin)).toEqual(['member', 45000]);
    expect(await feeBasisOn(auApplication, au.admin)).toEqual(['nonMember', 60000]);

    // Her own profile lists each body's membership.
    const own = (await send('GET', `/api/applicant/${ada.applicantId}`, adaJwt)).json();
    expect(own.memberships).toEqual([expect.objectContaining({ accountId: nzId, accountName: 'Welding Certification New Zealand', membershipType: 'individual', memberNumber: 'M-1001', isMember: true })]);

    // Changing her declared membership withdraws every body's confirmation of the old one.
    await send('POST', '/api/applicant/save', adaJwt, { firstName: 'Ada', lastName: 'Arcwright', membershipType: 'individual', memberNumber: 'M-2002' });
    expect(await feeBasisOn(nzApplication, nz.admin)).toEqual(['nonMember', 60000]);
    expect((await send('GET', `/api/applicant/${ada.applicantId}`, adaJwt)).json().memberships).toEqual([]);
  });

  it("keeps one body's staff from another body's applicant and membership (403 to read, 404 to change)", async () => {
    const carl = await createUser(db, { role: ROLES.Applicant, firstName: 'Carl', lastName: 'Crater' });
    await send('POST', '/api/applicant/save', (await signIn(t.app, carl)).jwt, { firstName: 'Carl', lastName: 'Crater', membershipType: 'individual', memberNumber: 'AU-1' });
    const application = await applicationTo(carl, au.program);
    expect((await confirm(carl.applicantId!, au.admin)).statusCode).toBe(200);
    expect((await send('GET', `/api/applicant/${carl.applicantId}`, nz.admin)).statusCode).toBe(403);
    expect((await confirm(carl.applicantId!, nz.admin, false)).statusCode).toBe(404);
    expect((await confirm(carl.applicantId!, nz.admin)).statusCode).toBe(404);
    expect(await confirmedIds(nz.admin)).not.toContain(carl.applicantId);
    expect(await feeBasisOn(application, au.admin)).toEqual(['member', 45000]);
  });
});

describe('members-only documents per account', () => {
  async function document(staffJwt: string, flags: Record<string, boolean>): Promise<{ id: string; documentNumber: string }> {
    const upload = await uploadFile(t.app, staffJwt, { name: 'guide.pdf', contentType: 'application/pdf', body: PDF_BYTES });
    const payload = {
      documentNumber: `MEM-${randomBytes(3).toString('hex')}`,
      documentTitle: "Members' guide",
      documentDate: '2026-03-01',
      revision: 'A',
      documentType: 'Welding Procedure',
      comments: '',
      attachmentId: upload.saved!.json().id,
      ...flags,
    };
    const response = await send('POST', '/api/librarydocument', staffJwt, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const reads = async (jwt: string, doc: { id: string; documentNumber: string }) => {
    const listed = (await send('GET', `/api/librarydocument/pagination?searchTerm=${doc.documentNumber}`, jwt)).json().rows.length > 0;
    return { listed, opened: (await send('GET', `/api/librarydocument/${doc.id}`, jwt)).statusCode };
  };

  it("opens a body's members-only documents to its own members only, and the reverse", async () => {
    const member = await createUser(db, { role: ROLES.Applicant });
    const memberJwt = (await signIn(t.app, member)).jwt;
    await send('POST', '/api/applicant/save', memberJwt, { firstName: 'Mia', lastName: 'Member', membershipType: 'individual', memberNumber: 'M-7' });
    const auDocument = await document(au.admin, { isForIndividualMembers: true });
    const nzDocument = await document(nz.admin, { isForIndividualMembers: true });

    expect((await confirm(member.applicantId!, au.admin)).statusCode).toBe(200);
    expect(await reads(memberJwt, auDocument)).toEqual({ listed: true, opened: 200 });
    expect(await reads(memberJwt, nzDocument)).toEqual({ listed: false, opened: 403 });

    await confirm(member.applicantId!, au.admin, false);
    await confirm(member.applicantId!, nz.admin);
    expect(await reads(memberJwt, nzDocument)).toEqual({ listed: true, opened: 200 });
    expect(await reads(memberJwt, auDocument)).toEqual({ listed: false, opened: 403 });
  });

  it("gives a corporate member's employees that body's corporate documents, each body setting only its own membership of the shared company", async () => {
    const fields = { name: 'Tasman Fabrication', businessNumber: '', contactEmail: 'welding@tasman.test' };
    const created = await send('POST', '/api/company', au.admin, { ...fields, corporateMemberNumber: 'WCB-C-1', membershipStartsOn: '2026-01-01', membershipEndsOn: '2099-12-31' });
    expect(created.statusCode, created.body).toBe(201);
    const companyId = created.json().id as string;
    expect(created.json()).toMatchObject({ corporateMemberNumber: 'WCB-C-1', isCurrentCorporateMember: true });

    // The same company, seen and saved by the New Zealand body: not its member; its save leaves the Australian membership alone.
    expect((await send('GET', `/api/company/${companyId}`, nz.admin)).json()).toMatchObject({ name: 'Tasman Fabrication', corporateMemberNumber: '', isCurrentCorporateMember: false });
    const nzSaved = await send('POST', `/api/company/update/${companyId}`, nz.admin, { ...fields, contactName: 'Nia', corporateMemberNumber: '', membershipStartsOn: null, membershipEndsOn: null });
    expect(nzSaved.statusCode, nzSaved.body).toBe(200);
    expect((await send('GET', `/api/company/${companyId}`, au.admin)).json()).toMatchObject({ contactName: 'Nia', corporateMemberNumber: 'WCB-C-1', isCurrentCorporateMember: true });
    expect((await send('GET', `/api/company/pagination?searchBy=memberNumber&searchTerm=WCB-C-1`, nz.admin)).json().rows).toEqual([]);

    const employee = await createUser(db, { role: ROLES.Applicant });
    const employeeJwt = (await signIn(t.app, employee)).jwt;
    expect((await send('POST', '/api/company/employer', employeeJwt, { companyId })).statusCode).toBe(200);
    // Naming the company is a claim; staff approve it before it opens anything (decision 036).
    expect((await send('POST', `/api/company/${companyId}/claims/${employee.applicantId}`, au.admin, { decision: 'approve' })).statusCode).toBe(200);
    const auCorporate = await document(au.admin, { isForCurrentCorporateMembers: true });
    const nzCorporate = await document(nz.admin, { isForCurrentCorporateMembers: true });
    expect(await reads(employeeJwt, auCorporate)).toEqual({ listed: true, opened: 200 });
    expect(await reads(employeeJwt, nzCorporate)).toEqual({ listed: false, opened: 403 });
  });
});
