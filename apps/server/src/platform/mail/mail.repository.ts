import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { mails } from '../../db/schema/mail';
import { programs } from '../../db/schema/program';

export type MailRow = typeof mails.$inferSelect;

export class MailRepository {
  constructor(private readonly db: Database) {}

  async insert(values: typeof mails.$inferInsert, db: Executor = this.db): Promise<MailRow> {
    const [row] = await db.insert(mails).values(values).returning();
    if (!row) throw new Error('mail not recorded');
    return row;
  }

  /** The awarding body that owns a program, as a mail about it names it (in the caller's transaction when given). */
  async findSenderOfProgram(programId: string, db: Executor = this.db): Promise<{ accountId: string; senderName: string } | undefined> {
    const [row] = await db
      .select({ accountId: accounts.id, senderName: accounts.mailSenderName })
      .from(programs)
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .where(eq(programs.id, programId));
    return row;
  }

  async findSenderOfAccount(accountId: string, db: Executor = this.db): Promise<{ accountId: string; senderName: string } | undefined> {
    const [row] = await db.select({ accountId: accounts.id, senderName: accounts.mailSenderName }).from(accounts).where(eq(accounts.id, accountId));
    return row;
  }

  /**
   * Takes up to `limit` mails due for sending and leases them for `leaseSeconds` (next attempt
   * pushed forward), so that another instance polling at the same time skips them.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<MailRow[]> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mails.id })
        .from(mails)
        .where(and(eq(mails.status, 'queued'), sql`${mails.nextAttemptOn} <= now()`))
        .orderBy(mails.nextAttemptOn)
        .limit(limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mails)
        .set({ attempts: sql`${mails.attempts} + 1`, nextAttemptOn: sql`now() + make_interval(secs => ${leaseSeconds})` })
        .where(inArray(
          mails.id,
          due.map((row) => row.id),
        ))
        .returning();
    });
  }

  async markSent(id: string): Promise<void> {
    await this.db.update(mails).set({ status: 'sent', sentOn: new Date(), lastError: null, modifiedOn: new Date() }).where(eq(mails.id, id));
  }

  async markFailedAttempt(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.db
      .update(mails)
      .set(
        retryInSeconds === null
          ? { status: 'failed', lastError: error, modifiedOn: new Date() }
          : { lastError: error, nextAttemptOn: sql`now() + make_interval(secs => ${retryInSeconds})`, modifiedOn: new Date() },
      )
      .where(eq(mails.id, id));
  }

  /** Overwrites the address, body and links of every mail to this user; a mail still queued is not sent. */
  async redactTo(tx: Executor, toUserId: string, replacementEmail: string): Promise<number> {
    const rows = await tx
      .update(mails)
      .set({
        toEmail: replacementEmail,
        text: '',
        html: '',
        links: [],
        status: sql`case when ${mails.status} = 'queued' then 'failed' else ${mails.status} end`,
        lastError: sql`case when ${mails.status} = 'queued' then 'not sent: the recipient''s personal data was deleted' else ${mails.lastError} end`,
        nextAttemptOn: null,
        modifiedOn: new Date(),
      })
      .where(eq(mails.toUserId, toUserId))
      .returning({ id: mails.id });
    return rows.length;
  }

  async findPage(options: { page: number; pageSize: number; toUserId?: string; search?: string; status?: MailRow['status'] }) {
    const conditions: SQL[] = [];
    if (options.toUserId) conditions.push(eq(mails.toUserId, options.toUserId));
    if (options.status) conditions.push(eq(mails.status, options.status));
    if (options.search) {
      const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const matches = or(ilike(mails.toEmail, like), ilike(mails.subject, like));
      if (matches) conditions.push(matches);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [total] = await this.db.select({ n: count() }).from(mails).where(where);
    const rows = await this.db
      .select()
      .from(mails)
      .where(where)
      .orderBy(desc(mails.createdOn), desc(mails.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }
}
