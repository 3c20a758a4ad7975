import { boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { attachments } from './attachment';
import { programRequirements, programs } from './program';
import { applicants } from './user';

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationNumber: text('application_number').notNull(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    programType: smallint('program_type').notNull(),
    status: text('status').notNull(),
    declarationAccepted: boolean('declaration_accepted').notNull().default(false),
    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('applications_number_unique').on(t.programType, t.applicationNumber),
    index('applications_applicant_idx').on(t.applicantId, t.programId),
  ],
);

/** The next application number per program type and year, taken under a row lock. */
export const applicationCounters = pgTable(
  'application_counters',
  {
    programType: smallint('program_type').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.programType, t.year] })],
);

export const applicationAnswers = pgTable(
  'application_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => programRequirements.id),
    answerText: text('answer_text').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('application_answers_unique').on(t.applicationId, t.requirementId)],
);

export const applicationAnswerAttachments = pgTable(
  'application_answer_attachments',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => applicationAnswers.id, { onDelete: 'cascade' }),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.answerId, t.attachmentId] })],
);

/** Every status change of an application: who, when, from, to, note (design.md, Data rules). */
export const applicationHistory = pgTable(
  'application_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note').notNull().default(''),
    ...auditColumns,
  },
  (t) => [index('application_history_application_idx').on(t.applicationId)],
);
