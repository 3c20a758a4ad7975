import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * An applicant who has applied nowhere yet is every account's to help (decision 033). Asked of the
 * database function `certs_applied_anywhere` (migration 0034), which sees every body's
 * applications: an account's staff see only their own (row-level security, decision 034), and
 * "applied only to another body" must not read as "applied nowhere".
 */
export function appliedNowhere(applicantId: AnyPgColumn | SQL): SQL {
  return sql`not certs_applied_anywhere(${applicantId})`;
}

/** The same for a user: they have no applicant profile, or its applicant has applied nowhere. */
export function userAppliedNowhere(userId: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from applicants ra where ra.user_id = ${userId} and certs_applied_anywhere(ra.id))`;
}
