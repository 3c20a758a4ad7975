import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { Employer, EmployerClaim } from '@certs/shared/company/company.contract';
import { COMPANY_ACCESS_MESSAGES, type CompanyAccess, type FormerPerson } from '@certs/shared/company-access/company-access.contract';
import type { EmployerCompany } from '@certs/shared/employer/employer.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { companies } from '../../db/schema/company';
import { applicants } from '../../db/schema/user';

/**
 * What companies see of a person (issue 42, decision 038): the applicant sees their employer and
 * since when, and ends the link; the company then no longer counts or lists them among its people
 * and shows them among its former people with the end date.
 */

let t: TestApp;
const run = randomBytes(3).toString('hex');
const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

let staffJwt: string;

async function companyWithCoordinator(name: string): Promise<{ id: string; name: string; coordinatorJwt: string; viewerJwt: string }> {
  const [row] = await t.database.db.insert(companies).values({ name: `${name} ${run}`, contactEmail: `office.${run}@${name.toLowerCase().replace(/\W/g, '')}.test` }).returning({ id: companies.id });
  const coordinatorJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.CompanyCoordinator, companyId: row!.id }))).jwt;
  const viewerJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.CompanyViewer, companyId: row!.id }))).jwt;
  return { id: row!.id, name: `${name} ${run}`, coordinatorJwt, viewerJwt };
}

/** An applicant who names the company and whose claim its coordinator approves. */
async function employee(company: { id: string; coordinatorJwt: string }, lastName: string): Promise<CreatedUser & { jwt: string }> {
  const person = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Emery', lastName });
  const jwt = (await signIn(t.app, person)).jwt;
  const claimed = await send('POST', '/api/company/employer', jwt, { companyId: company.id });
  expect(claimed.json<Employer>().claimStatus).toBe('pending');
  const approved = await send('POST', `/api/employer/claims/${person.applicantId}`, company.coordinatorJwt, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  return { ...person, jwt };
}

const peopleOf = async (jwt: string) => (await send('GET', '/api/employer/company', jwt)).json<EmployerCompany>().people;

beforeAll(async () => {
  t = await buildTestApp();
  staffJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.SuperUser }))).jwt;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("an applicant's employer link and its end", () => {
  it('shows the employer and since when; once the applicant ends the link the company drops them from its people and lists them as former, with the end date', async () => {
    const company = await companyWithCoordinator('Port Kembla Steel');
    const person = await employee(company, `Leaver${run}`);
    const stayer = await employee(company, `Stayer${run}`);
    expect(await peopleOf(company.viewerJwt)).toBe(2);

    const before = await send('GET', '/api/company/employer/access', person.jwt);
    expect(before.statusCode).toBe(200);
    const access = before.json<CompanyAccess>();
    expect(access).toMatchObject({ employer: { companyId: company.id, companyName: company.name, status: 'approved' }, endedLinks: [] });
    const since = access.employer!.since!;
    expect(Date.now() - Date.parse(since)).toBeLessThan(60_000);

    const ended = await send('POST', '/api/company/employer/end', person.jwt, {});
    expect(ended.statusCode, ended.body).toBe(200);
    const after = ended.json<CompanyAccess>();
    expect(after.employer).toBeNull();
    expect(after.endedLinks).toEqual([{ id: expect.any(String), companyName: company.name, since, endedOn: expect.any(String) }]);
    expect((await send('GET', '/api/company/employer', person.jwt)).json<Employer>()).toEqual({ company: null, claimStatus: null });

    // The company: one person fewer, not among its approved claims, and listed as former with the dates.
    expect(await peopleOf(company.coordinatorJwt)).toBe(1);
    const approved = (await send('GET', '/api/employer/claims?status=approved', company.viewerJwt)).json<EmployerClaim[]>();
    expect(approved.map((claim) => claim.applicantId)).toEqual([stayer.applicantId]);
    const former = await send('GET', '/api/employer/former-people', company.viewerJwt);
    expect(former.statusCode).toBe(200);
    expect(former.json<FormerPerson[]>()).toEqual([{ id: after.endedLinks[0]!.id, firstName: 'Emery', lastName: `Leaver${run}`, since, endedOn: after.endedLinks[0]!.endedOn }]);
    expect(former.body).not.toContain(person.email);
    // The coordinator cannot approve them back: there is no claim on the company any more.
    expect((await send('POST', `/api/employer/claims/${person.applicantId}`, company.coordinatorJwt, { decision: 'approve' })).statusCode).toBe(404);
    expect(await peopleOf(company.coordinatorJwt)).toBe(1);

    // Nothing left to end; a new claim on the same company starts pending, and the ended link stays listed.
    const again = await send('POST', '/api/company/employer/end', person.jwt, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: COMPANY_ACCESS_MESSAGES.noLinkToEnd });
    expect((await send('POST', '/api/company/employer', person.jwt, { companyId: company.id })).json<Employer>().claimStatus).toBe('pending');
    expect(await peopleOf(company.coordinatorJwt)).toBe(1);
    expect((await send('GET', '/api/employer/former-people', company.coordinatorJwt)).json<FormerPerson[]>()).toHaveLength(1);
    expect((await send('GET', '/api/company/employer/access', person.jwt)).json<CompanyAccess>()).toMatchObject({ employer: { companyId: company.id, status: 'pending' }, endedLinks: [{ companyName: company.name }] });
  });

  it('refuses to end a pending or declined claim and changes nothing', async () => {
    const company = await companyWithCoordinator('Wollongong Rigging');
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    const jwt = (await signIn(t.app, person)).jwt;
    const none = await send('POST', '/api/company/employer/end', jwt, {});
    expect(none.statusCode).toBe(409);
    await send('POST', '/api/company/employer', jwt, { companyId: company.id });
    for (const status of ['pending', 'declined'] as const) {
      await t.database.db.update(applicants).set({ employerClaimStatus: status }).where(eq(applicants.id, person.applicantId!));
      const refused = await send('POST', '/api/company/employer/end', jwt, {});
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: COMPANY_ACCESS_MESSAGES.noLinkToEnd });
      expect((await send('GET', '/api/company/employer', jwt)).json<Employer>().claimStatus).toBe(status);
    }
    // A declined claim is not shown as a company that sees them.
    expect((await send('GET', '/api/company/employer/access', jwt)).json<CompanyAccess>().employer).toBeNull();
    expect((await send('GET', '/api/employer/former-people', company.coordinatorJwt)).json<FormerPerson[]>()).toEqual([]);
  });

  it("shows a company only its own former people, and refuses applicants, staff and company users where the route is not theirs", async () => {
    const first = await companyWithCoordinator('Hunter Fabricators');
    const second = await companyWithCoordinator('Newcastle Welding');
    const person = await employee(first, `Mover${run}`);
    expect((await send('POST', '/api/company/employer/end', person.jwt, {})).statusCode).toBe(200);
    expect((await send('GET', '/api/employer/former-people', first.coordinatorJwt)).json<FormerPerson[]>()).toHaveLength(1);
    expect((await send('GET', '/api/employer/former-people', second.coordinatorJwt)).json<FormerPerson[]>()).toEqual([]);

    for (const jwt of [person.jwt, staffJwt]) expect((await send('GET', '/api/employer/former-people', jwt)).statusCode).toBe(403);
    for (const jwt of [first.coordinatorJwt, first.viewerJwt, staffJwt]) {
      expect((await send('GET', '/api/company/employer/access', jwt)).statusCode).toBe(403);
      expect((await send('POST', '/api/company/employer/end', jwt, {})).statusCode).toBe(403);
    }
  });
});
