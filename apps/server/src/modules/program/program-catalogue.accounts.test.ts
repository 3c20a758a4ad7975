import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

/**
 * The published catalogue per account (issue 40): applicants read every body's published programs;
 * staff preview only their own account's (a super user: the account they work in now), and another
 * account's program page is a 404 to them, as its program screens are.
 */
let t: TestApp;
let auProgram: string;
let nzProgram: string;
let nzAccountId: string;
let applicantJwt: string;
let auAdminJwt: string;
let nzAdminJwt: string;
let superJwt: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const listed = async (jwt: string) => {
  const response = await get('/api/program/published?pageSize=250', jwt);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().rows as { id: string }[]).map((row) => row.id);
};

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  nzAccountId = (await createAccount(db)).id;
  const auAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] });
  const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: nzAccountId });
  const superUser = await createUser(db, { role: ROLES.SuperUser, accountId: FIRST_ACCOUNT_ID });
  auProgram = (await createProgram(db, { programManagerId: auAdmin.id, status: 2, programTitle: 'Australian Welding Inspector' })).id;
  nzProgram = (await createProgram(db, { programManagerId: nzAdmin.id, status: 2, programTitle: 'New Zealand Welding Inspector', accountId: nzAccountId })).id;
  const jwtOf = async (user: Parameters<typeof signIn>[1]) => (await signIn(t.app, user)).jwt;
  applicantJwt = await jwtOf(await createUser(db, { role: ROLES.Applicant }));
  auAdminJwt = await jwtOf(auAdmin);
  nzAdminJwt = await jwtOf(nzAdmin);
  superJwt = await jwtOf(superUser);
});
afterAll(async () => {
  await t.close();
});

describe('the published catalogue per account', () => {
  it("shows applicants every body's published programs and their pages", async () => {
    expect(await listed(applicantJwt)).toEqual(expect.arrayContaining([auProgram, nzProgram]));
    expect((await get(`/api/program/published/${auProgram}`, applicantJwt)).statusCode).toBe(200);
    expect((await get(`/api/program/published/${nzProgram}`, applicantJwt)).statusCode).toBe(200);
  });

  it("shows staff their own account's published programs only; another account's page is a 404", async () => {
    const nzSees = await listed(nzAdminJwt);
    expect(nzSees).toContain(nzProgram);
    expect(nzSees).not.toContain(auProgram);
    const auSees = await listed(auAdminJwt);
    expect(auSees).toContain(auProgram);
    expect(auSees).not.toContain(nzProgram);
    // Found by search too: the filter is the account, not the page.
    const searched = (await get('/api/program/published?search=Australian%20Welding', nzAdminJwt)).json();
    expect(searched).toMatchObject({ rows: [], totalRows: 0 });
    const refused = await get(`/api/program/published/${auProgram}`, nzAdminJwt);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('Australian Welding Inspector');
    expect((await get(`/api/program/published/${nzProgram}`, nzAdminJwt)).statusCode).toBe(200);
  });

  it("shows a super user the account they work in now, and the other one's after switching", async () => {
    expect(await listed(superJwt)).not.toContain(nzProgram);
    const switched = await t.app.inject({ method: 'POST', url: '/api/accounts/current', headers: bearer(superJwt), payload: { accountId: nzAccountId } });
    expect(switched.statusCode, switched.body).toBe(200);
    const inNz = await listed(superJwt);
    expect(inNz).toContain(nzProgram);
    expect(inNz).not.toContain(auProgram);
    expect((await get(`/api/program/published/${auProgram}`, superJwt)).statusCode).toBe(404);
  });
});
