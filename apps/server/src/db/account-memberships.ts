import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from './executor';
import { accounts } from './schema/account';
import { accountMemberships } from './schema/membership';

export type MembershipRow = typeof accountMemberships.$inferSelect;
export type MembershipWithAccount = MembershipRow & { accountName: string };

/**
 * Memberships per account (issue 40, migration 0035): the one place that reads and writes
 * `account_memberships`. Applicants and companies are shared by every account; each body keeps its
 * own members. No one module owns the table (the applicant, company, library, privacy and import
 * repositories all need it), so its queries sit beside the schema, and take an executor so a
 * repository's transaction can use them.
 */
export async function membershipsOfApplicants(db: Executor, applicantIds: string[], accountId?: string): Promise<MembershipWithAccount[]> {
  if (applicantIds.length === 0) return [];
  const rows = await db
    .select({ membership: accountMemberships, accountName: accounts.name })
    .from(accountMemberships)
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(and(inArray(accountMemberships.applicantId, applicantIds), accountId ? eq(accountMemberships.accountId, accountId) : undefined))
    .orderBy(accounts.name);
  return rows.map((row) => ({ ...row.membership, accountName: row.accountName }));
}

export async function membershipsOfCompanies(db: Executor, companyIds: string[], accountId?: string): Promise<MembershipWithAccount[]> {
  if (companyIds.length === 0) return [];
  const rows = await db
    .select({ membership: accountMemberships, accountName: accounts.name })
    .from(accountMemberships)
    .innerJoin(accounts, eq(accounts.id, accountMemberships.accountId))
    .where(and(inArray(accountMemberships.companyId, companyIds), accountId ? eq(accountMemberships.accountId, accountId) : undefined))
    .orderBy(accounts.name);
  return rows.map((row) => ({ ...row.membership, accountName: row.accountName }));
}

/** The account's staff confirm the membership the applicant declared (a new confirmation replaces the last). */
export async function confirmApplicantMembership(
  db: Executor,
  input: { accountId: string; applicantId: string; membershipType: 'individual' | 'corporate'; memberNumber: string; endsOn: string | null; confirmedBy: string },
): Promise<void> {
  const now = new Date();
  const values = { membershipType: input.membershipType, memberNumber: input.memberNumber, endsOn: input.endsOn, confirmedOn: now, confirmedBy: input.confirmedBy, modifiedOn: now, modifiedBy: input.confirmedBy };
  await db
    .insert(accountMemberships)
    .values({ accountId: input.accountId, applicantId: input.applicantId, ...values, createdBy: input.confirmedBy })
    .onConflictDoUpdate({ target: [accountMemberships.accountId, accountMemberships.applicantId], targetWhere: isNotNull(accountMemberships.applicantId), set: values });
}

/** Withdraws the applicant's membership of one account, or of every account (`accountId` undefined). */
export async function withdrawApplicantMemberships(db: Executor, applicantId: string, accountId?: string): Promise<void> {
  await db.delete(accountMemberships).where(and(eq(accountMemberships.applicantId, applicantId), accountId ? eq(accountMemberships.accountId, accountId) : undefined));
}

/** The account's corporate membership of a company: set (with a member number) or ended (without one). */
export async function setCompanyMembership(
  db: Executor,
  input: { accountId: string; companyId: string; memberNumber: string; startsOn: string | null; endsOn: string | null; by: string },
): Promise<void> {
  const mine = and(eq(accountMemberships.accountId, input.accountId), eq(accountMemberships.companyId, input.companyId));
  if (!input.memberNumber) {
    await db.delete(accountMemberships).where(mine);
    return;
  }
  const [current] = await db.select().from(accountMemberships).where(mine);
  if (current && current.memberNumber === input.memberNumber && current.startsOn === input.startsOn && current.endsOn === input.endsOn) return;
  const now = new Date();
  const values = { membershipType: 'corporate' as const, memberNumber: input.memberNumber, startsOn: input.startsOn, endsOn: input.endsOn, confirmedOn: now, confirmedBy: input.by, modifiedOn: now, modifiedBy: input.by };
  await db
    .insert(accountMemberships)
    .values({ accountId: input.accountId, companyId: input.companyId, ...values, createdBy: input.by })
    .onConflictDoUpdate({ target: [accountMemberships.accountId, accountMemberships.companyId], targetWhere: isNotNull(accountMemberships.companyId), set: values });
}
