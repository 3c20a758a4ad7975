import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { COUPON_MESSAGES } from '@certs/shared/coupon/coupon.contract';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { addDays } from '@certs/shared/exam-schedule/exam-schedule-time';
import { formatInvoiceNumber, todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { RenewalModuleChoices, RenewalModulesView, RenewalRules } from '@certs/shared/renewal/renewal-module.contract';
import { RENEWAL_MESSAGES, type Renewal } from '@certs/shared/renewal/renewal.contract';
import { createAccount } from '../../../test/factories/account.factory';
import { createVenue } from '../../../test/factories/application-module.factory';
import { buildPaymentTestApp, type PaymentTestApp } from '../../../test/factories/payment.factory';
import { createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { staffConflicts } from '../../db/schema/impartiality';
import { mails } from '../../db/schema/mail';
import { coupons, invoices, payments } from '../../db/schema/payment';
import { programCertificationSettings, programModules, programRequirements, programUsers, programs } from '../../db/schema/program';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { insertExpiringAward } from '../award-expiry/award-expiry-test-awards';
import { createAwardExpiryModule } from '../award-expiry/award-expiry.module';
import { addYears } from '../award/award.service';

/**
 * AICIP renewals with renewal modules, late renewals and a new certificate number on renewal
 * (issue 17, decision 023), through the API, the test gateway and the expiry job.
 */
const A = '/api/aiciprenewalapplication';
const C = '/api/certificationrenewalapplication';
const M = '/api/aicipapplicationrenewalmodule';
const RULES = '/api/renewalrules';
const PG = '/api/paymentgateway';

let t: PaymentTestApp;
let managerJwt: string;
let examinerJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let ada: CreatedUser;
let bob: CreatedUser;
let examiner: CreatedUser;
let managerId: string;
let aicipId: string;
let certificationId: string;
let venueId: string;
const requirementIds = new Map<string, string[]>();
const renewalModuleIds: Record<'RM1' | 'RM2', string> = { RM1: '', RM2: '' };

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const today = () => todayInSydney();

async function program(programType: 2 | 4, title: string, managerId: string): Promise<string> {
  const db = t.database.db;
  const { id } = await createProgram(db, { programManagerId: managerId, status: 2, programType, programTitle: title });
  const settings = { programId: id, memberFeeCents: 1000, nonmemberFeeCents: 2000, assessorAssessmentInstruction: 'Check.', programDeclaration: '<p>I declare.</p>' };
  await db.insert(programCertificationSettings).values({ ...settings, kind: 'initial', renewalPeriod: 3 });
  if (programType === 4) await db.insert(programCertificationSettings).values({ ...settings, kind: 'renewal' });
  const rows = await db.insert(programRequirements).values({ programId: id, requirementCode: 'R1', requirementDescription: 'Continued inspection work', sortOrder: 1 }).returning({ id: programRequirements.id });
  requirementIds.set(id, rows.map((r) => r.id));
  return id;
}

/** An award of the program expiring on `expiresOn`; past it, as the expiry job leaves it (expired, Award Withdrawn). */
async function awardExpiringOn(holder: CreatedUser, programId: string, expiresOn: string) {
  const expired = expiresOn < today();
  return insertExpiringAward(t.database.db, {
    applicantId: holder.applicantId!,
    programId,
    programType: programId === aicipId ? 4 : 2,
    expiresOn,
    ...(expired ? { applicationStatus: 'Award Withdrawn', awardStatus: 'expired' } : {}),
  });
}

const answersOf = (programId: string) => (requirementIds.get(programId) ?? []).map((requirementId) => ({ requirementId, answerText: 'Inspected three pressure vessels.' }));

async function submit(path: string, programId: string, awardId: string, jwt: string) {
  const saved = await post(`${path}/save`, { awardId, answers: answersOf(programId) }, jwt);
  expect(saved.statusCode, saved.body).toBe(200);
  const submitted = await post(`${path}/${saved.json().id}/submit`, undefined, jwt);
  expect(submitted.statusCode, submitted.body).toBe(200);
  return submitted.json() as Renewal;
}

/** The holder pays an invoice's open link on the test gateway (the checkout and its signed callback). */
async function pay(payPath: string, jwt: string) {
  const trackerId = payPath.split('/').pop()!;
  const request = await post(`${PG}/request/${trackerId}`, undefined, jwt);
  expect(request.statusCode, request.body).toBe(200);
  const url = new URL(request.json().redirectUrl);
  const completed = await t.app.inject({ method: 'POST', url: `/unauth/testgateway/session/${url.pathname.split('/').pop()}/complete`, payload: { token: url.searchParams.get('token'), outcome: 'paid' } });
  expect(completed.statusCode, completed.body).toBe(200);
}

async function setRules(programId: string, rules: object) {
  const response = await post(`${RULES}/${programId}`, rules, managerJwt);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RenewalRules;
}

const tomorrowAt10 = () => `${addDays(today(), 1)}T10:00`;
const scheduleRow = (renewalModuleId: string) => ({ renewalModuleId, examKind: 'Pen & Paper', scheduledLocal: tomorrowAt10(), scheduleTimeZone: 'Australia/Sydney', durationMinutes: 90, venueId, examinerId: examiner.id });

async function statusOf(applicationId: string) {
  const [row] = await t.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applicationId));
  return row!.status;
}

