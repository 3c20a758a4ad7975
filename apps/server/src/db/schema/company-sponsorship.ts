import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applications } from './application';
import { companies } from './company';
import { users } from './user';

/**
 * A company pays for one application of one of its people (issue 42): its coordinator nominated the
 * person, the application was started on their behalf as a draft they complete and submit, and its
 * invoice is issued to the company (name, ABN or NZBN, purchase order, billing contact). One row per
 * application; the company sees only the applications it pays for.
 */
export const companySponsorships = pgTable(
  'company_sponsorships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The company's purchase order, printed on the invoice; '' when it gave none. */
    purchaseOrderNumber: text('purchase_order_number').notNull().default(''),
    billingContactName: text('billing_contact_name').notNull(),
    billingContactEmail: text('billing_contact_email').notNull(),
    /** The company user (coordinator) who nominated the person. */
    nominatedBy: uuid('nominated_by')
      .notNull()
      .references(() => users.id),
    nominatedOn: timestamp('nominated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('company_sponsorships_application_unique').on(t.applicationId), index('company_sponsorships_company_idx').on(t.companyId, t.nominatedOn)],
);
