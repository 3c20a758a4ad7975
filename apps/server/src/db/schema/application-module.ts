import { boolean, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applications } from './application';
import { attachments } from './attachment';
import { examDefinitions } from './exam-definition';
import { programModules } from './program';
import { users } from './user';
import { testingAgencies, venues } from './venue';

/**
 * The modules chosen for one candidate at the pre-exam stage (spec section 7: qualification and
 * AICIP application modules), each with its fee, its exam schedule and its result. A program
 * module the candidate does not take has no row.
 */
export const applicationModules = pgTable(
  'application_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    programModuleId: uuid('program_module_id')
      .notNull()
      .references(() => programModules.id),
    /** Required for this candidate, or an optional module the candidate takes. */
    isRequired: boolean('is_required').notNull(),
    /** The fee charged, GST-inclusive, from the member or non-member fee at the time of the pre-exam. */
    feeCents: integer('fee_cents').notNull(),
    feeBasis: text('fee_basis', { enum: ['member', 'nonMember'] }).notNull(),
    order: integer('order').notNull(),

    // Exam schedule (`/scheduled`, `examination/send`).
    examKind: text('exam_kind'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    /** The zone the schedule was entered in and is shown to the candidate in. */
    scheduleTimeZone: text('schedule_time_zone'),
    durationMinutes: integer('duration_minutes'),
    venueId: uuid('venue_id').references(() => venues.id),
    testingAgencyId: uuid('testing_agency_id').references(() => testingAgencies.id),
    examinerId: uuid('examiner_id').references(() => users.id),
    invigilatorId: uuid('invigilator_id').references(() => users.id),
    /** The published module test an Online exam is sat on. */
    examDefinitionId: uuid('exam_definition_id').references(() => examDefinitions.id),
    scheduleNote: text('schedule_note').notNull().default(''),
    scheduleSentOn: timestamp('schedule_sent_on', { withTimezone: true, mode: 'date' }),
    /** Whether this sitting is recorded (issue 19); null follows the test's setting. The sitting copies it at launch. */
    recordExam: boolean('record_exam'),

    // Result (`postexam/update`, `results`).
    result: text('result', { enum: ['Pass', 'Fail', 'Absent'] }),
    resultPercentage: numeric('result_percentage', { precision: 5, scale: 2, mode: 'number' }),
    resultNotes: text('result_notes').notNull().default(''),
    resultEvidenceId: uuid('result_evidence_id').references(() => attachments.id),
    resultEnteredOn: timestamp('result_entered_on', { withTimezone: true, mode: 'date' }),
    resultEnteredBy: uuid('result_entered_by').references(() => users.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('application_modules_unique').on(t.applicationId, t.programModuleId),
    index('application_modules_schedule_idx').on(t.scheduledAt),
  ],
);
