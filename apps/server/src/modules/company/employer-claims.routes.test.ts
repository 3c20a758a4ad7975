import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { COMPANY_MESSAGES, type EmployerClaim } from '@certs/shared/company/company.contract';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { giveMembership } from '../../../test/factories/membership.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { companies } from '../../db/schema/company';
import { applicants } from '../../db/schema/user';
import { employerOf, restoreEmployer, setEmployer } from '../migration/kinds/employments.repository';

/**
 * Issue 42's first slice (decision 036): naming a company as employer is a claim staff approve or
 * decline; only an approved claim opens the company's corporate-member rights.
 */

let t: TestApp;
let usersJwt: string;
let usersStaffId: string;
let librarianJwt: string;
let programsJwt: string;
let otherAccountJwt: string;

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function applicant(): Promise<{ jwt: string; applicantId: string }> {
  const user = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Wendy', lastName: 'Welder' });
  return { jwt: (await signIn(t.app, user)).jwt, applicantId: user.applicantId! };
}

/** An active company that is the first account's current corporate member. */
async function corporateMember(): Promise<string> {
  const [row] = await t.database.db
    .insert(companies)
    .values({ name: `Illawarra Steel ${Math.random().toString(16).slice(2, 8)}`, contactEmail: 'coordinator@illawarra.test' })
    .returning({ id: companies.id });
  await giveMembership(t.database.db, { companyId: row!.id, memberNumber: 'WCB-C-0042', startsOn: '2020-01-01', endsOn: '2099-12-31' });
  return row!.id;
}

let documentId: string;
let documentNumber: string;

async function seesMembersOnlyDocument(jwt: string): Promise<{ read: number; download: number; listed: boolean }> {
  const read = await send('GET', `/api/librarydocument/${documentId}`, jwt);
  const download = await send('GET', `/api/librarydocument/${documentId}/download`, jwt);
  const list = await send('GET', `/api/librarydocument/pagination?searchTerm=${encodeURIComponent(documentNumber)}`, jwt);
  const listed = list.json<{ rows: { documentNumber: string }[] }>().rows.some((row) => row.documentNumber === documentNumber);
  return { read: read.statusCode, download: download.statusCode, listed };
}
const hidden = { read: 403, download: 403, listed: false };
const shown = { read: 200, download: 200, listed: true };

const decide = (jwt: string, companyId: string, applicantId: string, decision: string) => send('POST', `/api/company/${companyId}/claims/${applicantId}`, jwt, { decision });
const claimStatusOf = async (jwt: string) => (await send('GET', '/api/company/employer', jwt)).json<{ claimStatus: string | null }>().claimStatus;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const usersStaff = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users'] });
  usersStaffId = usersStaff.id;
  usersJwt = (await signIn(t.app, usersStaff)).jwt;
  librarianJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Libraries'] }))).jwt;
  programsJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }))).jwt;
  const nz = await createAccount(db);
  otherAccountJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users'], accountId: nz.id }))).jwt;
  const uploaded = await uploadFile(t.app, librarianJwt, { name: 'members-procedure.pdf', contentType: 'application/pdf', body: PDF_BYTES });
  documentNumber = `WPS-CLAIM-${Date.now()}`;
  const created = await send('POST', '/api/librarydocument', librarianJwt, {
    documentNumber,
    documentTitle: 'Corporate members procedure',
    documentDate: '2026-03-01',
    revision: 'A',
    documentType: 'Welding Procedure',
    comments: '',
    attachmentId: uploaded.saved!.json().id,
    isForCorporateMembers: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  documentId = created.json<{ id: string }>().id;
});
afterAll(async () => {
  await t.close();
});

