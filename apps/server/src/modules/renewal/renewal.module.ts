import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AwardRenewer } from '../award/award.service';
import type { ExamScheduleService } from '../exam-schedule/exam-schedule.service';
import { createImpartialityGuard } from '../impartiality/impartiality.guard';
import type { PreExamService } from '../pre-exam/pre-exam.service';
import type { ProgramService } from '../program/program.service';
import { RenewalModuleService } from './renewal-module.service';
import { RenewalRepository } from './renewal.repository';
import { RenewalService } from './renewal.service';

/**
 * Wires the renewal services once, for app.ts: the award's renewal writes come from the award
 * module, invoices and payment links from the pre-exam module, schedule checks from exam-schedule.
 */
export function createRenewalModule(
  db: Database,
  services: { programs: ProgramService; mail: MailService; awards: AwardRenewer; invoicing: PreExamService; schedules: ExamScheduleService; publicUrl: string },
) {
  const repository = new RenewalRepository(db);
  const workflow = new ApplicationWorkflowRepository(db);
  const impartiality = createImpartialityGuard(db);
  const renewals = new RenewalService({ repository, workflow, impartiality, ...services });
  const renewalModules = new RenewalModuleService({ repository, workflow, renewals, invoicing: services.invoicing, schedules: services.schedules, impartiality, mail: services.mail });
  return { renewals, renewalModules };
}
