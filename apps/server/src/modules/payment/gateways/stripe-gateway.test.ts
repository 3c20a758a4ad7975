import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { createAccount } from '../../../../test/factories/account.factory';
import { createInvoicedApplication } from '../../../../test/factories/invoice.factory';
import { completeProgram, createProgram } from '../../../../test/factories/program.factory';
import { buildPaymentTestApp, type PaymentTestApp } from '../../../../test/factories/payment.factory';
import { createUser } from '../../../../test/factories/user.factory';
import { bearer, signIn } from '../../../../test/sign-in';
import { applications } from '../../../db/schema/application';
import { invoices, payments } from '../../../db/schema/payment';
import { WebhookSignatureError } from './payment-gateway';
import { StripeGateway } from './stripe-gateway';

const SECRET_KEY = 'sk_test_certs_platform';
const WEBHOOK_SECRET = 'whsec_test_certs_platform';
const PUBLIC_URL = 'http://localhost:3000';

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** A local HTTP server that plays Stripe's API for Checkout Sessions and records what it was sent. */
class FakeStripe {
  readonly received: ReceivedRequest[] = [];
  readonly sessions = new Map<string, Record<string, unknown>>();
  private server: Server | undefined;
  private count = 0;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const url = new URL(request.url ?? '/', 'http://stripe.local');
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        this.received.push({ method: request.method ?? '', path: url.pathname, headers: request.headers, form });
        const reply = (status: number, body: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.received.length}` });
          response.end(JSON.stringify(body));
        };
        if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
          this.count += 1;
          const id = `cs_test_${this.count}`;
          const session = {
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.test/c/pay/${id}`,
            mode: form.get('mode'),
            amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]'),
            client_reference_id: form.get('client_reference_id'),
            metadata: { trackerId: form.get('metadata[trackerId]'), invoiceId: form.get('metadata[invoiceId]') },
            payment_status: 'unpaid',
            status: 'open',
            payment_intent: null,
            expires_at: Number(form.get('expires_at')),
          };
          this.sessions.set(id, session);
          return reply(200, session);
        }
        const match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
        if (request.method === 'GET' && match?.[1]) {
          const session = this.sessions.get(match[1]);
          if (!session) return reply(404, { error: { type: 'invalid_request_error', message: `No such checkout.session: '${match[1]}'` } });
          return reply(200, session);
        }
        reply(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The customer paid on Stripe's page. */
  pay(id: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const session = { ...this.sessions.get(id), payment_status: 'paid', status: 'complete', payment_intent: `pi_${id}`, ...overrides };
    this.sessions.set(id, session);
    return session;
  }
}

const stripe = new Stripe(SECRET_KEY);
const fake = new FakeStripe();

/** A Stripe event around a checkout session, signed as Stripe signs it (with the platform's endpoint secret unless another is given). */
function stripeEvent(id: string, type: string, session: Record<string, unknown>, timestamp?: number, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), data: { object: session } });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return { payload, header };
}

beforeAll(async () => {
  await fake.start();
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  fake.received.length = 0;
});

