import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLES } from '@certs/shared/auth/roles';
import { COUPON_MESSAGES as M, type CouponRequest } from '@certs/shared/coupon/coupon.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { couponRedemptions, coupons, invoices } from '../../db/schema/payment';
import { AppError } from '../../platform/app-error';
import { createProgramModule } from '../program/program.module';
import { CouponRepository } from './coupon.repository';
import { CouponService, type CouponQuoteInput } from './coupon.service';

let t: TestApp;
let service: CouponService;
let superJwt: string;
let codesJwt: string;
let managerJwt: string;
let outsiderJwt: string;
let applicantJwt: string;
let ada: CreatedUser;
let bob: CreatedUser;
let cy: CreatedUser;
let inspector: { id: string; programCode: string };
let otherQualification: { id: string; programCode: string };
let certification: { id: string; programCode: string };

const BASE = '/api/programapplicationcoupon';
const OPEN = { validFrom: '2020-01-01T00:00:00.000Z', validTo: '2099-12-31T00:00:00.000Z' };
const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });

function codeFor(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
}

async function createCoupon(overrides: Partial<CouponRequest> = {}) {
  const body: CouponRequest = {
    code: codeFor('C'),
    description: '',
    discountType: 'percentage',
    discountValue: '10',
    appliesTo: 'programType',
    programType: 1,
    programId: null,
    ...OPEN,
    usageLimit: null,
    active: true,
    ...overrides,
  };
  const response = await post(BASE, body, codesJwt);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; code: string }>();
}

const verifyUrl = (programId: string, applicantId: string, code: string, subtotalCents?: number) =>
  `${BASE}/${programId}/${applicantId}/${encodeURIComponent(code)}/verify/coupon${subtotalCents === undefined ? '' : `?subtotalCents=${subtotalCents}`}`;

async function insertApplication(db: Database, applicantId: string, programId: string): Promise<string> {
  const [row] = await db
    .insert(applications)
    .values({ applicationNumber: `Q-2026-${randomBytes(3).toString('hex')}`, applicantId, programId, programType: 1, status: 'Examinations Stage', submittedOn: new Date() })
    .returning({ id: applications.id });
  return row!.id;
}

let invoiceNumber = 1000;
async function insertInvoice(db: Database, applicationId: string): Promise<string> {
  const [row] = await db
    .insert(invoices)
    .values({
      invoiceNumber: invoiceNumber++,
      applicationId,
      issuedOn: new Date(),
      issuer: { name: 'Awarding body', abn: '12 345 678 901', address: 'Sydney', email: 'accounts@example.test' },
      billedTo: { name: 'Applicant', email: 'a@example.test', address: '', memberNumber: '' },
      lines: [],
      subtotalCents: 20000,
      gstRateBasisPoints: 1000,
      gstCents: 1818,
      totalCents: 20000,
    })
    .returning({ id: invoices.id });
  return row!.id;
}

/** What the pre-exam invoice does: an application, an invoice, and the code redeemed in that transaction. */
async function redeemFor(applicant: CreatedUser, code: string, subtotalCents = 20000) {
  const db = t.database.db;
  const applicationId = await insertApplication(db, applicant.applicantId!, inspector.id);
  const invoiceId = await insertInvoice(db, applicationId);
  return db.transaction(async (tx) => {
    return service.redeem(tx, { code, programId: inspector.id, programType: 1, applicantId: applicant.applicantId!, subtotalCents, applicationId, invoiceId, actorId: applicant.id });
  });
}

async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('BAD_REQUEST');
    expect((error as AppError).fieldErrors).toEqual({ couponCode: (error as AppError).message });
    return (error as AppError).message;
  }
  throw new Error('expected a refusal');
}

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  service = new CouponService(new CouponRepository(db), createProgramModule(db).programs);
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  const codesStaff = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Discount Codes'] });
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  ada = await createUser(db, { role: ROLES.Applicant });
  bob = await createUser(db, { role: ROLES.Applicant });
  cy = await createUser(db, { role: ROLES.Applicant });
  inspector = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'Welding Inspector' });
  otherQualification = await createProgram(db, { programManagerId: superUser.id, status: 2, programType: 1, programTitle: 'Welding Supervisor' });
  certification = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: 'Welding Coordinator' });
  const tokens = await Promise.all([superUser, codesStaff, manager, outsider, ada].map(async (user) => (await signIn(t.app, user)).jwt));
  [superJwt, codesJwt, managerJwt, outsiderJwt, applicantJwt] = tokens as [string, string, string, string, string];
});
afterAll(async () => {
  await t.close();
});

