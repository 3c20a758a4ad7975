import type { Database, DatabaseHandle } from '../../db/client';
import { JOB_LOCK_KEYS, runAlone } from '../../platform/jobs/job-lock';
import { PeriodicJob, type JobLog } from '../../platform/jobs/periodic-job';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { WpqValidityRepository } from './wpq-validity.repository';
import { WpqValidityService, type WpqValidityDeps } from './wpq-validity.service';

/** Hourly: a day's ends and reminders go out within the hour after Sydney's midnight. */
export const WPQ_VALIDITY_INTERVAL_MS = 60 * 60_000;

/**
 * The validity service and its periodic job (app.ts starts it outside tests). On a server database
 * one instance at a time runs a pass (advisory lock); each end and reminder is also decided under
 * row locks and unique keys, so a pass that overlaps another still acts once.
 */
export function createWpqValidityModule(database: Pick<DatabaseHandle, 'db' | 'kind'>, deps: Omit<WpqValidityDeps, 'repository' | 'workflow'> & { log: JobLog }) {
  const db: Database = database.db;
  const { log, ...rest } = deps;
  const service = new WpqValidityService({ ...rest, repository: new WpqValidityRepository(db), workflow: new ApplicationWorkflowRepository(db) });
  const job = new PeriodicJob('wpq-validity', WPQ_VALIDITY_INTERVAL_MS, () => runAlone(database, JOB_LOCK_KEYS.wpqValidity, () => service.runOnce()), log);
  return { service, job };
}
