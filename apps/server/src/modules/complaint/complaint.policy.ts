import { CASE_MESSAGES, type CaseStatus } from '@certs/shared/case/case.contract';
import { COMPLAINT_MESSAGES } from '@certs/shared/complaint/complaint.contract';
import { ROLES } from '@certs/shared/auth/roles';
import type { CurrentUser } from '../../platform/auth/authenticate';

/**
 * Who may do what to a complaint (issue 43). Staff reach complaints through the Complaints menu,
 * account-wide (a complaint may name no program); the handler is never the person the complaint is
 * about; the outcome is decided by the handler or an account administrator, never by its subject.
 */

/** Account administrators (and the platform's super user) decide any complaint of their account. */
export function isComplaintAdministrator(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator);
}

/** Why this staff member cannot handle the complaint, or null (the impartiality guard's reason comes on top). */
export function handlerRefusal(candidateId: string, complaint: { aboutUserId: string | null; complainantUserId: string | null }): string | null {
  if (complaint.aboutUserId === candidateId) return CASE_MESSAGES.handlerIsSubject;
  return null;
}

/** Why the caller cannot record the outcome now, or null. */
export function decisionRefusal(actor: CurrentUser, complaint: { status: CaseStatus; handlerId: string | null; aboutUserId: string | null }): string | null {
  if (complaint.status === 'decided') return CASE_MESSAGES.alreadyDecided;
  if (complaint.status === 'withdrawn') return COMPLAINT_MESSAGES.withdrawn;
  if (!complaint.handlerId) return CASE_MESSAGES.noHandler;
  if (complaint.aboutUserId === actor.id) return COMPLAINT_MESSAGES.deciderIsSubject;
  if (complaint.handlerId !== actor.id && !isComplaintAdministrator(actor)) return COMPLAINT_MESSAGES.deciderNotAllowed;
  return null;
}
