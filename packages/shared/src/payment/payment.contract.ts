import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { formatInvoiceNumber, formatMoney } from '../pre-exam/pre-exam-rules';
import { DISPLAYED_PAYMENT_STATUSES, PAYMENT_GATEWAYS, PAYMENT_STATUSES } from './payment-status';

/** What the applicant and staff read when a payment call is refused or done. */
export const PAYMENT_MESSAGES = {
  notFound: 'Payment not found',
  invoiceNotFound: 'There is no invoice to pay for this application',
  notZero: 'This invoice is not zero',
  zeroUseConfirm: 'Nothing to pay: confirm instead',
  alreadyPaid: 'This invoice has already been paid',
  expired: 'This payment link has expired; ask for a new one',
  notPayable: 'This payment can no longer be paid',
  gatewayUnavailable: 'The payment gateway is not available; please try again later',
  /** Another account on a Stripe installation that has not saved its own Stripe keys. */
  accountGatewayMissing: (issuerName: string) =>
    `${issuerName} does not take card payments online yet, so this invoice cannot be paid here. Please contact ${issuerName} to pay it another way (their staff can record a bank transfer).`,
  notAwaitingPayment: 'This application is not waiting for a payment',
  referenceRequired: 'Payment reference is required',
  referenceMax: 'Payment reference must be at most 120 characters',
  noteMax: 'The note must be at most 1000 characters',
  paidOnFuture: 'The payment date cannot be in the future',
  badSignature: 'Invalid signature',
  sessionNotFound: 'This payment session does not exist or has expired',
  sessionClosed: 'This payment session is already closed',
  dateRange: 'The end date cannot be before the start date',
  /** Issue 42: an invoice issued to the person's employer, which agreed to pay it. */
  paidByCompany: (companyName: string) => `${companyName} pays this invoice: it was issued to the company, and there is nothing for you to pay.`,
} as const;

/** Invoice numbers (INV-000123, with the account's prefix) and money ($1,234.00, NZ$1,234.00) are shown as the invoice shows them. */
export { formatInvoiceNumber };
export const formatAmount = formatMoney;

const isoDate = z.string();

/** One payment (tracker) as staff and the owning applicant read it. */
export const Payment = z.object({
  id: z.string(),
  trackerId: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  displayedStatus: z.enum(DISPLAYED_PAYMENT_STATUSES),
  transactionStatus: z.boolean().nullable(),
  gatewayReference: z.string().nullable(),
  offlineReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  expiresOn: isoDate,
  paidOn: isoDate.nullable(),
  createdOn: isoDate,
  lastCheckedOn: isoDate.nullable(),
  /** The applicant's pay page for this tracker. */
  paymentUrl: z.string(),
  /** The company the invoice was issued to (it agreed to pay, issue 42): the applicant does not pay it. */
  paidByCompany: z.string().nullish(),
});
export type Payment = z.infer<typeof Payment>;
export const PaymentList = z.array(Payment);

