import { asc, eq, sql } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accounts } from '../../db/schema/account';
import { programs } from '../../db/schema/program';
import { users } from '../../db/schema/user';

export type AccountRow = typeof accounts.$inferSelect;
export type AccountValues = Omit<typeof accounts.$inferInsert, 'id' | 'createdOn'>;

export class AccountRepository {
  constructor(private readonly db: Database) {}

  async findAll(): Promise<AccountRow[]> {
    return this.db.select().from(accounts).orderBy(asc(accounts.createdOn), asc(accounts.name));
  }

  async findById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  /** The account that owns a program (the issuer of its invoices, certificates and credentials). */
  async findByProgram(programId: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select({ account: accounts })
      .from(programs)
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .where(eq(programs.id, programId));
    return row?.account;
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(accounts);
    return row?.n ?? 0;
  }

  /** Undefined when the short name is taken. */
  async insert(values: AccountValues): Promise<AccountRow | undefined> {
    try {
      const [row] = await this.db.insert(accounts).values(values).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** 'taken' when another account has the short name; undefined when there is no such account. */
  async update(id: string, values: Partial<AccountValues>): Promise<AccountRow | 'taken' | undefined> {
    try {
      const [row] = await this.db.update(accounts).set(values).where(eq(accounts.id, id)).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }

  /** The first account's identity from the settings, while it follows them (migration 0030). */
  async followEnvironment(values: Pick<AccountValues, 'name' | 'abn' | 'address' | 'contactEmail' | 'mailSenderName' | 'gstRateBasisPoints' | 'certificateNumberPattern'>): Promise<void> {
    await this.db
      .update(accounts)
      .set(values)
      .where(sql`${accounts.id} = ${FIRST_ACCOUNT_ID} and ${accounts.followsEnvironment}`);
  }

  /** Moves a super user to another account (the switcher). */
  async moveStaffMember(userId: string, accountId: string): Promise<void> {
    await this.db.update(users).set({ accountId, modifiedOn: new Date(), modifiedBy: userId }).where(eq(users.id, userId));
  }
}
