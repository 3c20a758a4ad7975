import type { Database } from '../../db/client';
import type { MailService } from '../../platform/mail/mail.service';
import type { AttachmentService } from '../attachment/attachment.service';
import type { AwardReinstater } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import type { ReviewService } from '../review/review.service';
import type { WpqService } from '../wpq/wpq.service';
import { AppealInvolvement } from './appeal-involvement';
import { AppealRecords } from './appeal-records';
import { AppealRepository } from './appeal.repository';
import { AppealService, type AppealImpartiality } from './appeal.service';

/** The appeal's writes, first: the review module opens and decides the appeal each review is (issue 43). */
export function createAppealRecords(db: Database, services: { mail: MailService; publicUrl: string }) {
  return new AppealRecords({ repository: new AppealRepository(db), ...services });
}

/** Wires the appeal service once, for app.ts. */
export function createAppealModule(
  db: Database,
  records: AppealRecords,
  services: {
    reviews: ReviewService;
    awards: AwardReinstater;
    welderQualifications: Pick<WpqService, 'approveOnAppeal'>;
    programs: ProgramService;
    attachments: AttachmentService;
    mail: MailService;
    impartiality?: AppealImpartiality;
    publicUrl: string;
  },
) {
  const repository = new AppealRepository(db);
  return { appeals: new AppealService({ repository, records, involvement: new AppealInvolvement(db), ...services }) };
}
