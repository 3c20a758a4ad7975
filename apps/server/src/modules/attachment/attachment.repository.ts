import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attachments } from '../../db/schema/attachment';
import { users } from '../../db/schema/user';

export type AttachmentRow = typeof attachments.$inferSelect;

export class AttachmentRepository {
  constructor(private readonly db: Database) {}

  async insertPending(values: typeof attachments.$inferInsert): Promise<AttachmentRow> {
    const [row] = await this.db.insert(attachments).values(values).returning();
    if (!row) throw new Error('attachment not recorded');
    return row;
  }

  async findByKey(resourceKey: string): Promise<AttachmentRow | undefined> {
    const [row] = await this.db.select().from(attachments).where(eq(attachments.resourceKey, resourceKey));
    return row;
  }

  /** A saved attachment with its owner's user type (admin or applicant). */
  async findSavedWithOwnerType(resourceKey: string): Promise<(AttachmentRow & { ownerUserType: string }) | undefined> {
    const [row] = await this.db
      .select({ attachment: attachments, ownerUserType: users.userType })
      .from(attachments)
      .innerJoin(users, eq(users.id, attachments.ownerUserId))
      .where(and(eq(attachments.resourceKey, resourceKey), eq(attachments.status, 'saved')));
    return row ? { ...row.attachment, ownerUserType: row.ownerUserType } : undefined;
  }

  async markSaved(id: string, contentType: string, size: number): Promise<AttachmentRow | undefined> {
    const [row] = await this.db
      .update(attachments)
      .set({ status: 'saved', contentType, size, savedOn: new Date(), modifiedOn: new Date() })
      .where(and(eq(attachments.id, id), eq(attachments.status, 'pending')))
      .returning();
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(attachments).where(eq(attachments.id, id));
  }

  async findSavedOf(ownerUserId: string): Promise<AttachmentRow[]> {
    return this.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.ownerUserId, ownerUserId), eq(attachments.status, 'saved')))
      .orderBy(desc(attachments.savedOn));
  }

  async findSavedByIds(ids: string[]): Promise<AttachmentRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(attachments)
      .where(and(inArray(attachments.id, ids), eq(attachments.status, 'saved')));
  }
}
