import { and, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { applicationHistory, applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { companies } from '../../db/schema/company';
import { impartialityEvents, staffConflicts, staffRecords } from '../../db/schema/impartiality';
import { programModules, programUsers, programs } from '../../db/schema/program';
import { renewalApplications, renewalModules } from '../../db/schema/renewal';
import { resitModules } from '../../db/schema/resit';
import { applicants, users } from '../../db/schema/user';
import { wpqRecords } from '../../db/schema/wpq';
import { companyUsers } from '../../db/schema/company-user';

export type ImpartialityEventValues = typeof impartialityEvents.$inferInsert;

/** What the candidate's application shows of a staff member's part in it (for decision separation and appeal handlers). */
export interface Involvement {
  wasAssessor: boolean;
  examined: string[];
  invigilated: string[];
  examinedWpqTest: boolean;
  decidedResult: boolean;
}

/** The reads of the impartiality check, and its record (`impartiality_events`). */
export class ImpartialityGuardRepository {
  constructor(private readonly db: Database) {}

  /** The plain database: a refusal written here is its own statement, kept when the refused request's work is rolled back. */
  get database(): Executor {
    return this.db;
  }

  async findProgram(programId: string, executor: Executor = this.db): Promise<{ accountId: string; decisionSeparation: boolean; timeZone: string } | undefined> {
    const [row] = await executor
      .select({ accountId: programs.accountId, decisionSeparation: programs.decisionSeparation, timeZone: accounts.timeZone })
      .from(programs)
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .where(eq(programs.id, programId));
    return row;
  }

  async findNames(userIds: readonly string[], executor: Executor = this.db): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await executor.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, [...userIds]));
    return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
  }

  /** The applicant's current employer: the company of an approved employer link (decision 036); none while a claim waits or was declined. */
  async findApplicantEmployer(applicantUserId: string, executor: Executor = this.db): Promise<{ companyId: string; companyName: string } | undefined> {
    const [row] = await executor
      .select({ companyId: companies.id, companyName: companies.name })
      .from(applicants)
      .innerJoin(companies, eq(companies.id, applicants.employerCompanyId))
      .where(and(eq(applicants.userId, applicantUserId), eq(applicants.employerClaimStatus, 'approved')));
    if (row) return row;
    // A company's own user (an employer complaining, issue 43) stands for their company.
    const [member] = await executor
      .select({ companyId: companies.id, companyName: companies.name })
      .from(companyUsers)
      .innerJoin(companies, eq(companies.id, companyUsers.companyId))
      .where(eq(companyUsers.userId, applicantUserId));
    return member;
  }

  /** The staff member's conflicts still in force in the account, against the applicant or the applicant's employer. */
  async findLiveConflicts(
    executor: Executor,
    filter: { accountId: string; staffUserId: string; applicantUserId: string; companyId: string | null },
  ): Promise<{ kind: 'employer_in_common' | 'trainee' | 'relative' | 'other'; applicantUserId: string | null; companyId: string | null; details: string }[]> {
    const against: SQL[] = [eq(staffConflicts.applicantUserId, filter.applicantUserId)];
    if (filter.companyId) against.push(eq(staffConflicts.companyId, filter.companyId));
    return executor
      .select({ kind: staffConflicts.kind, applicantUserId: staffConflicts.applicantUserId, companyId: staffConflicts.companyId, details: staffConflicts.details })
      .from(staffConflicts)
      .where(and(eq(staffConflicts.accountId, filter.accountId), eq(staffConflicts.staffUserId, filter.staffUserId), isNull(staffConflicts.endedOn), or(...against)))
      .orderBy(staffConflicts.declaredOn);
  }

  /** The company the staff member's record with the account names as their employer, if any. */
  async findStaffEmployerId(executor: Executor, accountId: string, staffUserId: string): Promise<string | null> {
    const [row] = await executor
      .select({ companyId: staffRecords.employerCompanyId })
      .from(staffRecords)
      .where(and(eq(staffRecords.accountId, accountId), eq(staffRecords.staffUserId, staffUserId)));
    return row?.companyId ?? null;
  }

  /** The person's authorisation in the program for a program role: undefined when they hold none. */
  async findAuthorisation(executor: Executor, programId: string, userId: string, role: number): Promise<{ authorisedUntil: string | null } | undefined> {
    const [row] = await executor
      .select({ authorisedUntil: programUsers.authorisedUntil })
      .from(programUsers)
      .where(and(eq(programUsers.programId, programId), eq(programUsers.userId, userId), eq(programUsers.role, role)));
    return row;
  }

  /** The application's applicant, as a user (conflicts name the person's user). */
  async findApplicantUserId(applicationId: string, executor: Executor = this.db): Promise<string | undefined> {
    const [row] = await executor.select({ userId: applicants.userId }).from(applications).innerJoin(applicants, eq(applicants.id, applications.applicantId)).where(eq(applications.id, applicationId));
    return row?.userId;
  }

  /**
   * What the staff member did on the application: its assessor (of the current round), the
   * examiner or invigilator of a module, a re-sit or a renewal module, the examiner of a welder
   * qualification test, or the one who recorded its overall result.
   */
  async findInvolvement(executor: Executor, applicationId: string, staffUserId: string): Promise<Involvement> {
    const [application] = await executor.select({ assessorId: applications.assessorId }).from(applications).where(eq(applications.id, applicationId));
    const moduleRows = await executor
      .select({ moduleCode: programModules.moduleCode, examinerId: applicationModules.examinerId, invigilatorId: applicationModules.invigilatorId })
      .from(applicationModules)
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .where(and(eq(applicationModules.applicationId, applicationId), or(eq(applicationModules.examinerId, staffUserId), eq(applicationModules.invigilatorId, staffUserId))));
    const resitRows = await executor
      .select({ moduleCode: programModules.moduleCode, attempt: resitModules.attempt, examinerId: resitModules.examinerId, invigilatorId: resitModules.invigilatorId })
      .from(resitModules)
      .innerJoin(applicationModules, eq(applicationModules.id, resitModules.applicationModuleId))
      .innerJoin(programModules, eq(programModules.id, applicationModules.programModuleId))
      .where(and(eq(resitModules.applicationId, applicationId), or(eq(resitModules.examinerId, staffUserId), eq(resitModules.invigilatorId, staffUserId))));
    const renewalRows = await executor
      .select({ moduleCode: programModules.moduleCode, examinerId: renewalModules.examinerId, invigilatorId: renewalModules.invigilatorId })
      .from(renewalModules)
      .innerJoin(renewalApplications, eq(renewalApplications.id, renewalModules.renewalId))
      .innerJoin(programModules, eq(programModules.id, renewalModules.programModuleId))
      .where(and(eq(renewalApplications.applicationId, applicationId), or(eq(renewalModules.examinerId, staffUserId), eq(renewalModules.invigilatorId, staffUserId))));
    const [wpq] = await executor.select({ id: wpqRecords.id }).from(wpqRecords).where(and(eq(wpqRecords.applicationId, applicationId), eq(wpqRecords.examinerId, staffUserId)));
    const [decided] = await executor
      .select({ id: applicationHistory.id })
      .from(applicationHistory)
      .where(
        and(
          eq(applicationHistory.applicationId, applicationId),
          eq(applicationHistory.createdBy, staffUserId),
          inArray(applicationHistory.toStatus, ['Awarded', 'Failed']),
          or(isNull(applicationHistory.fromStatus), ne(applicationHistory.fromStatus, applicationHistory.toStatus)),
        ),
      )
      .limit(1);
    const named = (rows: { moduleCode: string; attempt?: number }[], kind = 'module') => rows.map((row) => `${kind} ${row.moduleCode}${row.attempt ? ` (re-sit ${row.attempt})` : ''}`);
    const unique = (values: string[]) => [...new Set(values)];
    return {
      wasAssessor: application?.assessorId === staffUserId,
      examined: unique([
        ...named(moduleRows.filter((row) => row.examinerId === staffUserId)),
        ...named(resitRows.filter((row) => row.examinerId === staffUserId)),
        ...named(renewalRows.filter((row) => row.examinerId === staffUserId), 'renewal module'),
      ]),
      invigilated: unique([
        ...named(moduleRows.filter((row) => row.invigilatorId === staffUserId)),
        ...named(resitRows.filter((row) => row.invigilatorId === staffUserId)),
        ...named(renewalRows.filter((row) => row.invigilatorId === staffUserId), 'renewal module'),
      ]),
      examinedWpqTest: !!wpq,
      decidedResult: !!decided,
    };
  }

  async insertEvents(executor: Executor, rows: ImpartialityEventValues[]): Promise<void> {
    if (rows.length === 0) return;
    await executor.insert(impartialityEvents).values(rows);
  }
}
