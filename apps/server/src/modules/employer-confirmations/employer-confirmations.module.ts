import type { Database } from '../../db/client';
import type { WpqValidityService } from '../wpq-validity/wpq-validity.service';
import { EmployerConfirmationsRepository } from './employer-confirmations.repository';
import { EmployerConfirmationsService, type EmployerConfirmationsDeps } from './employer-confirmations.service';

/**
 * The company portal's confirmations (issue 42), wired once for app.ts: the validity module
 * confirms and revalidates, and its job hands each pass's due reminders to the coordinators' digest.
 */
export function createEmployerConfirmationsModule(db: Database, deps: Omit<EmployerConfirmationsDeps, 'repository' | 'validity'> & { validity: WpqValidityService }) {
  const confirmations = new EmployerConfirmationsService({ ...deps, repository: new EmployerConfirmationsRepository(db) });
  deps.validity.useCompanyReminders((due) => confirmations.remindCoordinators(due));
  return { confirmations };
}