describe('the Stripe adapter', () => {
  const gateway = () => new StripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });

  it('creates a Checkout Session: payment mode, AUD, one line "Invoice INV-000001", tracker and invoice in metadata, return URLs, expiry', async () => {
    const expiresOn = new Date(Date.now() + 72 * 3600_000);
    const checkout = await gateway().createCheckout({
      trackerId: '7f1c8f3e-1111-4222-8333-944455556666',
      invoiceId: '0b6f3a9c-aaaa-4bbb-8ccc-dddddddddddd',
      description: 'Invoice INV-000001',
      applicationNumber: 'Q-2026-00001',
      amountCents: 35000,
      currency: 'AUD',
      expiresOn,
      returnUrl: `${PUBLIC_URL}/student/payments/7f1c8f3e-1111-4222-8333-944455556666`,
    });
    expect(checkout.gatewayReference).toMatch(/^cs_test_\d+$/);
    expect(checkout.redirectUrl).toBe(`https://checkout.stripe.test/c/pay/${checkout.gatewayReference}`);
    expect(fake.received).toHaveLength(1);
    const sent = fake.received[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.headers['idempotency-key']).toMatch(/^checkout-7f1c8f3e/);
    const form = sent.form;
    expect(form.get('mode')).toBe('payment');
    expect(form.get('client_reference_id')).toBe('7f1c8f3e-1111-4222-8333-944455556666');
    expect(form.get('metadata[trackerId]')).toBe('7f1c8f3e-1111-4222-8333-944455556666');
    expect(form.get('metadata[invoiceId]')).toBe('0b6f3a9c-aaaa-4bbb-8ccc-dddddddddddd');
    expect(form.get('line_items[0][quantity]')).toBe('1');
    expect(form.get('line_items[0][price_data][currency]')).toBe('aud');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('35000');
    expect(form.get('line_items[0][price_data][product_data][name]')).toBe('Invoice INV-000001');
    expect(form.get('success_url')).toBe(`${PUBLIC_URL}/student/payments/7f1c8f3e-1111-4222-8333-944455556666?session_id={CHECKOUT_SESSION_ID}`);
    expect(form.get('cancel_url')).toBe(`${PUBLIC_URL}/student/payments/7f1c8f3e-1111-4222-8333-944455556666?cancelled=1`);
    // Stripe takes at most 24 hours; a 72-hour link is capped.
    const expiresAt = Number(form.get('expires_at'));
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(expiresAt - Date.now() / 1000).toBeLessThan(24 * 3600);
  });

  it('retrieves the session to re-check it: paid only when payment_status is paid', async () => {
    const adapter = gateway();
    const checkout = await adapter.createCheckout({
      trackerId: 'a1', invoiceId: 'b1', description: 'Invoice INV-000002', applicationNumber: 'Q-2026-00002', amountCents: 12345, currency: 'AUD', expiresOn: new Date(Date.now() + 3600_000), returnUrl: `${PUBLIC_URL}/student/payments/a1`,
    });
    expect(await adapter.retrieve(checkout.gatewayReference)).toMatchObject({ paid: null, amountCents: 12345, currency: 'AUD', trackerId: 'a1' });
    fake.pay(checkout.gatewayReference);
    expect(await adapter.retrieve(checkout.gatewayReference)).toEqual({ paid: true, amountCents: 12345, currency: 'AUD', reference: `pi_${checkout.gatewayReference}`, trackerId: 'a1' });
    expect(fake.received.at(-1)).toMatchObject({ method: 'GET', path: `/v1/checkout/sessions/${checkout.gatewayReference}` });
    fake.sessions.set('cs_expired', { id: 'cs_expired', object: 'checkout.session', payment_status: 'unpaid', status: 'expired', amount_total: 1, currency: 'aud', client_reference_id: 'x', metadata: {} });
    expect((await adapter.retrieve('cs_expired')).paid).toBe(false);
  });

  it('verifies webhooks with the library: a valid signature passes, a tampered body or an old timestamp is refused', () => {
    const adapter = gateway();
    const session = { id: 'cs_test_w', object: 'checkout.session', payment_status: 'paid', amount_total: 35000, currency: 'aud', client_reference_id: 'trk', metadata: { trackerId: 'trk', invoiceId: 'inv' } };
    const { payload, header } = stripeEvent('evt_1', 'checkout.session.completed', session);
    expect(adapter.verifyWebhook(Buffer.from(payload), { 'stripe-signature': header })).toMatchObject({
      eventId: 'evt_1', type: 'checkout.session.completed', gatewayReference: 'cs_test_w', trackerId: 'trk', invoiceId: 'inv', paid: true, amountCents: 35000, currency: 'AUD',
    });
    expect(() => adapter.verifyWebhook(Buffer.from(payload.replace('35000', '3500')), { 'stripe-signature': header })).toThrow(WebhookSignatureError);
    const old = stripeEvent('evt_2', 'checkout.session.completed', session, Math.floor(Date.now() / 1000) - 301);
    expect(() => adapter.verifyWebhook(Buffer.from(old.payload), { 'stripe-signature': old.header })).toThrow(WebhookSignatureError);
    expect(() => adapter.verifyWebhook(Buffer.from(payload), {})).toThrow(WebhookSignatureError);
    const otherSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(() => adapter.verifyWebhook(Buffer.from(payload), { 'stripe-signature': otherSecret })).toThrow(WebhookSignatureError);
    const expired = stripeEvent('evt_3', 'checkout.session.expired', { ...session, payment_status: 'unpaid' });
    expect(adapter.verifyWebhook(Buffer.from(expired.payload), { 'stripe-signature': expired.header }).paid).toBe(false);
    const unrelated = stripeEvent('evt_4', 'customer.created', { id: 'cus_1', object: 'customer' });
    expect(adapter.verifyWebhook(Buffer.from(unrelated.payload), { 'stripe-signature': unrelated.header }).paid).toBeNull();
  });
});

