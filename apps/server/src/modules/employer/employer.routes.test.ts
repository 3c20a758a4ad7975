import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { EmployerClaim } from '@certs/shared/company/company.contract';
import { EMPLOYER_MESSAGES, type CompanyUser, type EmployerCompany } from '@certs/shared/employer/employer.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { ADMIN_LOGIN, APPLICANT_LOGIN, EMPLOYER_LOGIN, bearer, signIn } from '../../../test/sign-in';
import { companies } from '../../db/schema/company';
import { mails } from '../../db/schema/mail';

/**
 * A company's own users (issue 42, decision 037): staff invite the first coordinator, who chooses
 * a password from the mail and signs in at the company's sign-in; the coordinator invites a viewer,
 * manages the company's users and decides claims to work for the company; nothing reaches another
 * company, and company users are neither applicants nor staff.
 */

let t: TestApp;
let usersStaffJwt: string;
let noMenuStaffJwt: string;
const run = Date.now().toString(36);

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const email = (name: string) => `${name}.${run}@employer.test`;

async function newCompany(name: string): Promise<string> {
  const [row] = await t.database.db.insert(companies).values({ name: `${name} ${run}`, contactEmail: email(name) }).returning({ id: companies.id });
  return row!.id;
}

/** The invitation mailed to the address: its link's token. */
async function invitationTokenOf(address: string): Promise<{ subject: string; token: string }> {
  const [mail] = await t.database.db.select().from(mails).where(eq(mails.toEmail, address)).orderBy(asc(mails.createdOn));
  expect(mail, `a mail to ${address}`).toBeDefined();
  const link = mail!.links.find((l) => l.label === 'Choose your password')!.url;
  expect(link).toMatch(/\/reset-password\/[^/?]+\?invited=1$/);
  return { subject: mail!.subject, token: link.split('/reset-password/')[1]!.replace(/\?invited=1$/, '') };
}

/** Chooses a password through the link as the reset page does, then signs in where the company's users do. */
async function acceptInvitation(address: string, password: string): Promise<string> {
  const { token } = await invitationTokenOf(address);
  const info = await t.app.inject({ method: 'GET', url: `/unauth/resetpassword/${token}` });
  expect(info.json()).toMatchObject({ isValid: true, userType: 'employer' });
  const owner = await t.app.inject({ method: 'GET', url: `/unauth/resetpassword/user/${token}` });
  const reset = await t.app.inject({ method: 'POST', url: `/unauth/${owner.json<{ id: string }>().id}/resetpassword`, payload: { token, email: '', password } });
  expect(reset.statusCode, reset.body).toBe(200);
  const signedIn = await t.app.inject({ method: 'POST', url: EMPLOYER_LOGIN, payload: { identifier: address, password } });
  expect(signedIn.statusCode, signedIn.body).toBe(200);
  return signedIn.json<{ jwt: string }>().jwt;
}

beforeAll(async () => {
  t = await buildTestApp();
  usersStaffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Users'] }))).jwt;
  noMenuStaffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }))).jwt;
});
afterAll(async () => {
  await t.close();
});

