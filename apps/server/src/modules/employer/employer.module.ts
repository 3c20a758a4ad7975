import type { Database } from '../../db/client';
import type { SessionUserChanges } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import type { CompanyService } from '../company/company.service';
import { EmployerRepository } from './employer.repository';
import { EmployerService } from './employer.service';

/** A company's own portal (issue 42), wired once for app.ts. */
export function createEmployerModule(db: Database, companies: CompanyService, deps: { mail: MailService; publicUrl: string; sessionUsers: SessionUserChanges }) {
  return { employer: new EmployerService(new EmployerRepository(db), companies, deps) };
}
