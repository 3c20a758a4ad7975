import { and, asc, count, desc, eq, inArray, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { examDefinitions } from '../../db/schema/exam-definition';
import { examInstances } from '../../db/schema/exam-instance';
import { invoices, payments } from '../../db/schema/payment';
import { programModules, programUsers, programs } from '../../db/schema/program';
import { resitModules } from '../../db/schema/resit';
import { applicants, users } from '../../db/schema/user';
import { testingAgencies, venues } from '../../db/schema/venue';
import { accountCurrencyOf } from '../account/account-currency';
import { accountZone, programZoneSql } from '../account/account-time-zone';

export type ResitRow = typeof resitModules.$inferSelect;

/** The application with what re-sits need of its program and holder. */
export interface ResitApplication {
  application: typeof applications.$inferSelect;
  programCode: string;
  programTitle: string;
  maxResitsPerModule: number | null;
  /** The program's account's currency: the fees of its re-sits are in it. */
  currency: string;
  holder: { userId: string; firstName: string; lastName: string; email: string; timeZone: string };
  manager: { id: string; email: string; firstName: string } | null;
  /** The zone of the account that owns the program: the awarding body's "today" for an award date. */
  bodyTimeZone: string;
}

/** One module of the candidate with its program module's re-sit rule and fees. */
export interface ResitCandidateModuleRow {
  id: string;
  programModuleId: string;
  moduleCode: string;
  moduleTitle: string;
  result: 'Pass' | 'Fail' | 'Absent' | null;
  reSitAllowed: boolean;
  reSitMemberFeeCents: number | null;
  reSitNonMemberFeeCents: number | null;
  passPercentage: number;
  invigilated: boolean;
}

/** A re-sit with the names its screens show. */
export interface ResitWithNames {
  resit: ResitRow;
  applicationNumber: string;
  applicationStatus: string;
  applicantId: string;
  programId: string;
  programCode: string;
  programTitle: string;
  currency: string;
  applicantFirstName: string;
  applicantLastName: string;
  moduleCode: string;
  moduleTitle: string;
  programModuleId: string;
  invoiceStatus: string | null;
  invoiceTotalCents: number | null;
  venueTitle: string | null;
  centre: { id: string; companyName: string; streetNumber: string; streetName: string; city: string; state: string; postalCode: string; country: string } | null;
  examinerName: string | null;
  invigilatorName: string | null;
  testTitle: string | null;
  /** The re-sit's test records its sitting (a re-sit follows its test's setting): what to bring says so. */
  testRecordsExam: boolean | null;
  examInstanceId: string | null;
}

export interface ResitListFilter {
  applicationId?: string;
  programId?: string;
  /** The applicant's own only. */
  applicantId?: string;
  /** Staff who are not administrators: the programs they manage or serve on. */
  staffUserId?: string;
  /** Staff: only their account's programs. */
  accountId?: string;
  programType: number;
  incompleteOnly: boolean;
  page: number;
  pageSize: number;
}

const applicantUser = alias(users, 'resit_applicant_user');
const examinerUser = alias(users, 'resit_examiner_user');
const invigilatorUser = alias(users, 'resit_invigilator_user');
// Drizzle types each alias by its own name, so the name is built from the two columns.
const fullName = (firstName: AnyColumn, lastName: AnyColumn) => sql<string | null>`nullif(trim(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, '')), '')`;

/** Re-sits of failed modules (decision 024): the only file that touches their table. */
export class ResitRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findApplication(id: string): Promise<ResitApplication | undefined> {
    const [row] = await this.db
      .select({
        application: applications,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        maxResitsPerModule: programs.maxResitsPerModule,
        currency: accountCurrencyOf(programs.accountId),
        bodyTimeZone: programZoneSql(programs.id),
        managerId: programs.programManagerId,
        holder: { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, timeZone: users.timeZone },
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(applications.id, id));
    if (!row) return undefined;
    const [manager] = row.managerId
      ? await this.db.select({ id: users.id, email: users.email, firstName: users.firstName, active: users.active }).from(users).where(eq(users.id, row.managerId))
      : [];
    return {
      application: row.application,
      programCode: row.programCode,
      programTitle: row.programTitle,
      maxResitsPerModule: row.maxResitsPerModule,
      currency: row.currency,
      holder: row.holder,
      bodyTimeZone: accountZone(row.bodyTimeZone),
      manager: manager?.active ? { id: manager.id, email: manager.email, firstName: manager.firstName } : null,
    };
  }

  async findModules(applicationId: string, db: Executor = this.db): Promise<ResitCandidateModuleRow[]> {
    return db
      .select({
        id: applicationModules.id,
        programModuleId: applicationModules.programModuleId,
        moduleCode: programModules.moduleCode,
        moduleTitle: programModules.moduleTitle,
        result: applicationModules.result,
        reSitAllowed: programModules.reSitAllowed,
        reSitMemberFeeCents: programModules.reSitMemberFeeCents,
        reSitNonMemberFeeCents: programModules.reSitNonMemberFeeCents,
        passPercentage: programModules.passPercentage,
        invigilated: programModules.invigilated,
      })
      .from(applicationModules)
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .where(eq(applicationModules.applicationId, applicationId))
      .orderBy(asc(applicationModules.order));
  }

  private selectWithNames(db: Executor) {
    return db
      .select({
        resit: resitModules,
        applicationNumber: applications.applicationNumber,
        applicationStatus: applications.status,
        applicantId: applications.applicantId,
        programId: programs.id,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        currency: accountCurrencyOf(programs.accountId),
        applicantFirstName: applicantUser.firstName,
        applicantLastName: applicantUser.lastName,
        moduleCode: programModules.moduleCode,
        moduleTitle: programModules.moduleTitle,
        programModuleId: programModules.id,
        invoiceStatus: invoices.status,
        invoiceTotalCents: invoices.totalCents,
        venueTitle: venues.title,
        centre: {
          id: testingAgencies.id,
          companyName: testingAgencies.companyName,
          streetNumber: testingAgencies.streetNumber,
          streetName: testingAgencies.streetName,
          city: testingAgencies.city,
          state: testingAgencies.state,
          postalCode: testingAgencies.postalCode,
          country: testingAgencies.country,
        },
        examinerName: fullName(examinerUser.firstName, examinerUser.lastName),
        invigilatorName: fullName(invigilatorUser.firstName, invigilatorUser.lastName),
        testTitle: examDefinitions.title,
        testRecordsExam: examDefinitions.recordExam,
        examInstanceId: examInstances.id,
      })
      .from(resitModules)
      .innerJoin(applications, eq(applications.id, resitModules.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(applicantUser, eq(applicantUser.id, applicants.userId))
      .innerJoin(applicationModules, eq(applicationModules.id, resitModules.applicationModuleId))
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .leftJoin(invoices, eq(invoices.id, resitModules.invoiceId))
      .leftJoin(venues, eq(venues.id, resitModules.venueId))
      .leftJoin(testingAgencies, eq(testingAgencies.id, resitModules.testingAgencyId))
      .leftJoin(examinerUser, eq(examinerUser.id, resitModules.examinerId))
      .leftJoin(invigilatorUser, eq(invigilatorUser.id, resitModules.invigilatorId))
      .leftJoin(examDefinitions, eq(examDefinitions.id, resitModules.examDefinitionId))
      .leftJoin(examInstances, eq(examInstances.resitModuleId, resitModules.id));
  }

  private normalise(row: Awaited<ReturnType<ReturnType<ResitRepository['selectWithNames']>['execute']>>[number]): ResitWithNames {
    return { ...row, centre: row.centre?.id ? row.centre : null } as ResitWithNames;
  }

  async findResit(id: string, db: Executor = this.db): Promise<ResitWithNames | undefined> {
    const [row] = await this.selectWithNames(db).where(eq(resitModules.id, id));
    return row ? this.normalise(row) : undefined;
  }

  async findResitsOfApplication(applicationId: string): Promise<ResitWithNames[]> {
    const rows = await this.selectWithNames(this.db).where(eq(resitModules.applicationId, applicationId)).orderBy(asc(resitModules.createdOn), asc(resitModules.attempt));
    return rows.map((row) => this.normalise(row));
  }

  /** The three lists: every re-sit, or those not at Resit Result yet; the applicant's own, or the programs staff may see. */
  async findPage(filter: ResitListFilter): Promise<{ rows: ResitWithNames[]; totalRows: number }> {
    const conditions: SQL[] = [eq(applications.programType, filter.programType)];
    if (filter.applicationId) conditions.push(eq(resitModules.applicationId, filter.applicationId));
    if (filter.programId) conditions.push(eq(applications.programId, filter.programId));
    if (filter.applicantId) conditions.push(eq(applications.applicantId, filter.applicantId));
    if (filter.incompleteOnly) conditions.push(ne(resitModules.stage, 'Resit Result'));
    if (filter.accountId) conditions.push(eq(programs.accountId, filter.accountId));
    if (filter.staffUserId) {
      const served = this.db.select({ id: programUsers.programId }).from(programUsers).where(eq(programUsers.userId, filter.staffUserId));
      conditions.push(or(eq(programs.programManagerId, filter.staffUserId), inArray(programs.id, served))!);
    }
    const where = and(...conditions);
    const [total] = await this.db
      .select({ n: count() })
      .from(resitModules)
      .innerJoin(applications, eq(applications.id, resitModules.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(where);
    const rows = await this.selectWithNames(this.db)
      .where(where)
      .orderBy(desc(resitModules.createdOn), desc(resitModules.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize);
    return { rows: rows.map((row) => this.normalise(row)), totalRows: total?.n ?? 0 };
  }

  /** The earlier re-sits of a module (for the cap and the attempt number), in the caller's transaction. */
  async findResitsOfModule(applicationModuleId: string, db: Executor = this.db): Promise<Pick<ResitRow, 'id' | 'attempt' | 'stage' | 'result'>[]> {
    return db
      .select({ id: resitModules.id, attempt: resitModules.attempt, stage: resitModules.stage, result: resitModules.result })
      .from(resitModules)
      .where(eq(resitModules.applicationModuleId, applicationModuleId))
      .orderBy(asc(resitModules.attempt));
  }

  /** Every re-sit of the application (stage and result), for deciding the overall result again. */
  async findOutcomes(applicationId: string, db: Executor = this.db): Promise<Pick<ResitRow, 'applicationModuleId' | 'attempt' | 'stage' | 'result'>[]> {
    return db
      .select({ applicationModuleId: resitModules.applicationModuleId, attempt: resitModules.attempt, stage: resitModules.stage, result: resitModules.result })
      .from(resitModules)
      .where(eq(resitModules.applicationId, applicationId));
  }

  /** The new re-sit; null when another open re-sit of the module (or the same attempt) won the race. */
  async insert(tx: Executor, values: typeof resitModules.$inferInsert): Promise<ResitRow | null> {
    try {
      const [row] = await tx.insert(resitModules).values(values).returning();
      return row ?? null;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async lock(tx: Executor, id: string): Promise<ResitRow | undefined> {
    const [row] = await tx.select().from(resitModules).where(eq(resitModules.id, id)).for('update');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<typeof resitModules.$inferInsert>): Promise<void> {
    await tx
      .update(resitModules)
      .set({ ...values, modifiedOn: new Date() })
      .where(eq(resitModules.id, id));
  }

  async lockByInvoice(tx: Executor, invoiceId: string): Promise<ResitRow | undefined> {
    const [row] = await tx.select().from(resitModules).where(eq(resitModules.invoiceId, invoiceId)).for('update');
    return row;
  }

  /** The open payment link of an invoice (the newest Requested or Pending one). */
  async findOpenTracker(invoiceId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ trackerId: payments.trackerId })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, ['Requested', 'Pending'])))
      .orderBy(desc(payments.createdOn))
      .limit(1);
    return row?.trackerId ?? null;
  }

  async findInvoice(tx: Executor, invoiceId: string): Promise<{ id: string; status: string; totalCents: number; currency: string; invoiceNumber: number } | undefined> {
    const [row] = await tx.select({ id: invoices.id, status: invoices.status, totalCents: invoices.totalCents, currency: invoices.currency, invoiceNumber: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, invoiceId));
    return row;
  }

  /** The pass percentage of the re-sit's program module (the online exam's result is judged against it). */
  async findPassPercentage(tx: Executor, resitModuleId: string): Promise<number | null> {
    const [row] = await tx
      .select({ passPercentage: programModules.passPercentage })
      .from(resitModules)
      .innerJoin(applicationModules, eq(applicationModules.id, resitModules.applicationModuleId))
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .where(eq(resitModules.id, resitModuleId));
    return row?.passPercentage ?? null;
  }

  async findApplicationIdOfModule(applicationModuleId: string): Promise<string | null> {
    const [row] = await this.db.select({ applicationId: applicationModules.applicationId }).from(applicationModules).where(eq(applicationModules.id, applicationModuleId));
    return row?.applicationId ?? null;
  }

  /** The application a re-sit belongs to (the lock order: application first, then the re-sit). */
  async findApplicationIdOf(resitModuleId: string, db: Executor = this.db): Promise<string | null> {
    const [row] = await db.select({ applicationId: resitModules.applicationId }).from(resitModules).where(eq(resitModules.id, resitModuleId));
    return row?.applicationId ?? null;
  }
}
