import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applicationModules } from './application-module';
import { examInstances } from './exam-instance';
import { users } from './user';

/**
 * Invigilation (issue 19, decision 029): what exam-day staff do to a sitting beyond its events
 * (`exam_sitting_events` keeps the story; these rows keep the state an action leaves behind).
 */

/**
 * A candidate's clock paused by an invigilator. While open (`resumed_on` null) the sitting's
 * deadline is held `hold_seconds` further out, so no time-out closes it; resuming sets the deadline
 * to the resume time plus `remaining_seconds`: the deadline moves by exactly the paused time.
 */
export const invigilationPauses = pgTable(
  'invigilation_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examInstanceId: uuid('exam_instance_id')
      .notNull()
      .references(() => examInstances.id),
    pausedOn: timestamp('paused_on', { withTimezone: true, mode: 'date' }).notNull(),
    /** What was left on the clock when it stopped. */
    remainingSeconds: integer('remaining_seconds').notNull(),
    holdSeconds: integer('hold_seconds').notNull(),
    pauseReason: text('pause_reason').notNull(),
    pausedBy: uuid('paused_by')
      .notNull()
      .references(() => users.id),
    resumedOn: timestamp('resumed_on', { withTimezone: true, mode: 'date' }),
    resumeReason: text('resume_reason'),
    resumedBy: uuid('resumed_by').references(() => users.id),
  },
  (t) => [uniqueIndex('invigilation_pauses_one_open').on(t.examInstanceId).where(sql`resumed_on is null`)],
);

/** The candidate's exam page checks in every few seconds: the last time it did (the console's "offline for"). */
export const invigilationPresence = pgTable('invigilation_presence', {
  examInstanceId: uuid('exam_instance_id')
    .primaryKey()
    .references(() => examInstances.id),
  lastSeenOn: timestamp('last_seen_on', { withTimezone: true, mode: 'date' }).notNull(),
});

/** An irregularity report on one candidate's sitting, shown with the application. */
export const irregularityReports = pgTable(
  'irregularity_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationModuleId: uuid('application_module_id')
      .notNull()
      .references(() => applicationModules.id),
    examInstanceId: uuid('exam_instance_id').references(() => examInstances.id),
    category: text('category').notNull(),
    description: text('description').notNull(),
    /** Moments the report points at (ISO instants), in order. */
    evidenceTimes: jsonb('evidence_times').$type<string[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [index('irregularity_reports_module_idx').on(t.applicationModuleId)],
);

/** A moment an examiner flagged while reviewing a sitting. */
export const sittingReviewFlags = pgTable(
  'sitting_review_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examInstanceId: uuid('exam_instance_id')
      .notNull()
      .references(() => examInstances.id),
    atOn: timestamp('at_on', { withTimezone: true, mode: 'date' }).notNull(),
    note: text('note').notNull(),
    ...auditColumns,
  },
  (t) => [index('sitting_review_flags_instance_idx').on(t.examInstanceId, t.atOn)],
);

/** The examiner's decision on a reviewed sitting; a person decides, nothing changes a result by itself. */
export const sittingReviewDecisions = pgTable('sitting_review_decisions', {
  examInstanceId: uuid('exam_instance_id')
    .primaryKey()
    .references(() => examInstances.id),
  decision: text('decision', { enum: ['noConcern', 'concernReferred'] }).notNull(),
  note: text('note').notNull(),
  ...auditColumns,
});

/** Staff keep one sitting's recording past its retention date (until the hold is released). */
export const recordingHolds = pgTable('recording_holds', {
  examInstanceId: uuid('exam_instance_id')
    .primaryKey()
    .references(() => examInstances.id),
  reason: text('reason').notNull(),
  ...auditColumns,
});
