import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';
import { applications } from './application';
import { attachments } from './attachment';
import { programs } from './program';
import { applicants } from './user';

/** One row per invoice series; the next number is taken under this row's lock, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export interface InvoiceLine {
  applicationModuleId: string;
  moduleCode: string;
  moduleTitle: string;
  feeBasis: 'member' | 'nonMember';
  isRequired: boolean;
  amountCents: number;
}

/**
 * The body that issued an invoice, as it stood that day. Invoices issued before accounts hold only
 * name, ABN, address and email: an Australian body printing INV numbers.
 */
export interface InvoiceIssuer {
  name: string;
  abn: string;
  address: string;
  email: string;
  accountId?: string;
  country?: 'AU' | 'NZ';
  nzbn?: string;
  gstNumber?: string;
  /** The account's prefix when the invoice was issued, so its number prints the same ever after. */
  invoicePrefix?: string;
  /** The account's time zone on the day of issue: the invoice's dates are that body's days. */
  timeZone?: string;
}

/** Who an invoice is billed to: the applicant, or (issue 42) the company that agreed to pay, with the person as the candidate. */
export interface InvoiceBilledTo {
  name: string;
  email: string;
  address: string;
  memberNumber: string;
  company?: {
    companyId: string;
    businessNumberKind: 'ABN' | 'NZBN' | null;
    businessNumber: string | null;
    purchaseOrderNumber: string;
    contactName: string;
    candidateName: string;
    candidateMemberNumber: string;
  } | null;
}

/** A tax invoice issued at the pre-exam stage: a snapshot of what was charged, GST-inclusive. */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    invoiceNumber: integer('invoice_number').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    issuedOn: timestamp('issued_on', { withTimezone: true, mode: 'date' }).notNull(),
    issuer: jsonb('issuer').$type<InvoiceIssuer>().notNull(),
    billedTo: jsonb('billed_to').$type<InvoiceBilledTo>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    /** GST rate in basis points (1000 = 10 %); the GST is included in the total, not added to it. */
    gstRateBasisPoints: integer('gst_rate_basis_points').notNull(),
    gstCents: integer('gst_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('AUD'),
    /** The PDF in storage. */
    pdfAttachmentId: uuid('pdf_attachment_id').references(() => attachments.id),
    status: text('status', { enum: ['Issued', 'Paid', 'Void'] }).notNull().default('Issued'),
    paidOn: timestamp('paid_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('invoices_number_unique').on(t.accountId, t.invoiceNumber), index('invoices_application_idx').on(t.applicationId)],
);

/**
 * A payment attempt of an invoice (the spec's payment tracker): one per payment link. Its status is
 * Requested, Pending, Failed, Success or Expired (spec section 4).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public id in payment links (`request/{trackerId}`). */
    trackerId: uuid('tracker_id').notNull().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    gateway: text('gateway', { enum: ['test', 'stripe', 'offline', 'zero'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('AUD'),
    status: text('status', { enum: ['Requested', 'Pending', 'Failed', 'Success', 'Expired'] }).notNull(),
    /** The gateway's verdict: true paid, false declined, null not known yet. */
    transactionStatus: boolean('transaction_status'),
    /** The gateway's id of the checkout (Stripe session id, test gateway session). */
    gatewayReference: text('gateway_reference'),
    /** Staff's reference of an offline payment (bank transfer). */
    offlineReference: text('offline_reference'),
    failureReason: text('failure_reason'),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    paidOn: timestamp('paid_on', { withTimezone: true, mode: 'date' }),
    lastCheckedOn: timestamp('last_checked_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('payments_tracker_unique').on(t.trackerId),
    index('payments_application_idx').on(t.applicationId),
    index('payments_status_idx').on(t.status, t.expiresOn),
    // At most one successful payment per invoice, whatever the races between callbacks and staff.
    uniqueIndex('payments_one_success_per_invoice').on(t.invoiceId).where(sql`${t.status} = 'Success'`),
  ],
);

/** Every callback a gateway sent, kept once per event id: a repeated event changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    eventType: text('event_type').notNull(),
    outcome: text('outcome', { enum: ['applied', 'refused', 'ignored'] }).notNull(),
    reason: text('reason').notNull().default(''),
    payload: jsonb('payload').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('payment_events_unique').on(t.gateway, t.eventId)],
);

/** Discount codes (the spec's programapplicationcoupon), for a program type or one program. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    discountType: text('discount_type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Basis points for a percentage (1500 = 15 %), cents for a fixed amount. */
    discountValue: integer('discount_value').notNull(),
    programType: smallint('program_type'),
    programId: uuid('program_id').references(() => programs.id),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true, mode: 'date' }).notNull(),
    /** How many applicants may use it in all; null for no limit. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...auditColumns,
  },
  (t) => [uniqueIndex('coupons_code_unique').on(t.accountId, sql`upper(${t.code})`)],
);

/** A code used by an applicant: once per applicant and code. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    discountCents: integer('discount_cents').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('coupon_redemptions_once_per_applicant').on(t.couponId, t.applicantId), index('coupon_redemptions_application_idx').on(t.applicationId), index('coupon_redemptions_applicant_idx').on(t.applicantId)],
);
