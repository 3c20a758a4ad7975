import { and, asc, eq, gt, inArray, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/account';
import { awards } from '../../db/schema/award';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { wpqRecords } from '../../db/schema/wpq';
import { approvedEmployeeOf } from '../company/company-people';

export interface EmployeeRow {
  applicantId: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Whether the person's account can sign in (only those are offered for a nomination). */
  active: boolean;
}

export interface EmployeeAwardRow {
  awardId: string;
  applicantId: string;
  certificateNumber: string;
  status: string;
  awardedOn: string;
  expiresOn: string | null;
  programCode: string;
  programTitle: string;
  awardingBodyName: string;
  /** The awarding body's zone: its awards expire on its days. */
  timeZone: string;
}

/**
 * A company's approved employees and their awards, every awarding body's (issue 42). Company users
 * run unbound by the account row-level security (decision 034): every query here is limited to the
 * company's approved employees, which the caller's session names.
 */
export class EmployerPeopleRepository {
  constructor(private readonly db: Database) {}

  /** Applicants whose claim to work for the company is approved, by last then first name. */
  async findEmployees(companyId: string): Promise<EmployeeRow[]> {
    return this.db
      .select({ applicantId: applicants.id, firstName: users.firstName, lastName: users.lastName, email: users.email, active: users.active })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(approvedEmployeeOf(companyId))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(applicants.id));
  }

  /**
   * The awards these applicants hold: each application's latest award (the award module's
   * "latest": created last, then the larger id), current or on hold, other than a welder
   * qualification record's award (listed with the record's validity instead).
   */
  async findAwards(applicantIds: readonly string[]): Promise<EmployeeAwardRow[]> {
    if (applicantIds.length === 0) return [];
    const later = alias(awards, 'later_award');
    const newer = this.db
      .select({ one: sql`1` })
      .from(later)
      .where(and(eq(later.applicationId, awards.applicationId), or(gt(later.createdOn, awards.createdOn), and(eq(later.createdOn, awards.createdOn), gt(later.id, awards.id)))));
    const ofRecord = this.db.select({ one: sql`1` }).from(wpqRecords).where(eq(wpqRecords.awardId, awards.id));
    return this.db
      .select({
        awardId: awards.id,
        applicantId: awards.applicantId,
        certificateNumber: awards.certificateNumber,
        status: awards.status,
        awardedOn: awards.awardedOn,
        expiresOn: awards.expiresOn,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        awardingBodyName: accounts.name,
        timeZone: accounts.timeZone,
      })
      .from(awards)
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .where(and(inArray(awards.applicantId, [...applicantIds]), or(eq(awards.status, 'current'), eq(awards.status, 'on hold')), notExists(newer), notExists(ofRecord)))
      .orderBy(asc(awards.awardedOn), asc(awards.certificateNumber));
  }
}
