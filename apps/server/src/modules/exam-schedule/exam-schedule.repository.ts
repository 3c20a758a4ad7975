import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { AccountTimeZones } from '../account/account-time-zone';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { attachments } from '../../db/schema/attachment';
import { examDefinitions } from '../../db/schema/exam-definition';
import { examInstances } from '../../db/schema/exam-instance';
import { programModules, programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { testingAgencies, venues } from '../../db/schema/venue';

export type ApplicationModuleRow = typeof applicationModules.$inferSelect;
export type TestingAgencyRow = typeof testingAgencies.$inferSelect;

const examinerUser = alias(users, 'examiner_user');
const invigilatorUser = alias(users, 'invigilator_user');
const enteredByUser = alias(users, 'entered_by_user');
const nameOf = (row: { firstName: string | null; lastName: string | null } | null): string | null => (row?.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null);

/** The application with its program and candidate (name, email, preferred time zone). */
export interface ScheduleApplication {
  application: typeof applications.$inferSelect;
  programCode: string;
  programTitle: string;
  candidate: { userId: string; firstName: string; lastName: string; email: string; timeZone: string };
  /** The zone of the account that owns the program: the awarding body's "today" (issue 41's award date). */
  bodyTimeZone: string;
}

/** One module of the candidate with everything the schedule and result screens name. */
export interface ModuleWithNames {
  row: ApplicationModuleRow;
  moduleCode: string;
  moduleTitle: string;
  examinationType: string;
  invigilated: boolean;
  passPercentage: number;
  venueTitle: string | null;
  testingAgency: TestingAgencyRow | null;
  examinerName: string | null;
  invigilatorName: string | null;
  examDefinitionTitle: string | null;
  /** The scheduled test's recording setting (the module's own, when set, wins). */
  testRecordsExam: boolean;
  evidence: { id: string; name: string; resourceKey: string } | null;
  enteredByName: string | null;
  /** The module's online sitting has been marked: its result is the exam's, whoever verified the marks. */
  isMarkedOnline: boolean;
}

/** A sent session row for the public schedule: no candidate column is read at all. */
export interface PublicSessionRow {
  scheduledAt: Date;
  examKind: string;
  durationMinutes: number;
  programModuleId: string;
  moduleCode: string;
  moduleTitle: string;
  programCode: string;
  programTitle: string;
  venueId: string | null;
  venueTitle: string | null;
  testingAgency: TestingAgencyRow | null;
  /** The zone of the account that owns the program: the session's day is that body's. */
  timeZone: string;
}

/** The schedule and result columns of `application_modules`, the only writer of them besides the online exam. */
export class ExamScheduleRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findApplication(id: string): Promise<ScheduleApplication | undefined> {
    const [row] = await this.db
      .select({
        application: applications,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        candidate: { userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, timeZone: users.timeZone },
        bodyTimeZone: accounts.timeZone,
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(applications.id, id));
    return row;
  }

  /** The candidate's modules in their order, with names; in a transaction when given one. */
  async findModules(applicationId: string, db: Executor = this.db): Promise<ModuleWithNames[]> {
    const rows = await db
      .select({
        row: applicationModules,
        moduleCode: programModules.moduleCode,
        moduleTitle: programModules.moduleTitle,
        examinationType: programModules.examinationType,
        invigilated: programModules.invigilated,
        passPercentage: programModules.passPercentage,
        venueTitle: venues.title,
        testingAgency: testingAgencies,
        examiner: { firstName: examinerUser.firstName, lastName: examinerUser.lastName },
        invigilator: { firstName: invigilatorUser.firstName, lastName: invigilatorUser.lastName },
        enteredBy: { firstName: enteredByUser.firstName, lastName: enteredByUser.lastName },
        examDefinitionTitle: examDefinitions.title,
        testRecordsExam: examDefinitions.recordExam,
        evidence: { id: attachments.id, name: attachments.name, resourceKey: attachments.resourceKey },
        isMarkedOnline: sql<boolean>`exists (select 1 from ${examInstances} where ${examInstances.applicationModuleId} = ${applicationModules.id} and ${examInstances.result} is not null)`,
      })
      .from(applicationModules)
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .leftJoin(venues, eq(venues.id, applicationModules.venueId))
      .leftJoin(testingAgencies, eq(testingAgencies.id, applicationModules.testingAgencyId))
      .leftJoin(examinerUser, eq(examinerUser.id, applicationModules.examinerId))
      .leftJoin(invigilatorUser, eq(invigilatorUser.id, applicationModules.invigilatorId))
      .leftJoin(enteredByUser, eq(enteredByUser.id, applicationModules.resultEnteredBy))
      .leftJoin(examDefinitions, eq(examDefinitions.id, applicationModules.examDefinitionId))
      .leftJoin(attachments, eq(attachments.id, applicationModules.resultEvidenceId))
      .where(eq(applicationModules.applicationId, applicationId))
      .orderBy(asc(applicationModules.order), asc(programModules.sortOrder), asc(applicationModules.id));
    return rows.map((r) => ({
      row: r.row,
      moduleCode: r.moduleCode,
      moduleTitle: r.moduleTitle,
      examinationType: r.examinationType,
      invigilated: r.invigilated,
      passPercentage: r.passPercentage,
      venueTitle: r.venueTitle,
      testingAgency: r.testingAgency,
      examinerName: nameOf(r.examiner),
      invigilatorName: nameOf(r.invigilator),
      examDefinitionTitle: r.examDefinitionTitle,
      testRecordsExam: r.testRecordsExam ?? false,
      evidence: r.evidence?.id ? r.evidence : null,
      enteredByName: nameOf(r.enteredBy),
      isMarkedOnline: r.isMarkedOnline,
    }));
  }

  async updateModule(tx: Executor, id: string, values: Partial<typeof applicationModules.$inferInsert>): Promise<void> {
    await tx.update(applicationModules).set({ ...values, modifiedOn: new Date() }).where(eq(applicationModules.id, id));
  }

  /** The account of a program, as a subquery: venues and test centres are each account's own. */
  private accountOfProgram(programId: string) {
    return this.db.select({ accountId: programs.accountId }).from(programs).where(eq(programs.id, programId));
  }

  /** The venues a program's schedules may name: its account's. */
  async findVenues(programId: string): Promise<{ id: string; title: string }[]> {
    return this.db
      .select({ id: venues.id, title: venues.title })
      .from(venues)
      .where(inArray(venues.accountId, this.accountOfProgram(programId)))
      .orderBy(asc(venues.title));
  }

  /** The test centres a program's schedules may name: its account's. */
  async findTestingAgencies(programId: string): Promise<TestingAgencyRow[]> {
    return this.db
      .select()
      .from(testingAgencies)
      .where(inArray(testingAgencies.accountId, this.accountOfProgram(programId)))
      .orderBy(asc(testingAgencies.companyName));
  }

  /** Which of these venues a program's schedule may name (another account's is as unknown as a missing one). */
  async existingVenueIds(ids: string[], programId: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: venues.id })
      .from(venues)
      .where(and(inArray(venues.id, ids), inArray(venues.accountId, this.accountOfProgram(programId))));
    return new Set(rows.map((row) => row.id));
  }

  async existingTestingAgencyIds(ids: string[], programId: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: testingAgencies.id })
      .from(testingAgencies)
      .where(and(inArray(testingAgencies.id, ids), inArray(testingAgencies.accountId, this.accountOfProgram(programId))));
    return new Set(rows.map((row) => row.id));
  }

  /** Published module tests of these program modules. */
  async findPublishedModuleTests(programModuleIds: string[]): Promise<{ id: string; title: string; programModuleId: string; recordExam: boolean; overallTime: number }[]> {
    if (programModuleIds.length === 0) return [];
    const rows = await this.db
      .select({ id: examDefinitions.id, title: examDefinitions.title, programModuleId: examDefinitions.programModuleId, recordExam: examDefinitions.recordExam, overallTime: examDefinitions.overallTime })
      .from(examDefinitions)
      .where(and(eq(examDefinitions.status, 'published'), eq(examDefinitions.testType, 'module'), inArray(examDefinitions.programModuleId, programModuleIds)))
      .orderBy(asc(examDefinitions.title));
    return rows.flatMap((row) => (row.programModuleId ? [{ id: row.id, title: row.title, programModuleId: row.programModuleId, recordExam: row.recordExam, overallTime: row.overallTime }] : []));
  }

  /** The program's awarding body's zone: where a new schedule starts. */
  programZone(programId: string): Promise<string> {
    return new AccountTimeZones(this.db).ofProgram(programId);
  }

  /** Every awarding body's zone, for a schedule that spans them. */
  accountZones(): Promise<string[]> {
    return new AccountTimeZones(this.db).all();
  }

  /**
   * Sessions sent to candidates from `from` (inclusive) to `to` (exclusive). Only module, program
   * and place columns are selected: the public schedule cannot leak a candidate.
   */
  async findSentSessions(from: Date, to: Date): Promise<PublicSessionRow[]> {
    const rows = await this.db
      .select({
        scheduledAt: applicationModules.scheduledAt,
        examKind: applicationModules.examKind,
        durationMinutes: applicationModules.durationMinutes,
        programModuleId: applicationModules.programModuleId,
        moduleCode: programModules.moduleCode,
        moduleTitle: programModules.moduleTitle,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        venueId: applicationModules.venueId,
        venueTitle: venues.title,
        testingAgency: testingAgencies,
        timeZone: accounts.timeZone,
      })
      .from(applicationModules)
      .innerJoin(applications, eq(applications.id, applicationModules.applicationId))
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .leftJoin(venues, eq(venues.id, applicationModules.venueId))
      .leftJoin(testingAgencies, eq(testingAgencies.id, applicationModules.testingAgencyId))
      .where(
        and(
          isNotNull(applicationModules.scheduleSentOn),
          gte(applicationModules.scheduledAt, from),
          lt(applicationModules.scheduledAt, to),
          // An application that has left the examinations (awarded, failed) sits nothing more.
          eq(applications.status, 'Examinations Stage'),
          // Nor does a module with its result (recorded by hand or by marking) or whose online
          // sitting has ended: it is not "Open now" for anyone (issue 45).
          isNull(applicationModules.result),
          sql`not exists (select 1 from ${examInstances} where ${examInstances.applicationModuleId} = ${applicationModules.id} and ${examInstances.status} <> 'InProgress')`,
        ),
      )
      .orderBy(asc(applicationModules.scheduledAt), asc(programModules.moduleCode))
      .limit(20_000);
    return rows.flatMap((row) =>
      row.scheduledAt && row.examKind && row.durationMinutes !== null ? [{ ...row, scheduledAt: row.scheduledAt, examKind: row.examKind, durationMinutes: row.durationMinutes }] : [],
    );
  }
}