async function mailSubjectsTo(email: string) {
  return (await t.database.db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn))).map((m) => m.subject);
}

beforeAll(async () => {
  t = await buildPaymentTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  const db = t.database.db;
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  managerId = manager.id;
  examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs', 'Examinations'], firstName: 'Eve', lastName: 'Examiner' });
  const outsider = await createStaffOfAnotherProgram(db);
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright', email: `ada.${Date.now()}@example.test` });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley', email: `bob.${Date.now()}@example.test` });
  aicipId = await program(4, 'Certified Welding Inspector (AICIP)', manager.id);
  certificationId = await program(2, 'Welding Supervisor', manager.id);
  await db.update(programs).set({ numberPatternCheck: true, certificateNumPattern: 'WS-{N}', certificateStartNum: '001' }).where(eq(programs.id, certificationId));
  const moduleValues = { programId: aicipId, isRenewal: true, examinationType: 'Pen & Paper', memberFeeCents: 15000, nonMemberFeeCents: 22000, passPercentage: 70 };
  const [rm1] = await db.insert(programModules).values({ ...moduleValues, moduleCode: 'RM1', moduleTitle: 'Codes and standards update', sortOrder: 1 }).returning({ id: programModules.id });
  const [rm2] = await db.insert(programModules).values({ ...moduleValues, moduleCode: 'RM2', moduleTitle: 'Inspection case study', sortOrder: 2 }).returning({ id: programModules.id });
  // A first-sitting module of the same program is not a renewal module.
  await db.insert(programModules).values({ ...moduleValues, isRenewal: false, moduleCode: 'M1', moduleTitle: 'Inspection', sortOrder: 1 });
  renewalModuleIds.RM1 = rm1!.id;
  renewalModuleIds.RM2 = rm2!.id;
  await db.insert(programUsers).values({ programId: aicipId, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner });
  venueId = (await createVenue(db)).id;
  [managerJwt, examinerJwt, outsiderJwt, adaJwt, bobJwt] = (await Promise.all([manager, examiner, outsider, ada, bob].map((user) => signIn(t.app, user)))).map((s) => s.jwt) as [string, string, string, string, string];
});
afterAll(async () => {
  await t?.close();
});

