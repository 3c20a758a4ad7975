import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { COUPON_MESSAGES } from '@certs/shared/coupon/coupon.contract';
import { PRE_EXAM_MESSAGES } from '@certs/shared/pre-exam/pre-exam.contract';
import { formatInvoiceNumber, todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { completeProgram, createProgram, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { giveMembership } from '../../../test/factories/membership.factory';
import { MailCatcher } from '../../../test/mail-catcher';
import { bearer, signIn } from '../../../test/sign-in';
import type { Database } from '../../db/client';
import { applicationHistory, applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { accountMemberships } from '../../db/schema/membership';
import { couponRedemptions, coupons, invoiceCounters, invoices, payments } from '../../db/schema/payment';
import { programCertificationSettings, programModules, programUsers } from '../../db/schema/program';
import { applicants } from '../../db/schema/user';
import { textOfPdf } from './pdf-text';

const PUBLIC_URL = 'http://localhost:3000';
const ABN = '98 765 432 109';
const Q = '/api/qualificationapplicationmodule';
const catcher = new MailCatcher();
let t: TestApp;
let db: Database;

let superJwt: string;
let managerJwt: string;
let examinerJwt: string;
let outsiderJwt: string;
let adaJwt: string;
let bobJwt: string;
let ada: CreatedUser;
let bob: CreatedUser;
let carl: CreatedUser;
let manager: CreatedUser;
let programId: string;
const moduleIds: Record<string, string> = {};

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });

let applicationCount = 0;

/** An application accepted into examinations (Assessment Completed), written directly: the assessment stages have their own tests. */
async function acceptedApplication(database: Database, applicant: CreatedUser, onProgram: string, options: { programType?: number; status?: string; prefix?: string } = {}) {
  applicationCount += 1;
  const applicationNumber = `${options.prefix ?? 'Q'}-2026-${String(applicationCount).padStart(5, '0')}-${randomBytes(2).toString('hex')}`;
  const [row] = await database
    .insert(applications)
    .values({
      applicationNumber,
      applicantId: applicant.applicantId!,
      programId: onProgram,
      programType: options.programType ?? 1,
      status: options.status ?? 'Assessment Completed',
      declarationAccepted: true,
      submittedOn: new Date(),
      assessmentRound: 1,
    })
    .returning({ id: applications.id, applicationNumber: applications.applicationNumber });
  return row!;
}

async function addModules(database: Database, onProgram: string) {
  const rows = await database
    .insert(programModules)
    .values([
      { programId: onProgram, moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', examinationType: 'Online', memberFeeCents: 45000, nonMemberFeeCents: 60000, passPercentage: 70, sortOrder: 1 },
      { programId: onProgram, moduleCode: 'IWI-M2', moduleTitle: 'Materials', examinationType: 'Practical', memberFeeCents: 30000, nonMemberFeeCents: 40000, passPercentage: 70, sortOrder: 2 },
      { programId: onProgram, moduleCode: 'IWI-M3', moduleTitle: 'Inspection', examinationType: 'Oral', memberFeeCents: 25050, nonMemberFeeCents: 33400, passPercentage: 70, sortOrder: 3 },
      { programId: onProgram, moduleCode: 'IWI-OLD', moduleTitle: 'Retired module', examinationType: 'Online', memberFeeCents: 100, nonMemberFeeCents: 100, passPercentage: 70, sortOrder: 4, isInactive: true },
    ])
    .returning({ id: programModules.id, moduleCode: programModules.moduleCode });
  return Object.fromEntries(rows.map((row) => [row.moduleCode, row.id]));
}

async function addCoupon(code: string, values: Partial<typeof coupons.$inferInsert> = {}) {
  const day = 24 * 60 * 60 * 1000;
  await db.insert(coupons).values({ code, description: code, discountType: 'fixed', discountValue: 5000, programType: 1, validFrom: new Date(Date.now() - day), validTo: new Date(Date.now() + 30 * day), ...values });
}

const selection = (choices: Record<string, 'required' | 'optional' | 'notTaken'>) => Object.entries(choices).map(([code, choice]) => ({ programModuleId: moduleIds[code]!, choice }));

beforeAll(async () => {
  const smtpUrl = await catcher.start();
  t = await buildTestApp({ SMTP_URL: smtpUrl, PUBLIC_URL, AWARDING_BODY_ABN: ABN, AWARDING_BODY_NAME: 'Welding Board of Testing' });
  db = t.database.db;
  const superUser = await createUser(db, { role: ROLES.SuperUser });
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Mia', lastName: 'Manager' });
  const examiner = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const outsider = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  ada = await createUser(db, { role: ROLES.Applicant, firstName: 'Ada', lastName: 'Arcwright' });
  bob = await createUser(db, { role: ROLES.Applicant, firstName: 'Bob', lastName: 'Beadley' });
  carl = await createUser(db, { role: ROLES.Applicant, firstName: 'Carl', lastName: 'Crater' });
  // Ada: a confirmed member, current; Carl: confirmed, but lapsed yesterday; Bob: not a member.
  await db
    .update(applicants)
    .set({ membershipType: 'individual', memberNumber: 'M-1001', homeAddress: { streetNumber: '7', streetName: 'Arc Road', city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' } })
    .where(eq(applicants.id, ada.applicantId!));
  await giveMembership(db, { applicantId: ada.applicantId!, memberNumber: 'M-1001', endsOn: '2099-12-31' });
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await db.update(applicants).set({ membershipType: 'individual', memberNumber: 'M-2002' }).where(eq(applicants.id, carl.applicantId!));
  await giveMembership(db, { applicantId: carl.applicantId!, memberNumber: 'M-2002', confirmedOn: yesterday, endsOn: todayInSydney(yesterday) });

  const program = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 1, programTitle: 'International Welding Inspector', programCode: 'IWI-PRE' });
  programId = program.id;
  await completeProgram(db, programId, 1, manager.id);
  // completeProgram adds a module M1; the tests use their own four.
  await db.delete(programModules).where(eq(programModules.programId, programId));
  Object.assign(moduleIds, await addModules(db, programId));
  await db.insert(programUsers).values({ programId, userId: examiner.id, role: PROGRAM_USER_ROLES.examiner });
  await addCoupon('TENOFF', { discountValue: 1000 });
  await addCoupon('EXPIRED', { validFrom: new Date('2020-01-01'), validTo: new Date('2020-12-31') });
  await addCoupon('ALLFREE', { discountValue: 10_000_000, programType: null, programId });

  const tokens = await Promise.all([superUser, manager, examiner, outsider, ada, bob].map(async (user) => (await signIn(t.app, user)).jwt));
  [superJwt, managerJwt, examinerJwt, outsiderJwt, adaJwt, bobJwt] = tokens as [string, string, string, string, string, string];
});
afterAll(async () => {
  await t?.close();
  await catcher.stop();
});

describe('choosing modules', () => {
  let application: { id: string; applicationNumber: string };
  beforeAll(async () => {
    application = await acceptedApplication(db, ada, programId);
  });

  it('proposes every active module as required until a selection is saved, at member fees for a confirmed current member', async () => {
    const response = await get(`${Q}/${application.id}/preexam`, managerJwt);
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({ feeBasis: 'member', isSelectionSaved: false, canEdit: true, status: 'Assessment Completed', invoice: null, hasModules: true, gstRateBasisPoints: 1000, currency: 'AUD' });
    expect(view.modules.map((m: { moduleCode: string; choice: string; feeCents: number }) => [m.moduleCode, m.choice, m.feeCents])).toEqual([
      ['IWI-M1', 'required', 45000],
      ['IWI-M2', 'required', 30000],
      ['IWI-M3', 'required', 25050],
    ]);
    expect(view.modules[0]).toMatchObject({ memberFeeCents: 45000, nonMemberFeeCents: 60000, examinationType: 'Online' });
    expect(view).toMatchObject({ subtotalCents: 100050, discountCents: 0, totalCents: 100050, gstCents: 9095 });
    const required = (await get(`${Q}/${application.id}/required`, managerJwt)).json();
    expect(required).toMatchObject({ feeBasis: 'member', isSelectionSaved: false });
    expect(required.modules).toHaveLength(3);
    expect((await get(`${Q}/${application.id}/nonrequired`, managerJwt)).json().modules).toEqual([]);
  });

  it('saves required, optional and not taken; /required and /nonrequired split them', async () => {
    const response = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'optional' }) }, managerJwt);
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view.isSelectionSaved).toBe(true);
    expect(view.lines).toEqual([
      { programModuleId: moduleIds['IWI-M1'], moduleCode: 'IWI-M1', moduleTitle: 'Welding processes', feeBasis: 'member', isRequired: true, amountCents: 45000 },
      { programModuleId: moduleIds['IWI-M3'], moduleCode: 'IWI-M3', moduleTitle: 'Inspection', feeBasis: 'member', isRequired: false, amountCents: 25050 },
    ]);
    expect(view).toMatchObject({ subtotalCents: 70050, totalCents: 70050, gstCents: 6368 });
    const required = (await get(`${Q}/${application.id}/required`, managerJwt)).json();
    expect(required.modules.map((m: { moduleCode: string }) => m.moduleCode)).toEqual(['IWI-M1']);
    const nonrequired = (await get(`${Q}/${application.id}/nonrequired`, examinerJwt)).json();
    expect(nonrequired.modules.map((m: { moduleCode: string; choice: string }) => [m.moduleCode, m.choice])).toEqual([
      ['IWI-M2', 'notTaken'],
      ['IWI-M3', 'optional'],
    ]);
    const rows = await db.select().from(applicationModules).where(eq(applicationModules.applicationId, application.id));
    expect(rows.map((r) => [r.isRequired, r.feeCents, r.feeBasis]).sort()).toEqual([
      [false, 25050, 'member'],
      [true, 45000, 'member'],
    ]);
  });

  it('needs at least one module taken, and only active modules of the program', async () => {
    const none = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'notTaken', 'IWI-M2': 'notTaken', 'IWI-M3': 'notTaken' }) }, managerJwt);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Please choose at least one module', fieldErrors: { modules: 'Please choose at least one module' } });
    const empty = await post(`${Q}/${application.id}/preexam/update`, { modules: [] }, managerJwt);
    expect(empty.json().fieldErrors).toEqual({ modules: PRE_EXAM_MESSAGES.chooseModule });
    const retired = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required', 'IWI-OLD': 'optional' }) }, managerJwt);
    expect(retired.statusCode).toBe(400);
    expect(retired.json().fieldErrors).toEqual({ modules: PRE_EXAM_MESSAGES.unknownModule });
    const stranger = await post(`${Q}/${application.id}/preexam/update`, { modules: [{ programModuleId: '11111111-1111-4111-8111-111111111111', choice: 'required' }] }, managerJwt);
    expect(stranger.statusCode).toBe(400);
    const extra = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required' }), totalCents: 1 }, managerJwt);
    expect(extra.statusCode).toBe(400);
    // Nothing refused was saved.
    expect((await get(`${Q}/${application.id}/required`, managerJwt)).json().modules.map((m: { moduleCode: string }) => m.moduleCode)).toEqual(['IWI-M1']);
  });

  it('is for staff on the program: the manager and administrators change it, others may read it, applicants never', async () => {
    const body = { modules: selection({ 'IWI-M1': 'required' }) };
    expect((await post(`${Q}/${application.id}/preexam/update`, body, examinerJwt)).statusCode).toBe(403);
    expect((await get(`${Q}/${application.id}/preexam`, examinerJwt)).json().canEdit).toBe(false);
    expect((await get(`${Q}/${application.id}/preexam`, outsiderJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/preexam/update`, body, outsiderJwt)).statusCode).toBe(403);
    for (const url of [`${Q}/${application.id}/preexam`, `${Q}/${application.id}/required`, `${Q}/${application.id}/nonrequired`]) {
      expect((await get(url, adaJwt)).statusCode).toBe(403);
    }
    expect((await post(`${Q}/${application.id}/preexam/update`, body, adaJwt)).statusCode).toBe(403);
    expect((await post(`${Q}/${application.id}/preexam/submit`, body, adaJwt)).statusCode).toBe(403);
  });

  it('answers each path word for its own application type only', async () => {
    expect((await get(`/api/aicipapplicationmodule/${application.id}/preexam`, superJwt)).statusCode).toBe(404);
    expect((await get(`/api/certificationapplication/${application.id}/preexam`, superJwt)).statusCode).toBe(404);
    expect((await get(`${Q}/not-a-uuid/preexam`, superJwt)).statusCode).toBe(404);
  });
});

describe('the fee basis', () => {
  it('charges non-member fees to a non-member and to a lapsed member, member fees to a member current today', async () => {
    const basisOf = async (applicant: CreatedUser) => {
      const application = await acceptedApplication(db, applicant, programId);
      const view = (await get(`${Q}/${application.id}/preexam`, managerJwt)).json();
      return [view.feeBasis, view.modules[0].feeCents];
    };
    expect(await basisOf(bob)).toEqual(['nonMember', 60000]);
    expect(await basisOf(carl)).toEqual(['nonMember', 60000]);
    await db.update(accountMemberships).set({ endsOn: todayInSydney() }).where(eq(accountMemberships.applicantId, carl.applicantId!));
    expect(await basisOf(carl)).toEqual(['member', 45000]);
    expect(await basisOf(ada)).toEqual(['member', 45000]);
  });
});

describe('discount codes', () => {
  let application: { id: string; applicationNumber: string };
  beforeAll(async () => {
    application = await acceptedApplication(db, bob, programId);
  });

  it('quotes a valid code (typed in any case) against the subtotal and keeps it with the selection', async () => {
    const response = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required', 'IWI-M2': 'optional' }), couponCode: ' tenoff ' }, managerJwt);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ couponCode: 'TENOFF', subtotalCents: 100000, discountCents: 1000, totalCents: 99000, gstCents: 9000, couponError: null, discountDescription: expect.stringContaining('TENOFF') });
    expect((await get(`${Q}/${application.id}/preexam`, managerJwt)).json()).toMatchObject({ couponCode: 'TENOFF', discountCents: 1000 });
  });

  it('refuses an unknown or expired code at the field and saves nothing', async () => {
    const unknown = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required' }), couponCode: 'NOPE' }, managerJwt);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: COUPON_MESSAGES.notFound, fieldErrors: { couponCode: COUPON_MESSAGES.notFound } });
    const expired = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required' }), couponCode: 'expired' }, managerJwt);
    expect(expired.json().fieldErrors).toEqual({ couponCode: COUPON_MESSAGES.expired });
    const view = (await get(`${Q}/${application.id}/preexam`, managerJwt)).json();
    expect(view).toMatchObject({ couponCode: 'TENOFF', subtotalCents: 100000 });
  });

  it('takes the code off when it is cleared', async () => {
    const response = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required', 'IWI-M2': 'optional' }), couponCode: '' }, managerJwt);
    expect(response.json()).toMatchObject({ couponCode: null, discountCents: 0, totalCents: 100000 });
  });
});

describe('issuing the invoice', () => {
  let application: { id: string; applicationNumber: string };
  let invoiceNumberText: string;
  let invoiceId: string;

  beforeAll(async () => {
    application = await acceptedApplication(db, ada, programId);
  });

  it('refuses to issue before any module is chosen', async () => {
    const response = await post(`${Q}/${application.id}/preexam/submit`, undefined, managerJwt);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ modules: PRE_EXAM_MESSAGES.chooseModule });
  });

  it('issues one numbered tax invoice, moves the application, opens the payment link and mails the applicant', async () => {
    const saved = await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'optional' }), couponCode: 'TENOFF' }, managerJwt);
    expect(saved.statusCode).toBe(200);
    const response = await post(`${Q}/${application.id}/preexam/submit`, undefined, managerJwt);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const invoice = body.invoice;
    invoiceNumberText = invoice.invoiceNumberText;
    invoiceId = invoice.id;
    expect(invoiceNumberText).toBe(formatInvoiceNumber(invoice.invoiceNumber));
    expect(invoice).toMatchObject({
      applicationId: application.id,
      applicationNumber: application.applicationNumber,
      programCode: 'IWI-PRE',
      issuer: { name: 'Welding Board of Testing', abn: ABN },
      billedTo: { name: 'Ada Arcwright', email: ada.email, address: '7 Arc Road, Newcastle NSW 2300, Australia', memberNumber: 'M-1001' },
      subtotalCents: 70050,
      discountCents: 1000,
      couponCode: 'TENOFF',
      totalCents: 69050,
      gstRateBasisPoints: 1000,
      gstCents: 6277,
      currency: 'AUD',
      status: 'Issued',
    });
    expect(invoice.lines.map((l: { moduleCode: string; amountCents: number; isRequired: boolean; applicationModuleId: string | null }) => [l.moduleCode, l.amountCents, l.isRequired, !!l.applicationModuleId])).toEqual([
      ['IWI-M1', 45000, true, true],
      ['IWI-M3', 25050, false, true],
    ]);
    expect(body).toMatchObject({ status: 'Examinations Stage', canEdit: false, totalCents: 69050 });
    expect(body.payment).toMatchObject({ trackerId: expect.any(String), paymentUrl: expect.stringContaining(body.payment.trackerId), expiresOn: expect.any(String) });

    const [stored] = await db.select().from(applications).where(eq(applications.id, application.id));
    expect(stored).toMatchObject({ status: 'Examinations Stage', workflowStage: 'Payment Stage Requested' });
    const history = await db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id)).orderBy(applicationHistory.sequence);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.fromStage, h.toStage, h.note])).toEqual([
      ['Assessment Completed', 'Examinations Stage', null, 'preExamination Completed', 'Modules chosen: IWI-M1, IWI-M3'],
      ['Examinations Stage', 'Examinations Stage', 'preExamination Completed', 'Payment Stage Requested', `Invoice ${invoiceNumberText} issued: $690.50 incl. GST $62.77`],
    ]);
    // Both moves happen in one transaction (one created_on): staff and applicant still read them in order.
    const staffHistory = (await get(`/api/qualificationapplication/${application.id}/details`, managerJwt)).json().history as { toStage: string | null }[];
    expect(staffHistory.slice(-2).map((h) => h.toStage)).toEqual(['preExamination Completed', 'Payment Stage Requested']);
    const applicantHistory = (await get(`/api/qualificationapplication/${application.id}/history`, adaJwt)).json() as { toStage: string | null }[];
    expect(applicantHistory.slice(-2).map((h) => h.toStage)).toEqual(['preExamination Completed', 'Payment Stage Requested']);
    const [payment] = await db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(payment).toMatchObject({ applicationId: application.id, amountCents: 69050, currency: 'AUD', status: 'Requested', trackerId: body.payment.trackerId });
    const redemptions = await db.select().from(couponRedemptions).where(eq(couponRedemptions.applicationId, application.id));
    expect(redemptions).toMatchObject([{ invoiceId, applicantId: ada.applicantId, discountCents: 1000 }]);

    const mail = await catcher.waitFor(ada.email, new RegExp(`^Application ${application.applicationNumber}: invoice ${invoiceNumberText} and payment link$`));
    for (const text of ['IWI-M1 Welding processes (required, member fee): $450.00', 'IWI-M3 Inspection (optional, member fee): $250.50', 'Discount (TENOFF): -$10.00', 'Total (incl. GST): $690.50', 'GST included (10%): $62.77', `ABN ${ABN}`]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.text).toContain(body.payment.paymentUrl);
    expect(mail.text).toContain(`${PUBLIC_URL}/student/applications/qualificationapplication/${application.id}`);
    const inbox = (await get('/api/applicantinbox/email/pagination', adaJwt)).json();
    expect(inbox.rows.map((m: { subject: string }) => m.subject)).toContain(`Application ${application.applicationNumber}: invoice ${invoiceNumberText} and payment link`);
  });

  it('shows the issued invoice on the stage, and refuses another submit or update with 409', async () => {
    const view = (await get(`${Q}/${application.id}/preexam`, managerJwt)).json();
    expect(view).toMatchObject({ canEdit: false, invoice: { id: invoiceId }, discountCents: 1000, totalCents: 69050 });
    expect(view.modules.map((m: { moduleCode: string; choice: string }) => [m.moduleCode, m.choice])).toEqual([
      ['IWI-M1', 'required'],
      ['IWI-M2', 'notTaken'],
      ['IWI-M3', 'optional'],
    ]);
    const again = await post(`${Q}/${application.id}/preexam/submit`, undefined, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PRE_EXAM_MESSAGES.invoiceIssued);
    expect((await post(`${Q}/${application.id}/preexam/update`, { modules: selection({ 'IWI-M1': 'required' }) }, managerJwt)).statusCode).toBe(409);
    expect(await db.select().from(invoices).where(eq(invoices.applicationId, application.id))).toHaveLength(1);
  });

  it('lists the invoices for staff and the owning applicant, never for another applicant', async () => {
    const forStaff = await get(`/api/invoice/byapplication/${application.id}`, examinerJwt);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.json().map((i: { id: string }) => i.id)).toEqual([invoiceId]);
    const forOwner = await get(`/api/invoice/byapplication/${application.id}`, adaJwt);
    expect(forOwner.json()[0]).toMatchObject({ invoiceNumberText, totalCents: 69050 });
    expect((await get(`/api/invoice/${invoiceId}`, adaJwt)).statusCode).toBe(200);
    expect((await get(`/api/invoice/byapplication/${application.id}`, bobJwt)).statusCode).toBe(404);
    expect((await get(`/api/invoice/${invoiceId}`, bobJwt)).statusCode).toBe(404);
    expect((await get(`/api/invoice/byapplication/${application.id}`, outsiderJwt)).statusCode).toBe(403);
  });

  it('renders the PDF from the invoice: number, ABN, lines, discount and total', async () => {
    const response = await get(`/api/invoice/${invoiceId}/pdf`, adaJwt);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${invoiceNumberText}.pdf"`);
    const bytes = new Uint8Array(response.rawPayload);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
    const text = await textOfPdf(bytes);
    expect(text).toEqual(expect.arrayContaining(['Tax invoice', invoiceNumberText, `ABN ${ABN}`, 'IWI-M1', 'Discount (TENOFF)', 'Total (incl. GST)', '$690.50', '$62.77', 'Ada Arcwright', application.applicationNumber]));
    expect((await get(`/api/invoice/${invoiceId}/pdf`, managerJwt)).statusCode).toBe(200);
  });

  it('keeps the PDF from another applicant and from staff off the program', async () => {
    const refused = await get(`/api/invoice/${invoiceId}/pdf`, bobJwt);
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['content-type']).not.toBe('application/pdf');
    expect((await get(`/api/invoice/${invoiceId}/pdf`, outsiderJwt)).statusCode).toBe(403);
    expect((await get('/api/invoice/00000000-0000-4000-8000-000000000000/pdf', managerJwt)).statusCode).toBe(404);
  });

  it("gives another program's staff 403 on the stage and every invoice read; the program's examiner and manager read them", async () => {
    const otherJwt = (await signIn(t.app, await createStaffOfAnotherProgram(db))).jwt;
    const reads = [`/api/invoice/byapplication/${application.id}`, `/api/invoice/${invoiceId}`, `/api/invoice/${invoiceId}/pdf`, `${Q}/${application.id}/preexam`, `${Q}/${application.id}/required`, `${Q}/${application.id}/nonrequired`];
    for (const url of reads) {
      const refused = await get(url, otherJwt);
      expect([url, refused.statusCode]).toEqual([url, 403]);
      expect(refused.body).not.toContain(invoiceNumberText);
    }
    for (const jwt of [examinerJwt, managerJwt, superJwt]) {
      for (const url of reads) expect([url, (await get(url, jwt)).statusCode]).toEqual([url, 200]);
    }
    for (const url of reads.slice(0, 3)) expect([url, (await get(url, bobJwt)).statusCode]).toEqual([url, 404]);
  });

  it('issues a zero invoice when the discount covers it all, with a zero payment request', async () => {
    const other = await acceptedApplication(db, bob, programId);
    const response = await post(`${Q}/${other.id}/preexam/submit`, { modules: selection({ 'IWI-M2': 'required' }), couponCode: 'ALLFREE' }, managerJwt);
    expect(response.statusCode).toBe(200);
    expect(response.json().invoice).toMatchObject({ subtotalCents: 40000, discountCents: 40000, totalCents: 0, gstCents: 0 });
    const [payment] = await db.select().from(payments).where(eq(payments.applicationId, other.id));
    expect(payment).toMatchObject({ amountCents: 0, gateway: 'zero', status: 'Requested' });
  });

  it('refuses a second use of a code by the same applicant when issuing, and issues nothing', async () => {
    const other = await acceptedApplication(db, ada, programId);
    const before = await db.select().from(invoiceCounters);
    const response = await post(`${Q}/${other.id}/preexam/submit`, { modules: selection({ 'IWI-M1': 'required' }), couponCode: 'TENOFF' }, managerJwt);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ couponCode: COUPON_MESSAGES.alreadyUsed });
    expect(await db.select().from(invoices).where(eq(invoices.applicationId, other.id))).toHaveLength(0);
    expect(await db.select().from(invoiceCounters)).toEqual(before);
    const [stored] = await db.select().from(applications).where(eq(applications.id, other.id));
    expect(stored).toMatchObject({ status: 'Assessment Completed', workflowStage: null });
  });

  it('lets two staff issue at the same moment: one invoice, the other 409', async () => {
    const other = await acceptedApplication(db, bob, programId);
    const body = { modules: selection({ 'IWI-M1': 'required' }) };
    const results = await Promise.all([post(`${Q}/${other.id}/preexam/submit`, body, managerJwt), post(`${Q}/${other.id}/preexam/submit`, body, superJwt)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await db.select().from(invoices).where(eq(invoices.applicationId, other.id))).toHaveLength(1);
    expect(await db.select().from(payments).where(eq(payments.applicationId, other.id))).toHaveLength(1);
    const moves = await db.select().from(applicationHistory).where(and(eq(applicationHistory.applicationId, other.id), eq(applicationHistory.toStage, 'Payment Stage Requested')));
    expect(moves).toHaveLength(1);
  });

  it('refuses the stage before the assessment is completed (409) and leaves it unchanged', async () => {
    const other = await acceptedApplication(db, bob, programId, { status: 'Being Assessed' });
    const body = { modules: selection({ 'IWI-M1': 'required' }) };
    const update = await post(`${Q}/${other.id}/preexam/update`, body, managerJwt);
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toBe(PRE_EXAM_MESSAGES.notOpen('Being Assessed'));
    expect((await post(`${Q}/${other.id}/preexam/submit`, body, managerJwt)).statusCode).toBe(409);
    expect((await get(`${Q}/${other.id}/preexam`, managerJwt)).json().canEdit).toBe(false);
    expect(await db.select().from(applicationModules).where(eq(applicationModules.applicationId, other.id))).toHaveLength(0);
  });
});

