import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applicationAssessments, applicationAssessorReviews, applicationFileNotes, applicationHistory, applications } from '../../db/schema/application';
import { programUsers, programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';

export type ApplicationRow = typeof applications.$inferSelect;
export type AssessorReviewRow = typeof applicationAssessorReviews.$inferSelect;
export type AssessmentRow = typeof applicationAssessments.$inferSelect;

export interface QueueFilters {
  /** The account whose programs are listed: never another account's. */
  accountId: string;
  /** The programs to list; every program of the account when absent (an empty list finds nothing). */
  programIds?: readonly string[];
  programType: number;
  status?: string;
  stage?: string;
  search?: string;
  orderBy: 'applicationNumber' | 'applicationDate' | 'status';
  ascending: boolean;
  page: number;
  pageSize: number;
}

const applicantUser = alias(users, 'applicant_user');
const assessorUser = alias(users, 'assessor_user');
const reviewSavedBy = alias(users, 'review_saved_by');
const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nameOf = (row: { firstName: string | null; lastName: string | null } | null) => (row?.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : '-');

/** The staff side of applications: the queue, the stages' rows, history and file notes. */
export class ApplicationWorkflowRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** Locks the application row for the rest of the transaction: every staff move re-reads its state here. */
  async lock(tx: Executor, id: string): Promise<ApplicationRow | undefined> {
    const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for('update');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<typeof applications.$inferInsert>): Promise<void> {
    await tx.update(applications).set({ ...values, modifiedOn: new Date() }).where(eq(applications.id, id));
  }

  async insertHistory(tx: Executor, values: typeof applicationHistory.$inferInsert): Promise<void> {
    await tx.insert(applicationHistory).values(values);
  }

  /**
   * One program's submitted applications (drafts the applicant never submitted stay private; an
   * application sent back for more information keeps its submission date and stays listed).
   */
  async findQueue(filters: QueueFilters) {
    if (filters.programIds && filters.programIds.length === 0) return { totalRows: 0, rows: [] };
    const conditions: SQL[] = [
      eq(applications.programType, filters.programType),
      isNotNull(applications.submittedOn),
      inArray(applications.programId, this.db.select({ id: programs.id }).from(programs).where(eq(programs.accountId, filters.accountId))),
    ];
    if (filters.programIds) conditions.push(inArray(applications.programId, [...filters.programIds]));
    if (filters.status) conditions.push(eq(applications.status, filters.status));
    if (filters.stage) conditions.push(eq(applications.workflowStage, filters.stage));
    if (filters.search) {
      const like = likeEscaped(filters.search);
      const searched = or(
        ilike(applications.applicationNumber, like),
        ilike(applicantUser.email, like),
        ilike(applicantUser.firstName, like),
        ilike(applicantUser.lastName, like),
        ilike(sql`${applicantUser.firstName} || ' ' || ${applicantUser.lastName}`, like),
      );
      if (searched) conditions.push(searched);
    }
    const where = and(...conditions);
    const direction = filters.ascending ? asc : desc;
    const orderColumn =
      filters.orderBy === 'applicationDate' ? applications.submittedOn : filters.orderBy === 'status' ? applications.status : applications.applicationNumber;
    const [total] = await this.db
      .select({ n: count() })
      .from(applications)
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(applicantUser, eq(applicantUser.id, applicants.userId))
      .where(where);
    const rows = await this.db
      .select({
        application: applications,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        applicant: { firstName: applicantUser.firstName, lastName: applicantUser.lastName, email: applicantUser.email },
        assessor: { firstName: assessorUser.firstName, lastName: assessorUser.lastName },
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(applicantUser, eq(applicantUser.id, applicants.userId))
      .leftJoin(assessorUser, eq(assessorUser.id, applications.assessorId))
      .where(where)
      .orderBy(direction(orderColumn), direction(applications.applicationNumber))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    return {
      totalRows: total?.n ?? 0,
      rows: rows.map((row) => ({
        application: row.application,
        programCode: row.programCode,
        programTitle: row.programTitle,
        applicantName: nameOf(row.applicant),
        applicantEmail: row.applicant.email,
        assessorName: row.assessor?.firstName ? nameOf(row.assessor) : null,
      })),
    };
  }

  /** Programs a member of staff serves on: as the named manager or in any program role (decision 006). */
  async findProgramIdsServedBy(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: programs.id })
      .from(programs)
      .where(or(eq(programs.programManagerId, userId), inArray(programs.id, this.db.select({ id: programUsers.programId }).from(programUsers).where(eq(programUsers.userId, userId)))));
    return rows.map((row) => row.id);
  }

  async findHistory(applicationId: string) {
    const rows = await this.db
      .select({ entry: applicationHistory, firstName: users.firstName, lastName: users.lastName })
      .from(applicationHistory)
      .leftJoin(users, eq(users.id, applicationHistory.createdBy))
      .where(eq(applicationHistory.applicationId, applicationId))
      .orderBy(asc(applicationHistory.sequence));
    return rows.map((row) => ({ ...row.entry, changedBy: nameOf(row) }));
  }

  async findUserName(userId: string): Promise<{ id: string; name: string; email: string } | undefined> {
    const [row] = await this.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
    return row ? { id: row.id, name: nameOf(row), email: row.email } : undefined;
  }

  async findReview(applicationId: string, round: number, db: Executor = this.db): Promise<(AssessorReviewRow & { assessorName: string; savedByName: string }) | undefined> {
    const [row] = await db
      .select({
        review: applicationAssessorReviews,
        firstName: users.firstName,
        lastName: users.lastName,
        savedByFirstName: reviewSavedBy.firstName,
        savedByLastName: reviewSavedBy.lastName,
      })
      .from(applicationAssessorReviews)
      .innerJoin(users, eq(users.id, applicationAssessorReviews.assessorId))
      .leftJoin(reviewSavedBy, eq(reviewSavedBy.id, applicationAssessorReviews.modifiedBy))
      .where(and(eq(applicationAssessorReviews.applicationId, applicationId), eq(applicationAssessorReviews.round, round)));
    if (!row) return undefined;
    const assessorName = nameOf(row);
    // A review written before modified_by was kept, or by a removed user, reads as the assessor's own.
    const savedByName = row.savedByFirstName ? nameOf({ firstName: row.savedByFirstName, lastName: row.savedByLastName }) : assessorName;
    return { ...row.review, assessorName, savedByName };
  }

  /** Writes the round's review (one row per round), as it is saved or submitted. */
  async upsertReview(tx: Executor, values: typeof applicationAssessorReviews.$inferInsert): Promise<void> {
    await tx
      .insert(applicationAssessorReviews)
      .values(values)
      .onConflictDoUpdate({
        target: [applicationAssessorReviews.applicationId, applicationAssessorReviews.round],
        set: { assessorId: values.assessorId, review: values.review, recommendation: values.recommendation, submittedOn: values.submittedOn, modifiedOn: new Date(), modifiedBy: values.modifiedBy },
      });
  }

  async findAssessment(applicationId: string, round: number, db: Executor = this.db): Promise<(AssessmentRow & { submittedByName: string | null }) | undefined> {
    const [row] = await db
      .select({ assessment: applicationAssessments, firstName: users.firstName, lastName: users.lastName })
      .from(applicationAssessments)
      .leftJoin(users, eq(users.id, applicationAssessments.modifiedBy))
      .where(and(eq(applicationAssessments.applicationId, applicationId), eq(applicationAssessments.round, round)));
    return row ? { ...row.assessment, submittedByName: row.assessment.submittedOn ? nameOf(row) : null } : undefined;
  }

  async upsertAssessment(tx: Executor, values: typeof applicationAssessments.$inferInsert): Promise<void> {
    await tx
      .insert(applicationAssessments)
      .values(values)
      .onConflictDoUpdate({
        target: [applicationAssessments.applicationId, applicationAssessments.round],
        set: {
          assessmentReport: values.assessmentReport,
          selections: values.selections,
          outcome: values.outcome,
          messageToApplicant: values.messageToApplicant,
          submittedOn: values.submittedOn,
          modifiedOn: new Date(),
          modifiedBy: values.modifiedBy,
        },
      });
  }

  async insertFileNote(values: typeof applicationFileNotes.$inferInsert) {
    const [row] = await this.db.insert(applicationFileNotes).values(values).returning();
    if (!row) throw new Error('file note not inserted');
    return row;
  }

  async findFileNotes(applicationId: string) {
    const rows = await this.db
      .select({ note: applicationFileNotes, firstName: users.firstName, lastName: users.lastName })
      .from(applicationFileNotes)
      .leftJoin(users, eq(users.id, applicationFileNotes.createdBy))
      .where(eq(applicationFileNotes.applicationId, applicationId))
      .orderBy(desc(applicationFileNotes.createdOn), desc(applicationFileNotes.id));
    return rows.map((row) => ({ ...row.note, createdByName: nameOf(row) }));
  }
}
