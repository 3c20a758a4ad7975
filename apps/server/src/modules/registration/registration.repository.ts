import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { UserType } from '@certs/shared/auth/roles';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { rateLimitEvents } from '../../db/schema/rate-limit';
import { applicants, userTokens, users } from '../../db/schema/user';
import type { RateLimitStore } from './mail-request-limit';

export type TokenPurpose = 'activation' | 'reset';

export class RegistrationRepository implements RateLimitStore {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findUserByEmail(email: string, userType?: UserType) {
    const sameEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
    const [row] = await this.db
      .select()
      .from(users)
      .where(userType ? and(sameEmail, eq(users.userType, userType)) : sameEmail);
    return row;
  }

  async findApplicantById(id: string) {
    const [row] = await this.db
      .select({ id: applicants.id, userId: users.id, email: users.email, firstName: users.firstName, activatedOn: users.activatedOn })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(applicants.id, id));
    return row;
  }

  /**
   * The applicant with this id, when the token is one of its activation links (used or not) that
   * has not expired: only someone who received that mail learns anything about the registration.
   */
  async findRegistrationByActivationToken(applicantId: string, tokenHash: string) {
    const [row] = await this.db
      .select({ id: applicants.id, activatedOn: users.activatedOn })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .innerJoin(applicants, eq(applicants.userId, users.id))
      .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, 'activation'), gt(userTokens.expiresOn, sql`now()`), eq(applicants.id, applicantId)));
    return row;
  }

  /**
   * Runs `work` inside a savepoint, then keeps or undoes its writes. Registering an email that has
   * an account makes the writes of a new registration on a throwaway address and undoes them, so
   * that it takes the same statements as a new one: the time of the answer does not tell whether
   * the email is registered.
   */
  async withinSavepoint<T>(tx: Executor, isUndone: boolean, work: () => Promise<T>): Promise<T> {
    await tx.execute(sql`savepoint registration_insert`);
    const result = await work();
    await tx.execute(isUndone ? sql`rollback to savepoint registration_insert` : sql`release savepoint registration_insert`);
    return result;
  }

  /** A request for an email with no matching account: the row it writes where a real one writes a link. */
  async recordUnmatchedRequest(tx: Executor, kind: string, key: string): Promise<void> {
    await tx.insert(rateLimitEvents).values({ kind, key });
  }

  async recordRateLimitEvents(events: { kind: string; key: string }[]): Promise<number[]> {
    const rows = await this.db.insert(rateLimitEvents).values(events).returning({ id: rateLimitEvents.id });
    return rows.map((row) => row.id);
  }

  /** Rows per kind and key within each one's window, by the database's clock (the same on every instance). */
  async countRecentRateLimitEvents(counts: { kind: string; key: string; windowMinutes: number }[]): Promise<number[]> {
    const within = (count: (typeof counts)[number]) =>
      and(eq(rateLimitEvents.kind, count.kind), eq(rateLimitEvents.key, count.key), sql`${rateLimitEvents.createdOn} > now() - make_interval(mins => ${count.windowMinutes}::int)`);
    const columns = Object.fromEntries(counts.map((count, i) => [`c${i}`, sql<number>`count(*) filter (where ${within(count)})`.mapWith(Number)]));
    const [row] = await this.db
      .select(columns)
      .from(rateLimitEvents)
      .where(or(...counts.map(within)));
    return counts.map((_count, i) => row?.[`c${i}`] ?? 0);
  }

  async deleteRateLimitEvents(ids: number[]): Promise<void> {
    if (ids.length) await this.db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
  }

  async pruneRateLimitEvents(olderThanMinutes: number): Promise<void> {
    await this.db.delete(rateLimitEvents).where(sql`${rateLimitEvents.createdOn} < now() - make_interval(mins => ${olderThanMinutes}::int)`);
  }

  /** A new applicant who cannot sign in until the activation link is used. */
  async insertApplicant(tx: Executor, values: { email: string; firstName: string; lastName: string; passwordHash: string; timeZone: string }) {
    const [user] = await tx
      .insert(users)
      .values({ ...values, userType: 'applicant', role: 5, activatedOn: null })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return undefined;
    const [applicant] = await tx.insert(applicants).values({ userId: user.id, createdBy: user.id, modifiedBy: user.id }).returning({ id: applicants.id });
    await tx.update(users).set({ createdBy: user.id, modifiedBy: user.id }).where(eq(users.id, user.id));
    return { userId: user.id, applicantId: applicant!.id };
  }

  async insertToken(values: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresOn: Date }, db: Executor = this.db): Promise<void> {
    await db.insert(userTokens).values({ ...values, createdBy: values.userId, modifiedBy: values.userId });
  }

  /** The live (unused, unexpired) token with this hash and purpose. */
  async findLiveToken(tokenHash: string, purpose: TokenPurpose) {
    const [row] = await this.db
      .select({ id: userTokens.id, userId: userTokens.userId, email: users.email, userType: users.userType })
      .from(userTokens)
      .innerJoin(users, eq(users.id, userTokens.userId))
      .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose), isNull(userTokens.usedOn), gt(userTokens.expiresOn, sql`now()`)));
    return row;
  }

  /** Uses a token once: only the first of two simultaneous uses succeeds. */
  async consumeToken(tx: Executor, tokenHash: string, purpose: TokenPurpose): Promise<{ userId: string } | undefined> {
    const [row] = await tx
      .update(userTokens)
      .set({ usedOn: new Date(), modifiedOn: new Date() })
      .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose), isNull(userTokens.usedOn), gt(userTokens.expiresOn, sql`now()`)))
      .returning({ userId: userTokens.userId });
    return row;
  }

  /** Older live tokens of the same purpose die when a new one is issued or one is used. */
  async retireTokens(userId: string, purpose: TokenPurpose, db: Executor = this.db): Promise<void> {
    await db
      .update(userTokens)
      .set({ usedOn: new Date(), modifiedOn: new Date() })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedOn)));
  }

  /** Links that expired or were used before the cutoff can never be used again. */
  async deleteTokensEndedBefore(cutoff: Date): Promise<number> {
    const deleted = await this.db
      .delete(userTokens)
      .where(or(lt(userTokens.expiresOn, cutoff), lt(userTokens.usedOn, cutoff)))
      .returning({ id: userTokens.id });
    return deleted.length;
  }

  async activate(tx: Executor, userId: string): Promise<void> {
    await tx.update(users).set({ activatedOn: new Date(), modifiedOn: new Date(), modifiedBy: userId }).where(and(eq(users.id, userId), isNull(users.activatedOn)));
  }

  /** A new password ends every session of the account (session version bump). */
  async setPassword(tx: Executor, userId: string, passwordHash: string): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, modifiedOn: new Date(), modifiedBy: userId })
      .where(eq(users.id, userId));
  }

  async findApplicantIdOfUser(userId: string): Promise<string | null> {
    const [row] = await this.db.select({ id: applicants.id }).from(applicants).where(eq(applicants.userId, userId));
    return row?.id ?? null;
  }
}
