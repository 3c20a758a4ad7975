import { and, asc, count, desc, eq, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppealSubject } from '@certs/shared/appeal/appeal.contract';
import { OPEN_CASE_STATUSES, type CaseStatus } from '@certs/shared/case/case.contract';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { appeals, caseEntries } from '../../db/schema/appeal';
import { applicationHistory, applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { programUsers, programs } from '../../db/schema/program';
import { renewalApplications } from '../../db/schema/renewal';
import { applicants, users } from '../../db/schema/user';
import { accountZone } from '../account/account-time-zone';

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const appellant = alias(users, 'appellant');
const handler = alias(users, 'handler');
const decider = alias(users, 'decider');

export type AppealTableRow = typeof appeals.$inferSelect;
export type CaseEntryRow = typeof caseEntries.$inferSelect;

/** `First Last`, or null when the join found nobody. */
export function nameOf(first: string | null | undefined, last: string | null | undefined): string | null {
  return first ? `${first} ${last ?? ''}`.trim() : null;
}

export interface RegisterFilters {
  /** Staff: their account (the person's own list spans bodies). */
  accountId?: string;
  /** Staff who are not administrators: the programs they serve on, and appeals they handle. */
  reach?: { programIds: string[]; handlerId: string };
  status?: CaseStatus;
  subject?: AppealSubject;
  programId?: string;
  handlerId?: string;
  applicationId?: string;
  /** The person's own list. */
  appellantUserId?: string;
  search?: string;
  /** The body's today: open appeals past their decision date are overdue. */
  overdueOn?: { today: string; isOverdue: boolean };
}

/** What an application's appeal needs to know of it: its holder, program, window and zone. */
export interface AppealApplicationFacts {
  id: string;
  applicationNumber: string;
  programType: number;
  status: string;
  overallResult: string | null;
  resultRecordedOn: Date | null;
  submittedOn: Date | null;
  applicantId: string;
  holderUserId: string;
  holderFirstName: string;
  holderLastName: string;
  holderEmail: string;
  programId: string;
  programCode: string;
  programTitle: string;
  programManagerId: string | null;
  reviewWindowDays: number;
  accountId: string;
  timeZone: string;
}

/**
 * Appeals and their entries (issue 43): the only file that touches their tables. Staff reads name
 * the staff member's account (the database's row-level security is the second line); the person's
 * reads name the person.
 */
export class AppealRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  reader(): Executor {
    return this.db;
  }

  // ---- The application and its decisions ------------------------------------------------------

  async findApplicationFacts(applicationId: string, db: Executor = this.db): Promise<AppealApplicationFacts | undefined> {
    const [row] = await db
      .select({
        id: applications.id,
        applicationNumber: applications.applicationNumber,
        programType: applications.programType,
        status: applications.status,
        overallResult: applications.overallResult,
        resultRecordedOn: applications.resultRecordedOn,
        submittedOn: applications.submittedOn,
        applicantId: applications.applicantId,
        holderUserId: users.id,
        holderFirstName: users.firstName,
        holderLastName: users.lastName,
        holderEmail: users.email,
        programId: programs.id,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        programManagerId: programs.programManagerId,
        reviewWindowDays: programs.reviewWindowDays,
        accountId: programs.accountId,
        timeZone: accounts.timeZone,
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(applications.id, applicationId));
    return row ? { ...row, timeZone: accountZone(row.timeZone) } : undefined;
  }

  /** When the application was refused at assessment (Being Assessed -> Failed), the latest time. */
  async findAssessmentRefusal(applicationId: string, db: Executor = this.db): Promise<{ decidedOn: Date; historyId: string } | undefined> {
    const [row] = await db
      .select({ decidedOn: applicationHistory.createdOn, historyId: applicationHistory.id })
      .from(applicationHistory)
      .where(and(eq(applicationHistory.applicationId, applicationId), eq(applicationHistory.fromStatus, 'Being Assessed'), eq(applicationHistory.toStatus, 'Failed')))
      .orderBy(desc(applicationHistory.sequence))
      .limit(1);
    return row;
  }

  /** The application's latest award and, for a hold or a cancellation, when it was made. */
  async findLatestAward(applicationId: string, db: Executor = this.db): Promise<{ id: string; status: string; certificateNumber: string } | undefined> {
    const [row] = await db
      .select({ id: awards.id, status: awards.status, certificateNumber: awards.certificateNumber })
      .from(awards)
      .where(eq(awards.applicationId, applicationId))
      .orderBy(desc(awards.createdOn), desc(awards.id))
      .limit(1);
    return row;
  }

  async findLatestAwardAction(awardId: string, action: string, db: Executor = this.db): Promise<{ on: Date } | undefined> {
    const [row] = await db
      .select({ on: awardHistory.createdOn })
      .from(awardHistory)
      .where(and(eq(awardHistory.awardId, awardId), eq(awardHistory.action, action)))
      .orderBy(desc(awardHistory.id))
      .limit(1);
    return row;
  }

  /** The application's latest renewal, when it was refused. */
  async findRefusedRenewal(applicationId: string, db: Executor = this.db): Promise<{ id: string; awardId: string; decidedOn: Date } | undefined> {
    const [row] = await db
      .select({ id: renewalApplications.id, awardId: renewalApplications.awardId, status: renewalApplications.status, decidedOn: renewalApplications.decidedOn })
      .from(renewalApplications)
      .where(eq(renewalApplications.applicationId, applicationId))
      .orderBy(desc(renewalApplications.createdOn), desc(renewalApplications.id))
      .limit(1);
    return row && row.status === 'refused' && row.decidedOn ? { id: row.id, awardId: row.awardId, decidedOn: row.decidedOn } : undefined;
  }

  /** Appeals of the application on this subject received since `since` (the decision appealed): open ones first. */
  async findAppealsOfDecision(applicationId: string, subject: AppealSubject, since: Date, db: Executor = this.db): Promise<{ id: string; status: string }[]> {
    return db
      .select({ id: appeals.id, status: appeals.status })
      .from(appeals)
      .where(and(eq(appeals.applicationId, applicationId), eq(appeals.subject, subject), sql`${appeals.receivedOn} >= ${since.toISOString()}::timestamptz`));
  }

  /** The application's row, locked in the caller's transaction: every appeal's write takes it first, as the application's moves do. */
  async lockApplication(tx: Executor, applicationId: string): Promise<void> {
    await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, applicationId)).for('update');
  }

  /** The application's latest history row (the move an upheld appeal just made). */
  async findLatestApplicationHistoryId(tx: Executor, applicationId: string): Promise<string | undefined> {
    const [row] = await tx.select({ id: applicationHistory.id }).from(applicationHistory).where(eq(applicationHistory.applicationId, applicationId)).orderBy(desc(applicationHistory.sequence)).limit(1);
    return row?.id;
  }

  // ---- Appeals ---------------------------------------------------------------------------------

  /** The next number of the platform-wide APL sequence. */
  async nextReferenceNumber(tx: Executor): Promise<number> {
    const result = await tx.execute(sql`select nextval('appeal_reference_seq') as n`);
    const [row] = (result as unknown as { rows: { n: string | number }[] }).rows;
    return Number(row!.n);
  }

  async insert(tx: Executor, values: typeof appeals.$inferInsert & { accountId: string }): Promise<AppealTableRow> {
    const [row] = await tx.insert(appeals).values(values).returning();
    return row!;
  }

  async lock(tx: Executor, id: string): Promise<AppealTableRow | undefined> {
    const [row] = await tx.select().from(appeals).where(eq(appeals.id, id)).for('update');
    return row;
  }

  async lockByReview(tx: Executor, reviewId: string): Promise<AppealTableRow | undefined> {
    const [row] = await tx.select().from(appeals).where(eq(appeals.reviewId, reviewId)).for('update');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<typeof appeals.$inferInsert>): Promise<void> {
    await tx.update(appeals).set({ ...values, modifiedOn: new Date() }).where(eq(appeals.id, id));
  }

  private selection() {
    return {
      appeal: appeals,
      programCode: programs.programCode,
      programTitle: programs.programTitle,
      programManagerId: programs.programManagerId,
      timeZone: accounts.timeZone,
      applicationNumber: applications.applicationNumber,
      applicationStatus: applications.status,
      programType: programs.programType,
      certificateNumber: awards.certificateNumber,
      appellantFirstName: appellant.firstName,
      appellantLastName: appellant.lastName,
      appellantEmail: appellant.email,
      handlerFirstName: handler.firstName,
      handlerLastName: handler.lastName,
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
    };
  }

  private joined(db: Executor) {
    return db
      .select(this.selection())
      .from(appeals)
      .innerJoin(programs, eq(programs.id, appeals.programId))
      .innerJoin(accounts, eq(accounts.id, appeals.accountId))
      .innerJoin(appellant, eq(appellant.id, appeals.appellantUserId))
      .leftJoin(applications, eq(applications.id, appeals.applicationId))
      .leftJoin(awards, eq(awards.id, appeals.awardId))
      .leftJoin(handler, eq(handler.id, appeals.handlerId))
      .leftJoin(decider, eq(decider.id, appeals.decidedBy));
  }

  async findById(id: string, db: Executor = this.db) {
    const [row] = await this.joined(db).where(eq(appeals.id, id));
    return row;
  }

  async findByReference(reference: string) {
    const [row] = await this.joined(this.db).where(eq(appeals.reference, reference));
    return row;
  }

  private conditionsOf(filters: RegisterFilters): SQL[] {
    const conditions: SQL[] = [];
    if (filters.accountId) conditions.push(eq(appeals.accountId, filters.accountId));
    if (filters.reach) {
      const { programIds, handlerId } = filters.reach;
      conditions.push(programIds.length > 0 ? or(inArray(appeals.programId, programIds), eq(appeals.handlerId, handlerId))! : eq(appeals.handlerId, handlerId));
    }
    if (filters.status) conditions.push(eq(appeals.status, filters.status));
    if (filters.subject) conditions.push(eq(appeals.subject, filters.subject));
    if (filters.programId) conditions.push(eq(appeals.programId, filters.programId));
    if (filters.handlerId) conditions.push(eq(appeals.handlerId, filters.handlerId));
    if (filters.applicationId) conditions.push(eq(appeals.applicationId, filters.applicationId));
    if (filters.appellantUserId) conditions.push(eq(appeals.appellantUserId, filters.appellantUserId));
    if (filters.search) {
      const pattern = likePattern(filters.search);
      conditions.push(
        or(
          ilike(appeals.reference, pattern),
          ilike(applications.applicationNumber, pattern),
          ilike(sql`${appellant.firstName} || ' ' || ${appellant.lastName}`, pattern),
          ilike(appellant.email, pattern),
        )!,
      );
    }
    if (filters.overdueOn) {
      const open = inArray(appeals.status, [...OPEN_CASE_STATUSES]);
      const past = lt(appeals.decideBy, filters.overdueOn.today);
      conditions.push(filters.overdueOn.isOverdue ? and(open, past)! : or(sql`not ${open}`, sql`not ${past}`)!);
    }
    return conditions;
  }

  /** A page of appeals, newest first. Without an account filter's reach it lists the whole account (administrators). */
  async findPage(filters: RegisterFilters, page: number, pageSize: number) {
    const where = and(...this.conditionsOf(filters));
    const rows = await this.joined(this.db)
      .where(where)
      .orderBy(desc(appeals.receivedOn), desc(appeals.reference))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db
      .select({ n: count() })
      .from(appeals)
      .innerJoin(appellant, eq(appellant.id, appeals.appellantUserId))
      .leftJoin(applications, eq(applications.id, appeals.applicationId))
      .where(where);
    return { rows, totalRows: total?.n ?? 0 };
  }

  // ---- Entries ---------------------------------------------------------------------------------

  async insertEntry(tx: Executor, values: typeof caseEntries.$inferInsert & { accountId: string }): Promise<void> {
    await tx.insert(caseEntries).values(values);
  }

  async findEntries(appealId: string) {
    return this.db
      .select({ entry: caseEntries, firstName: users.firstName, lastName: users.lastName, userType: users.userType })
      .from(caseEntries)
      .leftJoin(users, eq(users.id, caseEntries.actorId))
      .where(eq(caseEntries.appealId, appealId))
      .orderBy(asc(caseEntries.createdOn), asc(caseEntries.id));
  }

  // ---- Staff -----------------------------------------------------------------------------------

  /** The programs a staff member serves on: as the program's manager or in any program role. */
  async findProgramIdsServedBy(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: programs.id })
      .from(programs)
      .where(or(eq(programs.programManagerId, userId), inArray(programs.id, this.db.select({ id: programUsers.programId }).from(programUsers).where(eq(programUsers.userId, userId)))));
    return rows.map((row) => row.id);
  }

  /** An active staff member who may handle an appeal of the account (its staff, or a platform super user). */
  async findStaffMember(userId: string, accountId: string, superUserRole: number): Promise<{ id: string; firstName: string; lastName: string; email: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.userType, 'admin'), eq(users.active, true), or(eq(users.accountId, accountId), eq(users.role, superUserRole))));
    return row;
  }

  /** The account's active staff, by name: whom an appeal may be given to. */
  async findStaffOfAccount(accountId: string) {
    return this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(and(eq(users.userType, 'admin'), eq(users.active, true), eq(users.accountId, accountId), isNotNull(users.accountId)))
      .orderBy(asc(users.firstName), asc(users.lastName));
  }

  async findUser(userId: string, db: Executor = this.db): Promise<{ id: string; firstName: string; lastName: string; email: string; active: boolean } | undefined> {
    const [row] = await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, active: users.active }).from(users).where(eq(users.id, userId));
    return row;
  }
}
