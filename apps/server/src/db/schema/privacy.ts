import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applicants, users } from './user';

/**
 * An applicant's request to have their personal data deleted (APP 11.2; NZ Privacy Act 2020, IPP 9),
 * completed by staff, which anonymises the applicant (decision 016). At most one open request per
 * applicant: the partial unique index makes a second one a conflict, whatever the timing.
 */
export const personalDataDeletionRequests = pgTable(
  'personal_data_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['requested', 'completed'] })
      .notNull()
      .default('requested'),
    completedOn: timestamp('completed_on', { withTimezone: true, mode: 'date' }),
    completedBy: uuid('completed_by').references(() => users.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('personal_data_deletion_requests_one_open').on(t.applicantId).where(sql`${t.status} = 'requested'`),
    index('personal_data_deletion_requests_status_idx').on(t.status, t.createdOn),
  ],
);

/**
 * Every read by staff of an applicant's personal record or files (APP 11.1: who looked at what, and
 * when). Written before the data is answered; rows are never changed.
 */
export const personalDataAccessLog = pgTable(
  'personal_data_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    actorUserId: uuid('actor_user_id')
      .notNull()
      .references(() => users.id),
    /** The route read, as `GET /api/applicant/:id`. */
    route: text('route').notNull(),
    /** What was read when the route does not say it: a file's key, an application's id. */
    resource: text('resource'),
    ...auditColumns,
  },
  (t) => [index('personal_data_access_log_applicant_idx').on(t.applicantId, t.createdOn), index('personal_data_access_log_created_idx').on(t.createdOn)],
);
