import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { ROLES, type CompanyRole } from '@certs/shared/auth/roles';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { companies } from '../../db/schema/company';
import { companyUsers } from '../../db/schema/company-user';
import { applicants, userTokens, users } from '../../db/schema/user';

export interface CompanyUserRow {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: number;
  active: boolean;
  activatedOn: Date | null;
  invitedOn: Date;
  invitedByFirstName: string | null;
  invitedByLastName: string | null;
}

/** The company's own users and what the portal's first page counts (issue 42). */
export class EmployerRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async findCompany(companyId: string) {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, companyId));
    return row;
  }

  /** Approved employees, and claims waiting for a decision. */
  async countPeople(companyId: string): Promise<{ people: number; pendingClaims: number }> {
    const rows = await this.db
      .select({ status: applicants.employerClaimStatus, total: count() })
      .from(applicants)
      .where(eq(applicants.employerCompanyId, companyId))
      .groupBy(applicants.employerClaimStatus);
    const of = (status: string) => rows.find((row) => row.status === status)?.total ?? 0;
    return { people: of('approved'), pendingClaims: of('pending') };
  }

  async findUsers(companyId: string, userId?: string): Promise<CompanyUserRow[]> {
    const inviter = sql`(select u2.first_name from users u2 where u2.id = ${companyUsers.invitedBy})`;
    const inviterLast = sql`(select u2.last_name from users u2 where u2.id = ${companyUsers.invitedBy})`;
    return this.db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: users.role,
        active: users.active,
        activatedOn: users.activatedOn,
        invitedOn: companyUsers.invitedOn,
        invitedByFirstName: sql<string | null>`${inviter}`,
        invitedByLastName: sql<string | null>`${inviterLast}`,
      })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(and(eq(companyUsers.companyId, companyId), userId ? eq(users.id, userId) : undefined))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  }

  /**
   * A new company user, not yet able to sign in: no password of theirs (a random hash nobody
   * knows) and not activated until they choose one through the invitation's link.
   */
  async insertUser(
    tx: Executor,
    values: { companyId: string; firstName: string; lastName: string; email: string; role: CompanyRole; passwordHash: string; actorId: string },
  ): Promise<string | 'duplicate'> {
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${values.email.toLowerCase()}`);
    if (taken) return 'duplicate';
    const [user] = await tx
      .insert(users)
      .values({
        email: values.email,
        firstName: values.firstName,
        lastName: values.lastName,
        passwordHash: values.passwordHash,
        userType: 'employer',
        role: values.role,
        activatedOn: null,
        createdBy: values.actorId,
        modifiedBy: values.actorId,
      })
      .returning({ id: users.id });
    await tx.insert(companyUsers).values({ userId: user!.id, companyId: values.companyId, invitedBy: values.actorId, createdBy: values.actorId, modifiedBy: values.actorId });
    return user!.id;
  }

  async updateUser(tx: Executor, userId: string, values: { role?: CompanyRole; active?: boolean }, actorId: string): Promise<void> {
    // A deactivation ends every session at once (the session version).
    await tx
      .update(users)
      .set({
        ...values,
        ...(values.active === false ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        modifiedBy: actorId,
        modifiedOn: new Date(),
      })
      .where(eq(users.id, userId));
  }

  /**
   * Active coordinators of the company other than this user. Every active coordinator's row is
   * locked, in one order: two coordinators demoting each other at once take turns, and the second
   * finds the first already demoted, so the company keeps one.
   */
  async otherActiveCoordinators(tx: Executor, companyId: string, userId: string): Promise<number> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(companyUsers, eq(companyUsers.userId, users.id))
      .where(and(eq(companyUsers.companyId, companyId), eq(users.active, true), eq(users.role, ROLES.CompanyCoordinator)))
      .orderBy(asc(users.id))
      .for('update', { of: users });
    return rows.filter((row) => row.id !== userId).length;
  }

  /** Ends the user's unused links to choose a password, then issues one. */
  async issueInvitationLink(tx: Executor, userId: string, tokenHash: string, expiresOn: Date, actorId: string): Promise<void> {
    await tx
      .update(userTokens)
      .set({ usedOn: new Date(), modifiedOn: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'reset'), isNull(userTokens.usedOn)));
    await tx.insert(userTokens).values({ userId, purpose: 'reset', tokenHash, expiresOn, createdBy: actorId, modifiedBy: actorId });
  }
}