describe('creating and listing discount codes', () => {
  it('stores the code upper-case, the percentage in basis points, and lists it with its use', async () => {
    const created = await post(
      BASE,
      { code: ' spring-25 ', description: 'Spring intake', discountType: 'percentage', discountValue: '12.5', appliesTo: 'programType', programType: 1, programId: null, ...OPEN, usageLimit: '5', active: true },
      superJwt,
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'SPRING-25', discountType: 'percentage', discountValue: 1250, discountText: '12.5 %', appliesTo: 'programType', programType: 1, usageLimit: 5, usedCount: 0, state: 'Active' });
    const listed = await get(`${BASE}/pagination?searchTerm=spring`, codesJwt);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toMatchObject({ page: 1, pageSize: 10, totalRows: 1 });
    expect(listed.json().rows[0]).toMatchObject({ code: 'SPRING-25', usedCount: 0, usageLimit: 5 });
  });

  it('keeps a fixed amount in cents and names the program it is for', async () => {
    const created = await createCoupon({ code: 'inspect-50', discountType: 'fixed', discountValue: '50', appliesTo: 'program', programId: inspector.id, programType: null });
    const one = (await get(`${BASE}/${created.id}`, codesJwt)).json();
    expect(one).toMatchObject({ code: 'INSPECT-50', discountValue: 5000, discountText: '$50.00', appliesTo: 'program', programId: inspector.id, programCode: inspector.programCode, programTitle: 'Welding Inspector' });
  });

  it('refuses a code already taken, whatever its case', async () => {
    const taken = await post(BASE, { code: 'Spring-25', discountType: 'fixed', discountValue: '5', appliesTo: 'programType', programType: 2, ...OPEN }, codesJwt);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ code: M.codeTaken });
  });

  it("says what is wrong at each field, in the form's words", async () => {
    const response = await post(BASE, { code: 'x', discountType: 'percentage', discountValue: '101', appliesTo: 'program', programId: null, validFrom: OPEN.validTo, validTo: OPEN.validFrom, usageLimit: '0' }, codesJwt);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      code: M.codeLength,
      discountValue: M.percentageInvalid,
      programId: M.programRequired,
      validTo: M.validToAfterFrom,
      usageLimit: M.usageLimitInvalid,
    });
    const unknownProgram = await post(BASE, { code: 'NOPROG', discountType: 'fixed', discountValue: '5', appliesTo: 'program', programId: '0b7c4d0e-8a4c-4a55-9a53-2f4f3d1c2b11', ...OPEN }, codesJwt);
    expect(unknownProgram.statusCode).toBe(400);
    expect(unknownProgram.json().fieldErrors).toEqual({ programId: M.programNotFound });
    expect((await post(BASE, { code: 'EXTRA1', discountType: 'fixed', discountValue: '5', appliesTo: 'programType', programType: 1, ...OPEN, usedCount: 3 }, codesJwt)).statusCode).toBe(400);
  });

  it('lists the codes of a program type, its own and those of its programs', async () => {
    const certificationCode = await createCoupon({ appliesTo: 'program', programId: certification.id, programType: null });
    const qualification = (await get(`${BASE}/programtype/1`, codesJwt)).json().map((c: { code: string }) => c.code);
    expect(qualification).toEqual(expect.arrayContaining(['SPRING-25', 'INSPECT-50']));
    expect(qualification).not.toContain(certificationCode.code);
    expect((await get(`${BASE}/programtype/2`, codesJwt)).json().map((c: { code: string }) => c.code)).toContain(certificationCode.code);
    expect((await get(`${BASE}/programtype/7`, codesJwt)).statusCode).toBe(400);
  });

  it('are for staff with the Discount Codes menu only; applicants get 403', async () => {
    expect((await get(`${BASE}/pagination`, applicantJwt)).statusCode).toBe(403);
    expect((await post(BASE, { code: 'APPLICANT', discountType: 'fixed', discountValue: '5', appliesTo: 'programType', programType: 1, ...OPEN }, applicantJwt)).statusCode).toBe(403);
    expect((await get(`${BASE}/pagination`, managerJwt)).statusCode).toBe(403);
    expect((await get(`${BASE}/programtype/1`, managerJwt)).statusCode).toBe(403);
  });
});

