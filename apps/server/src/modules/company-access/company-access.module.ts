import type { Database } from '../../db/client';
import type { CertificateCheckService } from '../certificate-check/certificate-check.service';
import { CompanyAccessRepository } from './company-access.repository';
import { CompanyAccessService } from './company-access.service';

/** What companies see of a person, and the end of an employer link (issue 42, decision 038), wired once for app.ts. */
export function createCompanyAccessModule(db: Database, checks: CertificateCheckService): CompanyAccessService {
  return new CompanyAccessService(new CompanyAccessRepository(db), checks);
}
