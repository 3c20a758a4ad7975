import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applicationAnswerAttachments, applicationAnswers, applicationCounters, applicationHistory, applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { programRequirements, programs } from '../../db/schema/program';
import { applicants } from '../../db/schema/user';

export type ApplicationRow = typeof applications.$inferSelect;
export interface ApplicationWithProgram {
  application: ApplicationRow;
  program: { programCode: string; programTitle: string };
}

const programColumns = { programCode: programs.programCode, programTitle: programs.programTitle };

export class ApplicationRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findById(id: string, db: Executor = this.db): Promise<ApplicationWithProgram | undefined> {
    const [row] = await db.select({ application: applications, program: programColumns }).from(applications).innerJoin(programs, eq(programs.id, applications.programId)).where(eq(applications.id, id));
    return row;
  }

  /** An application's moves, oldest first, without staff notes or names (what its applicant reads). */
  async findMoves(applicationId: string) {
    return this.db
      .select({
        id: applicationHistory.id,
        createdOn: applicationHistory.createdOn,
        fromStatus: applicationHistory.fromStatus,
        toStatus: applicationHistory.toStatus,
        fromStage: applicationHistory.fromStage,
        toStage: applicationHistory.toStage,
      })
      .from(applicationHistory)
      .where(eq(applicationHistory.applicationId, applicationId))
      .orderBy(asc(applicationHistory.sequence));
  }

  /** The applicant's most recent application to a program. */
  async findCurrent(applicantId: string, programId: string, db: Executor = this.db): Promise<ApplicationWithProgram | undefined> {
    const [row] = await db
      .select({ application: applications, program: programColumns })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(and(eq(applications.applicantId, applicantId), eq(applications.programId, programId)))
      .orderBy(desc(applications.createdOn))
      .limit(1);
    return row;
  }

  /**
   * Locks the applicant's row while a draft is started: the applicant's own first save and a
   * company's nomination (issue 42) take turns, and the second finds the first's draft.
   */
  async lockApplicant(tx: Executor, applicantId: string): Promise<void> {
    await tx.select({ id: applicants.id }).from(applicants).where(eq(applicants.id, applicantId)).for('update');
  }

  /** The next number for a program type and year, in one atomic statement. */
  async nextNumber(tx: Executor, programType: number, year: number): Promise<number> {
    const [row] = await tx
      .insert(applicationCounters)
      .values({ programType, year, lastNumber: 1 })
      .onConflictDoUpdate({ target: [applicationCounters.programType, applicationCounters.year], set: { lastNumber: sql`${applicationCounters.lastNumber} + 1` } })
      .returning({ n: applicationCounters.lastNumber });
    if (!row) throw new Error('no application number');
    return row.n;
  }

  async insert(tx: Executor, values: typeof applications.$inferInsert): Promise<ApplicationRow> {
    const [row] = await tx.insert(applications).values(values).returning();
    if (!row) throw new Error('application not inserted');
    return row;
  }

  async insertHistory(tx: Executor, values: typeof applicationHistory.$inferInsert): Promise<void> {
    await tx.insert(applicationHistory).values(values);
  }

  /** Replaces the answers of a draft, only while it is still a draft (checked in the same statement). */
  async saveDraft(id: string, declarationAccepted: boolean, answers: { requirementId: string; answerText: string; attachmentIds: string[] }[], actorId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .update(applications)
        .set({ declarationAccepted, modifiedOn: new Date(), modifiedBy: actorId })
        .where(and(eq(applications.id, id), eq(applications.status, 'Application Started')))
        .returning({ id: applications.id });
      if (!locked) return false;
      for (const answer of answers) {
        const [saved] = await tx
          .insert(applicationAnswers)
          .values({ applicationId: id, requirementId: answer.requirementId, answerText: answer.answerText, createdBy: actorId, modifiedBy: actorId })
          .onConflictDoUpdate({ target: [applicationAnswers.applicationId, applicationAnswers.requirementId], set: { answerText: answer.answerText, modifiedOn: new Date(), modifiedBy: actorId } })
          .returning({ id: applicationAnswers.id });
        if (!saved) continue;
        await tx.delete(applicationAnswerAttachments).where(eq(applicationAnswerAttachments.answerId, saved.id));
        if (answer.attachmentIds.length) {
          await tx.insert(applicationAnswerAttachments).values(answer.attachmentIds.map((attachmentId) => ({ answerId: saved.id, attachmentId, createdBy: actorId, modifiedBy: actorId })));
        }
      }
      return true;
    });
  }

  /** Moves the status only from the expected one; false when someone else moved it first. */
  async changeStatus(tx: Executor, id: string, from: string, to: string, values: Partial<typeof applications.$inferInsert>): Promise<boolean> {
    const updated = await tx
      .update(applications)
      .set({ ...values, status: to, modifiedOn: new Date() })
      .where(and(eq(applications.id, id), eq(applications.status, from)))
      .returning({ id: applications.id });
    return updated.length === 1;
  }

  /** The program's requirements with this application's answers and attachment ids. */
  async findAnswers(applicationId: string, programId: string) {
    const rows = await this.db
      .select({
        requirementId: programRequirements.id,
        requirementCode: programRequirements.requirementCode,
        requirementDescription: programRequirements.requirementDescription,
        answerId: applicationAnswers.id,
        answerText: applicationAnswers.answerText,
      })
      .from(programRequirements)
      .leftJoin(applicationAnswers, and(eq(applicationAnswers.requirementId, programRequirements.id), eq(applicationAnswers.applicationId, applicationId)))
      .where(eq(programRequirements.programId, programId))
      .orderBy(asc(programRequirements.sortOrder));
    const answerIds = rows.map((row) => row.answerId).filter((id): id is string => !!id);
    const links = answerIds.length
      ? await this.db.select().from(applicationAnswerAttachments).where(inArray(applicationAnswerAttachments.answerId, answerIds))
      : [];
    return rows.map((row) => ({
      requirementId: row.requirementId,
      requirementCode: row.requirementCode,
      requirementDescription: row.requirementDescription,
      answerText: row.answerText ?? '',
      attachmentIds: links.filter((link) => link.answerId === row.answerId).map((link) => link.attachmentId),
    }));
  }

  async findPageOf(applicantId: string, page: number, pageSize: number) {
    const where = eq(applications.applicantId, applicantId);
    const [total] = await this.db.select({ n: count() }).from(applications).where(where);
    const rows = await this.db
      .select({ application: applications, program: programColumns })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(where)
      .orderBy(desc(applications.createdOn))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** The latest status of the applicant's application per program, for the catalogue. */
  async latestStatuses(applicantId: string, programIds: string[]): Promise<{ programId: string; status: string; awardStatus: string | null }[]> {
    if (programIds.length === 0) return [];
    // The award the application led to, newest first: its own state (on hold, expired) is what the holder holds now.
    const latestAward = this.db.select({ status: awards.status }).from(awards).where(eq(awards.applicationId, applications.id)).orderBy(desc(awards.createdOn)).limit(1);
    const awardStatus = sql<string | null>`(${latestAward})`;
    return this.db
      .selectDistinctOn([applications.programId], { programId: applications.programId, status: applications.status, awardStatus })
      .from(applications)
      .where(and(eq(applications.applicantId, applicantId), inArray(applications.programId, programIds)))
      .orderBy(applications.programId, desc(applications.createdOn));
  }
}
