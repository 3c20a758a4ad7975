import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { csvExports } from '../../db/schema/report';

export class ExportRepository {
  constructor(private readonly db: Database) {}

  async insert(values: { fileName: string; content: string; rowCount: number; userId: string; accountId: string }): Promise<void> {
    await this.db
      .insert(csvExports)
      .values({ accountId: values.accountId, fileName: values.fileName, content: values.content, rowCount: values.rowCount, createdBy: values.userId, modifiedBy: values.userId });
  }

  /** The export by its stored name, only for the member of staff who made it, in the account they made it in. */
  async findOwn(fileName: string, userId: string, accountId: string) {
    const [row] = await this.db
      .select({ fileName: csvExports.fileName, content: csvExports.content, createdOn: csvExports.createdOn })
      .from(csvExports)
      .where(and(eq(csvExports.fileName, fileName), eq(csvExports.createdBy, userId), eq(csvExports.accountId, accountId)));
    return row;
  }
}
