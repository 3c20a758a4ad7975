import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { contactMessages } from '../../db/schema/contact';
import { contactMessageReplies } from '../../db/schema/support';
import { users } from '../../db/schema/user';

export class ContactRepository {
  constructor(private readonly db: Database) {}

  async insert(values: typeof contactMessages.$inferInsert): Promise<void> {
    await this.db.insert(contactMessages).values(values);
  }

  async findPage(options: { page: number; pageSize: number; search?: string; isHandled?: boolean }) {
    const like = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = and(
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

  async findById(id: string, db: Executor = this.db) {
    const [row] = await db
      .select({ message: contactMessages, handledByFirstName: users.firstName, handledByLastName: users.lastName })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledBy))
      .where(eq(contactMessages.id, id));
    return row;
  }

  async lock(tx: Executor, id: string) {
    const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
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

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
