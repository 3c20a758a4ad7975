import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { PROGRAM_STATUS } from '@certs/shared/program/program-status';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { applications } from '../../db/schema/application';
import { companies } from '../../db/schema/company';
import { companySponsorships } from '../../db/schema/company-sponsorship';
import { invoices, payments } from '../../db/schema/payment';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { approvedEmployeeOf } from '../company/company-people';

export type SponsorshipInsert = typeof companySponsorships.$inferInsert;

/** The invoices issued to a company: their snapshot names it (`billed_to.company.companyId`). */
const issuedTo = (companyId: string) => sql`${invoices.billedTo} -> 'company' ->> 'companyId' = ${companyId}`;

/**
 * What a company pays for (issue 42): its sponsorships of its people's applications and the
 * invoices issued to it. Company users' requests are not bound to an account (decision 034), so
 * every query here is scoped to the company by its own conditions.
 */
export class EmployerBillingRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async findCompany(companyId: string) {
    const [row] = await this.db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
    return row;
  }

  /** One of the company's people whom it may nominate: an applicant whose claim on the company is approved and whose account is active (as the choice lists them). */
  async findApprovedEmployee(companyId: string, applicantId: string, db: Executor = this.db) {
    const [row] = await db
      .select({ applicantId: applicants.id, userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(and(eq(applicants.id, applicantId), approvedEmployeeOf(companyId), eq(users.active, true)));
    return row;
  }

  /**
   * Locks the person's applicant row while they are nominated: two nominations at once (or a
   * nomination and the person's own first save) take turns, and the second sees the first's draft.
   * The claim is read again under the lock.
   */
  async lockApprovedEmployee(tx: Executor, companyId: string, applicantId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: applicants.id })
      .from(applicants)
      .where(and(eq(applicants.id, applicantId), approvedEmployeeOf(companyId)))
      .for('update');
    return !!row;
  }

  /** The person's applications to the program, newest first (their statuses). */
  /** Every awarding body's published programs, by body and title. */
  async findPublishedPrograms() {
    return this.db
      .select({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType, awardingBodyName: accounts.name })
      .from(programs)
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .where(eq(programs.status, PROGRAM_STATUS.Published))
      .orderBy(asc(accounts.name), asc(programs.programTitle), asc(programs.programCode));
  }

  async findApplicationsTo(tx: Executor, applicantId: string, programId: string): Promise<{ id: string; status: string }[]> {
    return tx
      .select({ id: applications.id, status: applications.status })
      .from(applications)
      .where(and(eq(applications.applicantId, applicantId), eq(applications.programId, programId)))
      .orderBy(desc(applications.createdOn));
  }

  async insertSponsorship(tx: Executor, values: SponsorshipInsert): Promise<void> {
    await tx.insert(companySponsorships).values(values);
  }

  /** What the company that pays an application puts on its invoice; undefined when nobody does. */
  async findCompanyBilling(applicationId: string) {
    const [row] = await this.db
      .select({
        companyId: companies.id,
        companyName: companies.name,
        businessNumberKind: companies.businessNumberKind,
        businessNumber: companies.businessNumber,
        streetAddress: companies.streetAddress,
        city: companies.city,
        state: companies.state,
        postalCode: companies.postalCode,
        country: companies.country,
        purchaseOrderNumber: companySponsorships.purchaseOrderNumber,
        contactName: companySponsorships.billingContactName,
        contactEmail: companySponsorships.billingContactEmail,
      })
      .from(companySponsorships)
      .innerJoin(companies, eq(companies.id, companySponsorships.companyId))
      .where(eq(companySponsorships.applicationId, applicationId));
    return row;
  }

  /** The applications the company pays for, newest nomination first, with the person, program, awarding body and nominator. */
  async findNominations(companyId: string, applicationId?: string) {
    const nominator = sql<string>`(select trim(u2.first_name || ' ' || u2.last_name) from users u2 where u2.id = ${companySponsorships.nominatedBy})`;
    return this.db
      .select({
        applicationId: applications.id,
        applicationNumber: applications.applicationNumber,
        status: applications.status,
        applicantId: applications.applicantId,
        firstName: users.firstName,
        lastName: users.lastName,
        programId: programs.id,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        awardingBodyName: accounts.name,
        purchaseOrderNumber: companySponsorships.purchaseOrderNumber,
        billingContactName: companySponsorships.billingContactName,
        billingContactEmail: companySponsorships.billingContactEmail,
        nominatedBy: nominator,
        nominatedOn: companySponsorships.nominatedOn,
      })
      .from(companySponsorships)
      .innerJoin(applications, eq(applications.id, companySponsorships.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(and(eq(companySponsorships.companyId, companyId), applicationId ? eq(companySponsorships.applicationId, applicationId) : undefined))
      .orderBy(desc(companySponsorships.nominatedOn), desc(companySponsorships.id));
  }

  /** The invoices issued to the company, newest first, with the person and program; optionally of some applications only. */
  async findInvoices(companyId: string, applicationIds?: string[]) {
    if (applicationIds && applicationIds.length === 0) return [];
    return this.db
      .select({
        invoice: invoices,
        applicationNumber: applications.applicationNumber,
        firstName: users.firstName,
        lastName: users.lastName,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
      })
      .from(invoices)
      .innerJoin(applications, eq(applications.id, invoices.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(and(issuedTo(companyId), applicationIds ? inArray(invoices.applicationId, applicationIds) : undefined))
      .orderBy(desc(invoices.issuedOn), desc(invoices.invoiceNumber));
  }

  /** Each invoice's latest payment (link). */
  async findLatestPayments(invoiceIds: string[]) {
    if (invoiceIds.length === 0) return [];
    return this.db
      .selectDistinctOn([payments.invoiceId], { invoiceId: payments.invoiceId, status: payments.status, expiresOn: payments.expiresOn })
      .from(payments)
      .where(inArray(payments.invoiceId, invoiceIds))
      .orderBy(payments.invoiceId, desc(payments.createdOn), desc(payments.id));
  }
}
