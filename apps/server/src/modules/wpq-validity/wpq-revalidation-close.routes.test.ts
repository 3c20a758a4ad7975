import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { ROLES } from '@certs/shared/auth/roles';
import { expiryToday, subtractMonths } from '@certs/shared/award/award-expiry';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { WPQ_VALIDITY_MESSAGES as M } from '@certs/shared/wpq/wpq-validity.contract';
import { buildPaymentTestApp, type PaymentTestApp } from '../../../test/factories/payment.factory';
import { createAccount } from '../../../test/factories/account.factory';
import { addProgramUser, completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { applicationHistory, applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { mails } from '../../db/schema/mail';
import { invoices, payments } from '../../db/schema/payment';
import { programWelderQualificationSettings } from '../../db/schema/program';
import { wpqConfirmations, wpqExtensionLogs, wpqRevalidations } from '../../db/schema/wpq-validity';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { insertKeptQualification } from './wpq-validity-test-records';
import { WpqValidityRepository } from './wpq-validity.repository';
import { WpqValidityService } from './wpq-validity.service';

/**
 * Decision 044: an approved revalidation whose fee is never paid does not keep the qualification
 * valid (it lapses on the old day, the invoice void, a late payment refused), and staff who decide
 * can cancel an open request with a reason.
 */
let t: PaymentTestApp;
let programId: string;
let manager: CreatedUser;
const jwt: Record<'manager' | 'examiner' | 'outsider', string> = {} as never;

const today = () => expiryToday(new Date());
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const send = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await buildPaymentTestApp();
  const db = t.database.db;
  manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Morgan', lastName: 'Manager', email: `morgan-${Date.now()}@example.test` });
  const [examiner, outsider, assessor] = await Promise.all([
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
  ]);
  programId = (await createProgram(db, { programType: 3, programManagerId: manager.id, status: 2, programTitle: 'Welder Qualification Test to ISO 9606-1' })).id;
  await completeProgram(db, programId, 3, assessor!.id);
  await db
    .update(programWelderQualificationSettings)
    .set({ reValidationProlongation: true, revalidationMemberFeeCents: 12000, revalidationNonmemberFeeCents: 15000 })
    .where(eq(programWelderQualificationSettings.programId, programId));
  await addProgramUser(db, programId, manager.id, 'manager');
  await addProgramUser(db, programId, examiner!.id, 'examiner');
  jwt.manager = (await signIn(t.app, manager)).jwt;
  jwt.examiner = (await signIn(t.app, examiner!)).jwt;
  jwt.outsider = (await signIn(t.app, outsider!)).jwt;
});
afterAll(async () => {
  await t.close();
});

/** A 9.3 b) qualification ending in about a month whose revalidation staff approved: its fee invoiced, unpaid. */
async function invoicedRevalidation() {
  const db = t.database.db;
  const holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Rita', lastName: 'Revalidated', email: `rita-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test` });
  const holderJwt = (await signIn(t.app, holder)).jwt;
  const testDate = subtractMonths(today(), 23);
  const record = await insertKeptQualification(db, { applicantId: holder.applicantId!, programId, testDate, option: '9.3b' });
  for (const k of [1, 2, 3]) {
    const dueOn = subtractMonths(testDate, -6 * k);
    await db.insert(wpqConfirmations).values({ wpqRecordId: record.recordId, awardId: record.awardId, sequence: k, dueOn, confirmedOn: dueOn, confirmedBy: 'examiner', confirmerName: 'Erin', confirmerPosition: 'Examiner' });
  }
  const reports: string[] = [];
  for (const name of ['rt-1.pdf', 'rt-2.pdf']) reports.push((await uploadFile(t.app, holderJwt, { name, contentType: 'application/pdf', body: PDF_BYTES })).saved!.json().id);
  const welds = reports.map((id, i) => ({ description: `Production weld ${i + 1}`, weldedOn: today(), testMethod: 'Radiography', testReportAttachmentId: id }));
  const submitted = await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, holderJwt, { welds });
  expect(submitted.statusCode, submitted.body).toBe(201);
  const approved = await send('POST', `/api/wpq/${record.recordId}/revalidation/${submitted.json().id}/decide`, jwt.manager, { decision: 'approve' });
  expect(approved.statusCode, approved.body).toBe(200);
  const [invoice] = await db.select().from(invoices).where(eq(invoices.applicationId, record.applicationId));
  const [link] = await db.select().from(payments).where(eq(payments.invoiceId, invoice!.id));
  return { holder, holderJwt, record, welds, revalidationId: submitted.json().id as string, validUntil: approved.json().validUntilBefore as string, invoiceId: invoice!.id, trackerId: link!.trackerId };
}

