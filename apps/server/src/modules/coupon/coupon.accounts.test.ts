import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { COUPON_MESSAGES as M } from '@certs/shared/coupon/coupon.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { coupons } from '../../db/schema/payment';
import { AppError } from '../../platform/app-error';
import { createProgramModule } from '../program/program.module';
import { CouponRepository } from './coupon.repository';
import { CouponService } from './coupon.service';

/**
 * Discount codes belong to an account (decision 033): its staff keep them, and a code applies only
 * to applications to that account's programs; used for another account's program it is unknown.
 */

const BASE = '/api/programapplicationcoupon';
const OPEN = { validFrom: '2020-01-01T00:00:00.000Z', validTo: '2099-12-31T00:00:00.000Z' };

let t: TestApp;
let service: CouponService;
let auJwt: string;
let nzJwt: string;
let applicant: CreatedUser;
let auProgram: { id: string; programCode: string };
let nzProgram: { id: string; programCode: string };

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  service = new CouponService(new CouponRepository(db), createProgramModule(db).programs);
  const nz = await createAccount(db);
  const auAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Discount Codes', 'Programs'] });
  const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Discount Codes', 'Programs'], accountId: nz.id });
  applicant = await createUser(db, { role: ROLES.Applicant });
  auJwt = (await signIn(t.app, auAdmin)).jwt;
  nzJwt = (await signIn(t.app, nzAdmin)).jwt;
  auProgram = await createProgram(db, { programManagerId: auAdmin.id, status: 2, programType: 1, programTitle: 'Australian inspector' });
  nzProgram = await createProgram(db, { programManagerId: nzAdmin.id, status: 2, programType: 1, programTitle: 'Kiwi inspector', accountId: nz.id });
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST', url: string, jwt: string, payload?: object) => t.app.inject({ method, url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

const codeFor = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;

const couponBody = (overrides: Record<string, unknown> = {}) => ({
  code: codeFor('C'),
  description: 'Winter intake',
  discountType: 'percentage',
  discountValue: '10',
  appliesTo: 'programType',
  programType: 1,
  programId: null,
  ...OPEN,
  usageLimit: null,
  active: true,
  ...overrides,
});

async function createCoupon(jwt: string, overrides: Record<string, unknown> = {}): Promise<{ id: string; code: string }> {
  const response = await send('POST', BASE, jwt, couponBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).fieldErrors).toEqual({ couponCode: (error as AppError).message });
    return (error as AppError).message;
  }
  throw new Error('expected a refusal');
}

describe('discount codes of two accounts', () => {
  it("are kept apart: another account's administrator gets 404 and the code stays out of their lists", async () => {
    const au = await createCoupon(auJwt, { code: codeFor('AUONLY'), description: 'Koala special' });
    expect((await send('GET', `${BASE}/${au.id}`, nzJwt)).statusCode).toBe(404);
    const update = await send('POST', `${BASE}/update/${au.id}`, nzJwt, couponBody({ code: au.code, discountValue: '90' }));
    expect(update.statusCode).toBe(404);
    expect((await send('GET', `${BASE}/pagination?searchTerm=Koala`, nzJwt)).json().totalRows).toBe(0);
    expect((await send('GET', `${BASE}/programtype/1`, nzJwt)).json().map((c: { id: string }) => c.id)).not.toContain(au.id);
    expect((await send('GET', `${BASE}/pagination?searchTerm=Koala`, auJwt)).json().totalRows).toBe(1);
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, au.id));
    expect(row!.discountValue).toBe(1000);
  });

  it('may both hold the same code, still once within each account (and a code taken elsewhere is not told)', async () => {
    const code = codeFor('SHARED');
    await createCoupon(auJwt, { code });
    await createCoupon(nzJwt, { code });
    const again = await send('POST', BASE, nzJwt, couponBody({ code }));
    expect(again.statusCode).toBe(409);
    expect(again.json().fieldErrors).toEqual({ code: M.codeTaken });
  });

  it("lands a new code in the creator's account", async () => {
    const nz = await createCoupon(nzJwt, { code: codeFor('NZ') });
    expect((await send('GET', `${BASE}/${nz.id}`, nzJwt)).statusCode).toBe(200);
    expect((await send('GET', `${BASE}/${nz.id}`, auJwt)).statusCode).toBe(404);
  });

  it("is for the account's own programs only: another account's program is not offered and is refused as unknown", async () => {
    const options = (await send('GET', `${BASE}/programs`, nzJwt)).json().map((p: { id: string }) => p.id);
    expect(options).toContain(nzProgram.id);
    expect(options).not.toContain(auProgram.id);
    const refused = await send('POST', BASE, nzJwt, couponBody({ appliesTo: 'program', programId: auProgram.id, programType: null }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ programId: M.programNotFound });
  });
});

describe('a code used for an application', () => {
  it("is unknown for another account's program, even a code for every program of the type", async () => {
    const au = await createCoupon(auJwt, { code: codeFor('TYPEWIDE') });
    const input = { code: au.code, programId: nzProgram.id, programType: 1, applicantId: applicant.applicantId!, subtotalCents: 20000 };
    expect(await refusalOf(service.quote(t.database.db, input))).toBe(M.notFound);
    expect(await refusalOf(t.database.db.transaction((tx) => service.redeem(tx, { ...input, applicationId: '', invoiceId: '', actorId: applicant.id })))).toBe(M.notFound);
    // The same code for its own account's program is priced.
    expect(await service.quote(t.database.db, { ...input, programId: auProgram.id })).toMatchObject({ couponId: au.id, discountCents: 2000 });
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, au.id));
    expect(row!.usedCount).toBe(0);
  });

  it("is verified by staff for their own account's programs only", async () => {
    const au = await createCoupon(auJwt, { code: codeFor('VERIFY') });
    const url = (programId: string) => `${BASE}/${programId}/${applicant.applicantId}/${au.code}/verify/coupon?subtotalCents=10000`;
    expect((await send('GET', url(auProgram.id), auJwt)).json()).toMatchObject({ couponId: au.id, discountCents: 1000 });
    expect((await send('GET', url(auProgram.id), nzJwt)).statusCode).toBe(404);
    const onOwnProgram = await send('GET', url(nzProgram.id), nzJwt);
    expect(onOwnProgram.statusCode).toBe(400);
    expect(onOwnProgram.json().fieldErrors).toEqual({ couponCode: M.notFound });
  });
});
