/** The payment statuses of spec section 4, as stored on a payment (the tracker). */
export const PAYMENT_STATUSES = ['Requested', 'Pending', 'Failed', 'Success', 'Expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** What the applicant and staff read: the stored statuses, plus "Payment Request" while the first request runs. */
export const DISPLAYED_PAYMENT_STATUSES = ['Payment Request', 'Pending', 'Failed', 'Success', 'Expired'] as const;
export type DisplayedPaymentStatus = (typeof DISPLAYED_PAYMENT_STATUSES)[number];

export const PAYMENT_GATEWAYS = ['test', 'stripe', 'offline', 'zero'] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];
/** The gateways a checkout can run on (offline and zero settle without one). */
export const CHECKOUT_GATEWAYS = ['test', 'stripe'] as const;
export type CheckoutGatewayName = (typeof CHECKOUT_GATEWAYS)[number];

export const PAYMENT_GATEWAY_LABELS: Record<PaymentGatewayName, string> = {
  test: 'Test gateway',
  stripe: 'Stripe',
  offline: 'Offline (bank transfer)',
  zero: 'Nothing to pay',
};

/** Colours of spec section 4: Requested gray, Pending yellow, Failed red, Success green, Expired dark. */
export const PAYMENT_STATUS_COLOURS: Record<DisplayedPaymentStatus | 'Requested', string> = {
  'Payment Request': 'gray',
  Requested: 'gray',
  Pending: 'yellow',
  Failed: 'red',
  Success: 'green',
  Expired: 'dark',
};

export interface PaymentStatusFacts {
  status: PaymentStatus;
  /** The gateway's verdict: true paid, false declined, null not known. */
  transactionStatus: boolean | null;
  amountCents: number;
  /** True while the applicant's first request to the gateway is in flight (client side only). */
  isRequesting?: boolean;
}

/**
 * The displayed status, exactly as spec section 4 says: "Payment Request" while the initial
 * request runs; Success if the transaction status is true or the amount is 0; Failed if it is
 * false; otherwise Pending. A link that expired unpaid shows Expired.
 */
export function displayedPaymentStatus(facts: PaymentStatusFacts): DisplayedPaymentStatus {
  if (facts.isRequesting) return 'Payment Request';
  if (facts.transactionStatus === true || facts.amountCents === 0) return 'Success';
  if (facts.transactionStatus === false) return 'Failed';
  if (facts.status === 'Expired') return 'Expired';
  return 'Pending';
}

/** Statuses in which a payment link can still be paid. */
export const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = ['Requested', 'Pending'];
