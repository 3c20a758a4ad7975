import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { DASHBOARD_PATHS } from '@certs/shared/dashboard/dashboard.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';

/**
 * Money in the body's currency (issue 40): every answer that carries an amount of one account
 * carries that account's currency, so a New Zealand body's figures read NZ$ and an Australian
 * one's stay $ (formatMoney). Here: the catalogue, the dashboard, discount codes and re-sits.
 */
let t: TestApp;
let db: Database;

interface Body {
  adminJwt: string;
  programId: string;
}
let au: Body;
let nz: Body;
let applicantJwt: string;
let applicantId: string;

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });

async function bodyOf(accountId: string, programType: 1 | 2 | 3 | 4 = 1): Promise<Body> {
  const admin = await createUser(db, { role: ROLES.AccountAdministrator, accountId, menuItems: ['Dashboard', 'Programs', 'Discount Codes'] });
  const program = await createProgram(db, { programManagerId: admin.id, status: 2, programType, accountId });
  await completeProgram(db, program.id, programType, admin.id);
  return { adminJwt: (await signIn(t.app, admin)).jwt, programId: program.id };
}

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  const nzAccount = await createAccount(db);
  au = await bodyOf(FIRST_ACCOUNT_ID);
  nz = await bodyOf(nzAccount.id);
  const applicant = await createUser(db, { role: ROLES.Applicant });
  applicantId = applicant.applicantId!;
  applicantJwt = (await signIn(t.app, applicant)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe("amounts carry their body's currency", () => {
  it("the catalogue's program page: its fees are in its body's currency, for applicants", async () => {
    const nzPage = await get(`/api/program/published/${nz.programId}`, applicantJwt);
    expect(nzPage.statusCode, nzPage.body).toBe(200);
    expect(nzPage.json()).toMatchObject({ id: nz.programId, currency: 'NZD' });
    const auPage = await get(`/api/program/published/${au.programId}`, applicantJwt);
    expect(auPage.json()).toMatchObject({ id: au.programId, currency: 'AUD' });
  });

  it("the dashboard's payments this month: in the caller's account's currency", async () => {
    const nzSummary = await get(DASHBOARD_PATHS.summary, nz.adminJwt);
    expect(nzSummary.statusCode, nzSummary.body).toBe(200);
    expect(nzSummary.json().paymentsThisMonth).toMatchObject({ currency: 'NZD' });
    expect((await get(DASHBOARD_PATHS.summary, au.adminJwt)).json().paymentsThisMonth).toMatchObject({ currency: 'AUD' });
  });

  it('a fixed discount code reads NZ$ in a New Zealand account and $ in an Australian one', async () => {
    const code = (prefix: string) => ({
      code: `${prefix}-${randomBytes(2).toString('hex')}`,
      description: '',
      discountType: 'fixed',
      discountValue: '50',
      appliesTo: 'programType',
      programType: 1,
      programId: null,
      validFrom: '2020-01-01T00:00:00.000Z',
      validTo: '2099-12-31T00:00:00.000Z',
      usageLimit: '',
      active: true,
    });
    const nzCode = await post('/api/programapplicationcoupon', code('NZ'), nz.adminJwt);
    expect(nzCode.statusCode, nzCode.body).toBe(201);
    expect(nzCode.json()).toMatchObject({ discountValue: 5000, discountText: 'NZ$50.00' });
    const auCode = await post('/api/programapplicationcoupon', code('AU'), au.adminJwt);
    expect(auCode.json()).toMatchObject({ discountValue: 5000, discountText: '$50.00' });
  });

  it("a failed application's re-sit view: in the program's body's currency, for the applicant and staff", async () => {
    const failedOn = async (body: Body) => {
      const [row] = await db
        .insert(applications)
        .values({ applicationNumber: `Q-2026-C${randomBytes(4).toString('hex').toUpperCase()}`, applicantId, programId: body.programId, programType: 1, status: 'Failed', declarationAccepted: true, submittedOn: new Date(), assessmentRound: 1 })
        .returning({ id: applications.id });
      return row!.id;
    };
    const url = (id: string) => `/api/qualificationapplicationresitmodule/resitModules?applicationId=${id}`;
    const nzApplication = await failedOn(nz);
    const auApplication = await failedOn(au);
    const nzView = await get(url(nzApplication), applicantJwt);
    expect(nzView.statusCode, nzView.body).toBe(200);
    expect(nzView.json()).toMatchObject({ applicationId: nzApplication, currency: 'NZD' });
    expect((await get(url(nzApplication), nz.adminJwt)).json()).toMatchObject({ currency: 'NZD' });
    expect((await get(url(auApplication), applicantJwt)).json()).toMatchObject({ applicationId: auApplication, currency: 'AUD' });
  });
});
