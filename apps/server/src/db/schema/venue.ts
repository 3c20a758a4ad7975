import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';

/** Where practical and pen-and-paper exams are held (spec section 3: venue title). */
export const venues = pgTable(
  'venues',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    title: text('title').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('venues_title_unique').on(t.accountId, sql`lower(${t.title})`)],
);

/** Test centres (the spec's testing agencies) that host candidates, with their contact details. */
export const testingAgencies = pgTable(
  'testing_agencies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    referenceNumber: text('reference_number').notNull(),
    companyName: text('company_name').notNull(),
    streetNumber: text('street_number').notNull().default(''),
    streetName: text('street_name').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    phone: text('phone').notNull(),
    mobile: text('mobile').notNull(),
    primaryEmail: text('primary_email').notNull(),
    alternateEmail: text('alternate_email').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('testing_agencies_reference_unique').on(t.accountId, sql`lower(${t.referenceNumber})`)],
);
