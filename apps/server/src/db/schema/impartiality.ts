import { date, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { accounts, owningAccount } from './account';
import { applications } from './application';
import { attachments } from './attachment';
import { companies } from './company';
import { programs } from './program';
import { users } from './user';
import { IMPARTIALITY_ROLES } from '@certs/shared/impartiality/assignment-check.contract';

/**
 * Impartiality (issue 43, ISO/IEC 17024 4.3 and 5.2): what a staff member declared against an
 * applicant or a company. While `ended_on` is null the platform refuses to assign them to that
 * applicant (or to an applicant employed by that company) as assessor, examiner, invigilator,
 * marker, decision maker or appeal handler.
 */
export const staffConflicts = pgTable(
  'staff_conflicts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    /** Exactly one of the applicant (a person) or the company is named. */
    applicantUserId: uuid('applicant_user_id').references(() => users.id),
    companyId: uuid('company_id').references(() => companies.id),
    kind: text('kind', { enum: ['employer_in_common', 'trainee', 'relative', 'other'] }).notNull(),
    details: text('details').notNull().default(''),
    declaredOn: timestamp('declared_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the conflict ended (the staff member left the company, ...); kept for the record. */
    endedOn: timestamp('ended_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [index('staff_conflicts_staff_idx').on(t.accountId, t.staffUserId), index('staff_conflicts_applicant_idx').on(t.applicantUserId), index('staff_conflicts_company_idx').on(t.companyId)],
);

/** The body's impartiality and confidentiality agreement, signed by each staff member each year. */
export const staffAgreements = pgTable(
  'staff_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    year: smallint('year').notNull(),
    /** The agreement's text as signed (the body may change it from year to year). */
    agreementText: text('agreement_text').notNull(),
    signedOn: timestamp('signed_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('staff_agreements_year_unique').on(t.accountId, t.staffUserId, t.year)],
);

/**
 * The body's own wording of the yearly impartiality agreement (its administrators edit it; absent:
 * the platform's default). One row per account; each signature keeps the text as signed.
 */
export const impartialityAgreementTexts = pgTable('impartiality_agreement_texts', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id),
  agreementText: text('agreement_text').notNull(),
  ...auditColumns,
});

/**
 * A staff member's record with the body: their employer (an assignment to an applicant employed by
 * the same company is refused) and position. One row per staff member and account.
 */
export const staffRecords = pgTable(
  'staff_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    employerCompanyId: uuid('employer_company_id').references(() => companies.id),
    position: text('position').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('staff_records_staff_unique').on(t.accountId, t.staffUserId)],
);

/** Evidence of a staff member's competence (ISO/IEC 17024 6.2): a qualification or a training, with its expiry. */
export const staffCompetences = pgTable(
  'staff_competences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['qualification', 'training'] }).notNull(),
    title: text('title').notNull(),
    issuer: text('issuer').notNull().default(''),
    obtainedOn: date('obtained_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    attachmentId: uuid('attachment_id').references(() => attachments.id),
    notes: text('notes').notNull().default(''),
    ...auditColumns,
  },
  (t) => [index('staff_competences_staff_idx').on(t.accountId, t.staffUserId)],
);


/**
 * Every assignment the impartiality check refused, and every override of one (a manager's, with a
 * reason): the evidence an assessor asks for. Written in the transaction of the refusal or of the
 * assignment the override allowed.
 */
export const impartialityEvents = pgTable(
  'impartiality_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    programId: uuid('program_id').references(() => programs.id),
    applicationId: uuid('application_id').references(() => applications.id),
    /** The staff member who would be (or was) assigned. */
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id),
    role: text('role', { enum: IMPARTIALITY_ROLES }).notNull(),
    outcome: text('outcome', { enum: ['refused', 'overridden'] }).notNull(),
    /** Why, in words a person reads ("declared a conflict: relative", "authorisation lapsed on 2026-06-30"). */
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    overrideReason: text('override_reason'),
    /** Who tried the assignment, or the manager who overrode. */
    actorId: uuid('actor_id').references(() => users.id),
    ...auditColumns,
  },
  (t) => [index('impartiality_events_account_idx').on(t.accountId, t.createdOn), index('impartiality_events_application_idx').on(t.applicationId)],
);
