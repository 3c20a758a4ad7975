import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { isUniqueViolation } from '../../db/errors';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { programCertificationSettings, programModules, programs } from '../../db/schema/program';
import { applicationReviewAttachments, applicationReviews, type ReviewedModuleResult } from '../../db/schema/review';
import { applicants, users } from '../../db/schema/user';
import { accountZone, programZoneSql } from '../account/account-time-zone';

export type ReviewRow = typeof applicationReviews.$inferSelect;

/** The application with what a review needs of its program and holder. */
export interface ReviewApplication {
  application: typeof applications.$inferSelect;
  programCode: string;
  programTitle: string;
  reviewWindowDays: number;
  /** The program's awarding body's zone: the review window runs on its days. */
  timeZone: string;
  holder: { userId: string; firstName: string; lastName: string; email: string };
  manager: { id: string; email: string; firstName: string } | null;
  /**
   * Whether a result of a type without modules may be reviewed (issue 43): a Certification
   * program's own "review allowed" setting; Welder Qualification always. Null for the types whose
   * modules carry the rule (Qualification, AICIP).
   */
  resultReviewAllowed: boolean | null;
}

/** Program types whose result is judged per module: there the program modules' `reviewAllowed` decides. */
const TYPES_WITH_MODULES = new Set([1, 4]);
const CERTIFICATION = 2;

/** One module of the candidate with its program module's review rule. */
export interface ReviewModuleRow {
  id: string;
  moduleCode: string;
  moduleTitle: string;
  result: string | null;
  resultPercentage: number | null;
  reviewAllowed: boolean;
}

export interface ReviewWithNames {
  review: ReviewRow;
  deciderFirstName: string | null;
  deciderLastName: string | null;
  attachmentIds: string[];
}

/** Reviews of a failed result (decision 022): the only file that touches their tables. */
export class ReviewRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findApplication(id: string, db: Executor = this.db): Promise<ReviewApplication | undefined> {
    const [row] = await db
      .select({
        application: applications,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        reviewWindowDays: programs.reviewWindowDays,
        timeZone: programZoneSql(programs.id),
        managerId: programs.programManagerId,
        holder: { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(applications.id, id));
    if (!row) return undefined;
    const [manager] = row.managerId
      ? await db.select({ id: users.id, email: users.email, firstName: users.firstName, active: users.active }).from(users).where(eq(users.id, row.managerId))
      : [];
    let resultReviewAllowed: boolean | null = null;
    if (!TYPES_WITH_MODULES.has(row.application.programType)) {
      const [settings] =
        row.application.programType === CERTIFICATION
          ? await db
              .select({ reviewAllowed: programCertificationSettings.reviewAllowed })
              .from(programCertificationSettings)
              .where(and(eq(programCertificationSettings.programId, row.application.programId), eq(programCertificationSettings.kind, 'initial')))
          : [{ reviewAllowed: true }];
      resultReviewAllowed = settings?.reviewAllowed ?? false;
    }
    return {
      application: row.application,
      programCode: row.programCode,
      programTitle: row.programTitle,
      reviewWindowDays: row.reviewWindowDays,
      timeZone: accountZone(row.timeZone),
      holder: row.holder,
      manager: manager?.active ? { id: manager.id, email: manager.email, firstName: manager.firstName } : null,
      resultReviewAllowed,
    };
  }

  async findModules(applicationId: string, db: Executor = this.db): Promise<ReviewModuleRow[]> {
    return db
      .select({
        id: applicationModules.id,
        moduleCode: programModules.moduleCode,
        moduleTitle: programModules.moduleTitle,
        result: applicationModules.result,
        resultPercentage: applicationModules.resultPercentage,
        reviewAllowed: programModules.reviewAllowed,
      })
      .from(applicationModules)
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .where(eq(applicationModules.applicationId, applicationId))
      .orderBy(asc(applicationModules.order));
  }

  /** Every review of the application, oldest first, with the decider's name and the files' ids. */
  async findReviews(applicationId: string): Promise<ReviewWithNames[]> {
    const rows = await this.db
      .select({ review: applicationReviews, deciderFirstName: users.firstName, deciderLastName: users.lastName })
      .from(applicationReviews)
      .leftJoin(users, eq(users.id, applicationReviews.decidedBy))
      .where(eq(applicationReviews.applicationId, applicationId))
      .orderBy(asc(applicationReviews.createdOn), asc(applicationReviews.id));
    if (rows.length === 0) return [];
    const links = await this.db
      .select({ reviewId: applicationReviewAttachments.reviewId, attachmentId: applicationReviewAttachments.attachmentId })
      .from(applicationReviewAttachments)
      .where(
        inArray(
          applicationReviewAttachments.reviewId,
          rows.map((row) => row.review.id),
        ),
      )
      .orderBy(asc(applicationReviewAttachments.createdOn));
    return rows.map((row) => ({ ...row, attachmentIds: links.filter((link) => link.reviewId === row.review.id).map((link) => link.attachmentId) }));
  }

  /**
   * The new review with its files; null when another open review of the application exists (the
   * partial unique index, under the application's lock, answers two requests at once).
   */
  async insertOpen(tx: Executor, input: { applicationId: string; reason: string; attachmentIds: string[]; actorId: string }): Promise<ReviewRow | null> {
    let review: ReviewRow | undefined;
    try {
      [review] = await tx
        .insert(applicationReviews)
        .values({ applicationId: input.applicationId, reason: input.reason, createdBy: input.actorId, modifiedBy: input.actorId })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    if (!review) throw new Error('review not inserted');
    if (input.attachmentIds.length > 0) {
      await tx.insert(applicationReviewAttachments).values(input.attachmentIds.map((attachmentId) => ({ reviewId: review.id, attachmentId, createdBy: input.actorId, modifiedBy: input.actorId })));
    }
    return review;
  }

  async hasOpen(tx: Executor, applicationId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: applicationReviews.id })
      .from(applicationReviews)
      .where(and(eq(applicationReviews.applicationId, applicationId), eq(applicationReviews.status, 'open')));
    return !!row;
  }

  /** A review already decided: one review per result. */
  async hasDecided(tx: Executor, applicationId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: applicationReviews.id })
      .from(applicationReviews)
      .where(and(eq(applicationReviews.applicationId, applicationId), ne(applicationReviews.status, 'open')));
    return !!row;
  }

  /** The database itself, for reads outside a transaction. */
  reader(): Executor {
    return this.db;
  }

  async lockOpen(tx: Executor, applicationId: string): Promise<ReviewRow | undefined> {
    const [row] = await tx
      .select()
      .from(applicationReviews)
      .where(and(eq(applicationReviews.applicationId, applicationId), eq(applicationReviews.status, 'open')))
      .for('update');
    return row;
  }

  async decide(tx: Executor, id: string, values: { status: 'upheld' | 'refused'; decisionNote: string; decidedBy: string; changedResults: ReviewedModuleResult[] }): Promise<void> {
    const now = new Date();
    await tx
      .update(applicationReviews)
      .set({ ...values, decidedOn: now, modifiedOn: now, modifiedBy: values.decidedBy })
      .where(eq(applicationReviews.id, id));
  }

  /** An upheld review's change of a module result to Pass (the earlier result stays on the review). */
  async passModule(tx: Executor, applicationModuleId: string, actorId: string, note: string): Promise<void> {
    const now = new Date();
    await tx
      .update(applicationModules)
      .set({ result: 'Pass', resultNotes: note, resultEnteredOn: now, resultEnteredBy: actorId, modifiedOn: now, modifiedBy: actorId })
      .where(eq(applicationModules.id, applicationModuleId));
  }
}
