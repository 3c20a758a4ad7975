import type { Database } from '../../db/client';
import { PeriodicJob, type JobLog } from '../../platform/jobs/periodic-job';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { AwardExpiryRepository } from './award-expiry.repository';
import { AwardExpiryService } from './award-expiry.service';

/** The job runs hourly: a day's expiries and reminders go out within the hour after each account's midnight. */
export const AWARD_EXPIRY_INTERVAL_MS = 60 * 60_000;

/** The expiry and reminder service and its periodic job (not started here: app.ts starts it outside tests). */
export function createAwardExpiryModule(db: Database, deps: { mail: Pick<MailService, 'send'>; publicUrl: string; log: JobLog; now?: () => Date }) {
  const service = new AwardExpiryService({ repository: new AwardExpiryRepository(db), workflow: new ApplicationWorkflowRepository(db), mail: deps.mail, publicUrl: deps.publicUrl, now: deps.now });
  const job = new PeriodicJob('award-expiry', AWARD_EXPIRY_INTERVAL_MS, () => service.runOnce(), deps.log);
  return { service, job };
}
