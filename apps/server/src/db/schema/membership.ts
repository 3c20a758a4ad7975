import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './account';
import { auditColumns } from './columns';
import { companies } from './company';
import { applicants } from './user';

/**
 * A membership of one awarding body (issue 40, decision 033, migration 0035): an applicant's
 * individual or corporate membership as that body's staff confirmed it, or a company's corporate
 * membership as that body's staff set it. Applicants and companies are shared by every account;
 * membership is not: a member of the Australian body is not a member of the New Zealand one.
 * A row exists only while the body counts the person or company as a member (withdrawing deletes it).
 */
export const accountMemberships = pgTable(
  'account_memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    applicantId: uuid('applicant_id').references(() => applicants.id),
    companyId: uuid('company_id').references(() => companies.id),
    membershipType: text('membership_type', { enum: ['individual', 'corporate'] }).notNull(),
    memberNumber: text('member_number').notNull().default(''),
    /** When and by whom the body's staff confirmed (an applicant's) or set (a company's) the membership. */
    confirmedOn: timestamp('confirmed_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    confirmedBy: uuid('confirmed_by'),
    /** A company's first day; null for an applicant's (current from confirmation). */
    startsOn: date('starts_on', { mode: 'string' }),
    /** The last day it is current (an applicant's "Current Until", a company's end); null: no end set. */
    endsOn: date('ends_on', { mode: 'string' }),
    ...auditColumns,
  },
  (t) => [
    check('account_memberships_one_member', sql`(${t.applicantId} is null) <> (${t.companyId} is null)`),
    uniqueIndex('account_memberships_applicant_unique').on(t.accountId, t.applicantId).where(sql`applicant_id is not null`),
    uniqueIndex('account_memberships_company_unique').on(t.accountId, t.companyId).where(sql`company_id is not null`),
    index('account_memberships_applicant_idx').on(t.applicantId),
    index('account_memberships_company_idx').on(t.companyId),
  ],
);