describe('verifying a code for a program and applicant', () => {
  it('prices a percentage rounded to the cent', async () => {
    const response = await get(verifyUrl(inspector.id, ada.applicantId!, 'spring-25', 33333), codesJwt);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 'SPRING-25', discountText: '12.5 %', subtotalCents: 33333, discountCents: 4167, totalCents: 29166, description: 'Spring intake' });
  });

  it('prices a fixed amount, never past the subtotal', async () => {
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, 'INSPECT-50', 20000), codesJwt)).json()).toMatchObject({ discountCents: 5000, totalCents: 15000 });
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, 'INSPECT-50', 3000), codesJwt)).json()).toMatchObject({ discountCents: 3000, totalCents: 0 });
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, 'INSPECT-50'), codesJwt)).json()).toMatchObject({ discountCents: null, totalCents: null });
  });

  it('refuses a code for another program or program type', async () => {
    const otherProgram = await get(verifyUrl(otherQualification.id, ada.applicantId!, 'INSPECT-50', 20000), codesJwt);
    expect(otherProgram.statusCode).toBe(400);
    expect(otherProgram.json()).toMatchObject({ message: M.wrongProgram, fieldErrors: { couponCode: M.wrongProgram } });
    expect((await get(verifyUrl(certification.id, ada.applicantId!, 'SPRING-25', 20000), codesJwt)).json().message).toBe(M.wrongProgram);
  });

  it('refuses a code outside its validity window, inactive or unknown', async () => {
    const expired = await createCoupon({ validFrom: '2020-01-01T00:00:00.000Z', validTo: '2020-12-31T00:00:00.000Z' });
    const future = await createCoupon({ validFrom: '2098-01-01T00:00:00.000Z', validTo: '2099-01-01T00:00:00.000Z' });
    const inactive = await createCoupon({ active: false });
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, expired.code, 100), codesJwt)).json().message).toBe(M.expired);
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, future.code, 100), codesJwt)).json().message).toBe(M.notYetValid);
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, inactive.code, 100), codesJwt)).json().message).toBe(M.notActive);
    const unknown = await get(verifyUrl(inspector.id, ada.applicantId!, 'NO-SUCH-CODE', 100), codesJwt);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(M.notFound);
  });

  it("is open to staff who manage the program's applications, not to other staff or applicants", async () => {
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, 'SPRING-25', 100), managerJwt)).statusCode).toBe(200);
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, 'SPRING-25', 100), outsiderJwt)).statusCode).toBe(403);
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, 'SPRING-25', 100), applicantJwt)).statusCode).toBe(403);
    expect((await get(verifyUrl(inspector.id, '0b7c4d0e-8a4c-4a55-9a53-2f4f3d1c2b11', 'SPRING-25', 100), codesJwt)).statusCode).toBe(404);
  });
});

