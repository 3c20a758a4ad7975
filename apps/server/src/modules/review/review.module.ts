import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AttachmentService } from '../attachment/attachment.service';
import type { AwardCreator } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import { ReviewRepository } from './review.repository';
import { ReviewService, type ReviewAppeals, type ReviewDeps } from './review.service';

/** Wires the review service once, for app.ts. */
export function createReviewModule(db: Database, services: { programs: ProgramService; attachments: AttachmentService; mail: MailService; awards: AwardCreator; appeals: ReviewAppeals; involvement: ReviewDeps['involvement']; publicUrl: string }) {
  return { reviews: new ReviewService({ repository: new ReviewRepository(db), workflow: new ApplicationWorkflowRepository(db), ...services }) };
}