describe('an AICIP renewal takes the renewal modules', () => {
  it('is invoiced at the renewal fees, paid through the test gateway, scheduled, passed and renewed', async () => {
    const expiresOn = subtractMonths(today(), -2);
    const award = await awardExpiringOn(ada, aicipId, expiresOn);
    const renewal = await submit(A, aicipId, award.id, adaJwt);
    expect(renewal).toMatchObject({ status: 'submitted', hasModules: true, invoice: null, isLate: false, applicationStatus: 'Applied for Renewal' });

    // Staff cannot renew before the modules are invoiced, paid and passed.
    const early = await post(`${A}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RENEWAL_MESSAGES.modulesNotInvoiced);

    // Until a choice is saved every renewal module is proposed as required, at the holder's (non-member) renewal fee.
    const proposed: RenewalModuleChoices = (await get(`${M}/${renewal.id}/required`, managerJwt)).json();
    expect(proposed).toMatchObject({ feeBasis: 'nonMember', isSelectionSaved: false, canEdit: true });
    expect(proposed.modules.map((m) => [m.moduleCode, m.choice, m.feeCents])).toEqual([
      ['RM1', 'required', 22000],
      ['RM2', 'required', 22000],
    ]);
    const noneTaken = await post(`${M}/${renewal.id}/preexam/update`, { modules: [{ programModuleId: renewalModuleIds.RM1, choice: 'notTaken' }] }, managerJwt);
    expect(noneTaken.statusCode).toBe(400);
    const saved = await post(`${M}/${renewal.id}/preexam/update`, { modules: [{ programModuleId: renewalModuleIds.RM1, choice: 'required' }, { programModuleId: renewalModuleIds.RM2, choice: 'notTaken' }] }, managerJwt);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(`${M}/${renewal.id}/nonrequired`, managerJwt)).json().modules.map((m: { moduleCode: string; choice: string }) => [m.moduleCode, m.choice])).toEqual([['RM2', 'notTaken']]);

    const invoiced = await post(`${M}/${renewal.id}/preexam/submit`, undefined, managerJwt);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const withInvoice: Renewal = invoiced.json();
    expect(withInvoice.invoice).toMatchObject({ totalCents: 22000, status: 'Issued', payPath: expect.stringMatching(/^\/student\/payments\//) });
    expect(withInvoice.modules.map((m) => [m.moduleCode, m.isRequired, m.feeCents, m.feeBasis])).toEqual([['RM1', true, 22000, 'nonMember']]);
    const [invoiceRow] = await t.database.db.select().from(invoices).where(eq(invoices.id, withInvoice.invoice!.id));
    expect(invoiceRow).toMatchObject({ applicationId: award.applicationId, subtotalCents: 22000, gstCents: 2000, lines: [expect.objectContaining({ moduleCode: 'RM1', amountCents: 22000 })] });
    expect(withInvoice.invoice!.invoiceNumberText).toBe(formatInvoiceNumber(invoiceRow!.invoiceNumber));
    // The choice is fixed once invoiced, and a second invoice is refused.
    expect((await post(`${M}/${renewal.id}/preexam/update`, { modules: [{ programModuleId: renewalModuleIds.RM2, choice: 'required' }] }, managerJwt)).statusCode).toBe(409);
    expect((await post(`${M}/${renewal.id}/preexam/submit`, undefined, managerJwt)).statusCode).toBe(409);

    // Not paid: not schedulable, not renewable.
    const [rm1] = withInvoice.modules;
    const unpaid = await post(`${M}/${renewal.id}/examination/send`, { modules: [scheduleRow(rm1!.id)] }, managerJwt);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(RENEWAL_MESSAGES.notPaidForSchedule);
    const notPaid = await post(`${A}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt);
    expect(notPaid.json().message).toBe(RENEWAL_MESSAGES.invoiceNotPaid(withInvoice.invoice!.invoiceNumberText));

    await pay(withInvoice.invoice!.payPath!, adaJwt);
    const paid: Renewal = (await get(`${A}/${renewal.id}`, adaJwt)).json();
    expect(paid.invoice).toMatchObject({ status: 'Paid', payPath: null });
    expect(paid.renewBlockedReason).toBe(RENEWAL_MESSAGES.modulesNotPassed(['RM1']));

    // Results wait for the schedule to be sent; the schedule follows the first sitting's rules.
    const tooSoon = await post(`${M}/${renewal.id}/postexam/update`, { modules: [{ renewalModuleId: rm1!.id, result: 'Pass', resultPercentage: 80 }] }, managerJwt);
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().message).toBe(RENEWAL_MESSAGES.notSentForResults('RM1'));
    const noExaminer = await post(`${M}/${renewal.id}/examination/send`, { modules: [{ ...scheduleRow(rm1!.id), examinerId: null }] }, managerJwt);
    expect(noExaminer.statusCode).toBe(400);
    expect(noExaminer.json().fieldErrors).toEqual({ 'modules.0.examinerId': 'Examiner is required' });
    const notExaminer = await post(`${M}/${renewal.id}/examination/send`, { modules: [{ ...scheduleRow(rm1!.id), examinerId: bob.id }] }, managerJwt);
    expect(notExaminer.json().fieldErrors).toEqual({ 'modules.0.examinerId': 'This user is not an active examiner of the program' });
    const sent = await post(`${M}/${renewal.id}/examination/send`, { modules: [scheduleRow(rm1!.id)] }, managerJwt);
    expect(sent.statusCode, sent.body).toBe(200);
    const scheduled: RenewalModulesView = sent.json();
    expect(scheduled.renewal.modules[0]).toMatchObject({ examKind: 'Pen & Paper', scheduledLocal: tomorrowAt10(), durationMinutes: 90, venueId, examinerId: examiner.id, scheduleSentOn: expect.any(String) });
    expect(scheduled.choices?.kinds).not.toContain('Online');
    expect((await mailSubjectsTo(ada.email)).at(-1)).toBe(`Renewal of certificate ${award.certificateNumber}: your module schedule`);

    // Entering a result takes part in the examination (issue 43): a declared conflict with the holder refuses it, recorded.
    const [conflict] = await t.database.db.insert(staffConflicts).values({ staffUserId: managerId, applicantUserId: ada.id, kind: 'relative' }).returning();
    const conflicted = await post(`${M}/${renewal.id}/postexam/update`, { modules: [{ renewalModuleId: rm1!.id, result: 'Fail', resultPercentage: 40 }] }, managerJwt);
    expect(conflicted.statusCode, conflicted.body).toBe(409);
    expect(conflicted.json().details.impartiality.refusals).toMatchObject([{ staffUserId: managerId, role: 'result_recorder' }]);
    await t.database.db.update(staffConflicts).set({ endedOn: new Date() }).where(eq(staffConflicts.id, conflict!.id));

    const failed = await post(`${M}/${renewal.id}/postexam/update`, { modules: [{ renewalModuleId: rm1!.id, result: 'Fail', resultPercentage: 40 }] }, managerJwt);
    expect(failed.statusCode).toBe(200);
    expect((await post(`${A}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt)).json().message).toBe(RENEWAL_MESSAGES.modulesNotPassed(['RM1']));
    const badPercentage = await post(`${M}/${renewal.id}/postexam/update`, { modules: [{ renewalModuleId: rm1!.id, result: 'Absent', resultPercentage: 10 }] }, managerJwt);
    expect(badPercentage.statusCode).toBe(400);
    const passed = await post(`${M}/${renewal.id}/postexam/update`, { modules: [{ renewalModuleId: rm1!.id, result: 'Pass', resultPercentage: 82.5, resultNotes: 'Sound knowledge.' }] }, managerJwt);
    expect(passed.json().renewal.modules[0]).toMatchObject({ result: 'Pass', resultPercentage: 82.5 });

    const renewed = await post(`${A}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const newExpiresOn = addYears(expiresOn, 3);
    expect(renewed.json()).toMatchObject({ status: 'renewed', expiresOn: newExpiresOn, certificateNumber: award.certificateNumber, newCertificateNumber: award.certificateNumber });
    expect(await statusOf(award.applicationId)).toBe('Awarded');
    // Decided: the modules no longer change.
    expect((await post(`${M}/${renewal.id}/postexam/update`, { modules: [{ renewalModuleId: rm1!.id, result: 'Fail' }] }, managerJwt)).statusCode).toBe(409);
  });

  it('keeps the award current past its expiry day while the renewal applied for before expiry is undecided', async () => {
    const award = await awardExpiringOn(bob, aicipId, subtractMonths(today(), -1));
    await submit(A, aicipId, award.id, bobJwt);
    // Time passes: the expiry day is behind us, the renewal still undecided; the hourly job runs.
    const db = t.database.db;
    await db.update(awards).set({ expiresOn: addDays(today(), -2) }).where(eq(awards.id, award.id));
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
    await createAwardExpiryModule(db, { mail: new MailService(new MailRepository(db), { from: 'awards@example.test', log: silent }), publicUrl: 'http://localhost:3000', log: silent }).service.runOnce();
    const [row] = await db.select().from(awards).where(eq(awards.id, award.id));
    expect(row!.status).toBe('current');
    expect(await statusOf(award.applicationId)).toBe('Applied for Renewal');
  });
});

describe("staff settle the renewal modules' invoice offline or send its link again (issue 41)", () => {
  /** A holder of their own (the other tests read Ada's and Bob's mail) with the renewal modules invoiced. */
  async function invoicedRenewal() {
    const holder = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Hal', lastName: 'Holder', email: `hal.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.test` });
    const holderJwt = (await signIn(t.app, holder)).jwt;
    const award = await awardExpiringOn(holder, aicipId, subtractMonths(today(), -2));
    const renewal = await submit(A, aicipId, award.id, holderJwt);
    const invoiced = await post(`${M}/${renewal.id}/preexam/submit`, { modules: [{ programModuleId: renewalModuleIds.RM1, choice: 'required' }, { programModuleId: renewalModuleIds.RM2, choice: 'notTaken' }] }, managerJwt);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    return { holder, holderJwt, renewal: invoiced.json() as Renewal };
  }

  it('a bank transfer recorded by staff pays the modules as an online payment would: schedulable, refused a second time', async () => {
    const { holder, holderJwt, renewal } = await invoicedRenewal();
    const blank = await post(`${M}/${renewal.id}/payment/verified`, { reference: ' ' }, managerJwt);
    expect(blank.statusCode).toBe(400);
    const future = await post(`${M}/${renewal.id}/payment/verified`, { reference: 'EFT-R-1', paidOn: new Date(Date.now() + 3 * 86_400_000).toISOString() }, managerJwt);
    expect(future.statusCode).toBe(400);
    expect(future.json().fieldErrors).toEqual({ paidOn: PAYMENT_MESSAGES.paidOnFuture });
    expect((await get(`${A}/${renewal.id}`, holderJwt)).json().invoice).toMatchObject({ status: 'Issued' });

    const paidOn = new Date(Date.now() - 86_400_000).toISOString();
    const verified = await post(`${M}/${renewal.id}/payment/verified`, { reference: 'EFT-RENEWAL-1', paidOn }, managerJwt);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ gateway: 'offline', displayedStatus: 'Success', offlineReference: 'EFT-RENEWAL-1', paidOn });
    const paid: Renewal = (await get(`${A}/${renewal.id}`, holderJwt)).json();
    expect(paid.invoice).toMatchObject({ status: 'Paid', payPath: null });
    expect(paid.renewBlockedReason).toBe(RENEWAL_MESSAGES.modulesNotPassed(['RM1']));
    // What the online payment allows next: the modules are scheduled.
    const sent = await post(`${M}/${renewal.id}/examination/send`, { modules: [scheduleRow(paid.modules[0]!.id)] }, managerJwt);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await mailSubjectsTo(holder.email)).toContain(`Payment received: invoice ${renewal.invoice!.invoiceNumberText}`);

    const again = await post(`${M}/${renewal.id}/payment/verified`, { reference: 'EFT-RENEWAL-2' }, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect((await post(`${M}/${renewal.id}/resend/payment/link`, {}, managerJwt)).json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('a new link replaces an expired one: the old link no longer pays, the new one does', async () => {
    const { holder, holderJwt, renewal } = await invoicedRenewal();
    const oldTracker = renewal.invoice!.payPath!.split('/').pop()!;
    // The first link ran out.
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000) }).where(eq(payments.trackerId, oldTracker));
    const resent = await post(`${M}/${renewal.id}/resend/payment/link`, { note: 'Link expired' }, managerJwt);
    expect(resent.statusCode, resent.body).toBe(200);
    const newTracker: string = resent.json().trackerId;
    expect(newTracker).not.toBe(oldTracker);
    expect((await mailSubjectsTo(holder.email)).at(-1)).toMatch(/payment link for invoice/);
    const old = await post(`${PG}/request/${oldTracker}`, undefined, holderJwt);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe(PAYMENT_MESSAGES.expired);
    await pay(`/student/payments/${newTracker}`, holderJwt);
    expect((await get(`${A}/${renewal.id}`, holderJwt)).json().invoice).toMatchObject({ status: 'Paid' });
  });

  it('is refused to the holder, staff of another program and another account; an unknown renewal is 404', async () => {
    const db = t.database.db;
    const { holderJwt, renewal } = await invoicedRenewal();
    const other = await createAccount(db);
    const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: other.id });
    const otherJwt = (await signIn(t.app, otherAdmin)).jwt;
    for (const action of ['payment/verified', 'resend/payment/link']) {
      const body = action === 'payment/verified' ? { reference: 'EFT-X' } : {};
      expect((await post(`${M}/${renewal.id}/${action}`, body, holderJwt)).statusCode).toBe(403);
      expect((await post(`${M}/${renewal.id}/${action}`, body, outsiderJwt)).statusCode).toBe(403);
      expect((await post(`${M}/${renewal.id}/${action}`, body, otherJwt)).statusCode).toBe(404);
      expect((await post(`${M}/00000000-0000-4000-8000-00000000abcd/${action}`, body, managerJwt)).statusCode).toBe(404);
    }
    expect((await get(`${A}/${renewal.id}`, holderJwt)).json().invoice).toMatchObject({ status: 'Issued' });
  });
});

