import type { FastifyInstance } from 'fastify';
import { runUnbound } from '../../db/account-boundary';
import type { Database } from '../../db/client';
import { PeriodicJob } from '../../platform/jobs/periodic-job';
import type { Storage } from '../../platform/storage/storage';
import type { MailService } from '../../platform/mail/mail.service';
import { MigrationInvitations } from './migration-invitations';
import { MigrationInvitationRepository } from './migration-invitations.repository';
import { registerMigrationInvitationRoutes } from './migration-invitations.routes';
import { MigrationRepository } from './migration.repository';
import { MigrationService } from './migration.service';

/** How often the job looks for queued imports (and abandoned ones) when nothing woke it. */
export const MIGRATION_POLL_MS = 5_000;

/**
 * The legacy import service and its job: imports are claimed with `FOR UPDATE SKIP LOCKED`, so any
 * instance may run them; a new import wakes this instance's job at once. Tests run passes directly.
 */
export function createMigrationModule(db: Database, deps: { defaultPattern: string; log: { warn(obj: object, msg: string): void }; runJobs: boolean; storage?: Storage }) {
  // The job's work reads the service, created next; it first runs after both exist.
  const job: PeriodicJob = new PeriodicJob('legacy imports', MIGRATION_POLL_MS, () => service.runPending(), deps.log);
  // Woken by a staff request, the pass still runs unbound (decision 034): it must see every account's certificate numbers to refuse a collision.
  const service = new MigrationService(new MigrationRepository(db), { onQueued: deps.runJobs ? () => runUnbound(() => void job.runOnce()) : undefined, storage: deps.storage }, { defaultPattern: deps.defaultPattern, log: deps.log });
  if (deps.runJobs) job.start();
  return { service, job };
}

/** Invitations to the people an import created (issue 41): mailed as the account through the mail queue, each with a link to choose a password. */
export function registerMigrationInvitations(api: FastifyInstance, db: Database, deps: { mail: MailService; publicUrl: string }): void {
  registerMigrationInvitationRoutes(api, new MigrationInvitations(new MigrationInvitationRepository(db), deps));
}
