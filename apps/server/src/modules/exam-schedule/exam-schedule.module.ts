import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AttachmentService } from '../attachment/attachment.service';
import type { AwardCreator } from '../award/award.service';
import type { ProgramUserService } from '../program/program-user.service';
import type { ProgramService } from '../program/program.service';
import { createImpartialityGuard } from '../impartiality/impartiality.guard';
import { ExamScheduleRepository } from './exam-schedule.repository';
import { ExamScheduleService } from './exam-schedule.service';
import { PublicScheduleService } from './public-schedule.service';

/** Wires the exam schedule, results and public schedule once, for app.ts. */
export function createExamScheduleModule(
  db: Database,
  services: { programs: ProgramService; programUsers: ProgramUserService; attachments: AttachmentService; mail: MailService; awards: AwardCreator; publicUrl: string; now?: () => Date },
) {
  const repository = new ExamScheduleRepository(db);
  return {
    schedule: new ExamScheduleService({ repository, workflow: new ApplicationWorkflowRepository(db), impartiality: createImpartialityGuard(db, services.now), ...services }),
    publicSchedule: new PublicScheduleService(repository, services.now),
  };
}