describe('a discount code on the renewal modules\' invoice', () => {
  it('is priced and redeemed as at the pre-exam stage; an unknown code is refused at its field and nothing is invoiced', async () => {
    const db = t.database.db;
    const code = `RENEW${Date.now() % 100000}`;
    await db.insert(coupons).values({ code, discountType: 'percentage', discountValue: 2500, programId: aicipId, validFrom: new Date(Date.now() - 86_400_000), validTo: new Date(Date.now() + 86_400_000) });
    const award = await awardExpiringOn(bob, aicipId, subtractMonths(today(), -2));
    const renewal = await submit(A, aicipId, award.id, bobJwt);
    const modules = [{ programModuleId: renewalModuleIds.RM1, choice: 'required' }, { programModuleId: renewalModuleIds.RM2, choice: 'notTaken' }];

    const unknown = await post(`${M}/${renewal.id}/preexam/submit`, { modules, couponCode: 'no-such-code' }, managerJwt);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ couponCode: COUPON_MESSAGES.notFound });
    expect((await get(`${A}/${renewal.id}`, bobJwt)).json().invoice).toBeNull();

    const invoiced = await post(`${M}/${renewal.id}/preexam/submit`, { modules, couponCode: ` ${code.toLowerCase()} ` }, managerJwt);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const [invoiceRow] = await db.select().from(invoices).where(eq(invoices.id, invoiced.json<Renewal>().invoice!.id));
    expect(invoiceRow).toMatchObject({ subtotalCents: 22000, discountCents: 5500, totalCents: 16500, couponCode: code });
    const mail = (await db.select().from(mails).where(eq(mails.toEmail, bob.email))).find((m) => m.subject.includes(': invoice'));
    expect(mail?.text).toContain(`Discount code ${code}: -$55.00`);
    // The code was redeemed: the same holder cannot use it again.
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code));
    expect(coupon!.usedCount).toBe(1);
  });
});

