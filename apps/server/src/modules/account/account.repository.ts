import { asc, eq, sql } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accounts } from '../../db/schema/account';
import { mails } from '../../db/schema/mail';
import { programs } from '../../db/schema/program';
import { users } from '../../db/schema/user';

export type AccountRow = typeof accounts.$inferSelect;
export interface AccountCounts {
  id: string;
  publishedPrograms: number;
  programs: number;
  activeStaff: number;
  openApplications: number;
  currentAwards: number;
}
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

  /** Short names are unique whatever their case (and saved in lower case). */
  async findByShortName(shortName: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(sql`lower(${accounts.shortName}) = ${shortName.toLowerCase()}`);
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

  /** What each account holds, for the platform overview (a handful of accounts: one statement). */
  async countsPerAccount(): Promise<AccountCounts[]> {
    const result = await this.db.execute(sql`
      select a.id,
        (select count(*)::int from programs p where p.account_id = a.id and p.status = 2) as "publishedPrograms",
        (select count(*)::int from programs p where p.account_id = a.id) as "programs",
        (select count(*)::int from users u where u.account_id = a.id and u.user_type = 'admin' and u.active) as "activeStaff",
        (select count(*)::int from applications ap join programs p on p.id = ap.program_id
          where p.account_id = a.id and ap.status not in ('Application Started', 'Awarded', 'Failed', 'Award Cancelled', 'Award Withdrawn')) as "openApplications",
        (select count(*)::int from awards aw join programs p on p.id = aw.program_id where p.account_id = a.id and aw.status = 'current') as "currentAwards"
      from accounts a`);
    return (result as unknown as { rows: AccountCounts[] }).rows.map((row) => ({
      id: row.id,
      publishedPrograms: Number(row.publishedPrograms),
      programs: Number(row.programs),
      activeStaff: Number(row.activeStaff),
      openApplications: Number(row.openApplications),
      currentAwards: Number(row.currentAwards),
    }));
  }

  async countMails(): Promise<{ queued: number; failed: number }> {
    const [row] = await this.db
      .select({
        queued: sql<number>`count(*) filter (where ${mails.status} = 'queued')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${mails.status} = 'failed')`.mapWith(Number),
      })
      .from(mails);
    return { queued: row?.queued ?? 0, failed: row?.failed ?? 0 };
  }

  /** Moves a super user to another account (the switcher). */
  async moveStaffMember(userId: string, accountId: string): Promise<void> {
    await this.db.update(users).set({ accountId, modifiedOn: new Date(), modifiedBy: userId }).where(eq(users.id, userId));
  }
}
