import { isUniqueViolation } from '../../db/errors';
import { and, asc, eq, max, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import {
  type applicantInstructions,
  programCertificationSettings,
  programModules,
  type programRequirements,
  programWelderQualificationSettings,
} from '../../db/schema/program';

type OrderedTable = typeof applicantInstructions | typeof programRequirements | typeof programModules;

/**
 * Instructions, requirements and modules are all ordered lists inside a program: one piece of
 * code appends, edits, removes and reorders them. `scope` narrows the list (modules: renewal or not).
 */
export class OrderedPartRepository<T extends OrderedTable> {
  constructor(
    private readonly db: Database,
    private readonly table: T,
  ) {}

  private get t(): OrderedTable {
    return this.table;
  }

  async list(programId: string, scope?: SQL): Promise<T['$inferSelect'][]> {
    const where = scope ? and(eq(this.t.programId, programId), scope) : eq(this.t.programId, programId);
    return (await this.db.select().from(this.t).where(where).orderBy(asc(this.t.sortOrder), asc(this.t.createdOn))) as T['$inferSelect'][];
  }

  async findById(id: string): Promise<T['$inferSelect'] | undefined> {
    const [row] = await this.db.select().from(this.t).where(eq(this.t.id, id));
    return row as T['$inferSelect'] | undefined;
  }

  /** Appends at the end of the list. */
  async append(values: Omit<T['$inferInsert'], 'sortOrder'>, scope?: SQL): Promise<T['$inferSelect'] | undefined> {
    const programId = (values as { programId: string }).programId;
    const where = scope ? and(eq(this.t.programId, programId), scope) : eq(this.t.programId, programId);
    const [last] = await this.db.select({ n: max(this.t.sortOrder) }).from(this.t).where(where);
    try {
      const [row] = await this.db
        .insert(this.t)
        .values({ ...values, sortOrder: (last?.n ?? 0) + 1 } as T['$inferInsert'])
        .returning();
      return row as T['$inferSelect'];
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  async update(id: string, values: Partial<T['$inferInsert']>): Promise<T['$inferSelect'] | undefined | 'duplicate'> {
    try {
      const [row] = await this.db.update(this.t).set(values).where(eq(this.t.id, id)).returning();
      return row as T['$inferSelect'] | undefined;
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(this.t).where(eq(this.t.id, id));
  }

  /** Gives the listed rows the order of the list, in one transaction. */
  async reorder(ids: string[], modifiedBy: string): Promise<void> {
    await this.db.transaction(async (tx: Executor) => {
      for (const [index, id] of ids.entries()) {
        await tx.update(this.t).set({ sortOrder: index + 1, modifiedBy, modifiedOn: new Date() }).where(eq(this.t.id, id));
      }
    });
  }
}


export type CertificationSettingsRow = typeof programCertificationSettings.$inferSelect;
export type WelderQualificationSettingsRow = typeof programWelderQualificationSettings.$inferSelect;

export class ProgramSettingsRepository {
  constructor(private readonly db: Database) {}

  async findCertification(programId: string, kind: 'initial' | 'renewal'): Promise<CertificationSettingsRow | undefined> {
    const [row] = await this.db
      .select()
      .from(programCertificationSettings)
      .where(and(eq(programCertificationSettings.programId, programId), eq(programCertificationSettings.kind, kind)));
    return row;
  }

  async saveCertification(values: typeof programCertificationSettings.$inferInsert): Promise<CertificationSettingsRow> {
    const { programId: _programId, kind: _kind, createdBy: _createdBy, ...changes } = values;
    const [row] = await this.db
      .insert(programCertificationSettings)
      .values(values)
      .onConflictDoUpdate({ target: [programCertificationSettings.programId, programCertificationSettings.kind], set: { ...changes, modifiedOn: new Date() } })
      .returning();
    if (!row) throw new Error('settings not saved');
    return row;
  }

  async findWelderQualification(programId: string): Promise<WelderQualificationSettingsRow | undefined> {
    const [row] = await this.db.select().from(programWelderQualificationSettings).where(eq(programWelderQualificationSettings.programId, programId));
    return row;
  }

  async saveWelderQualification(values: typeof programWelderQualificationSettings.$inferInsert): Promise<WelderQualificationSettingsRow> {
    const { programId: _programId, createdBy: _createdBy, ...changes } = values;
    const [row] = await this.db
      .insert(programWelderQualificationSettings)
      .values(values)
      .onConflictDoUpdate({ target: programWelderQualificationSettings.programId, set: { ...changes, modifiedOn: new Date() } })
      .returning();
    if (!row) throw new Error('settings not saved');
    return row;
  }
}

export const moduleScope = (isRenewal: boolean) => eq(programModules.isRenewal, isRenewal);
