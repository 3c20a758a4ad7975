import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { applicantEducation, applicantExperience, applicantProfessionalActivities } from '../../db/schema/applicant-profile';
import { applicationFileNotes, applicationHistory, applications } from '../../db/schema/application';
import { companies } from '../../db/schema/company';
import { mails } from '../../db/schema/mail';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import type { ApplicantReachScope } from '../applicant/applicant-reach';

export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * The applicant reach's scope (applicant/applicant-reach.ts): which of the applicant's applications
 * (and their history and notes) a reader sees: those in the account's programs, or only submitted
 * ones in these programs.
 */
export type ProgramScope = ApplicantReachScope;

function offsetOf(paging: Paging): number {
  return (paging.page - 1) * paging.pageSize;
}

function nameOf(row: { firstName: string | null; lastName: string | null }): string | null {
  return row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim();
}

/**
 * Read-only, paged reads of one applicant's records across the domains that own them (profile
 * lists, applications, history, file notes, mail), for the staff applicant page (issue 20). Like the
 * privacy export, it only reads, keyed by the applicant's id; each domain keeps its own writes.
 */
export class ApplicantAdminRepository {
  constructor(private readonly db: Database) {}

  private applicationsIn(applicantId: string, scope: ProgramScope): SQL | undefined {
    return and(
      eq(applications.applicantId, applicantId),
      scope.kind === 'programs'
        ? and(isNotNull(applications.submittedOn), inArray(applications.programId, scope.programIds.length ? scope.programIds : ['00000000-0000-0000-0000-000000000000']))
        : inArray(applications.programId, this.db.select({ id: programs.id }).from(programs).where(eq(programs.accountId, scope.accountId))),
    );
  }

  async findEmployerName(applicantId: string): Promise<string | null> {
    const [row] = await this.db.select({ name: companies.name }).from(applicants).innerJoin(companies, eq(companies.id, applicants.employerCompanyId)).where(eq(applicants.id, applicantId));
    return row?.name ?? null;
  }

  /** One of the applicant's profile lists, newest first. */
  async findProfileList<T extends PgTable & { applicantId: PgColumn; startDate: PgColumn }>(table: T, applicantId: string, paging: Paging) {
    const where = eq(table.applicantId, applicantId);
    const [total] = await this.db.select({ n: count() }).from(table as PgTable).where(where);
    const rows = await this.db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(table.startDate))
      .limit(paging.pageSize)
      .offset(offsetOf(paging));
    return { rows: rows as T['$inferSelect'][], totalRows: total?.n ?? 0 };
  }

  async findApplications(applicantId: string, scope: ProgramScope, paging: Paging) {
    const where = this.applicationsIn(applicantId, scope);
    const [total] = await this.db.select({ n: count() }).from(applications).where(where);
    const rows = await this.db
      .select({ application: applications, programCode: programs.programCode, programTitle: programs.programTitle })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(where)
      .orderBy(desc(applications.createdOn))
      .limit(paging.pageSize)
      .offset(offsetOf(paging));
    return { rows, totalRows: total?.n ?? 0 };
  }

  async findHistory(applicantId: string, scope: ProgramScope, paging: Paging) {
    const where = this.applicationsIn(applicantId, scope);
    const [total] = await this.db.select({ n: count() }).from(applicationHistory).innerJoin(applications, eq(applications.id, applicationHistory.applicationId)).where(where);
    const rows = await this.db
      .select({ entry: applicationHistory, applicationNumber: applications.applicationNumber, firstName: users.firstName, lastName: users.lastName })
      .from(applicationHistory)
      .innerJoin(applications, eq(applications.id, applicationHistory.applicationId))
      .leftJoin(users, eq(users.id, applicationHistory.createdBy))
      .where(where)
      .orderBy(desc(applicationHistory.sequence))
      .limit(paging.pageSize)
      .offset(offsetOf(paging));
    return { rows: rows.map((row) => ({ ...row, changedBy: nameOf(row) })), totalRows: total?.n ?? 0 };
  }

  async findFileNotes(applicantId: string, scope: ProgramScope, paging: Paging) {
    const where = this.applicationsIn(applicantId, scope);
    const [total] = await this.db.select({ n: count() }).from(applicationFileNotes).innerJoin(applications, eq(applications.id, applicationFileNotes.applicationId)).where(where);
    const rows = await this.db
      .select({ note: applicationFileNotes, applicationNumber: applications.applicationNumber, firstName: users.firstName, lastName: users.lastName })
      .from(applicationFileNotes)
      .innerJoin(applications, eq(applications.id, applicationFileNotes.applicationId))
      .leftJoin(users, eq(users.id, applicationFileNotes.createdBy))
      .where(where)
      .orderBy(desc(applicationFileNotes.createdOn))
      .limit(paging.pageSize)
      .offset(offsetOf(paging));
    return { rows: rows.map((row) => ({ ...row, writtenBy: nameOf(row) })), totalRows: total?.n ?? 0 };
  }

  /**
   * Every mail the account sent to the applicant, and the platform's own (activation, password
   * reset: support staff resend and check them); another account's mail is not its staff's to read.
   */
  async findEmails(applicantId: string, accountId: string, paging: Paging) {
    const where = and(eq(applicants.id, applicantId), or(eq(mails.accountId, accountId), isNull(mails.accountId)));
    const [total] = await this.db.select({ n: count() }).from(mails).innerJoin(applicants, eq(applicants.userId, mails.toUserId)).where(where);
    const rows = await this.db
      .select({ mail: mails })
      .from(mails)
      .innerJoin(applicants, eq(applicants.userId, mails.toUserId))
      .where(where)
      .orderBy(desc(mails.createdOn))
      .limit(paging.pageSize)
      .offset(offsetOf(paging));
    return { rows: rows.map((row) => row.mail), totalRows: total?.n ?? 0 };
  }
}

export const PROFILE_TABLES = { qualification: applicantEducation, experience: applicantExperience, professionalactivities: applicantProfessionalActivities } as const;