describe("an applicant's claim to work for a corporate member", () => {
  it('opens nothing while pending, the members-only document once staff approve it, and nothing again once declined', async () => {
    const companyId = await corporateMember();
    const wendy = await applicant();
    const named = await send('POST', '/api/company/employer', wendy.jwt, { companyId });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ company: { id: companyId }, claimStatus: 'pending' });
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(hidden);

    const pending = (await send('GET', '/api/company/claims', usersJwt)).json<EmployerClaim[]>();
    expect(pending).toContainEqual(expect.objectContaining({ applicantId: wendy.applicantId, companyId, status: 'pending', firstName: 'Wendy', decidedOn: null }));

    const approved = await decide(usersJwt, companyId, wendy.applicantId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ applicantId: wendy.applicantId, companyId, status: 'approved', decidedOn: expect.any(String) });
    expect(await claimStatusOf(wendy.jwt)).toBe('approved');
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(shown);
    expect((await send('GET', '/api/company/claims', usersJwt)).json<EmployerClaim[]>().map((c) => c.applicantId)).not.toContain(wendy.applicantId);
    expect((await send('GET', `/api/company/${companyId}`, usersJwt)).json()).toMatchObject({ people: [expect.objectContaining({ applicantId: wendy.applicantId })], claims: [] });

    // Staff review an approved link and decline it: the rights go with it.
    expect((await decide(usersJwt, companyId, wendy.applicantId, 'decline')).json()).toMatchObject({ status: 'declined' });
    expect(await claimStatusOf(wendy.jwt)).toBe('declined');
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(hidden);
    expect((await send('GET', `/api/company/${companyId}`, usersJwt)).json()).toMatchObject({ people: [], claims: [] });
    expect((await send('GET', '/api/company/claims?status=declined', usersJwt)).json<EmployerClaim[]>().map((c) => c.applicantId)).toContain(wendy.applicantId);
  });

  it('stays as staff left it when the applicant names the same company again, and is a new pending claim for another company', async () => {
    const first = await corporateMember();
    const second = await corporateMember();
    const wendy = await applicant();
    await send('POST', '/api/company/employer', wendy.jwt, { companyId: first });
    await decide(usersJwt, first, wendy.applicantId, 'decline');
    expect((await send('POST', '/api/company/employer', wendy.jwt, { companyId: first })).json()).toMatchObject({ claimStatus: 'declined' });
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(hidden);

    await send('POST', '/api/company/employer', wendy.jwt, { companyId: second });
    await decide(usersJwt, second, wendy.applicantId, 'approve');
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(shown);
    // An approval is for that company only: moving back to the declined one is a fresh, pending claim.
    expect((await send('POST', '/api/company/employer', wendy.jwt, { companyId: first })).json()).toMatchObject({ claimStatus: 'pending' });
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(hidden);
    // The old company's decision is refused once she names another: the claim is not theirs to decide.
    const stale = await decide(usersJwt, second, wendy.applicantId, 'approve');
    expect(stale.statusCode).toBe(404);
    expect(stale.json().message).toBe(COMPANY_MESSAGES.claimNotFound);
    expect(await claimStatusOf(wendy.jwt)).toBe('pending');
    // Naming none ends the claim.
    expect((await send('POST', '/api/company/employer', wendy.jwt, { companyId: null })).json()).toEqual({ company: null, claimStatus: null });
  });

  it('is pending for a company the applicant asked to be added', async () => {
    const wendy = await applicant();
    const asked = await send('POST', '/api/company/request', wendy.jwt, { name: `Tasman Steel ${Date.now()}`, contactEmail: 'boss@tasman.example', city: 'Hobart' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ claimStatus: 'pending' });
    expect(await claimStatusOf(wendy.jwt)).toBe('pending');
  });
});

describe('deciding a claim', () => {
  it('is refused to applicants and to staff without the Users menu; a bad decision is 400 and changes nothing', async () => {
    const companyId = await corporateMember();
    const wendy = await applicant();
    await send('POST', '/api/company/employer', wendy.jwt, { companyId });
    for (const jwt of [wendy.jwt, programsJwt]) {
      expect((await decide(jwt, companyId, wendy.applicantId, 'approve')).statusCode).toBe(403);
      expect((await send('GET', '/api/company/claims', jwt)).statusCode).toBe(403);
    }
    expect((await decide(usersJwt, companyId, wendy.applicantId, 'maybe')).statusCode).toBe(400);
    expect((await decide(usersJwt, crypto.randomUUID(), wendy.applicantId, 'approve')).statusCode).toBe(404);
    expect((await decide(usersJwt, companyId, crypto.randomUUID(), 'approve')).statusCode).toBe(404);
    expect((await decide(usersJwt, 'not-a-company', wendy.applicantId, 'approve')).statusCode).toBe(404);
    expect(await claimStatusOf(wendy.jwt)).toBe('pending');
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(hidden);
  });

  it("is another account's staff's only while the applicant is within their reach (applied nowhere, or to their programs)", async () => {
    const companyId = await corporateMember();
    const wendy = await applicant();
    await send('POST', '/api/company/employer', wendy.jwt, { companyId });
    // Companies are shared; the applicant becomes the first account's by applying to its program.
    const program = await createProgram(t.database.db, { programManagerId: usersStaffId, status: 2 });
    await createApplicationWithModules(t.database.db, { applicantId: wendy.applicantId, programId: program.id, status: 'Application Submitted', workflowStage: null, programModuleIds: [] });
    const refused = await decide(otherAccountJwt, companyId, wendy.applicantId, 'approve');
    expect(refused.statusCode).toBe(404);
    expect((await send('GET', '/api/company/claims', otherAccountJwt)).json<EmployerClaim[]>().map((c) => c.applicantId)).not.toContain(wendy.applicantId);
    expect(await claimStatusOf(wendy.jwt)).toBe('pending');
    expect((await decide(usersJwt, companyId, wendy.applicantId, 'approve')).statusCode).toBe(200);
  });
});

describe("staff's links from the legacy import", () => {
  it('are approved at once, and an undo puts back the pending claim the person had', async () => {
    const before = await corporateMember();
    const imported = await corporateMember();
    const wendy = await applicant();
    await send('POST', '/api/company/employer', wendy.jwt, { companyId: before });
    const db = t.database.db;
    const previous = await employerOf(db, wendy.applicantId);
    await setEmployer(db, wendy.applicantId, imported, usersStaffId);
    expect(await claimStatusOf(wendy.jwt)).toBe('approved');
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(shown);
    await restoreEmployer(db, wendy.applicantId, previous.companyId, previous.stamp);
    const [row] = await db.select({ companyId: applicants.employerCompanyId, status: applicants.employerClaimStatus }).from(applicants).where(eq(applicants.id, wendy.applicantId));
    expect(row).toEqual({ companyId: before, status: 'pending' });
    expect(await seesMembersOnlyDocument(wendy.jwt)).toEqual(hidden);
  });
});
