import type { CurrentUser } from '../../platform/auth/authenticate';
import { canSeeApplications, type ProgramStanding } from '../application/application-workflow.policy';
import { canMarkExam } from '../exam/exam.policy';
import type { AttachmentLink } from './attachment.repository';

/**
 * Whether a member of staff may open a file attached to this record (decision 015). The record's
 * own read rule decides: a program's applications and everything that hangs off them (evidence,
 * results, invoices, answer papers) follow decision 006 (`canSeeApplications`: administrators, or
 * staff who serve on the program, with the Programs menu); a module sitting's answer papers are
 * also open to whoever may mark that sitting (exam policy: the program's examiners and the module's
 * examiner, who may work from the Examinations menu alone).
 */
export function canReadAttachedFile(actor: CurrentUser, link: AttachmentLink, standing: ProgramStanding): boolean {
  if (canSeeApplications(actor, standing)) return true;
  return link.kind === 'moduleAnswerPaper' && canMarkExam(actor, standing, link.examinerId);
}