/** What the applicant's pay page shows (`payment/{id}/trackerdata`). */
export const TrackerData = z.object({
  trackerId: z.string(),
  paymentId: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  displayedStatus: z.enum(DISPLAYED_PAYMENT_STATUSES),
  transactionStatus: z.boolean().nullable(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  amountCents: z.number().int(),
  currency: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  /** The application type's path word, for a link back to the application page. */
  applicationType: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  expiresOn: isoDate,
  paidOn: isoDate.nullable(),
  failureReason: z.string().nullable(),
  /** Whether "Pay now" (or the zero confirmation) can be used now. */
  canPay: z.boolean(),
  isZero: z.boolean(),
  /** The company the invoice was issued to (it agreed to pay, issue 42): the person does not pay it. */
  paidByCompany: z.string().nullable(),
});
export type TrackerData = z.infer<typeof TrackerData>;

export const TrackerParams = z.strictObject({ trackerId: z.uuid({ error: PAYMENT_MESSAGES.notFound }) });
export const PaymentIdParams = z.strictObject({ id: z.string() });
export const ApplicationIdParams = z.strictObject({ applicationId: z.string() });

/** `POST request/{trackerId}`: the gateway page to send the browser to. */
export const PaymentRequestResponse = z.object({ trackerId: z.string(), redirectUrl: z.string(), status: z.enum(PAYMENT_STATUSES) });
export type PaymentRequestResponse = z.infer<typeof PaymentRequestResponse>;

/** `POST afterpayment/callback` and `afterzeropayment/callback`: only the tracker; the amount is always the server's. */
export const PaymentCallbackRequest = z.strictObject({ trackerId: z.uuid({ error: PAYMENT_MESSAGES.notFound }) });
export type PaymentCallbackRequest = z.infer<typeof PaymentCallbackRequest>;

/** Staff's offline payment (bank transfer): `POST api/{moduleType}/{applicationId}/payment/verified`. */
export const PaymentVerifiedRequest = z.strictObject({
  reference: z.string({ error: PAYMENT_MESSAGES.referenceRequired }).trim().min(1, PAYMENT_MESSAGES.referenceRequired).max(120, PAYMENT_MESSAGES.referenceMax),
  paidOn: z.iso
    .datetime({ offset: true })
    .optional()
    .refine((value) => !value || new Date(value).getTime() <= Date.now() + 60_000, PAYMENT_MESSAGES.paidOnFuture),
  note: z.string().trim().max(1000, PAYMENT_MESSAGES.noteMax).optional(),
});
export type PaymentVerifiedRequest = z.infer<typeof PaymentVerifiedRequest>;

/** Staff's "resend payment link": an optional note for the history. */
export const ResendPaymentLinkRequest = z.strictObject({ note: z.string().trim().max(1000, PAYMENT_MESSAGES.noteMax).optional() }).optional();
export const ResendPaymentLinkResponse = z.object({ trackerId: z.string(), paymentUrl: z.string(), expiresOn: isoDate });
export type ResendPaymentLinkResponse = z.infer<typeof ResendPaymentLinkResponse>;

/** The module route words that carry the staff's payment actions (Certification has no modules). */
export const PAYMENT_MODULE_TYPES = {
  qualificationapplicationmodule: 'qualificationapplication',
  aicipapplicationmodule: 'aicipapplication',
  certificationapplication: 'certificationapplication',
} as const;
export type PaymentModuleType = keyof typeof PAYMENT_MODULE_TYPES;

/**
 * The other invoices staff settle offline or send a new link for (issue 41), by route word:
 * a Welder Qualification's revalidation fee (`{id}` is the WQ application; its open invoice), an
 * AICIP renewal's modules and a Certification renewal's late fee (`{id}` is the renewal; its
 * invoice), and a re-sit's fee (`{id}` is the re-sit; its invoice). None waits at a payment stage.
 */
export const PAYMENT_INVOICE_TYPES = {
  welderqualificationapplication: 'welderqualificationapplication',
  aicipapplicationrenewalmodule: 'aicipapplication',
  certificationrenewalapplication: 'certificationapplication',
  qualificationapplicationresitmodule: 'qualificationapplication',
  aicipapplicationresitmodule: 'aicipapplication',
} as const;
export type PaymentInvoiceType = keyof typeof PAYMENT_INVOICE_TYPES;
/** Every route word with `resend/payment/link` and `payment/verified`. */
export type StaffPaymentType = PaymentModuleType | PaymentInvoiceType;

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

/** `GET all/reports`: payments created in a date range (days in Sydney), by status, gateway and program. */
export const PaymentReportQuery = z
  .strictObject({
    ...pagingShape,
    from: dayText.optional(),
    to: dayText.optional(),
    status: z.enum(PAYMENT_STATUSES).optional(),
    gateway: z.enum(PAYMENT_GATEWAYS).optional(),
    programId: z.uuid().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: PAYMENT_MESSAGES.dateRange, path: ['to'] });
export type PaymentReportQuery = z.infer<typeof PaymentReportQuery>;
/** The CSV export takes the same filters, without paging. */
export const PaymentReportCsvQuery = z
  .strictObject({
    from: dayText.optional(),
    to: dayText.optional(),
    status: z.enum(PAYMENT_STATUSES).optional(),
    gateway: z.enum(PAYMENT_GATEWAYS).optional(),
    programId: z.uuid().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: PAYMENT_MESSAGES.dateRange, path: ['to'] });
export type PaymentReportCsvQuery = z.infer<typeof PaymentReportCsvQuery>;

export const PaymentReportRow = z.object({
  paymentId: z.string(),
  createdOn: isoDate,
  paidOn: isoDate.nullable(),
  invoiceNumber: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  applicationType: z.string(),
  programId: z.string(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  amountCents: z.number().int(),
  gstCents: z.number().int(),
  discountCents: z.number().int(),
  currency: z.string(),
  gateway: z.enum(PAYMENT_GATEWAYS),
  reference: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  displayedStatus: z.enum(DISPLAYED_PAYMENT_STATUSES),
});
export type PaymentReportRow = z.infer<typeof PaymentReportRow>;
export const PaymentReportPage = pagedResponse(PaymentReportRow);
export type PaymentReportPage = z.infer<typeof PaymentReportPage>;

/** The programs the report can be filtered by: those with payments. */
export const PaymentReportPrograms = z.array(z.object({ id: z.string(), programCode: z.string(), programTitle: z.string() }));
export type PaymentReportPrograms = z.infer<typeof PaymentReportPrograms>;

/**
 * The CSV columns of the payments export, in order; the first names the account's zone ("Date (Sydney)",
 * "Date (Auckland)"). Reference is the one a person reads (staff's bank reference, or the charge's id
 * the receipt names); the gateway's checkout id has a column of its own, for matching the gateway's records.
 */
export const PAYMENT_REPORT_CSV_COLUMNS = ['Date (Sydney)', 'Invoice', 'Application', 'Applicant', 'Program', 'Amount', 'GST', 'Discount', 'Gateway', 'Reference', 'Gateway Checkout ID', 'Status'] as const;
export function paymentReportCsvColumns(zoneLabel: string): string[] {
  return [`Date (${zoneLabel})`, ...PAYMENT_REPORT_CSV_COLUMNS.slice(1)];
}

/** The built-in test gateway's hosted page (`unauth/testgateway/...`). */
export const TestGatewaySessionQuery = z.strictObject({ token: z.string().min(1).max(4000) });
export const TestGatewaySession = z.object({
  sessionId: z.string(),
  merchant: z.string(),
  description: z.string(),
  applicationNumber: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  expiresOn: isoDate,
  state: z.enum(['open', 'paid', 'declined']),
});
export type TestGatewaySession = z.infer<typeof TestGatewaySession>;
export const TestGatewayCompleteRequest = z.strictObject({ token: z.string().min(1).max(4000), outcome: z.enum(['paid', 'declined']) });
export type TestGatewayCompleteRequest = z.infer<typeof TestGatewayCompleteRequest>;
export const TestGatewayCompleteResponse = z.object({ redirectUrl: z.string(), state: z.enum(['paid', 'declined']) });
export type TestGatewayCompleteResponse = z.infer<typeof TestGatewayCompleteResponse>;

export const WebhookParams = z.strictObject({ gateway: z.enum(['test', 'stripe']) });
export const WebhookResponse = z.object({ received: z.literal(true), outcome: z.enum(['applied', 'refused', 'ignored', 'duplicate']) });
