import { and, asc, desc, eq } from 'drizzle-orm';
import type { EmployerClaimStatus } from '@certs/shared/company/company.contract';
import type { Database } from '../../db/client';
import { endedEmployerLinks } from '../../db/schema/certificate-check';
import { companies } from '../../db/schema/company';
import { applicants, users } from '../../db/schema/user';
import { approvedEmployeeOf } from '../company/company-people';

/** The most former people a company's list shows, latest ends first. */
const FORMER_PEOPLE_LIMIT = 1000;

/** An applicant's employer link, its end, and the company's former people (decision 038); the only file of the module that touches Drizzle. */
export class CompanyAccessRepository {
  constructor(private readonly db: Database) {}

  /** The applicant's employer link as it stands: the company and the claim. */
  async findLink(applicantId: string): Promise<{ companyId: string; companyName: string; status: EmployerClaimStatus | null; claimedOn: Date | null; decidedOn: Date | null } | undefined> {
    const [row] = await this.db
      .select({
        companyId: companies.id,
        companyName: companies.name,
        status: applicants.employerClaimStatus,
        claimedOn: applicants.employerClaimedOn,
        decidedOn: applicants.employerClaimDecidedOn,
      })
      .from(applicants)
      .innerJoin(companies, eq(companies.id, applicants.employerCompanyId))
      .where(eq(applicants.id, applicantId));
    return row;
  }

  /**
   * Ends the applicant's approved link to the company: the applicant names no employer any more,
   * and the company keeps a row of the ended link with its dates. Nothing changes (false) when the
   * link is not the approved one to this company, as when two ends race.
   */
  async endLink(values: { applicantId: string; companyId: string; linkedOn: Date | null; actorId: string }): Promise<{ endedOn: Date } | undefined> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const cleared = await tx
        .update(applicants)
        .set({ employerCompanyId: null, employerClaimStatus: null, employerClaimedOn: null, employerClaimDecidedOn: null, employerClaimDecidedBy: null, modifiedBy: values.actorId, modifiedOn: now })
        .where(and(eq(applicants.id, values.applicantId), approvedEmployeeOf(values.companyId)))
        .returning({ id: applicants.id });
      if (cleared.length === 0) return undefined;
      const [ended] = await tx
        .insert(endedEmployerLinks)
        .values({ applicantId: values.applicantId, companyId: values.companyId, linkedOn: values.linkedOn, endedOn: now, endedBy: values.actorId, createdBy: values.actorId, modifiedBy: values.actorId })
        .returning({ endedOn: endedEmployerLinks.endedOn });
      return ended;
    });
  }

  /** The applicant's ended links, latest first. */
  async findEndedLinksOf(applicantId: string) {
    return this.db
      .select({ id: endedEmployerLinks.id, companyName: companies.name, linkedOn: endedEmployerLinks.linkedOn, endedOn: endedEmployerLinks.endedOn })
      .from(endedEmployerLinks)
      .innerJoin(companies, eq(companies.id, endedEmployerLinks.companyId))
      .where(eq(endedEmployerLinks.applicantId, applicantId))
      .orderBy(desc(endedEmployerLinks.endedOn));
  }

  /** People whose link to the company ended: their name and the dates, nothing else. */
  async findFormerPeople(companyId: string) {
    return this.db
      .select({ id: endedEmployerLinks.id, firstName: users.firstName, lastName: users.lastName, linkedOn: endedEmployerLinks.linkedOn, endedOn: endedEmployerLinks.endedOn })
      .from(endedEmployerLinks)
      .innerJoin(applicants, eq(applicants.id, endedEmployerLinks.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(endedEmployerLinks.companyId, companyId))
      .orderBy(desc(endedEmployerLinks.endedOn), asc(users.lastName), asc(users.firstName))
      .limit(FORMER_PEOPLE_LIMIT);
  }
}
