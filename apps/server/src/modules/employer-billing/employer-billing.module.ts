import type { Database } from '../../db/client';
import { EmployerBillingRepository } from './employer-billing.repository';
import { EmployerBillingService, type EmployerBillingDeps } from './employer-billing.service';

/**
 * A company pays for its people (issue 42), wired once for app.ts. The service is also the
 * pre-exam stage's `InvoiceSponsors`, so the invoice of an application the company pays for is
 * issued to the company; the invoices' PDFs and payments stay the pre-exam and payment modules'.
 */
export function createEmployerBillingModule(db: Database, deps: Omit<EmployerBillingDeps, 'repository'>) {
  return { billing: new EmployerBillingService({ ...deps, repository: new EmployerBillingRepository(db) }) };
}
