import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { COMPANY_MESSAGES as M } from '@certs/shared/company/company.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createApplicationWithModules } from '../../../test/factories/application-module.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let usersJwt: string;
let programsJwt: string;
let applicantJwt: string;
let otherApplicantJwt: string;
let applicantId: string;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const people = await Promise.all([
    createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users'] }),
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
    createUser(db, { role: ROLES.Applicant, firstName: 'Wendy', lastName: 'Welder' }),
    createUser(db, { role: ROLES.Applicant }),
  ]);
  [usersJwt, programsJwt, applicantJwt, otherApplicantJwt] = (await Promise.all(people.map(async (user) => (await signIn(t.app, user)).jwt))) as [string, string, string, string];
  applicantId = people[2]!.applicantId!;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const company = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hunter Fabrication',
  businessNumber: '51 824 753 556',
  streetAddress: '12 Industrial Drive',
  city: 'Newcastle',
  state: 'NSW',
  postalCode: '2300',
  country: 'Australia',
  contactName: 'Casey Coordinator',
  contactPosition: 'Welding coordinator',
  contactEmail: 'coordinator@hunter.example',
  contactPhone: '02 4900 1234',
  corporateMemberNumber: 'CM-1001',
  membershipStartsOn: '2020-01-01',
  membershipEndsOn: '2099-12-31',
  ...overrides,
});

