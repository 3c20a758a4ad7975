import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';

/**
 * A company (issue 18 and issue 20, decision 027): an employer of applicants and a corporate member
 * of awarding bodies (one membership per account: `account_memberships`, migration 0035). One
 * record, shared by every account: the welder qualification's employer confirmations mail its
 * contact, and each body's corporate membership drives access to that body's library. Staff create and
 * edit; an applicant's request for a company not listed is created inactive for staff to approve.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** 'ABN' (11 digits) or 'NZBN' (13 digits), checked by their check digits; null for a request without one. */
    businessNumberKind: text('business_number_kind', { enum: ['ABN', 'NZBN'] }),
    businessNumber: text('business_number'),
    streetAddress: text('street_address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('Australia'),
    /** The contact, usually the welding coordinator: employer confirmations go to this address. */
    contactName: text('contact_name').notNull().default(''),
    contactPosition: text('contact_position').notNull().default(''),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** The applicant who asked for it (created inactive); null when staff created it. */
    requestedByApplicantId: uuid('requested_by_applicant_id'),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('companies_business_number_unique').on(t.businessNumber).where(sql`business_number is not null`),
    index('companies_name_idx').on(sql`lower(${t.name})`),
  ],
);
