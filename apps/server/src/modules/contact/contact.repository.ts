import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { applications } from '../../db/schema/application';
import { contactMessages } from '../../db/schema/contact';
import { programs } from '../../db/schema/program';
import { contactMessageReplies } from '../../db/schema/support';
import { applicants, users } from '../../db/schema/user';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Contact Us messages. Each is sent to an account (decision 033); staff reads and changes name
 * their account, so another account's message is not found.
 */
export class ContactRepository {
  constructor(private readonly db: Database) {}

  async insert(values: typeof contactMessages.$inferInsert & { accountId: string }): Promise<void> {
    await this.db.insert(contactMessages).values(values);
  }

  async findPage(options: { accountId: string; page: number; pageSize: number; search?: string; isHandled?: boolean }) {
    const like = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = and(
      eq(contactMessages.accountId, options.accountId),
      like ? or(ilike(contactMessages.name, like), ilike(contactMessages.email, like), ilike(contactMessages.message, like)) : undefined,
      options.isHandled === undefined ? undefined : options.isHandled ? isNotNull(contactMessages.handledOn) : isNull(contactMessages.handledOn),
    );
    const [total] = await this.db.select({ n: count() }).from(contactMessages).where(where);
    const rows = await this.db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdOn))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  async findById(id: string, accountId: string, db: Executor = this.db) {
    const [row] = await db
      .select({ message: contactMessages, handledByFirstName: users.firstName, handledByLastName: users.lastName })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledBy))
      .where(and(eq(contactMessages.id, id), eq(contactMessages.accountId, accountId)));
    return row;
  }

  async lock(tx: Executor, id: string, accountId: string) {
    const [row] = await tx
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.id, id), eq(contactMessages.accountId, accountId)))
      .for('update');
    return row;
  }

  async findReplies(messageId: string) {
    return this.db
      .select({ reply: contactMessageReplies, firstName: users.firstName, lastName: users.lastName })
      .from(contactMessageReplies)
      .leftJoin(users, eq(users.id, contactMessageReplies.createdBy))
      .where(eq(contactMessageReplies.messageId, messageId))
      .orderBy(asc(contactMessageReplies.createdOn));
  }

  async insertReply(tx: Executor, values: typeof contactMessageReplies.$inferInsert): Promise<void> {
    await tx.insert(contactMessageReplies).values(values);
  }

  async setHandled(tx: Executor, id: string, isHandled: boolean, actorId: string): Promise<void> {
    await tx
      .update(contactMessages)
      .set({ handledOn: isHandled ? new Date() : null, handledBy: isHandled ? actorId : null, modifiedOn: new Date(), modifiedBy: actorId })
      .where(eq(contactMessages.id, id));
  }

  /** The messages a user sent (newest first, at most `limit`), each with its awarding body's name. */
  async findSentBy(userId: string, limit: number) {
    return this.db
      .select({ message: contactMessages, accountName: accounts.name })
      .from(contactMessages)
      .innerJoin(accounts, eq(accounts.id, contactMessages.accountId))
      .where(eq(contactMessages.createdBy, userId))
      .orderBy(desc(contactMessages.createdOn))
      .limit(limit);
  }

  /** The replies to these messages, oldest first. */
  async findRepliesTo(messageIds: readonly string[]) {
    if (messageIds.length === 0) return [];
    return this.db
      .select()
      .from(contactMessageReplies)
      .where(inArray(contactMessageReplies.messageId, [...messageIds]))
      .orderBy(asc(contactMessageReplies.createdOn));
  }

  /** The phone on an applicant's profile ('' when none; read-only, the applicant module owns the table). */
  async findApplicantPhone(applicantId: string): Promise<string> {
    const [row] = await this.db.select({ phone: applicants.phone }).from(applicants).where(eq(applicants.id, applicantId));
    return row?.phone.trim() ?? '';
  }

  /** The awarding bodies a message may be sent to, the first account first (read-only; the account module owns the table). */
  async findAccounts(): Promise<{ id: string; name: string; shortName: string }[]> {
    return this.db.select({ id: accounts.id, name: accounts.name, shortName: accounts.shortName }).from(accounts).orderBy(asc(accounts.createdOn), asc(accounts.name));
  }

  /** The account a form names by id or short name (whatever its case), or undefined. */
  async findAccountId(reference: string): Promise<string | undefined> {
    const byId = UUID.test(reference) ? eq(accounts.id, reference) : undefined;
    const [row] = await this.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(or(byId, sql`lower(${accounts.shortName}) = lower(${reference})`));
    return row?.id;
  }

  /** The accounts whose programs an applicant has applied to (read-only), for where their message most likely belongs. */
  async findAccountsAppliedTo(applicantId: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ accountId: programs.accountId })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(eq(applications.applicantId, applicantId));
    return rows.map((row) => row.accountId);
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