/** The validity job as it runs on a given day (Sydney's midday). */
function jobOn(day: string) {
  const db = t.database.db;
  const unused = async (): Promise<never> => {
    throw new Error('not used');
  };
  return new WpqValidityService({
    repository: new WpqValidityRepository(db),
    workflow: new ApplicationWorkflowRepository(db),
    programs: { programPrivilege: async () => ({ isManager: false, programRoles: [] }) },
    attachments: { findOwned: async () => [], findByIds: async () => [], readProfilePhoto: async () => null },
    invoices: { billingOf: unused, invoiceIssuerOf: unused, issueInvoice: unused },
    payments: t.payments,
    mail: new MailService(new MailRepository(db), { smtpUrl: undefined, from: 'test@example.test', log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never }),
    publicUrl: 'http://localhost',
    now: () => new Date(`${day}T02:00:00Z`),
  });
}

const db = () => t.database.db;
const revalidationOf = async (id: string) => (await db().select().from(wpqRevalidations).where(eq(wpqRevalidations.id, id)))[0]!;
const invoiceStatus = async (id: string) => (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!.status;
const applicationStatus = async (id: string) => (await db().select().from(applications).where(eq(applications.id, id)))[0]!.status;
const awardStatus = async (id: string) => (await db().select().from(awards).where(eq(awards.id, id)))[0]!.status;
const logEvents = async (recordId: string) => (await db().select().from(wpqExtensionLogs).where(eq(wpqExtensionLogs.wpqRecordId, recordId)).orderBy(asc(wpqExtensionLogs.id))).map((row) => row.event);
const mailsTo = async (email: string) => db().select().from(mails).where(eq(mails.toEmail, email));
const historyNotes = async (applicationId: string) =>
  (await db().select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(asc(applicationHistory.sequence))).map((row) => `${row.fromStatus} -> ${row.toStatus}: ${row.note}`);

describe('an approved revalidation whose fee is never paid (decision 044)', () => {
  it('keeps the award only until its old day; then the request lapses, the invoice is void, the award expires, welder and manager are told, and a late payment is not taken', async () => {
    const { holder, holderJwt, record, revalidationId, validUntil, invoiceId, trackerId } = await invoicedRevalidation();
    // The welder opened the checkout before the end and completes it only afterwards.
    const checkout = await send('POST', `/api/paymentgateway/request/${trackerId}`, holderJwt);
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = new URL(checkout.json().redirectUrl as string);

    // On the old last day nothing changes yet.
    await jobOn(validUntil).runOnce();
    expect((await revalidationOf(revalidationId)).status).toBe('invoiced');
    expect(await awardStatus(record.awardId)).toBe('current');
    expect(await invoiceStatus(invoiceId)).toBe('Issued');

    // The day after, it ends as any other award does.
    await jobOn(nextDay(validUntil)).runOnce();
    expect(await revalidationOf(revalidationId)).toMatchObject({ status: 'lapsed', revalidatedOn: null });
    expect(await invoiceStatus(invoiceId)).toBe('Void');
    expect(await awardStatus(record.awardId)).toBe('expired');
    expect(await applicationStatus(record.applicationId)).toBe('Award Withdrawn');
    const history = await historyNotes(record.applicationId);
    expect(history.at(-2)).toMatch(/^Applied for Revalidation -> Awarded: Revalidation lapsed: invoice \S+ for the fee was not paid by/);
    expect(history.at(-1)).toMatch(/^Awarded -> Award Withdrawn: The qualification ended on/);
    expect(await logEvents(record.recordId)).toEqual(['requested', 'invoiced', 'lapsed']);
    const ended = (await mailsTo(holder.email)).find((mail) => mail.subject === `Your welder qualification ${record.certificateNumber} has ended`);
    expect(ended?.text.replace(/\s+/g, ' ')).toContain('The revalidation approved for it lapsed');
    expect((await mailsTo(manager.email)).map((mail) => mail.subject)).toContain(`Revalidation lapsed unpaid: ${record.certificateNumber} (Rita Revalidated)`);
    const validity = (await send('GET', `/api/wpq/${record.recordId}/validity`, holderJwt)).json();
    expect(validity).toMatchObject({ isValid: false, validUntil });
    expect(validity.revalidations[0]).toMatchObject({ status: 'lapsed', invoice: { status: 'Void' } });

    // The pay page says why it can no longer be paid; paying, or staff recording a transfer, is refused.
    const tracker = (await send('GET', `/api/paymentgateway/payment/${trackerId}/trackerdata`, holderJwt)).json();
    expect(tracker).toMatchObject({ canPay: false, status: 'Expired' });
    expect(tracker.failureReason).toMatch(/^Invoice \S+ was cancelled: the revalidation fee was not paid by/);
    expect((await send('POST', `/api/paymentgateway/request/${trackerId}`, holderJwt)).json().message).toBe(PAYMENT_MESSAGES.expired);
    const transfer = await send('POST', `/api/welderqualificationapplication/${record.applicationId}/payment/verified`, jwt.manager, { reference: 'EFT-LATE-1' });
    expect(transfer.statusCode).toBe(409);
    // The checkout opened before completes at the gateway: the money is not taken for a void invoice.
    await t.app.inject({ method: 'POST', url: `/unauth/testgateway/session/${session.pathname.split('/').pop()}/complete`, payload: { token: session.searchParams.get('token'), outcome: 'paid' } });
    expect(await invoiceStatus(invoiceId)).toBe('Void');
    expect(await db().select().from(payments).where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'Success')))).toHaveLength(0);
    expect((await revalidationOf(revalidationId)).status).toBe('lapsed');
    expect(await applicationStatus(record.applicationId)).toBe('Award Withdrawn');
    // A later pass finds nothing more to do.
    expect((await jobOn(nextDay(nextDay(validUntil))).runOnce()).ended).toBe(0);
    expect(await logEvents(record.recordId)).toEqual(['requested', 'invoiced', 'lapsed']);
  }, 120_000);
});

