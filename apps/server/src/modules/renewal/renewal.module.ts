import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AwardRenewer } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import { RenewalRepository } from './renewal.repository';
import { RenewalService } from './renewal.service';

/** Wires the renewal service once, for app.ts; the award's renewal writes come from the award module. */
export function createRenewalModule(db: Database, services: { programs: ProgramService; mail: MailService; awards: AwardRenewer; publicUrl: string }) {
  return { renewals: new RenewalService({ repository: new RenewalRepository(db), workflow: new ApplicationWorkflowRepository(db), ...services }) };
}
