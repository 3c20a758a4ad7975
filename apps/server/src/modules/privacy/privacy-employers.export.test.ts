import { randomBytes } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { EXPORT_FILES } from '@certs/shared/privacy/privacy.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { companies } from '../../db/schema/company';
import { insertTestAward } from '../public-register/test-awards';

/**
 * What companies hold of a person (issue 42) is part of "everything held about them": the employer
 * link, links they ended, and each company's check of their certificates, in employers.json.
 */

let t: TestApp;
const run = randomBytes(3).toString('hex');
const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

async function employersOf(jwt: string) {
  const response = await send('GET', '/api/privacy/me/export', jwt);
  expect(response.statusCode).toBe(200);
  const entries = unzipSync(new Uint8Array(response.rawPayload));
  return JSON.parse(strFromU8(entries[EXPORT_FILES.employers]!)) as { current: { company: string; claimStatus: string } | null; ended: { company: string }[]; certificateChecks: { company: string; certificateNumber: string }[] };
}

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the personal data export: employers.json', () => {
  it("lists the person's employer, the link they ended and who checked their certificates; another person's export has none of it", async () => {
    const db = t.database.db;
    const staff = await createUser(db, { role: ROLES.SuperUser });
    const program = await createProgram(db, { programManagerId: staff.id, programType: 2, status: 2 });
    const holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Hana', lastName: `Holder${run}` });
    const other = await createUser(db, { role: ROLES.Applicant });
    const [holderJwt, otherJwt] = [(await signIn(t.app, holder)).jwt, (await signIn(t.app, other)).jwt];
    const { certificateNumber } = await insertTestAward(db, { applicantId: holder.applicantId!, programId: program.id, programType: 2, certificateNumber: `PRIV-${run}`, expiresOn: '2099-01-31' });
    const [first] = await db.insert(companies).values({ name: `First Fabricators ${run}`, contactEmail: `first.${run}@example.test` }).returning({ id: companies.id });
    const [second] = await db.insert(companies).values({ name: `Second Steel ${run}`, contactEmail: `second.${run}@example.test` }).returning({ id: companies.id });
    const firstCoordinator = await createUser(db, { role: ROLES.CompanyCoordinator, companyId: first!.id });
    const firstJwt = (await signIn(t.app, firstCoordinator)).jwt;

    // Employed at First (approved by its coordinator), the link ended, then a claim on Second.
    expect((await send('POST', '/api/company/employer', holderJwt, { companyId: first!.id })).statusCode).toBe(200);
    expect((await send('POST', `/api/employer/claims/${holder.applicantId}`, firstJwt, { decision: 'approve' })).statusCode).toBe(200);
    expect((await send('POST', '/api/employer/certificate-checks', firstJwt, { numbers: [certificateNumber] })).statusCode).toBe(201);
    expect((await send('POST', '/api/company/employer/end', holderJwt, {})).statusCode).toBe(200);
    expect((await send('POST', '/api/company/employer', holderJwt, { companyId: second!.id })).statusCode).toBe(200);

    const mine = await employersOf(holderJwt);
    expect(mine.current).toMatchObject({ company: `Second Steel ${run}`, claimStatus: 'pending' });
    expect(mine.ended.map((link) => link.company)).toEqual([`First Fabricators ${run}`]);
    expect(mine.certificateChecks.map((check) => [check.company, check.certificateNumber])).toEqual([[`First Fabricators ${run}`, certificateNumber]]);
    // Nothing of the company user who checked: the company's name is what the holder is owed.
    expect(JSON.stringify(mine)).not.toContain(firstCoordinator.email);

    expect(await employersOf(otherJwt)).toEqual({ current: null, ended: [], certificateChecks: [] });
  });
});