describe('Certification and AICIP', () => {
  it('invoices a Certification program its certification fee as one line, without modules', async () => {
    const certification = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 2, programTitle: 'Certified Welding Supervisor', programCode: 'CWS-PRE' });
    await completeProgram(db, certification.id, 2, manager.id);
    await db.update(programCertificationSettings).set({ memberFeeCents: 30000, nonmemberFeeCents: 44000 }).where(eq(programCertificationSettings.programId, certification.id));
    const application = await acceptedApplication(db, bob, certification.id, { programType: 2, prefix: 'C' });
    const url = `/api/certificationapplication/${application.id}`;
    const view = (await get(`${url}/preexam`, managerJwt)).json();
    expect(view).toMatchObject({ hasModules: false, modules: [], feeBasis: 'nonMember', subtotalCents: 44000, gstCents: 4000, totalCents: 44000, canEdit: true });
    expect(view.lines).toEqual([{ programModuleId: null, moduleCode: 'CWS-PRE', moduleTitle: 'Certification: Certified Welding Supervisor', feeBasis: 'nonMember', isRequired: true, amountCents: 44000 }]);
    const withModules = await post(`${url}/preexam/update`, { modules: selection({ 'IWI-M1': 'required' }) }, managerJwt);
    expect(withModules.statusCode).toBe(400);
    expect(withModules.json().fieldErrors).toEqual({ modules: PRE_EXAM_MESSAGES.noModulesForType });
    expect((await get(`${Q}/${application.id}/preexam`, managerJwt)).statusCode).toBe(404);
    const issued = await post(`${url}/preexam/submit`, { modules: [] }, managerJwt);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().invoice.lines).toEqual([{ applicationModuleId: null, moduleCode: 'CWS-PRE', moduleTitle: 'Certification: Certified Welding Supervisor', feeBasis: 'nonMember', isRequired: true, amountCents: 44000 }]);
    const history = await db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, application.id)).orderBy(applicationHistory.sequence);
    expect(history.map((h) => h.note)).toEqual(['Certification fee: CWS-PRE', expect.stringMatching(/^Invoice INV-\d{6} issued: \$440\.00 incl\. GST \$40\.00$/)]);
  });

  it('offers an AICIP candidate the exam modules, not the renewal modules', async () => {
    const aicip = await createProgram(db, { programManagerId: manager.id, status: 2, programType: 4, programCode: 'AICIP-PRE' });
    await completeProgram(db, aicip.id, 4, manager.id);
    const application = await acceptedApplication(db, ada, aicip.id, { programType: 4, prefix: 'AICIP' });
    const view = (await get(`/api/aicipapplicationmodule/${application.id}/preexam`, managerJwt)).json();
    expect(view.modules.map((m: { moduleCode: string }) => m.moduleCode)).toEqual(['M1']);
    const issued = await post(`/api/aicipapplicationmodule/${application.id}/preexam/submit`, { modules: [{ programModuleId: view.modules[0].programModuleId, choice: 'required' }] }, managerJwt);
    expect(issued.statusCode).toBe(200);
    expect(issued.json().invoice).toMatchObject({ totalCents: 15000, lines: [{ moduleCode: 'M1', feeBasis: 'member' }] });
  });
});
