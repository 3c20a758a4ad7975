import { and, eq, type SQL } from 'drizzle-orm';
import { applicants } from '../../db/schema/user';

/**
 * One of a company's people (decisions 036 and 038): an applicant whose claim to work for the
 * company is approved. A pending, declined or ended claim makes nobody the company's. Company
 * users' requests run unbound by the account row-level security (decision 037), so every query of
 * a company's people keeps to this one condition.
 */
export function approvedEmployeeOf(companyId: string): SQL {
  return and(eq(applicants.employerCompanyId, companyId), eq(applicants.employerClaimStatus, 'approved'))!;
}
