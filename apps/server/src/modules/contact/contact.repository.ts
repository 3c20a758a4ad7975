import { count, desc, ilike, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';

export class ContactRepository {
  constructor(private readonly db: Database) {}

  async insert(values: typeof contactMessages.$inferInsert): Promise<void> {
    await this.db.insert(contactMessages).values(values);
  }

  async findPage(options: { page: number; pageSize: number; search?: string }) {
    const like = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
    const where = like ? or(ilike(contactMessages.name, like), ilike(contactMessages.email, like), ilike(contactMessages.message, like)) : undefined;
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
}