describe("a company's users", () => {
  it('staff invite the first coordinator; the coordinator signs in only at the company sign-in, invites a viewer, and the viewer reads but changes nothing', async () => {
    const companyId = await newCompany('Illawarra Steel');
    expect((await send('POST', `/api/company/${companyId}/users`, noMenuStaffJwt, { firstName: 'Cora', lastName: 'Ordinator', email: email('cora'), role: ROLES.CompanyCoordinator })).statusCode).toBe(403);
    const invited = await send('POST', `/api/company/${companyId}/users`, usersStaffJwt, { firstName: 'Cora', lastName: 'Ordinator', email: email('cora'), role: ROLES.CompanyCoordinator });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json<CompanyUser>()).toMatchObject({ email: email('cora'), role: ROLES.CompanyCoordinator, active: true, hasSignedUp: false });
    expect((await invitationTokenOf(email('cora'))).subject).toBe(`Illawarra Steel ${run}: you are invited to the company's portal`);

    // Before choosing a password nothing signs in; after, only the company's sign-in does.
    const early = await t.app.inject({ method: 'POST', url: EMPLOYER_LOGIN, payload: { identifier: email('cora'), password: 'Whatever-pass-1' } });
    expect(early.statusCode).toBe(401);
    const coordinatorJwt = await acceptInvitation(email('cora'), 'Cora-chose-this-1');
    for (const url of [APPLICANT_LOGIN, ADMIN_LOGIN]) {
      expect((await t.app.inject({ method: 'POST', url, payload: { identifier: email('cora'), password: 'Cora-chose-this-1' } })).statusCode).toBe(401);
    }
    const company = await send('GET', '/api/employer/company', coordinatorJwt);
    expect(company.json<EmployerCompany>()).toMatchObject({ id: companyId, name: `Illawarra Steel ${run}`, isCoordinator: true, people: 0, pendingClaims: 0 });
    expect((await send('GET', '/api/users/me', coordinatorJwt)).json()).toMatchObject({ userType: 'employer', role: ROLES.CompanyCoordinator });

    const viewer = await send('POST', '/api/employer/users', coordinatorJwt, { firstName: 'Vic', lastName: 'Viewer', email: email('vic'), role: ROLES.CompanyViewer });
    expect(viewer.statusCode, viewer.body).toBe(201);
    const viewerJwt = await acceptInvitation(email('vic'), 'Vic-chose-this-12');
    expect((await send('GET', '/api/employer/company', viewerJwt)).json<EmployerCompany>()).toMatchObject({ id: companyId, isCoordinator: false });
    expect((await send('GET', '/api/employer/users', viewerJwt)).statusCode).toBe(403);
    expect((await send('POST', '/api/employer/users', viewerJwt, { firstName: 'X', lastName: 'Y', email: email('x'), role: ROLES.CompanyViewer })).statusCode).toBe(403);

    const listed = (await send('GET', '/api/employer/users', coordinatorJwt)).json<CompanyUser[]>();
    expect(listed.map((user) => [user.email, user.role, user.hasSignedUp])).toEqual([
      [email('cora'), ROLES.CompanyCoordinator, true],
      [email('vic'), ROLES.CompanyViewer, true],
    ]);
    expect(listed[1]!.invitedBy).toBe('Cora Ordinator');
    expect((await send('GET', `/api/company/${companyId}/users`, usersStaffJwt)).json<CompanyUser[]>()).toHaveLength(2);
  });

  it('refuses a taken email, a role that is not the company’s, changing oneself and leaving the company without a coordinator', async () => {
    const companyId = await newCompany('Hunter Valley');
    await send('POST', `/api/company/${companyId}/users`, usersStaffJwt, { firstName: 'Hal', lastName: 'Hunter', email: email('hal'), role: ROLES.CompanyCoordinator });
    const halJwt = await acceptInvitation(email('hal'), 'Hal-chose-this-12');
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant });

    const taken = await send('POST', '/api/employer/users', halJwt, { firstName: 'Dup', lastName: 'Licate', email: applicant.email.toUpperCase(), role: ROLES.CompanyViewer });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: EMPLOYER_MESSAGES.emailTaken });
    const staffRole = await send('POST', '/api/employer/users', halJwt, { firstName: 'Sam', lastName: 'Staff', email: email('sam'), role: ROLES.AccountAdministrator });
    expect(staffRole.statusCode).toBe(400);
    expect(JSON.stringify(staffRole.json())).toContain(EMPLOYER_MESSAGES.roleRequired);

    const halId = (await send('GET', '/api/employer/users', halJwt)).json<CompanyUser[]>()[0]!.userId;
    const self = await send('POST', `/api/employer/users/${halId}`, halJwt, { active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ message: EMPLOYER_MESSAGES.notYourself });

    // A second coordinator, who demotes Hal; then Hal (now a viewer) can no longer manage users, and the last coordinator cannot be demoted.
    const gina = await send('POST', '/api/employer/users', halJwt, { firstName: 'Gina', lastName: 'Second', email: email('gina'), role: ROLES.CompanyCoordinator });
    const ginaJwt = await acceptInvitation(email('gina'), 'Gina-chose-this-1');
    const demoted = await send('POST', `/api/employer/users/${halId}`, ginaJwt, { role: ROLES.CompanyViewer });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await send('GET', '/api/employer/users', halJwt)).statusCode).toBe(403);
    const halAsViewerJwt = (await t.app.inject({ method: 'POST', url: EMPLOYER_LOGIN, payload: { identifier: email('hal'), password: 'Hal-chose-this-12' } })).json<{ jwt: string }>().jwt;
    expect((await send('GET', '/api/employer/company', halAsViewerJwt)).json()).toMatchObject({ isCoordinator: false });
    const ginaId = gina.json<CompanyUser>().userId;
    const promoted = await send('POST', `/api/employer/users/${halId}`, ginaJwt, { role: ROLES.CompanyCoordinator });
    expect(promoted.statusCode).toBe(200);
    const halAgainJwt = (await t.app.inject({ method: 'POST', url: EMPLOYER_LOGIN, payload: { identifier: email('hal'), password: 'Hal-chose-this-12' } })).json<{ jwt: string }>().jwt;
    expect((await send('POST', `/api/employer/users/${ginaId}`, halAgainJwt, { active: false })).statusCode).toBe(200);
    // Gina's sessions ended with her access.
    expect((await send('GET', '/api/employer/company', ginaJwt)).statusCode).toBe(401);
  });

  it('two coordinators demoting each other at once leave the company one coordinator', async () => {
    const companyId = await newCompany('Twin');
    const [ann, bob] = await Promise.all([createUser(t.database.db, { role: ROLES.CompanyCoordinator, companyId }), createUser(t.database.db, { role: ROLES.CompanyCoordinator, companyId })]);
    const [annJwt, bobJwt] = [(await signIn(t.app, ann!)).jwt, (await signIn(t.app, bob!)).jwt];
    const answers = await Promise.all([send('POST', `/api/employer/users/${bob!.id}`, annJwt, { role: ROLES.CompanyViewer }), send('POST', `/api/employer/users/${ann!.id}`, bobJwt, { role: ROLES.CompanyViewer })]);
    // One wins. The other is refused either by the last-coordinator check, when both passed the role
    // check together (409), or by the role check itself, when its request was read after the winner's
    // commit had made it a viewer (403): which one depends on timing (CI, 7 Dec, on PostgreSQL: 403).
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect([[200, 403], [200, 409]]).toContainEqual(codes);
    const refused = answers.find((answer) => answer.statusCode !== 200)!;
    if (refused.statusCode === 409) expect(refused.json()).toMatchObject({ message: EMPLOYER_MESSAGES.lastCoordinator });
    const roles = (await send('GET', `/api/company/${companyId}/users`, usersStaffJwt)).json<CompanyUser[]>().map((user) => user.role);
    expect(roles.sort()).toEqual([ROLES.CompanyCoordinator, ROLES.CompanyViewer]);
  });

  it("sees nothing of another company: its users are not found, and an inactive company's users cannot be invited", async () => {
    const mine = await newCompany('Mine');
    const theirs = await newCompany('Theirs');
    await send('POST', `/api/company/${mine}/users`, usersStaffJwt, { firstName: 'Mo', lastName: 'Mine', email: email('mo'), role: ROLES.CompanyCoordinator });
    await send('POST', `/api/company/${theirs}/users`, usersStaffJwt, { firstName: 'Tia', lastName: 'Theirs', email: email('tia'), role: ROLES.CompanyCoordinator });
    const moJwt = await acceptInvitation(email('mo'), 'Mo-chose-this-123');
    const tiaId = (await send('GET', `/api/company/${theirs}/users`, usersStaffJwt)).json<CompanyUser[]>()[0]!.userId;
    const across = await send('POST', `/api/employer/users/${tiaId}`, moJwt, { active: false });
    expect(across.statusCode).toBe(404);
    expect((await send('GET', '/api/employer/users', moJwt)).json<CompanyUser[]>().map((user) => user.email)).toEqual([email('mo')]);

    // A company made inactive: its users are refused at once, and again allowed once it is active.
    expect((await send('GET', '/api/employer/company', moJwt)).statusCode).toBe(200);
    const form = { name: `Mine ${run}`, contactEmail: email('mine'), active: false };
    const madeInactive = await send('POST', `/api/company/update/${mine}`, usersStaffJwt, form);
    expect(madeInactive.statusCode, madeInactive.body).toBe(200);
    expect((await send('GET', '/api/employer/company', moJwt)).statusCode).toBe(403);
    expect((await send('POST', `/api/company/update/${mine}`, usersStaffJwt, { ...form, active: true })).statusCode).toBe(200);
    expect((await send('GET', '/api/employer/company', moJwt)).statusCode).toBe(200);

    const inactive = await newCompany('Asleep');
    await t.database.db.update(companies).set({ active: false }).where(eq(companies.id, inactive));
    const refused = await send('POST', `/api/company/${inactive}/users`, usersStaffJwt, { firstName: 'Ina', lastName: 'Active', email: email('ina'), role: ROLES.CompanyCoordinator });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: EMPLOYER_MESSAGES.companyInactive });
  });
});

