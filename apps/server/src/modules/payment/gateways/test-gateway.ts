import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES, type TestGatewaySession } from '@certs/shared/payment/payment.contract';
import { AppError } from '../../../platform/app-error';
import { WebhookSignatureError, type Checkout, type CheckoutRequest, type GatewayCheck, type PaymentGateway, type VerifiedEvent } from './payment-gateway';
import { readToken, signatureHeader, signToken, verifySignatureHeader } from './signature';

export const TEST_GATEWAY_SIGNATURE_HEADER = 'x-test-gateway-signature';
export const WEBHOOK_PATH = '/unauth/paymentgateway/webhook';

/** How a gateway's callback reaches the platform: an HTTP POST of the raw JSON with its headers. */
export type WebhookDelivery = (request: { path: string; body: string; headers: Record<string, string> }) => Promise<{ statusCode: number }>;

/** In production the test gateway calls the platform over HTTP, like a real provider would. */
export function httpWebhookDelivery(publicUrl: string): WebhookDelivery {
  return async ({ path, body, headers }) => {
    const response = await fetch(`${publicUrl}${path}`, { method: 'POST', body, headers, signal: AbortSignal.timeout(15_000) });
    return { statusCode: response.status };
  };
}

/**
 * The test gateway's own record of a session, kept in the payment's `gateway_reference`: the
 * session id while open, then `<session>;paid;<amount>;<currency>;<charge>` or `<session>;declined`
 * once the tester chose. No table of its own (the schema is fixed).
 */
export interface TestGatewayStore {
  findSession(sessionId: string): Promise<{ trackerId: string; gatewayReference: string } | undefined>;
  /** Records the decision only while the session is still open (a conditional update); false otherwise. */
  decideSession(sessionId: string, decidedReference: string): Promise<boolean>;
}

interface SessionToken {
  /** session id */
  s: string;
  /** tracker id */
  t: string;
  /** invoice id */
  i: string;
  a: number;
  c: string;
  d: string;
  n: string;
  /** expiry, unix seconds */
  e: number;
  /** return URL (the applicant's pay page) */
  r: string;
  /** merchant: the invoice's issuer */
  m?: string;
}

interface TestGatewayEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.declined';
  created: number;
  data: { sessionId: string; trackerId: string; invoiceId: string; amountCents: number; currency: string; reference: string | null };
}

/** The session id part of a stored reference. */
export function checkoutIdOf(reference: string): string {
  return reference.split(';')[0] ?? reference;
}

function parseState(reference: string): { state: 'open' | 'paid' | 'declined'; amountCents?: number; currency?: string; charge?: string } {
  const [, state, amount, currency, charge] = reference.split(';');
  if (state === 'paid') return { state: 'paid', amountCents: Number(amount), currency, charge };
  if (state === 'declined') return { state: 'declined' };
  return { state: 'open' };
}