describe('companies for staff with the Users menu', () => {
  let companyId: string;

  it('are created with a checked ABN, read and updated', async () => {
    const created = await send('POST', '/api/company', usersJwt, company());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ businessNumber: '51824753556', businessNumberKind: 'ABN', isCurrentCorporateMember: true, active: true, isRequested: false });
    companyId = created.json().id;
    const updated = await send('POST', `/api/company/update/${companyId}`, usersJwt, company({ membershipEndsOn: '2021-01-01' }));
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ membershipEndsOn: '2021-01-01', isCurrentCorporateMember: false });
    expect((await send('GET', `/api/company/${companyId}`, usersJwt)).json()).toMatchObject({ name: 'Hunter Fabrication', people: [] });
  });

  it('refuse a bad ABN, a bad NZBN and a number taken, changing nothing', async () => {
    const bad = await send('POST', '/api/company', usersJwt, company({ name: 'Bad ABN Pty Ltd', businessNumber: '51 824 753 557' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(M.abnInvalid);
    const badNz = await send('POST', '/api/company', usersJwt, company({ name: 'Bad NZBN Ltd', businessNumber: '9429041535012' }));
    expect(JSON.stringify(badNz.json())).toContain(M.nzbnInvalid);
    const taken = await send('POST', '/api/company', usersJwt, company({ name: 'Copy Pty Ltd' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.businessNumberTaken);
    const page = (await send('GET', '/api/company/pagination?searchTerm=pty', usersJwt)).json();
    expect(page.totalRows).toBe(0);
  });

  it("page with the spec's names and search by field", async () => {
    await send('POST', '/api/company', usersJwt, company({ name: 'Kiwi Welding Ltd', businessNumber: '9429041535011', contactEmail: 'qa@kiwi.example', corporateMemberNumber: '', membershipStartsOn: null, membershipEndsOn: null }));
    const all = (await send('GET', '/api/company/pagination?currentPage=1&perPageCount=10', usersJwt)).json();
    expect(all).toMatchObject({ page: 1, pageSize: 10, totalRows: 2 });
    expect(all.rows.map((c: { name: string }) => c.name)).toEqual(['Hunter Fabrication', 'Kiwi Welding Ltd']);
    const byNumber = (await send('GET', '/api/company/pagination?searchBy=businessNumber&searchTerm=9429', usersJwt)).json();
    expect(byNumber.rows.map((c: { name: string }) => c.name)).toEqual(['Kiwi Welding Ltd']);
    const byEmail = (await send('GET', '/api/company/pagination?searchBy=email&searchTerm=hunter', usersJwt)).json();
    expect(byEmail.rows.map((c: { name: string }) => c.name)).toEqual(['Hunter Fabrication']);
    expect((await send('GET', '/api/company/pagination?perPageCount=7', usersJwt)).statusCode).toBe(400);
  });

  it('refuse staff without the Users menu and applicants, reads included', async () => {
    for (const jwt of [programsJwt, applicantJwt]) {
      expect((await send('GET', '/api/company/pagination', jwt)).statusCode).toBe(403);
      expect((await send('GET', `/api/company/${companyId}`, jwt)).statusCode).toBe(403);
      expect((await send('POST', '/api/company', jwt, company({ name: 'Sneaky', businessNumber: '' }))).statusCode).toBe(403);
      expect((await send('POST', `/api/company/update/${companyId}`, jwt, company())).statusCode).toBe(403);
    }
    expect((await send('GET', `/api/company/${crypto.randomUUID()}`, usersJwt)).statusCode).toBe(404);
  });

  it("show their people: the applicants staff approved as employees, to the staff of the accounts they applied to (issue 40, 42)", async () => {
    const chosen = await send('POST', '/api/company/employer', applicantJwt, { companyId });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ company: { id: companyId, name: 'Hunter Fabrication' }, claimStatus: 'pending' });
    const peopleSeenBy = async (jwt: string) => (await send('GET', `/api/company/${companyId}`, jwt)).json().people;
    const wendy = [expect.objectContaining({ applicantId, firstName: 'Wendy', lastName: 'Welder' })];
    // Her claim waits for staff: she is not yet one of the company's people.
    expect((await send('GET', `/api/company/${companyId}`, usersJwt)).json()).toMatchObject({ people: [], claims: [expect.objectContaining({ applicantId, status: 'pending' })] });
    expect((await send('POST', `/api/company/${companyId}/claims/${applicantId}`, usersJwt, { decision: 'approve' })).statusCode).toBe(200);
    const db = t.database.db;
    const nz = await createAccount(db);
    const nzJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Users'], accountId: nz.id }))).jwt;
    // Applicants belong to the platform: while Wendy has applied nowhere, every account's staff see her.
    expect(await peopleSeenBy(usersJwt)).toEqual(wendy);
    expect(await peopleSeenBy(nzJwt)).toEqual(wendy);
    // Once she applies to the first account's program, she is its; another account's staff still see the shared company, not her.
    const program = await createProgram(db, { programManagerId: (await createUser(db, { role: ROLES.AccountAdministrator })).id, status: 2 });
    await createApplicationWithModules(db, { applicantId, programId: program.id, status: 'Application Submitted', workflowStage: null, programModuleIds: [] });
    expect(await peopleSeenBy(usersJwt)).toEqual(wendy);
    expect((await send('GET', `/api/company/${companyId}`, nzJwt)).json()).toMatchObject({ name: 'Hunter Fabrication', people: [] });
  });
});

describe("an applicant's employer", () => {
  it('is chosen among active companies; a request is created inactive, theirs, and approved by staff', async () => {
    const options = (await send('GET', '/api/company/options?searchTerm=kiwi', otherApplicantJwt)).json();
    expect(options.map((c: { name: string }) => c.name)).toEqual(['Kiwi Welding Ltd']);
    const asked = await send('POST', '/api/company/request', otherApplicantJwt, { name: 'Tasman Steel Works', contactEmail: 'boss@tasman.example', city: 'Hobart' });
    expect(asked.statusCode).toBe(201);
    const requested = asked.json().company;
    expect(requested).toMatchObject({ name: 'Tasman Steel Works', active: false });
    expect((await send('GET', '/api/company/employer', otherApplicantJwt)).json().company.id).toBe(requested.id);
    // Not on offer to anyone else until staff approve it.
    expect((await send('GET', '/api/company/options?searchTerm=tasman', applicantJwt)).json()).toEqual([]);
    const refused = await send('POST', '/api/company/employer', applicantJwt, { companyId: requested.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.inactiveEmployer);
    const pending = (await send('GET', '/api/company/pagination?active=false', usersJwt)).json();
    expect(pending.rows).toEqual([expect.objectContaining({ id: requested.id, isRequested: true, active: false })]);
    await send('POST', `/api/company/update/${requested.id}`, usersJwt, { ...pending.rows[0], businessNumber: '', active: true, id: undefined, businessNumberKind: undefined, isCurrentCorporateMember: undefined, isRequested: undefined, createdOn: undefined, modifiedOn: undefined });
    expect((await send('GET', '/api/company/options?searchTerm=tasman', applicantJwt)).json()).toHaveLength(1);
  });

  it('is refused to staff, and unknown companies are 404', async () => {
    expect((await send('GET', '/api/company/employer', usersJwt)).statusCode).toBe(403);
    expect((await send('GET', '/api/company/options', usersJwt)).statusCode).toBe(403);
    expect((await send('POST', '/api/company/employer', applicantJwt, { companyId: crypto.randomUUID() })).statusCode).toBe(404);
  });
});