describe("the coordinator decides claims to work for the company", () => {
  it('approves a pending claim on their company, and cannot decide one on another company', async () => {
    const companyId = await newCompany('Claimed');
    const otherId = await newCompany('Unclaimed');
    const coordinator = await createUser(t.database.db, { role: ROLES.CompanyCoordinator, companyId });
    const viewer = await createUser(t.database.db, { role: ROLES.CompanyViewer, companyId });
    const otherCoordinator = await createUser(t.database.db, { role: ROLES.CompanyCoordinator, companyId: otherId });
    const [coordinatorJwt, viewerJwt, otherJwt] = (await Promise.all([coordinator, viewer, otherCoordinator].map((user) => signIn(t.app, user)))).map((session) => session.jwt) as [string, string, string];
    const welder = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Dallas', lastName: `Weldon${run}` });
    const welderJwt = (await signIn(t.app, welder)).jwt;
    expect((await send('POST', '/api/company/employer', welderJwt, { companyId })).statusCode).toBe(200);

    const pending = (await send('GET', '/api/employer/claims', viewerJwt)).json<EmployerClaim[]>();
    expect(pending.map((claim) => [claim.applicantId, claim.status])).toEqual([[welder.applicantId, 'pending']]);
    expect((await send('GET', '/api/employer/company', coordinatorJwt)).json()).toMatchObject({ pendingClaims: 1, people: 0 });
    expect((await send('GET', '/api/employer/claims', otherJwt)).json()).toEqual([]);

    expect((await send('POST', `/api/employer/claims/${welder.applicantId}`, viewerJwt, { decision: 'approve' })).statusCode).toBe(403);
    expect((await send('POST', `/api/employer/claims/${welder.applicantId}`, otherJwt, { decision: 'approve' })).statusCode).toBe(404);
    const approved = await send('POST', `/api/employer/claims/${welder.applicantId}`, coordinatorJwt, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<EmployerClaim>()).toMatchObject({ status: 'approved', companyId });
    expect((await send('GET', '/api/company/employer', welderJwt)).json()).toMatchObject({ claimStatus: 'approved' });
    expect((await send('GET', '/api/employer/company', coordinatorJwt)).json()).toMatchObject({ pendingClaims: 0, people: 1 });
  });

  it("company users are neither applicants nor staff: the applicant's and the staff's routes answer 403", async () => {
    const coordinator = await createUser(t.database.db, { role: ROLES.CompanyCoordinator });
    const jwt = (await signIn(t.app, coordinator)).jwt;
    for (const url of ['/api/company/employer', '/api/company/claims', '/api/librarydocument/pagination', '/api/award/00000000-0000-4000-8000-000000000000', '/api/applicant/00000000-0000-4000-8000-000000000000']) {
      expect((await send('GET', url, jwt)).statusCode, url).toBe(403);
    }
  });
});
