import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AttachmentService } from '../attachment/attachment.service';
import type { AwardCreator } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import { createImpartialityGuard } from '../impartiality/impartiality.guard';
import { WpqRepository } from './wpq.repository';
import { WpqService } from './wpq.service';

/** Wires the welder qualification record's service once, for app.ts; awards come from the award module. */
export function createWpqModule(db: Database, services: { programs: ProgramService; attachments: AttachmentService; mail: MailService; awards: AwardCreator; publicUrl: string }) {
  return { wpq: new WpqService({ repository: new WpqRepository(db), workflow: new ApplicationWorkflowRepository(db), impartiality: createImpartialityGuard(db), ...services }) };
}