/**
 * The built-in test gateway (the embedded default): a hosted page served by the platform at
 * `/payment-gateway/test/{sessionId}` where a tester chooses to pay or decline. Its callbacks are
 * delivered and signed like a real provider's (HMAC-SHA256 over `t.rawBody`), so the platform
 * treats it exactly as it treats Stripe.
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;

  constructor(
    private readonly options: {
      secret: string;
      publicUrl: string;
      merchant: string;
      store: TestGatewayStore;
      deliver: WebhookDelivery;
      log: { warn(obj: object, msg: string): void };
    },
  ) {}

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const sessionId = `tgs_${randomBytes(12).toString('hex')}`;
    const token: SessionToken = {
      s: sessionId,
      t: request.trackerId,
      i: request.invoiceId,
      a: request.amountCents,
      c: request.currency,
      d: request.description,
      n: request.applicationNumber,
      e: Math.floor(request.expiresOn.getTime() / 1000),
      r: request.returnUrl,
      ...(request.merchant ? { m: request.merchant } : {}),
    };
    const signed = signToken(this.options.secret, token);
    return { gatewayReference: sessionId, redirectUrl: `${this.options.publicUrl}/payment-gateway/test/${sessionId}?token=${encodeURIComponent(signed)}` };
  }

  async retrieve(gatewayReference: string): Promise<GatewayCheck> {
    const sessionId = checkoutIdOf(gatewayReference);
    const found = await this.options.store.findSession(sessionId);
    if (!found) return { paid: null, amountCents: 0, currency: '', reference: sessionId, trackerId: null };
    const state = parseState(found.gatewayReference);
    if (state.state === 'paid') {
      return { paid: true, amountCents: state.amountCents ?? 0, currency: state.currency ?? '', reference: state.charge ?? sessionId, trackerId: found.trackerId };
    }
    return { paid: state.state === 'declined' ? false : null, amountCents: 0, currency: '', reference: sessionId, trackerId: found.trackerId };
  }

  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers[TEST_GATEWAY_SIGNATURE_HEADER];
    verifySignatureHeader(this.options.secret, Array.isArray(header) ? header[0] : header, rawBody);
    let event: TestGatewayEvent;
    try {
      event = JSON.parse(rawBody.toString('utf8')) as TestGatewayEvent;
    } catch {
      throw new WebhookSignatureError('The body is not JSON');
    }
    if (typeof event?.id !== 'string' || typeof event.data?.sessionId !== 'string') throw new WebhookSignatureError('Not a test gateway event');
    return {
      eventId: event.id,
      type: event.type,
      gatewayReference: event.data.sessionId,
      trackerId: event.data.trackerId ?? null,
      invoiceId: event.data.invoiceId ?? null,
      paid: event.type === 'payment.succeeded' ? true : event.type === 'payment.declined' ? false : null,
      amountCents: typeof event.data.amountCents === 'number' ? event.data.amountCents : null,
      currency: typeof event.data.currency === 'string' ? event.data.currency : null,
      payload: event,
    };
  }

  /** What the hosted page shows; the token proves the platform opened this session. */
  async readSession(sessionId: string, token: string): Promise<TestGatewaySession> {
    const data = this.readSessionToken(sessionId, token);
    const found = await this.options.store.findSession(sessionId);
    if (!found) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    return {
      sessionId,
      merchant: data.m ?? this.options.merchant,
      description: data.d,
      applicationNumber: data.n,
      amountCents: data.a,
      currency: data.c,
      expiresOn: new Date(data.e * 1000).toISOString(),
      state: parseState(found.gatewayReference).state,
    };
  }

  /**
   * The tester's choice: recorded once (a second click finds the session closed), then the signed
   * callback is delivered to the platform's webhook, and the browser goes back to the pay page.
   */
  async complete(sessionId: string, token: string, outcome: 'paid' | 'declined'): Promise<{ redirectUrl: string; state: 'paid' | 'declined' }> {
    const data = this.readSessionToken(sessionId, token);
    if (data.e * 1000 < Date.now()) throw new AppError('CONFLICT', PAYMENT_MESSAGES.sessionNotFound);
    const found = await this.options.store.findSession(sessionId);
    if (!found) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    const redirectUrl = data.r;
    const current = parseState(found.gatewayReference);
    if (current.state !== 'open') return { redirectUrl, state: current.state };
    const charge = outcome === 'paid' ? `tch_${randomBytes(10).toString('hex')}` : null;
    const decided = outcome === 'paid' ? `${sessionId};paid;${data.a};${data.c};${charge}` : `${sessionId};declined`;
    if (!(await this.options.store.decideSession(sessionId, decided))) {
      const again = await this.options.store.findSession(sessionId);
      const state = again ? parseState(again.gatewayReference).state : 'open';
      if (state === 'open') throw new AppError('CONFLICT', PAYMENT_MESSAGES.sessionClosed);
      return { redirectUrl, state };
    }
    const event: TestGatewayEvent = {
      // One event per session: a repeated delivery of it is recognised by the platform.
      id: `evt_${sessionId}`,
      type: outcome === 'paid' ? 'payment.succeeded' : 'payment.declined',
      created: Math.floor(Date.now() / 1000),
      data: { sessionId, trackerId: data.t, invoiceId: data.i, amountCents: data.a, currency: data.c, reference: charge },
    };
    await this.deliver(event);
    return { redirectUrl, state: outcome };
  }

  /** Signs and posts an event to the platform's webhook; a failed delivery is logged (the pay page's re-check settles it). */
  private async deliver(event: TestGatewayEvent): Promise<void> {
    const body = JSON.stringify(event);
    try {
      const response = await this.options.deliver({
        path: `${WEBHOOK_PATH}/test`,
        body,
        headers: { 'content-type': 'application/json', [TEST_GATEWAY_SIGNATURE_HEADER]: signatureHeader(this.options.secret, body) },
      });
      if (response.statusCode >= 300) this.options.log.warn({ eventId: event.id, statusCode: response.statusCode }, 'test gateway callback not accepted');
    } catch (error) {
      this.options.log.warn({ err: error, eventId: event.id }, 'test gateway callback not delivered');
    }
  }

  private readSessionToken(sessionId: string, token: string): SessionToken {
    const data = readToken<SessionToken>(this.options.secret, token);
    if (!data || data.s !== sessionId) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    return data;
  }
}
