import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
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

/** Venues of one account: another account's venue is not found, whatever its id (decision 033). */
export class VenueRepository {
  constructor(private readonly db: Database) {}

  async findPage(accountId: string, page: number, pageSize: number, search?: string) {
    const where = and(eq(venues.accountId, accountId), search ? ilike(venues.title, likeEscaped(search)) : undefined);
    const [total] = await this.db.select({ n: count() }).from(venues).where(where);
    const rows = await this.db.select().from(venues).where(where).orderBy(asc(venues.title)).limit(pageSize).offset((page - 1) * pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  async findById(id: string, accountId: string): Promise<VenueRow | undefined> {
    const [row] = await this.db.select().from(venues).where(and(eq(venues.id, id), eq(venues.accountId, accountId)));
    return row;
  }

  async insert(values: typeof venues.$inferInsert & { accountId: string }): Promise<VenueRow | 'duplicate'> {
    return orDuplicate(this.db.insert(venues).values(values).returning().then(([row]) => row!));
  }

  async update(id: string, accountId: string, values: Partial<typeof venues.$inferInsert>): Promise<VenueRow | undefined | 'duplicate'> {
    return orDuplicate(this.db.update(venues).set(values).where(and(eq(venues.id, id), eq(venues.accountId, accountId))).returning().then(([row]) => row));
  }

  /** The number of rows removed, or 'inUse' when an exam schedule still names the venue. */
  async remove(id: string, accountId: string): Promise<number | 'inUse'> {
    return removeUnlessReferenced(() => this.db.delete(venues).where(and(eq(venues.id, id), eq(venues.accountId, accountId))).returning({ id: venues.id }));
  }
}

/** Test centres of one account, like venues. */
export class TestingAgencyRepository {
  constructor(private readonly db: Database) {}

  async findPage(accountId: string, page: number, pageSize: number, search?: string) {
    let matches: SQL | undefined;
    if (search) {
      const like = likeEscaped(search);
      matches = or(
        ilike(testingAgencies.referenceNumber, like),
        ilike(testingAgencies.companyName, like),
        ilike(testingAgencies.city, like),
        ilike(testingAgencies.state, like),
        ilike(testingAgencies.primaryEmail, like),
      );
    }
    const where = and(eq(testingAgencies.accountId, accountId), matches);
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

  async findById(id: string, accountId: string): Promise<TestingAgencyRow | undefined> {
    const [row] = await this.db.select().from(testingAgencies).where(and(eq(testingAgencies.id, id), eq(testingAgencies.accountId, accountId)));
    return row;
  }

  async insert(values: typeof testingAgencies.$inferInsert & { accountId: string }): Promise<TestingAgencyRow | 'duplicate'> {
    return orDuplicate(this.db.insert(testingAgencies).values(values).returning().then(([row]) => row!));
  }

  async update(id: string, accountId: string, values: Partial<typeof testingAgencies.$inferInsert>): Promise<TestingAgencyRow | undefined | 'duplicate'> {
    return orDuplicate(
      this.db
        .update(testingAgencies)
        .set(values)
        .where(and(eq(testingAgencies.id, id), eq(testingAgencies.accountId, accountId)))
        .returning()
        .then(([row]) => row),
    );
  }

  /** The number of rows removed, or 'inUse' when an exam schedule still names the test centre. */
  async remove(id: string, accountId: string): Promise<number | 'inUse'> {
    return removeUnlessReferenced(() =>
      this.db
        .delete(testingAgencies)
        .where(and(eq(testingAgencies.id, id), eq(testingAgencies.accountId, accountId)))
        .returning({ id: testingAgencies.id }),
    );
  }
}