describe('paying with Stripe Checkout through the platform', () => {
  let t: PaymentTestApp;
  beforeAll(async () => {
    t = await buildPaymentTestApp({ PUBLIC_URL, PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
  });
  afterAll(async () => {
    await t.close();
  });

  async function setUp() {
    const manager = await createUser(t.database.db, { role: ROLES.SuperUser });
    const inv = await createInvoicedApplication(t.database.db, { manager, totalCents: 123400 });
    const managerJwt = (await signIn(t.app, manager)).jwt;
    const applicantJwt = (await signIn(t.app, inv.applicant)).jwt;
    const opened = await t.app.inject({ method: 'POST', url: `/api/qualificationapplicationmodule/${inv.applicationId}/resend/payment/link`, headers: bearer(managerJwt), payload: {} });
    const trackerId: string = opened.json().trackerId;
    const requested = await t.app.inject({ method: 'POST', url: `/api/paymentgateway/request/${trackerId}`, headers: bearer(applicantJwt) });
    expect(requested.statusCode, requested.body).toBe(200);
    const sessionId = new URL(requested.json().redirectUrl as string).pathname.split('/').pop() ?? '';
    return { inv, applicantJwt, trackerId, sessionId, redirectUrl: requested.json().redirectUrl as string };
  }

  const webhook = (payload: string, header: string) =>
    t.app.inject({ method: 'POST', url: '/unauth/paymentgateway/webhook/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': header } });

  it('opens a checkout for the invoice total and settles the verified checkout.session.completed once', async () => {
    const { inv, trackerId, sessionId, redirectUrl, applicantJwt } = await setUp();
    expect(redirectUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const created = fake.received.find((r) => r.method === 'POST')!;
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe('123400');
    expect(created.form.get('metadata[trackerId]')).toBe(trackerId);
    expect(created.form.get('metadata[invoiceId]')).toBe(inv.invoiceId);
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
    expect(pending).toMatchObject({ gateway: 'stripe', status: 'Pending', gatewayReference: sessionId });

    const session = fake.pay(sessionId);
    const { payload, header } = stripeEvent(`evt_ok_${sessionId}`, 'checkout.session.completed', session);
    const response = await webhook(payload, header);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true, outcome: 'applied' });
    // The platform asked Stripe again before marking it paid.
    expect(fake.received.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`)).toBe(true);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
    expect(paid).toMatchObject({ status: 'Success', transactionStatus: true });
    const [application] = await t.database.db.select().from(applications).where(eq(applications.id, inv.applicationId));
    expect(application?.workflowStage).toBe('Payment Stage Completed');

    expect((await webhook(payload, header)).json().outcome).toBe('duplicate');
    const back = await t.app.inject({ method: 'POST', url: '/api/paymentgateway/afterpayment/callback', headers: bearer(applicantJwt), payload: { trackerId } });
    expect(back.json()).toMatchObject({ status: 'Success', displayedStatus: 'Success' });
  });

  it('refuses a tampered or old webhook with 400, and an amount Stripe charged that differs from the invoice', async () => {
    const { trackerId, sessionId } = await setUp();
    const session = fake.pay(sessionId);
    const good = stripeEvent(`evt_t_${sessionId}`, 'checkout.session.completed', session);
    const tampered = await webhook(good.payload.replace('"paid"', '"unpaid"'), good.header);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toBe(PAYMENT_MESSAGES.badSignature);
    const old = stripeEvent(`evt_o_${sessionId}`, 'checkout.session.completed', session, Math.floor(Date.now() / 1000) - 600);
    expect((await webhook(old.payload, old.header)).statusCode).toBe(400);

    fake.pay(sessionId, { amount_total: 100 });
    const cheap = stripeEvent(`evt_c_${sessionId}`, 'checkout.session.completed', { ...session, amount_total: 100 });
    expect((await webhook(cheap.payload, cheap.header)).json().outcome).toBe('refused');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
    expect(row?.status).toBe('Pending');
  });

  it('an expired checkout is a failure; the test gateway is not served on a Stripe installation', async () => {
    const { trackerId, sessionId } = await setUp();
    const expired = { ...fake.sessions.get(sessionId), status: 'expired' };
    fake.sessions.set(sessionId, expired);
    const event = stripeEvent(`evt_x_${sessionId}`, 'checkout.session.expired', expired);
    expect((await webhook(event.payload, event.header)).json().outcome).toBe('applied');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
    expect(row).toMatchObject({ status: 'Failed', transactionStatus: false });
    const testPage = await t.app.inject({ method: 'GET', url: '/unauth/testgateway/session/tgs_000000000000000000000000?token=x' });
    expect(testPage.statusCode).toBe(404);
    const testHook = await t.app.inject({ method: 'POST', url: '/unauth/paymentgateway/webhook/test', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(testHook.statusCode).toBe(404);
  });
});

describe("Stripe per account: each account's money goes to its own Stripe", () => {
  const NZ_SECRET_KEY = 'sk_test_nz_own_account';
  const NZ_WEBHOOK_SECRET = 'whsec_test_nz_own_account';
  const NZ_NAME = 'Welding Certification New Zealand';
  let t: PaymentTestApp;
  let nz: { id: string };
  let superJwt: string;
  beforeAll(async () => {
    t = await buildPaymentTestApp({ PUBLIC_URL, PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
    nz = await createAccount(t.database.db, { name: NZ_NAME, invoicePrefix: 'NZWB' });
    superJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.SuperUser }))).jwt;
  });
  afterAll(async () => {
    await t.close();
  });

  /** An NZ program's issued invoice (NZ$1,280.00) with an open payment link. */
  async function nzInvoiceWithLink() {
    const db = t.database.db;
    const manager = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: nz.id });
    const program = await createProgram(db, { programManagerId: manager.id, programType: 1, status: 2, accountId: nz.id });
    await completeProgram(db, program.id, 1, manager.id);
    const inv = await createInvoicedApplication(db, { manager, programId: program.id, programCode: program.programCode, totalCents: 128000, currency: 'NZD' });
    await db
      .update(invoices)
      .set({ accountId: nz.id, issuer: { name: NZ_NAME, abn: '', address: 'Auckland', email: 'accounts@nz.example', accountId: nz.id, country: 'NZ', nzbn: '9429041234563', gstNumber: '49-091-850', invoicePrefix: 'NZWB' } })
      .where(eq(invoices.id, inv.invoiceId));
    const opened = await t.app.inject({ method: 'POST', url: `/api/qualificationapplicationmodule/${inv.applicationId}/resend/payment/link`, headers: bearer((await signIn(t.app, manager)).jwt), payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    return { inv, trackerId: opened.json().trackerId as string, applicantJwt: (await signIn(t.app, inv.applicant)).jwt };
  }

  const requestPayment = (trackerId: string, jwt: string) => t.app.inject({ method: 'POST', url: `/api/paymentgateway/request/${trackerId}`, headers: bearer(jwt) });

  it("refuses card payment of another account's invoice while that account has no Stripe keys of its own: the platform's Stripe is never asked", async () => {
    const { trackerId, applicantJwt } = await nzInvoiceWithLink();
    const refused = await requestPayment(trackerId, applicantJwt);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.accountGatewayMissing(NZ_NAME));
    expect(fake.received).toHaveLength(0);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
    expect(row).toMatchObject({ status: 'Requested', gatewayReference: null, currency: 'NZD' });
  });

  it("opens the checkout on the account's own keys in NZD, and settles only a callback signed with the account's own secret", async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/accounts/${nz.id}`,
      headers: bearer(superJwt),
      payload: {
        name: NZ_NAME,
        shortName: 'wcnz-stripe',
        country: 'NZ',
        abn: '',
        nzbn: '9429041234563',
        gstNumber: '49-091-850',
        address: '1 Queen Street, Auckland 1010, New Zealand',
        contactEmail: 'accounts@wcnz.example',
        mailSenderName: NZ_NAME,
        timeZone: 'Pacific/Auckland',
        currency: 'NZD',
        gstRatePercent: 15,
        invoicePrefix: 'NZWB',
        certificateNumberPattern: '',
        stripePublishableKey: 'pk_test_nz',
        stripeSecretKey: NZ_SECRET_KEY,
        stripeWebhookSecret: NZ_WEBHOOK_SECRET,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { inv, trackerId, applicantJwt } = await nzInvoiceWithLink();
    const requested = await requestPayment(trackerId, applicantJwt);
    expect(requested.statusCode, requested.body).toBe(200);
    const created = fake.received.find((r) => r.method === 'POST')!;
    expect(created.headers.authorization).toBe(`Bearer ${NZ_SECRET_KEY}`);
    expect(created.form.get('line_items[0][price_data][currency]')).toBe('nzd');
    expect(created.form.get('line_items[0][price_data][unit_amount]')).toBe('128000');
    expect(created.form.get('line_items[0][price_data][product_data][name]')).toBe(`Invoice NZWB-${String(inv.invoiceNumber).padStart(6, '0')}`);
    const sessionId = new URL(requested.json().redirectUrl as string).pathname.split('/').pop() ?? '';

    const session = fake.pay(sessionId);
    // The platform's endpoint secret does not speak for the NZ account's Stripe.
    const withPlatformSecret = stripeEvent(`evt_nz_p_${sessionId}`, 'checkout.session.completed', session);
    const refused = await t.app.inject({ method: 'POST', url: '/unauth/paymentgateway/webhook/stripe', payload: withPlatformSecret.payload, headers: { 'content-type': 'application/json', 'stripe-signature': withPlatformSecret.header } });
    expect(refused.statusCode).toBe(400);
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
    expect(pending?.status).toBe('Pending');

    const own = stripeEvent(`evt_nz_${sessionId}`, 'checkout.session.completed', session, undefined, NZ_WEBHOOK_SECRET);
    const applied = await t.app.inject({ method: 'POST', url: '/unauth/paymentgateway/webhook/stripe', payload: own.payload, headers: { 'content-type': 'application/json', 'stripe-signature': own.header } });
    expect(applied.json()).toEqual({ received: true, outcome: 'applied' });
    // Stripe was asked again, on the account's own keys, before the payment was marked paid.
    const asked = fake.received.filter((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.headers.authorization === `Bearer ${NZ_SECRET_KEY}`)).toBe(true);
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.trackerId, trackerId));
    expect(paid).toMatchObject({ status: 'Success', currency: 'NZD' });
  });
});
