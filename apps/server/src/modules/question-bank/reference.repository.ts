import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ReferenceKind } from '@certs/shared/question-bank/reference.contract';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import { questionSubjects, questionTags, questions, subjects, tags } from '../../db/schema/question-bank';

export type ReferenceRow = typeof subjects.$inferSelect;

/**
 * Subjects and tags have the same columns; each kind names its table and link table. Tags are
 * typed as the subjects table: the SQL comes from the table object, the types are the same shape.
 */
function tablesOf(kind: ReferenceKind) {
  return kind === 'subject'
    ? { table: subjects, link: questionSubjects as typeof questionSubjects | typeof questionTags, linkRef: questionSubjects.subjectId, linkQuestion: questionSubjects.questionId }
    : { table: tags as unknown as typeof subjects, link: questionTags as typeof questionSubjects | typeof questionTags, linkRef: questionTags.tagId, linkQuestion: questionTags.questionId };
}

/**
 * Subjects or tags: titled lists, unique by title whatever its case within an account. Every read
 * and write names the account, so another account's row is not found whatever its id (decision 033).
 */
export class ReferenceRepository {
  private readonly t: ReturnType<typeof tablesOf>;

  constructor(
    private readonly db: Database,
    readonly kind: ReferenceKind,
  ) {
    this.t = tablesOf(kind);
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** Every row of the account with how many questions use it, by title. */
  async findAll(accountId: string): Promise<(ReferenceRow & { numOfQuestions: number })[]> {
    const { table, link, linkRef } = this.t;
    const rows = await this.db
      .select({ row: table, numOfQuestions: count(linkRef) })
      .from(table)
      .leftJoin(link, eq(linkRef, table.id))
      .where(eq(table.accountId, accountId))
      .groupBy(table.id)
      .orderBy(asc(sql`lower(${table.title})`));
    return rows.map(({ row, numOfQuestions }) => ({ ...row, numOfQuestions }));
  }

  async findById(id: string, accountId: string, db: Executor = this.db): Promise<ReferenceRow | undefined> {
    const [row] = await db.select().from(this.t.table).where(this.ofAccount(accountId, eq(this.t.table.id, id)));
    return row;
  }

  async findByTitle(title: string, accountId: string, db: Executor = this.db): Promise<ReferenceRow | undefined> {
    const [row] = await db
      .select()
      .from(this.t.table)
      .where(this.ofAccount(accountId, sql`lower(${this.t.table.title}) = lower(${title})`));
    return row;
  }

  /** The account's rows among these ids (another account's are simply absent). */
  async findByIds(ids: readonly string[], accountId: string, db: Executor = this.db): Promise<ReferenceRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(this.t.table).where(this.ofAccount(accountId, inArray(this.t.table.id, [...ids])));
  }

  /** The account's rows whose titles match any of these, whatever the case. */
  async findByTitles(titles: readonly string[], accountId: string, db: Executor = this.db): Promise<ReferenceRow[]> {
    if (titles.length === 0) return [];
    const lowered = titles.map((title) => title.toLowerCase());
    return db
      .select()
      .from(this.t.table)
      .where(this.ofAccount(accountId, inArray(sql`lower(${this.t.table.title})`, lowered)));
  }

  /** Undefined when the title is taken in the account. */
  async insert(values: typeof subjects.$inferInsert & { accountId: string }, db: Executor = this.db): Promise<ReferenceRow | undefined> {
    const [row] = await db.insert(this.t.table).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(id: string, accountId: string, values: Partial<typeof subjects.$inferInsert>): Promise<ReferenceRow | undefined | 'duplicate'> {
    try {
      const [row] = await this.db.update(this.t.table).set(values).where(this.ofAccount(accountId, eq(this.t.table.id, id))).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Locks the row: a question being saved with it waits, so "not in use" stays true until it is gone. */
  async lockById(tx: Executor, id: string, accountId: string): Promise<ReferenceRow | undefined> {
    const [row] = await tx.select().from(this.t.table).where(this.ofAccount(accountId, eq(this.t.table.id, id))).for('update');
    return row;
  }

  /** The numbers of the questions using it (the first `limit`) and how many there are. */
  async findUsage(tx: Executor, id: string, limit: number): Promise<{ questionNumbers: number[]; total: number }> {
    const { link, linkRef, linkQuestion } = this.t;
    const [total] = await tx.select({ n: count() }).from(link).where(eq(linkRef, id));
    const rows = await tx
      .select({ questionNumber: questions.questionNumber })
      .from(link)
      .innerJoin(questions, eq(questions.id, linkQuestion))
      .where(eq(linkRef, id))
      .orderBy(asc(questions.questionNumber))
      .limit(limit);
    return { questionNumbers: rows.map((row) => row.questionNumber), total: total?.n ?? 0 };
  }

  async countUsage(id: string): Promise<number> {
    const [total] = await this.db.select({ n: count() }).from(this.t.link).where(eq(this.t.linkRef, id));
    return total?.n ?? 0;
  }

  async remove(tx: Executor, id: string, accountId: string): Promise<void> {
    await tx.delete(this.t.table).where(this.ofAccount(accountId, eq(this.t.table.id, id)));
  }

  private ofAccount(accountId: string, condition: SQL): SQL {
    return and(eq(this.t.table.accountId, accountId), condition) as SQL;
  }
}