describe('redeeming a code with an invoice', () => {
  it('records the use once per applicant and counts it', async () => {
    const coupon = await createCoupon({ discountValue: '25' });
    const quote = await redeemFor(ada, coupon.code.toLowerCase());
    expect(quote).toMatchObject({ couponId: coupon.id, code: coupon.code, discountCents: 5000, description: `Discount code ${coupon.code} (25 %)` });
    expect(await refusalOf(redeemFor(ada, coupon.code))).toBe(M.alreadyUsed);
    const input: CouponQuoteInput = { code: coupon.code, programId: inspector.id, programType: 1, applicantId: ada.applicantId!, subtotalCents: 100 };
    expect(await refusalOf(service.quote(t.database.db, input))).toBe(M.alreadyUsed);
    expect((await get(verifyUrl(inspector.id, ada.applicantId!, coupon.code, 100), codesJwt)).json().message).toBe(M.alreadyUsed);
    expect(await service.quote(t.database.db, { ...input, applicantId: bob.applicantId! })).toMatchObject({ discountCents: 25 });
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(1);
    expect(await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(1);
  });

  it('stops at the usage limit across applicants', async () => {
    const coupon = await createCoupon({ usageLimit: 2 });
    await redeemFor(ada, coupon.code);
    await redeemFor(bob, coupon.code);
    expect(await refusalOf(redeemFor(cy, coupon.code))).toBe(M.usageLimitReached);
    expect((await get(verifyUrl(inspector.id, cy.applicantId!, coupon.code, 100), codesJwt)).json().message).toBe(M.usageLimitReached);
    expect((await get(`${BASE}/${coupon.id}`, codesJwt)).json()).toMatchObject({ usedCount: 2, state: 'Used up' });
  });

  it('gives the last use to one of two invoices issued at once', async () => {
    const coupon = await createCoupon({ usageLimit: 1 });
    const results = await Promise.allSettled([redeemFor(ada, coupon.code), redeemFor(bob, coupon.code)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect((rejected[0]!.reason as AppError).message).toBe(M.usageLimitReached);
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.usedCount).toBe(1);
  });

  it('refuses a code that cannot be used, with the reason', async () => {
    const coupon = await createCoupon({ appliesTo: 'program', programId: certification.id, programType: null });
    expect(await refusalOf(redeemFor(cy, coupon.code))).toBe(M.wrongProgram);
    const expired = await createCoupon({ validFrom: '2020-01-01T00:00:00.000Z', validTo: '2020-12-31T00:00:00.000Z' });
    expect(await refusalOf(redeemFor(cy, expired.code))).toBe(M.expired);
  });
});

describe('changing a discount code', () => {
  it('changes anything until used, then only description, validity, limit and active', async () => {
    const coupon = await createCoupon({ usageLimit: 3 });
    const current = (await get(`${BASE}/${coupon.id}`, codesJwt)).json();
    const base = { code: current.code, description: '', discountType: 'percentage', discountValue: '10', appliesTo: 'programType', programType: 1, programId: null, validFrom: current.validFrom, validTo: current.validTo, usageLimit: 3, active: true };
    const renamed = await post(`${BASE}/update/${coupon.id}`, { ...base, discountValue: '15' }, codesJwt);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ discountValue: 1500 });
    await redeemFor(ada, coupon.code);
    await redeemFor(bob, coupon.code);
    const valueChange = await post(`${BASE}/update/${coupon.id}`, { ...base, discountValue: '20' }, codesJwt);
    expect(valueChange.statusCode).toBe(409);
    expect(valueChange.json().message).toBe(M.lockedOnceUsed);
    const belowUsed = await post(`${BASE}/update/${coupon.id}`, { ...base, discountValue: '15', usageLimit: 1 }, codesJwt);
    expect(belowUsed.statusCode).toBe(400);
    expect(belowUsed.json().fieldErrors).toEqual({ usageLimit: M.usageLimitBelowUsed(2) });
    const deactivated = await post(`${BASE}/update/${coupon.id}`, { ...base, discountValue: '15', description: 'Closed early', usageLimit: 2, active: false }, codesJwt);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({ description: 'Closed early', usageLimit: 2, active: false, state: 'Inactive' });
    expect(await refusalOf(redeemFor(cy, coupon.code))).toBe(M.notActive);
  });

  it('answers 404 for an unknown code and 403 to applicants', async () => {
    const body = { code: 'NOPE1', discountType: 'fixed', discountValue: '5', appliesTo: 'programType', programType: 1, ...OPEN };
    expect((await post(`${BASE}/update/0b7c4d0e-8a4c-4a55-9a53-2f4f3d1c2b11`, body, codesJwt)).statusCode).toBe(404);
    expect((await post(`${BASE}/update/0b7c4d0e-8a4c-4a55-9a53-2f4f3d1c2b11`, body, applicantJwt)).statusCode).toBe(403);
  });
});
