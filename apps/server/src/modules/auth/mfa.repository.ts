import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mfaRecoveryCodes, userMfa, users } from '../../db/schema/user';

export type UserMfaRow = typeof userMfa.$inferSelect;

export class MfaRepository {
  constructor(private readonly db: Database) {}

  async find(userId: string): Promise<UserMfaRow | undefined> {
    const [row] = await this.db.select().from(userMfa).where(eq(userMfa.userId, userId));
    return row;
  }

  async isEnabled(userId: string): Promise<boolean> {
    const [row] = await this.db.select({ enabledOn: userMfa.enabledOn }).from(userMfa).where(eq(userMfa.userId, userId));
    return !!row?.enabledOn;
  }

  async passwordHashOf(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.passwordHash;
  }

  /** Stores a new secret waiting for its first code; never replaces an enabled one. Returns whether it was stored. */
  async savePending(userId: string, secretEncrypted: string): Promise<boolean> {
    const now = new Date();
    const saved = await this.db
      .insert(userMfa)
      .values({ userId, secretEncrypted, createdBy: userId, modifiedBy: userId })
      .onConflictDoUpdate({
        target: userMfa.userId,
        set: { secretEncrypted, lastUsedStep: null, modifiedOn: now, modifiedBy: userId },
        setWhere: isNull(userMfa.enabledOn),
      })
      .returning({ userId: userMfa.userId });
    return saved.length === 1;
  }

  /** Turns a pending enrolment on with its first code's step, and replaces the recovery codes, together. */
  async enable(userId: string, step: number, recoveryCodeHashes: string[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const enabled = await tx
        .update(userMfa)
        .set({ enabledOn: now, lastUsedStep: step, modifiedOn: now, modifiedBy: userId })
        .where(and(eq(userMfa.userId, userId), isNull(userMfa.enabledOn)))
        .returning({ userId: userMfa.userId });
      if (enabled.length !== 1) return false;
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await tx.insert(mfaRecoveryCodes).values(recoveryCodeHashes.map((codeHash) => ({ userId, codeHash, createdBy: userId, modifiedBy: userId })));
      return true;
    });
  }

  /**
   * Accepts a code's time step only if it is later than the last one accepted, in one conditional
   * update: a code (or an earlier one) is never accepted twice, even by two requests at once.
   */
  async useStep(userId: string, step: number): Promise<boolean> {
    const used = await this.db
      .update(userMfa)
      .set({ lastUsedStep: step, modifiedOn: new Date() })
      .where(and(eq(userMfa.userId, userId), or(isNull(userMfa.lastUsedStep), lt(userMfa.lastUsedStep, step))))
      .returning({ userId: userMfa.userId });
    return used.length === 1;
  }

  /** Spends a recovery code: one conditional update, so a code works once. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const now = new Date();
    const used = await this.db
      .update(mfaRecoveryCodes)
      .set({ usedOn: now, modifiedOn: now, modifiedBy: userId })
      .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedOn)))
      .returning({ id: mfaRecoveryCodes.id });
    return used.length === 1;
  }

  async countRecoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(mfaRecoveryCodes)
      .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedOn)));
    return row?.count ?? 0;
  }

  async remove(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
      await tx.delete(userMfa).where(eq(userMfa.userId, userId));
    });
  }
}
