import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { RESIT_STAGES } from '@certs/shared/resit/resit-rules';
import { auditColumns } from './columns';
import { applications } from './application';
import { applicationModules } from './application-module';
import { examDefinitions } from './exam-definition';
import { invoices } from './payment';
import { users } from './user';
import { testingAgencies, venues } from './venue';

/**
 * One re-sit of a failed application module (issue 17, decision 024): its own stage (spec section 4,
 * Resit stages), fee and invoice, exam schedule (the same columns and rules as a module's) and
 * result. The first sitting's result stays on the application module for the record; an online
 * re-sit is a new exam instance reached through this row (`exam_instances.resit_module_id`).
 */
export const resitModules = pgTable(
  'resit_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    applicationModuleId: uuid('application_module_id')
      .notNull()
      .references(() => applicationModules.id),
    /** 1 for the first re-sit of the module, then 2, ... (the cap counts them). */
    attempt: integer('attempt').notNull(),
    stage: text('stage', { enum: RESIT_STAGES }).notNull().default('Resit Applied'),
    /** The re-sit fee charged, GST-inclusive, and its basis at the time of applying. */
    feeCents: integer('fee_cents').notNull(),
    feeBasis: text('fee_basis', { enum: ['member', 'nonMember'] }).notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),

    // Exam schedule (`examinationstage`, `/send`), as on application_modules.
    examKind: text('exam_kind'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    scheduleTimeZone: text('schedule_time_zone'),
    durationMinutes: integer('duration_minutes'),
    venueId: uuid('venue_id').references(() => venues.id),
    testingAgencyId: uuid('testing_agency_id').references(() => testingAgencies.id),
    examinerId: uuid('examiner_id').references(() => users.id),
    invigilatorId: uuid('invigilator_id').references(() => users.id),
    examDefinitionId: uuid('exam_definition_id').references(() => examDefinitions.id),
    scheduleNote: text('schedule_note').notNull().default(''),
    scheduleSentOn: timestamp('schedule_sent_on', { withTimezone: true, mode: 'date' }),

    // Assessment (`examinationassessmentstage`) and result (`result/submit`).
    result: text('result', { enum: ['Pass', 'Fail', 'Absent'] }),
    resultPercentage: numeric('result_percentage', { precision: 5, scale: 2, mode: 'number' }),
    resultNotes: text('result_notes').notNull().default(''),
    resultEnteredOn: timestamp('result_entered_on', { withTimezone: true, mode: 'date' }),
    /** Null with a result: it came from the online exam (staff do not overwrite it). */
    resultEnteredBy: uuid('result_entered_by').references(() => users.id),
    assessmentSubmittedOn: timestamp('assessment_submitted_on', { withTimezone: true, mode: 'date' }),
    resultSubmittedOn: timestamp('result_submitted_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [
    index('resit_modules_application_idx').on(t.applicationId),
    uniqueIndex('resit_modules_attempt_unique').on(t.applicationModuleId, t.attempt),
    // One open re-sit per module, whoever applies twice at once.
    uniqueIndex('resit_modules_one_open').on(t.applicationModuleId).where(sql`${t.stage} <> 'Resit Result'`),
    index('resit_modules_invoice_idx').on(t.invoiceId),
  ],
);