describe('late renewal', () => {
  it("follows the program's rule: refused by default, then within the grace period with the late fee on the invoice, refused after it", async () => {
    const expired = await awardExpiringOn(ada, aicipId, addDays(today(), -10));
    const form = (await get(`${A}/award/${expired.id}`, adaJwt)).json() as Renewal;
    expect(form).toMatchObject({ canApply: false, blockedReason: RENEWAL_MESSAGES.noLateRenewal(addDays(today(), -10)), graceEndsOn: null });
    const refused = await post(`${A}/save`, { awardId: expired.id, answers: answersOf(aicipId) }, adaJwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(RENEWAL_MESSAGES.noLateRenewal(addDays(today(), -10)));

    const noDays = await post(`${RULES}/${aicipId}`, { lateRenewal: 'grace', graceDays: 0, lateFeeMember: '50', lateFeeNonMember: '75' }, managerJwt);
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().fieldErrors).toEqual({ graceDays: RENEWAL_MESSAGES.graceDays });
    const badFee = await post(`${RULES}/${aicipId}`, { lateRenewal: 'grace', graceDays: 30, lateFeeMember: '50', lateFeeNonMember: 'lots' }, managerJwt);
    expect(badFee.json().fieldErrors).toEqual({ lateFeeNonMember: RENEWAL_MESSAGES.lateFee });
    expect((await get(`${RULES}/${aicipId}`, managerJwt)).json()).toMatchObject({ lateRenewal: 'newApplication', graceDays: 0 });
    expect(await setRules(aicipId, { lateRenewal: 'grace', graceDays: 30, lateFeeMember: '50', lateFeeNonMember: '75.50' })).toMatchObject({ lateRenewal: 'grace', graceDays: 30, lateFeeMemberCents: 5000, lateFeeNonMemberCents: 7550 });

    const late = await submit(A, aicipId, expired.id, adaJwt);
    expect(late).toMatchObject({ status: 'submitted', isLate: true, lateFeeCents: 7550, graceEndsOn: addDays(today(), 20), applicationStatus: 'Applied for Renewal', awardStatus: 'expired' });
    const invoiced = await post(`${M}/${late.id}/preexam/submit`, { modules: [{ programModuleId: renewalModuleIds.RM1, choice: 'required' }, { programModuleId: renewalModuleIds.RM2, choice: 'optional' }] }, managerJwt);
    expect(invoiced.statusCode, invoiced.body).toBe(200);
    const [invoiceRow] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoiced.json().invoice.id));
    expect(invoiceRow!.lines.map((line) => [line.moduleCode, line.amountCents])).toEqual([
      ['RM1', 22000],
      ['RM2', 22000],
      [expect.any(String), 7550],
    ]);
    expect(invoiceRow!.totalCents).toBe(51550);

    // After the grace period: a new application.
    const tooLate = await awardExpiringOn(bob, aicipId, addDays(today(), -31));
    const after = await post(`${A}/save`, { awardId: tooLate.id, answers: answersOf(aicipId) }, bobJwt);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(RENEWAL_MESSAGES.graceOver(addDays(today(), -1)));
  });

  it('a late Certification renewal is invoiced its late fee at once; paid and renewed, the expired award is current again', async () => {
    await setRules(certificationId, { lateRenewal: 'grace', graceDays: 60, lateFeeMember: '40', lateFeeNonMember: '60' });
    const expiresOn = addDays(today(), -5);
    const award = await awardExpiringOn(ada, certificationId, expiresOn);
    const late = await submit(C, certificationId, award.id, adaJwt);
    expect(late).toMatchObject({ isLate: true, lateFeeCents: 6000, invoice: { totalCents: 6000, status: 'Issued' } });
    expect((await mailSubjectsTo(ada.email)).at(-1)).toBe(`Your renewal of certificate ${award.certificateNumber} is received`);
    const unpaid = await post(`${C}/renewal/action`, { renewalId: late.id, action: 'renew' }, managerJwt);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(RENEWAL_MESSAGES.invoiceNotPaid(late.invoice!.invoiceNumberText));
    await pay(late.invoice!.payPath!, adaJwt);
    const renewed = await post(`${C}/renewal/action`, { renewalId: late.id, action: 'renew' }, managerJwt);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const [row] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    expect(row).toMatchObject({ status: 'current', expiresOn: addYears(expiresOn, 3), awardType: 'Renewal' });
    expect(await statusOf(award.applicationId)).toBe('Awarded');
  });

  it('refusing a late renewal leaves the expired award expired', async () => {
    const award = await awardExpiringOn(bob, certificationId, addDays(today(), -3));
    const late = await submit(C, certificationId, award.id, bobJwt);
    const refused = await post(`${C}/renewal/action`, { renewalId: late.id, action: 'refuse', reason: 'No evidence of practice' }, managerJwt);
    expect(refused.statusCode, refused.body).toBe(200);
    const [row] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    expect(row!.status).toBe('expired');
    expect(await statusOf(award.applicationId)).toBe('Award Withdrawn');
  });
});

