import Stripe from 'stripe';
import { WebhookSignatureError, type Checkout, type CheckoutRequest, type GatewayCheck, type PaymentGateway, type VerifiedEvent } from './payment-gateway';
import { SIGNATURE_TOLERANCE_SECONDS } from './signature';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (tests point it at a local server that plays Stripe). */
  apiUrl?: string;
}

// Stripe accepts expires_at between 30 minutes and 24 hours ahead; a longer payment link gets a
// new checkout each time the applicant presses Pay.
const MIN_EXPIRY_SECONDS = 31 * 60;
const MAX_EXPIRY_SECONDS = 23 * 60 * 60 + 55 * 60;

const SETTLING_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']);

function stripeConfig(apiUrl: string | undefined): Stripe.StripeConfig {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, telemetry: false, timeout: 20_000 };
  if (!apiUrl) return config;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...config, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function paymentIntentId(session: Stripe.Checkout.Session): string {
  const intent = session.payment_intent;
  if (typeof intent === 'string') return intent;
  return intent?.id ?? session.id;
}

/**
 * The payment tracker a Stripe event's checkout session names, read from the body before its
 * signature is checked, only to find whose webhook secret checks it; null when it names none.
 */
export function stripeTrackerIdOf(rawBody: Buffer): string | null {
  try {
    const event = JSON.parse(rawBody.toString('utf8')) as { data?: { object?: { client_reference_id?: unknown; metadata?: { trackerId?: unknown } | null } } } | null;
    const session = event?.data?.object;
    const named = session?.client_reference_id ?? session?.metadata?.trackerId;
    return typeof named === 'string' ? named : null;
  } catch {
    return null;
  }
}

/** Stripe Checkout (available in Australia and New Zealand) through the `stripe` package. */
export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeGatewayOptions) {
    this.stripe = new Stripe(options.secretKey, stripeConfig(options.apiUrl));
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const now = Math.floor(Date.now() / 1000);
    const wanted = Math.floor(request.expiresOn.getTime() / 1000);
    const expiresAt = Math.min(Math.max(wanted, now + MIN_EXPIRY_SECONDS), now + MAX_EXPIRY_SECONDS);
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.trackerId,
        metadata: { trackerId: request.trackerId, invoiceId: request.invoiceId },
        payment_intent_data: { metadata: { trackerId: request.trackerId, invoiceId: request.invoiceId } },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amountCents,
              product_data: { name: request.description, description: `Application ${request.applicationNumber}` },
            },
          },
        ],
        success_url: `${request.returnUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${request.returnUrl}?cancelled=1`,
        expires_at: expiresAt,
      },
      // Pressing Pay twice within a moment opens one checkout, not two.
      { idempotencyKey: `checkout-${request.trackerId}-${Math.floor(Date.now() / 10_000)}` },
    );
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    return { gatewayReference: session.id, redirectUrl: session.url };
  }

  async retrieve(gatewayReference: string): Promise<GatewayCheck> {
    const session = await this.stripe.checkout.sessions.retrieve(gatewayReference);
    return {
      paid: session.payment_status === 'paid' ? true : session.status === 'expired' ? false : null,
      amountCents: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
      reference: paymentIntentId(session),
      trackerId: session.client_reference_id ?? session.metadata?.trackerId ?? null,
    };
  }

  /** Stripe's own check: HMAC-SHA256 of `t.rawBody` with the endpoint secret, 5 minutes' tolerance. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedEvent {
    const header = headers['stripe-signature'];
    const signature = Array.isArray(header) ? header[0] : header;
    if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid Stripe signature');
    }
    if (!SETTLING_EVENTS.has(event.type)) {
      return { eventId: event.id, type: event.type, gatewayReference: '', trackerId: null, invoiceId: null, paid: null, amountCents: null, currency: null, payload: event };
    }
    const session = event.data.object as Stripe.Checkout.Session;
    let paid: boolean | null = null;
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') paid = session.payment_status === 'paid' ? true : null;
    if (event.type === 'checkout.session.async_payment_failed' || event.type === 'checkout.session.expired') paid = false;
    return {
      eventId: event.id,
      type: event.type,
      gatewayReference: session.id,
      trackerId: session.client_reference_id ?? session.metadata?.trackerId ?? null,
      invoiceId: session.metadata?.invoiceId ?? null,
      paid,
      amountCents: session.amount_total ?? null,
      currency: session.currency ? session.currency.toUpperCase() : null,
      payload: event,
    };
  }
}