describe('staff cancel an open revalidation request (decision 044)', () => {
  it('refuses the wrong role, staff outside the program, another account and the welder, changing nothing', async () => {
    const { holderJwt, record, revalidationId, invoiceId } = await invoicedRevalidation();
    const other = await createAccount(db());
    const otherAdmin = await createUser(db(), { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: other.id });
    const otherJwt = (await signIn(t.app, otherAdmin)).jwt;
    const url = `/api/wpq/${record.recordId}/revalidation/${revalidationId}/cancel`;
    expect((await send('POST', url, jwt.examiner, { reason: 'Asked in error' })).statusCode).toBe(403);
    expect((await send('POST', url, jwt.outsider, { reason: 'Asked in error' })).statusCode).toBe(403);
    expect((await send('POST', url, holderJwt, { reason: 'Asked in error' })).statusCode).toBe(403);
    expect([403, 404]).toContain((await send('POST', url, otherJwt, { reason: 'Asked in error' })).statusCode);
    const noReason = await send('POST', url, jwt.manager, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(M.reasonRequired);
    expect((await revalidationOf(revalidationId)).status).toBe('invoiced');
    expect(await invoiceStatus(invoiceId)).toBe('Issued');
    expect(await applicationStatus(record.applicationId)).toBe('Applied for Revalidation');
    expect(await logEvents(record.recordId)).toEqual(['requested', 'invoiced']);
  });

  it('voids the invoice and returns the application to Awarded with the reason; a second cancel changes nothing; a new request may follow', async () => {
    const { holder, holderJwt, record, welds, revalidationId, validUntil, invoiceId, trackerId } = await invoicedRevalidation();
    const url = `/api/wpq/${record.recordId}/revalidation/${revalidationId}/cancel`;
    const cancelled = await send('POST', url, jwt.manager, { reason: 'The employer withdrew the welds' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', decisionReason: 'The employer withdrew the welds' });
    expect(await invoiceStatus(invoiceId)).toBe('Void');
    expect(await applicationStatus(record.applicationId)).toBe('Awarded');
    expect(await awardStatus(record.awardId)).toBe('current');
    expect((await historyNotes(record.applicationId)).at(-1)).toMatch(/^Applied for Revalidation -> Awarded: Revalidation request cancelled: The employer withdrew the welds; invoice \S+ is void$/);
    expect(await logEvents(record.recordId)).toEqual(['requested', 'invoiced', 'cancelled']);
    const told = (await mailsTo(holder.email)).filter((mail) => mail.subject === `Your revalidation request for ${record.certificateNumber} was cancelled`);
    expect(told).toHaveLength(1);
    expect(told[0]!.text.replace(/\s+/g, ' ')).toContain('there is nothing to pay');
    expect((await send('GET', `/api/paymentgateway/payment/${trackerId}/trackerdata`, holderJwt)).json()).toMatchObject({ canPay: false, status: 'Expired' });
    const validity = (await send('GET', `/api/wpq/${record.recordId}/validity`, holderJwt)).json();
    expect(validity).toMatchObject({ isValid: true, validUntil });
    expect(validity.revalidations[0]).toMatchObject({ status: 'cancelled', invoice: { status: 'Void' } });

    const again = await send('POST', url, jwt.manager, { reason: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.revalidationNotCancellable);
    expect(await logEvents(record.recordId)).toEqual(['requested', 'invoiced', 'cancelled']);
    expect((await revalidationOf(revalidationId)).decisionReason).toBe('The employer withdrew the welds');
    expect((await mailsTo(holder.email)).filter((mail) => mail.subject.endsWith('was cancelled'))).toHaveLength(1);

    // The window opens again; a request still waiting for a decision can be cancelled too (no invoice to void).
    expect(validity.revalidationWindow).not.toBeNull();
    const resubmitted = await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, holderJwt, { welds });
    expect(resubmitted.statusCode, resubmitted.body).toBe(201);
    const second = await send('POST', `/api/wpq/${record.recordId}/revalidation/${resubmitted.json().id}/cancel`, jwt.manager, { reason: 'Welds from another welder' });
    expect(second.json()).toMatchObject({ status: 'cancelled', invoiceId: null });
    expect(await applicationStatus(record.applicationId)).toBe('Awarded');
  });
});
