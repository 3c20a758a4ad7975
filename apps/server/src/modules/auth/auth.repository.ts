import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { UserType } from '@certs/shared/auth/roles';
import type { Database } from '../../db/client';
import { applicants, loginFailures, refreshSessions, users } from '../../db/schema/user';

export type UserRow = typeof users.$inferSelect;
export type RefreshSessionRow = typeof refreshSessions.$inferSelect;

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

  async findApplicantId(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: applicants.id }).from(applicants).where(eq(applicants.userId, userId));
    return row?.id ?? null;
  }

  async countRecentFailures(identifier: string, ipAddress: string, since: Date): Promise<{ byIdentifier: number; byAddress: number }> {
    const [row] = await this.db
      .select({
        byIdentifier: sql<number>`count(*) filter (where ${loginFailures.identifier} = ${identifier})`.mapWith(Number),
        byAddress: sql<number>`count(*) filter (where ${loginFailures.ipAddress} = ${ipAddress})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(and(gt(loginFailures.attemptedOn, since), or(eq(loginFailures.identifier, identifier), eq(loginFailures.ipAddress, ipAddress))));
    return { byIdentifier: row?.byIdentifier ?? 0, byAddress: row?.byAddress ?? 0 };
  }

  async recordFailure(identifier: string, ipAddress: string, pruneBefore: Date): Promise<void> {
    await this.db.insert(loginFailures).values({ identifier, ipAddress });
    // Old rows serve no window any more; pruning here keeps the table small without a job.
    await this.db.delete(loginFailures).where(sql`${loginFailures.attemptedOn} < ${pruneBefore.toISOString()}`);
  }

  async insertRefreshSession(values: typeof refreshSessions.$inferInsert): Promise<void> {
    await this.db.insert(refreshSessions).values(values);
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

  async revokeSession(id: string, now: Date): Promise<void> {
    await this.db.update(refreshSessions).set({ revokedOn: now, modifiedOn: now }).where(eq(refreshSessions.id, id));
  }


  async updateTimeZone(userId: string, timeZone: string): Promise<void> {
    await this.db.update(users).set({ timeZone, modifiedOn: new Date(), modifiedBy: userId }).where(eq(users.id, userId));
  }
}