describe('a new certificate number on renewal', () => {
  it('keeps the number by default, and takes the next number of the series where the program says so', async () => {
    await setRules(certificationId, { newNumberOnRenewal: true });
    const award = await awardExpiringOn(ada, certificationId, subtractMonths(today(), -1));
    const renewal = await submit(C, certificationId, award.id, adaJwt);
    const renewed = await post(`${C}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const body: Renewal = renewed.json();
    expect(body.previousCertificateNumber).toBe(award.certificateNumber);
    expect(body.newCertificateNumber).toMatch(/^WS-\d+$/);
    expect(body.certificateNumber).toBe(body.newCertificateNumber);
    const [row] = await t.database.db.select().from(awards).where(eq(awards.id, award.id));
    expect(row!.certificateNumber).toBe(body.newCertificateNumber);
    const history = await t.database.db.select().from(awardHistory).where(eq(awardHistory.awardId, award.id));
    expect(history.at(-1)!.reason).toContain(`new certificate number ${body.newCertificateNumber} (was ${award.certificateNumber})`);
    await setRules(certificationId, { newNumberOnRenewal: false });
  });
});

describe('access', () => {
  it("another applicant gets 404 for the holder's AICIP award and renewal; staff outside the program or only serving on it get 403, reads included", async () => {
    const award = await awardExpiringOn(ada, aicipId, subtractMonths(today(), -2));
    const renewal = await submit(A, aicipId, award.id, adaJwt);
    expect((await get(`${A}/award/${award.id}`, bobJwt)).statusCode).toBe(404);
    expect((await post(`${A}/save`, { awardId: award.id, answers: answersOf(aicipId) }, bobJwt)).statusCode).toBe(404);
    expect((await get(`${A}/${renewal.id}`, bobJwt)).statusCode).toBe(404);
    // An AICIP renewal is not found under the Certification path.
    expect((await get(`${C}/${renewal.id}`, adaJwt)).statusCode).toBe(404);

    const staffRoutes: [string, string, object | undefined][] = [
      ['GET', `${M}/${renewal.id}/required`, undefined],
      ['GET', `${M}/${renewal.id}/nonrequired`, undefined],
      ['POST', `${M}/${renewal.id}/preexam/update`, { modules: [{ programModuleId: renewalModuleIds.RM1, choice: 'required' }] }],
      ['POST', `${M}/${renewal.id}/preexam/submit`, undefined],
      ['GET', `${M}/${renewal.id}/scheduled`, undefined],
      ['POST', `${M}/${renewal.id}/examination/send`, { modules: [scheduleRow(renewal.id ?? '')] }],
      ['GET', `${M}/${renewal.id}/results`, undefined],
      ['POST', `${M}/${renewal.id}/postexam/update`, { modules: [{ renewalModuleId: renewal.id, result: 'Pass' }] }],
      ['GET', `${A}/pagination?programId=${aicipId}`, undefined],
      ['GET', `${A}/${renewal.id}`, undefined],
      ['POST', `${A}/renewal/action`, { renewalId: renewal.id, action: 'renew' }],
      ['GET', `${RULES}/${aicipId}`, undefined],
      ['POST', `${RULES}/${aicipId}`, { newNumberOnRenewal: true }],
    ];
    for (const jwt of [outsiderJwt, examinerJwt, adaJwt, bobJwt]) {
      for (const [method, url, payload] of staffRoutes) {
        const response = method === 'GET' ? await get(url, jwt) : await post(url, payload, jwt);
        // The holder reads their own renewal; everyone else here is refused.
        if (jwt === adaJwt && url === `${A}/${renewal.id}`) expect(response.statusCode).toBe(200);
        else expect(response.statusCode, `${method} ${url}`).toBe(jwt === bobJwt && url === `${A}/${renewal.id}` ? 404 : 403);
      }
    }
    expect(await statusOf(award.applicationId)).toBe('Applied for Renewal');
    expect((await get(`${RULES}/${aicipId}`, managerJwt)).json().newNumberOnRenewal).toBe(false);
    expect((await get(`${M}/${renewal.id}/required`, managerJwt)).json().isSelectionSaved).toBe(false);
  });

  it('lists AICIP renewals in their own queue, beside the Certification one', async () => {
    const page = (await get(`${A}/pagination?programId=${aicipId}`, managerJwt)).json();
    expect(page).toMatchObject({ page: 1, pageSize: 10 });
    expect(page.rows.length).toBeGreaterThan(0);
    expect((await get(`${C}/pagination?programId=${aicipId}`, managerJwt)).json().rows).toEqual([]);
  });
});

describe("staff settle a late Certification renewal's late fee offline or send its link again (issue 41)", () => {
  /** A holder of their own whose Certification award expired five days ago, renewing late: the late fee is invoiced. */
  async function lateRenewal() {
    await setRules(certificationId, { lateRenewal: 'grace', graceDays: 60, lateFeeMember: '40', lateFeeNonMember: '60' });
    const holder = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Lea', lastName: 'Late', email: `lea.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.test` });
    const holderJwt = (await signIn(t.app, holder)).jwt;
    const award = await awardExpiringOn(holder, certificationId, addDays(today(), -5));
    const renewal = await submit(C, certificationId, award.id, holderJwt);
    expect(renewal.invoice).toMatchObject({ status: 'Issued', totalCents: 6000 });
    return { holder, holderJwt, award, renewal };
  }

  it('a new link replaces an expired one; a bank transfer recorded by staff pays the fee, so the renewal may be renewed', async () => {
    const { holder, holderJwt, award, renewal } = await lateRenewal();
    const oldTracker = renewal.invoice!.payPath!.split('/').pop()!;
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000) }).where(eq(payments.trackerId, oldTracker));
    const resent = await post(`${C}/${renewal.id}/resend/payment/link`, { note: 'Link expired' }, managerJwt);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().trackerId).not.toBe(oldTracker);
    expect((await mailSubjectsTo(holder.email)).at(-1)).toMatch(/payment link for invoice/);
    expect((await post(`${PG}/request/${oldTracker}`, undefined, holderJwt)).json().message).toBe(PAYMENT_MESSAGES.expired);

    const verified = await post(`${C}/${renewal.id}/payment/verified`, { reference: 'EFT-LATE-1' }, managerJwt);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ gateway: 'offline', displayedStatus: 'Success', offlineReference: 'EFT-LATE-1' });
    expect((await get(`${C}/${renewal.id}`, holderJwt)).json().invoice).toMatchObject({ status: 'Paid', payPath: null });
    // What the online payment allows next: staff renew.
    const renewed = await post(`${C}/renewal/action`, { renewalId: renewal.id, action: 'renew' }, managerJwt);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await t.database.db.select().from(awards).where(eq(awards.id, award.id)))[0]).toMatchObject({ status: 'current', awardType: 'Renewal' });
    const again = await post(`${C}/${renewal.id}/payment/verified`, { reference: 'EFT-LATE-2' }, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('is refused to the holder, staff of another program and another account; an unknown renewal is 404', async () => {
    const db = t.database.db;
    const { holderJwt, renewal } = await lateRenewal();
    const other = await createAccount(db);
    const otherJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: other.id }))).jwt;
    for (const action of ['payment/verified', 'resend/payment/link']) {
      const body = action === 'payment/verified' ? { reference: 'EFT-X' } : {};
      expect((await post(`${C}/${renewal.id}/${action}`, body, holderJwt)).statusCode).toBe(403);
      expect((await post(`${C}/${renewal.id}/${action}`, body, outsiderJwt)).statusCode).toBe(403);
      expect((await post(`${C}/${renewal.id}/${action}`, body, otherJwt)).statusCode).toBe(404);
      expect((await post(`${C}/00000000-0000-4000-8000-00000000abcd/${action}`, body, managerJwt)).statusCode).toBe(404);
    }
    expect((await get(`${C}/${renewal.id}`, holderJwt)).json().invoice).toMatchObject({ status: 'Issued' });
  });
});
