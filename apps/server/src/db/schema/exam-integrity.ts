import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { applicationModules } from './application-module';
import { examInstances } from './exam-instance';
import { applicants, users } from './user';

/**
 * Everything that happens around one sitting (issue 19): the candidate's browser reports
 * (consent, system check, recording, monitors, focus, connection), invigilators' actions and the
 * server's observations. Kinds: shared `exam-integrity/exam-event.ts`. A sitting is the exam
 * instance once launched; before launch (system check, consent) only the application module is
 * known. A trigger NOTIFYs `exam_sitting_event` on insert (migration 0019) so the invigilator
 * console on every instance hears it.
 */
export const examSittingEvents = pgTable(
  'exam_sitting_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    examInstanceId: uuid('exam_instance_id').references(() => examInstances.id),
    /** The module sitting (also set once launched, so one query finds a sitting's whole story). */
    applicationModuleId: uuid('application_module_id').references(() => applicationModules.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    kind: text('kind').notNull(),
    source: text('source', { enum: ['candidate', 'invigilator', 'system'] }).notNull(),
    /** Kind-specific facts (screen count, seconds offline, message text, reason, ...). */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** When it happened on the reporting side (the candidate's clock for candidate events). */
    occurredOn: timestamp('occurred_on', { withTimezone: true, mode: 'date' }).notNull(),
    recordedOn: timestamp('recorded_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The staff member for invigilator events. */
    actorUserId: uuid('actor_user_id').references(() => users.id),
    /** The client's id for a candidate event: a retried report is stored once. */
    clientEventId: text('client_event_id'),
  },
  (t) => [
    index('exam_sitting_events_instance_idx').on(t.examInstanceId, t.id),
    index('exam_sitting_events_module_idx').on(t.applicationModuleId, t.id),
    uniqueIndex('exam_sitting_events_client_unique')
      .on(t.applicantId, t.clientEventId)
      .where(sql`client_event_id IS NOT NULL`),
  ],
);
