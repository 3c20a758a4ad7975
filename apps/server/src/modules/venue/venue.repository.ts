import { asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { testingAgencies, venues } from '../../db/schema/venue';

async function removeUnlessReferenced(remove: () => Promise<unknown[]>): Promise<number | 'inUse'> {
  try {
    return (await remove()).length;
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'inUse';
    throw error;
  }
}

export type VenueRow = typeof venues.$inferSelect;
export type TestingAgencyRow = typeof testingAgencies.$inferSelect;

const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A unique violation becomes 'duplicate', so the service can say which field is taken. */
async function orDuplicate<T>(work: Promise<T>): Promise<T | 'duplicate'> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

export class VenueRepository {
  constructor(private readonly db: Database) {}

  async findPage(page: number, pageSize: number, search?: string) {
    const where = search ? ilike(venues.title, likeEscaped(search)) : undefined;
    const [total] = await this.db.select({ n: count() }).from(venues).where(where);
    const rows = await this.db.select().from(venues).where(where).orderBy(asc(venues.title)).limit(pageSize).offset((page - 1) * pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  async findById(id: string): Promise<VenueRow | undefined> {
    const [row] = await this.db.select().from(venues).where(eq(venues.id, id));
    return row;
  }

  async insert(values: typeof venues.$inferInsert): Promise<VenueRow | 'duplicate'> {
    return orDuplicate(this.db.insert(venues).values(values).returning().then(([row]) => row!));
  }

  async update(id: string, values: Partial<typeof venues.$inferInsert>): Promise<VenueRow | undefined | 'duplicate'> {
    return orDuplicate(this.db.update(venues).set(values).where(eq(venues.id, id)).returning().then(([row]) => row));
  }

  /** The number of rows removed, or 'inUse' when an exam schedule still names the venue. */
  async remove(id: string): Promise<number | 'inUse'> {
    return removeUnlessReferenced(() => this.db.delete(venues).where(eq(venues.id, id)).returning({ id: venues.id }));
  }
}

export class TestingAgencyRepository {
  constructor(private readonly db: Database) {}

  async findPage(page: number, pageSize: number, search?: string) {
    let where: SQL | undefined;
    if (search) {
      const like = likeEscaped(search);
      where = or(
        ilike(testingAgencies.referenceNumber, like),
        ilike(testingAgencies.companyName, like),
        ilike(testingAgencies.city, like),
        ilike(testingAgencies.state, like),
        ilike(testingAgencies.primaryEmail, like),
      );
    }
    const [total] = await this.db.select({ n: count() }).from(testingAgencies).where(where);
    const rows = await this.db
      .select()
      .from(testingAgencies)
      .where(where)
      .orderBy(asc(testingAgencies.companyName), asc(testingAgencies.referenceNumber))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  async findById(id: string): Promise<TestingAgencyRow | undefined> {
    const [row] = await this.db.select().from(testingAgencies).where(eq(testingAgencies.id, id));
    return row;
  }

  async insert(values: typeof testingAgencies.$inferInsert): Promise<TestingAgencyRow | 'duplicate'> {
    return orDuplicate(this.db.insert(testingAgencies).values(values).returning().then(([row]) => row!));
  }

  async update(id: string, values: Partial<typeof testingAgencies.$inferInsert>): Promise<TestingAgencyRow | undefined | 'duplicate'> {
    return orDuplicate(this.db.update(testingAgencies).set(values).where(eq(testingAgencies.id, id)).returning().then(([row]) => row));
  }

  /** The number of rows removed, or 'inUse' when an exam schedule still names the test centre. */
  async remove(id: string): Promise<number | 'inUse'> {
    return removeUnlessReferenced(() => this.db.delete(testingAgencies).where(eq(testingAgencies.id, id)).returning({ id: testingAgencies.id }));
  }
}
