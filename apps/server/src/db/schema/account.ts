import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/**
 * An awarding body (decision 033). The first account (FIRST_ACCOUNT_ID) was made by migration 0030
 * from the body that ran the platform alone; while `followsEnvironment` holds, its identity is
 * refreshed from the AWARDING_BODY_* settings at every start, so a deployment with one account
 * runs as it did before accounts.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    country: text('country', { enum: ['AU', 'NZ'] }).notNull().default('AU'),
    abn: text('abn').notNull().default(''),
    nzbn: text('nzbn').notNull().default(''),
    gstNumber: text('gst_number').notNull().default(''),
    address: text('address').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    mailSenderName: text('mail_sender_name').notNull(),
    timeZone: text('time_zone').notNull().default('Australia/Sydney'),
    currency: text('currency', { enum: ['AUD', 'NZD'] }).notNull().default('AUD'),
    /** Basis points: 1000 is 10 %, 1500 is 15 %. */
    gstRateBasisPoints: integer('gst_rate_basis_points').notNull().default(1000),
    /** Invoices print as `<prefix>-000123`; the numbers run per account. */
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    /** The pattern of programs that have none of their own (decision 017); empty: the platform's default. */
    certificateNumberPattern: text('certificate_number_pattern').notNull().default(''),
    stripePublishableKey: text('stripe_publishable_key').notNull().default(''),
    /** AES-256-GCM (the same box as the MFA secrets); never sent to a browser. */
    stripeSecretKeyEncrypted: text('stripe_secret_key_encrypted'),
    stripeWebhookSecretEncrypted: text('stripe_webhook_secret_encrypted'),
    followsEnvironment: boolean('follows_environment').notNull().default(false),
    /**
     * The body's logo: a saved PNG or JPEG attachment (at most 1 MB) uploaded by its staff, shown on
     * certificates, invoices and the verification page; null: none. No foreign key, as with the
     * applicant's photograph (`attachments` imports the user schema, which imports this one).
     */
    logoAttachmentId: uuid('logo_attachment_id'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('accounts_short_name_unique').on(sql`lower(${t.shortName})`)],
);

/**
 * The owning account of a record below the account (programs, tests, questions, venues, ...).
 * The default is the first account, so that rows written before accounts and code paths that
 * have not yet learnt of accounts land in the body that ran the platform alone; every service
 * that creates such a record for staff sets it from the caller's account.
 */
export function owningAccount() {
  return uuid('account_id')
    .notNull()
    .default(FIRST_ACCOUNT_ID)
    .references(() => accounts.id);
}
