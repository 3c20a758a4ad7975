import type { Database } from '../../db/client';
import type { PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ProgramService } from '../program/program.service';
import { AwardRepository } from './award.repository';
import { AwardService } from './award.service';

/** Wires the award service once, for app.ts; the result stage (and later awarding paths) call its `createForAwardedApplication`. */
export function createAwardModule(
  db: Database,
  services: { programs: ProgramService; mail: MailService; accessLog: PersonalDataAccessLog; publicUrl: string; defaultPattern: string },
) {
  return { awards: new AwardService({ repository: new AwardRepository(db), workflow: new ApplicationWorkflowRepository(db), ...services }) };
}
