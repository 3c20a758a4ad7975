import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applications } from './application';
import { attachments } from './attachment';
import { users } from './user';

/** A module result as it was before an upheld review changed it (the history keeps the earlier result). */
export interface ReviewedModuleResult {
  applicationModuleId: string;
  moduleCode: string;
  fromResult: string | null;
  fromPercentage: number | null;
}

/**
 * Reviews of a failed result (issue 17, decision 022): the applicant's reason, then staff's outcome
 * (upheld: the named modules pass and the application is awarded; refused: it stays Failed).
 */
export const applicationReviews = pgTable(
  'application_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['open', 'upheld', 'refused'] }).notNull().default('open'),
    decisionNote: text('decision_note'),
    decidedOn: timestamp('decided_on', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    /** The results an upheld review changed, as they were before. */
    changedResults: jsonb('changed_results').$type<ReviewedModuleResult[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    index('application_reviews_application_idx').on(t.applicationId),
    // One open review per application, whoever asks twice at once.
    uniqueIndex('application_reviews_one_open').on(t.applicationId).where(sql`${t.status} = 'open'`),
  ],
);

export const applicationReviewAttachments = pgTable(
  'application_review_attachments',
  {
    reviewId: uuid('review_id')
      .notNull()
      .references(() => applicationReviews.id, { onDelete: 'cascade' }),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.attachmentId] })],
);
