import { isUniqueViolation } from '../../db/errors';
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/user';

export type AccountUserRow = typeof users.$inferSelect;


export class AccountUserRepository {
  constructor(private readonly db: Database) {}

  async findPage(options: { accountId: string; search?: string; page: number; pageSize: number }): Promise<{ rows: AccountUserRow[]; totalRows: number }> {
    const conditions: SQL[] = [eq(users.userType, 'admin'), eq(users.accountId, options.accountId)];
    if (options.search) {
      const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matches = or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      );
      if (matches) conditions.push(matches);
    }
    const where = and(...conditions);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** A staff member of the account; one of another account is not found. */
  async findAdminById(id: string, accountId: string): Promise<AccountUserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.userType, 'admin'), eq(users.accountId, accountId)));
    return row;
  }

  async isEmailTaken(email: string, exceptId?: string): Promise<boolean> {
    const sameEmail = sql`lower(${users.email}) = ${email.toLowerCase()}`;
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(exceptId ? and(sameEmail, ne(users.id, exceptId)) : sameEmail)
      .limit(1);
    return !!row;
  }

  /** Inserts a user; undefined when the email is taken after all (two saves at once). */
  async insert(values: typeof users.$inferInsert): Promise<AccountUserRow | undefined> {
    try {
      const [row] = await this.db.insert(users).values(values).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** Updates a user; `endSessions` bumps the session version so every token and refresh cookie dies. */
  async update(id: string, values: Partial<typeof users.$inferInsert>, endSessions: boolean): Promise<AccountUserRow | 'email-taken' | undefined> {
    try {
      const [row] = await this.db
        .update(users)
        .set({ ...values, ...(endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}) })
        .where(and(eq(users.id, id), eq(users.userType, 'admin')))
        .returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return 'email-taken';
      throw error;
    }
  }
}
