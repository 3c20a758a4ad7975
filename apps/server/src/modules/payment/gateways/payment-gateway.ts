import type { CheckoutGatewayName } from '@certs/shared/payment/payment-status';

/** What a gateway needs to open a checkout for one payment. */
export interface CheckoutRequest {
  trackerId: string;
  invoiceId: string;
  /** Who is being paid (the invoice's issuer), where the gateway's page does not know it already. */
  merchant?: string;
  /** Shown on the gateway's page, e.g. "Invoice INV-000001". */
  description: string;
  applicationNumber: string;
  amountCents: number;
  currency: string;
  expiresOn: Date;
  /** The applicant's pay page: where the gateway sends the browser back. */
  returnUrl: string;
}

export interface Checkout {
  gatewayReference: string;
  redirectUrl: string;
}

/** The gateway's own answer about a checkout, asked again before anything is marked paid. */
export interface GatewayCheck {
  /** true paid, false declined or abandoned for good, null not finished yet. */
  paid: boolean | null;
  amountCents: number;
  currency: string;
  /** The gateway's reference of the money (Stripe payment intent, test gateway charge). */
  reference: string;
  /** The payment tracker the checkout was opened for, as the gateway recorded it. */
  trackerId: string | null;
}

/** A webhook whose signature the gateway verified. */
export interface VerifiedEvent {
  eventId: string;
  type: string;
  gatewayReference: string;
  trackerId: string | null;
  invoiceId: string | null;
  /** What the event says happened: paid, declined, or nothing to settle (null). */
  paid: boolean | null;
  amountCents: number | null;
  currency: string | null;
  payload: unknown;
}

export interface PaymentGateway {
  readonly name: CheckoutGatewayName;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  retrieve(gatewayReference: string): Promise<GatewayCheck>;
  /** Checks the signature over the raw bytes; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): VerifiedEvent;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}
