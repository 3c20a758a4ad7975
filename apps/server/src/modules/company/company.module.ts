import type { Database } from '../../db/client';
import type { SessionUserChanges } from '../../platform/auth/authenticate';
import { CompanyRepository } from './company.repository';
import { CompanyService } from './company.service';

/** Companies, wired once for app.ts (the welder qualification's confirmations read them too). */
export function createCompanyModule(db: Database, sessionUsers?: SessionUserChanges) {
  return { companies: new CompanyService(new CompanyRepository(db), undefined, sessionUsers) };
}
