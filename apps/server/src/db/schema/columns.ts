import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Created and modified timestamps and who made the change: every table has them (design.md). */
export const auditColumns = {
  createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  modifiedOn: timestamp('modified_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdBy: uuid('created_by'),
  modifiedBy: uuid('modified_by'),
};
