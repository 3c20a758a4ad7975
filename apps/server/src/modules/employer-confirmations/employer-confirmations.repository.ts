import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ROLES } from '@certs/shared/auth/roles';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { awards } from '../../db/schema/award';
import { companies } from '../../db/schema/company';
import { companyUsers } from '../../db/schema/company-user';
import { employerConfirmationReminders } from '../../db/schema/employer-confirmation';
import { applicants, users } from '../../db/schema/user';
import { wpqRecords } from '../../db/schema/wpq';
import { approvedEmployeeOf } from '../company/company-people';

/** A welder qualification record of one of the company's approved employees. */
export interface CompanyRecord {
  recordId: string;
  applicationId: string;
  applicantId: string;
  welderName: string;
  certificateNumber: string | null;
}

export interface Coordinator {
  companyId: string;
  userId: string;
  email: string;
  firstName: string;
}

/**
 * The company portal's confirmations (issue 42): which records are the company's people's, who
 * its coordinators are, and the digest's ledger. Company users run unbound by the account
 * boundary, so every query here names the company.
 */
export class EmployerConfirmationsRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findCompanyName(companyId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    return row?.name;
  }

  async findUserName(userId: string): Promise<string> {
    const [row] = await this.db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
    return row ? `${row.firstName} ${row.lastName}`.trim() : '';
  }

  /** The company's approved employees. */
  async approvedEmployees(companyId: string): Promise<string[]> {
    const rows = await this.db.select({ id: applicants.id }).from(applicants).where(approvedEmployeeOf(companyId));
    return rows.map((row) => row.id);
  }

  /** Those of these records that belong to the company's approved employees (the others are not the company's to see). */
  async recordsOfCompany(companyId: string, recordIds: readonly string[], executor: Executor = this.db): Promise<CompanyRecord[]> {
    if (recordIds.length === 0) return [];
    return executor
      .select({
        recordId: wpqRecords.id,
        applicationId: wpqRecords.applicationId,
        applicantId: wpqRecords.applicantId,
        welderName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        certificateNumber: awards.certificateNumber,
      })
      .from(wpqRecords)
      .innerJoin(applicants, eq(applicants.id, wpqRecords.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .leftJoin(awards, eq(awards.id, wpqRecords.awardId))
      .where(and(inArray(wpqRecords.id, [...recordIds]), approvedEmployeeOf(companyId)))
      .orderBy(asc(wpqRecords.applicationId), asc(wpqRecords.id));
  }

  /** Each of these applicants' company, where the claim is approved and the company active. */
  async companiesOf(applicantIds: readonly string[]): Promise<{ applicantId: string; companyId: string; companyName: string }[]> {
    if (applicantIds.length === 0) return [];
    const rows = await this.db
      .select({ applicantId: applicants.id, companyId: applicants.employerCompanyId, companyName: companies.name })
      .from(applicants)
      .innerJoin(companies, eq(companies.id, applicants.employerCompanyId))
      .where(and(inArray(applicants.id, [...applicantIds]), eq(applicants.employerClaimStatus, 'approved'), eq(companies.active, true)));
    return rows.flatMap((row) => (row.companyId ? [{ applicantId: row.applicantId, companyId: row.companyId, companyName: row.companyName }] : []));
  }

  /** The companies' active coordinators. */
  async activeCoordinators(companyIds: readonly string[]): Promise<Coordinator[]> {
    if (companyIds.length === 0) return [];
    return this.db
      .select({ companyId: companyUsers.companyId, userId: users.id, email: users.email, firstName: users.firstName })
      .from(companyUsers)
      .innerJoin(users, eq(users.id, companyUsers.userId))
      .where(and(inArray(companyUsers.companyId, [...companyIds]), eq(users.active, true), eq(users.role, ROLES.CompanyCoordinator), eq(users.userType, 'employer')))
      .orderBy(asc(users.email));
  }

  /** The company's row lock: one digest at a time per company (a second pass waits, then finds today's). */
  async lockCompany(tx: Executor, companyId: string): Promise<void> {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  }

  /** Whether the company's digest went out on this day already. */
  async digestSentOn(tx: Executor, companyId: string, day: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: employerConfirmationReminders.id })
      .from(employerConfirmationReminders)
      .where(and(eq(employerConfirmationReminders.companyId, companyId), eq(employerConfirmationReminders.sentOn, day)))
      .limit(1);
    return !!row;
  }

  /** Records the reminder unless it was recorded before; true when this call recorded it. */
  async recordReminder(tx: Executor, values: typeof employerConfirmationReminders.$inferInsert): Promise<boolean> {
    const rows = await tx.insert(employerConfirmationReminders).values(values).onConflictDoNothing().returning({ id: employerConfirmationReminders.id });
    return rows.length === 1;
  }

  async findReminders(companyId: string) {
    return this.db.select().from(employerConfirmationReminders).where(eq(employerConfirmationReminders.companyId, companyId)).orderBy(asc(employerConfirmationReminders.id));
  }
}
