import type { Database } from '../../db/client';
import { PeriodicJob } from '../../platform/jobs/periodic-job';
import type { MailService } from '../../platform/mail/mail.service';
import type { ProgramService } from '../program/program.service';
import type { StaffScope } from '../report/staff-scope';
import { BulkImportRepository } from './bulk-import.repository';
import { BulkImportService } from './bulk-import.service';

/** How often the job looks for queued imports when nothing woke it. */
export const BULK_IMPORT_POLL_MS = 5_000;

/**
 * The import service and its job (not started here). Imports are claimed with `FOR UPDATE SKIP
 * LOCKED`, so any instance may run the job; a new import wakes this instance's job at once.
 */
export function createBulkImportModule(
  db: Database,
  deps: { scopes: StaffScope; programs: ProgramService; mail: MailService; publicUrl: string; log: { warn(obj: object, msg: string): void }; runJobs: boolean },
) {
  // The job's work reads the service, created next; it first runs after both exist.
  const job: PeriodicJob = new PeriodicJob('bulk imports', BULK_IMPORT_POLL_MS, () => service.runPending(), deps.log);
  const service = new BulkImportService(
    new BulkImportRepository(db),
    { scopes: deps.scopes, programs: deps.programs, mail: deps.mail, onQueued: deps.runJobs ? () => void job.runOnce() : undefined },
    { publicUrl: deps.publicUrl, log: deps.log },
  );
  if (deps.runJobs) job.start();
  return { service, job };
}
