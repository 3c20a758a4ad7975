import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { UserType } from '@certs/shared/auth/roles';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { applicants, loginFailures, refreshSessions, users } from '../../db/schema/user';

export type UserRow = typeof users.$inferSelect;
export type RefreshSessionRow = typeof refreshSessions.$inferSelect;
export type SessionUserRow = Pick<UserRow, 'id' | 'email' | 'role' | 'userType' | 'menuItems' | 'active' | 'sessionVersion' | 'accountId'> & {
  applicantId: string | null;
  /** A company user's company while it is active (issue 42); null for everyone else. */
  companyId: string | null;
  /**
   * The user's refresh sessions revoked recently enough that an access token issued for one may
   * still be unexpired (logout ends its token at once, decision 020). Almost always empty.
   */
  revokedSessionIds: string[];
};

export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findUserByEmail(email: string, userType: UserType): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.userType, userType)));
    return row;
  }

  async findUserById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /**
   * What every api/ request checks about its caller (when this instance does not remember it), in
   * one round trip: only the columns it needs, as a prepared statement.
   */
  async findSessionUser(id: string): Promise<SessionUserRow | undefined> {
    const rows = await executePrepared<SessionUserRow>(
      this.db,
      'auth_find_session_user_of_active_company',
      sql`
        select u.id, u.email, u.role, u.user_type as "userType", u.menu_items as "menuItems", u.active,
          u.session_version as "sessionVersion", u.account_id as "accountId", a.id as "applicantId", c.id as "companyId",
          array(
            -- 15 minutes of token life, plus room for the app's and the database's clocks to differ.
            select s.id::text from refresh_sessions s
            where s.user_id = u.id and s.revoked_on > now() - interval '20 minutes'
          ) as "revokedSessionIds"
        from users u left join applicants a on a.user_id = u.id left join company_users cu on cu.user_id = u.id
          -- A company's users act only while it is active (migration 0052 announces the change).
          left join companies c on c.id = cu.company_id and c.active
        where u.id = ${id}`,
    );
    return rows[0];
  }

  async findApplicantId(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: applicants.id }).from(applicants).where(eq(applicants.userId, userId));
    return row?.id ?? null;
  }

  /**
   * Records a sign-in attempt before the password is checked, so that attempts running at the
   * same moment count each other; a successful one is deleted again.
   */
  async recordAttempt(identifier: string, ipAddress: string): Promise<number> {
    const [row] = await this.db.insert(loginFailures).values({ identifier, ipAddress }).returning({ id: loginFailures.id });
    if (!row) throw new Error('attempt not recorded');
    return row.id;
  }

  /** Attempts in the last minute by the database's clock, per identifier (from any address), per address (for any identifier) and for both. */
  async countRecentAttempts(identifier: string, ipAddress: string): Promise<{ byIdentifier: number; byAddress: number; byIdentifierAtAddress: number }> {
    const [row] = await this.db
      .select({
        byIdentifier: sql<number>`count(*) filter (where ${loginFailures.identifier} = ${identifier})`.mapWith(Number),
        byAddress: sql<number>`count(*) filter (where ${loginFailures.ipAddress} = ${ipAddress})`.mapWith(Number),
        byIdentifierAtAddress: sql<number>`count(*) filter (where ${loginFailures.identifier} = ${identifier} and ${loginFailures.ipAddress} = ${ipAddress})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(
        and(
          sql`${loginFailures.attemptedOn} > now() - interval '1 minute'`,
          or(eq(loginFailures.identifier, identifier), eq(loginFailures.ipAddress, ipAddress)),
        ),
      );
    return { byIdentifier: row?.byIdentifier ?? 0, byAddress: row?.byAddress ?? 0, byIdentifierAtAddress: row?.byIdentifierAtAddress ?? 0 };
  }

  async deleteAttempt(id: number): Promise<void> {
    await this.db.delete(loginFailures).where(eq(loginFailures.id, id));
  }

  /** Old rows serve no window any more; pruning at each failure keeps the table small without a job. */
  async pruneAttempts(): Promise<void> {
    await this.db.delete(loginFailures).where(sql`${loginFailures.attemptedOn} < now() - interval '1 hour'`);
  }

  /** Returns the new session's id, which its access tokens carry (`sid`). */
  async insertRefreshSession(values: typeof refreshSessions.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(refreshSessions).values(values).returning({ id: refreshSessions.id });
    if (!row) throw new Error('refresh session not stored');
    return row.id;
  }

  /** A live session whose current or (within the grace) previous token has this hash. */
  async findLiveSessionByHash(tokenHash: string): Promise<{ session: RefreshSessionRow; isPrevious: boolean } | undefined> {
    const [row] = await this.db
      .select()
      .from(refreshSessions)
      .where(and(or(eq(refreshSessions.tokenHash, tokenHash), eq(refreshSessions.previousTokenHash, tokenHash)), isNull(refreshSessions.revokedOn)));
    if (!row) return undefined;
    return { session: row, isPrevious: row.tokenHash !== tokenHash };
  }

  /** Rotates only if the token is still the current one, so two refreshes cannot both rotate. */
  async rotateSession(id: string, expectedHash: string, newHash: string, now: Date): Promise<boolean> {
    const updated = await this.db
      .update(refreshSessions)
      .set({ tokenHash: newHash, previousTokenHash: expectedHash, rotatedOn: now, lastUsedOn: now, modifiedOn: now })
      .where(and(eq(refreshSessions.id, id), eq(refreshSessions.tokenHash, expectedHash), isNull(refreshSessions.revokedOn)))
      .returning({ id: refreshSessions.id });
    return updated.length === 1;
  }

  /** Ends a live session; returns its user, or undefined when it had already ended (or never was). */
  async revokeSession(id: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .update(refreshSessions)
      .set({ revokedOn: now, modifiedOn: now })
      .where(and(eq(refreshSessions.id, id), isNull(refreshSessions.revokedOn)))
      .returning({ userId: refreshSessions.userId });
    return row?.userId;
  }

  /** Sessions that expired or were ended before the cutoff can never be used again. */
  async deleteSessionsEndedBefore(cutoff: Date): Promise<number> {
    const deleted = await this.db
      .delete(refreshSessions)
      .where(or(lt(refreshSessions.expiresOn, cutoff), lt(refreshSessions.revokedOn, cutoff)))
      .returning({ id: refreshSessions.id });
    return deleted.length;
  }

  async updateTimeZone(userId: string, timeZone: string): Promise<void> {
    await this.db.update(users).set({ timeZone, modifiedOn: new Date(), modifiedBy: userId }).where(eq(users.id, userId));
  }
}
