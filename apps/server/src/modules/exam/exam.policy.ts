import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';
import { isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';

/** Staff who work on exams reach them through the Examinations or the Programs menu. */
export function hasExamMenu(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Examinations') || hasMenuAccess(actor, 'Programs');
}

/** Every sitting of the account, or only those of the caller's programs (as manager, program user or module examiner). */
export function seesAllSittings(actor: CurrentUser): boolean {
  return isApplicationAdministrator(actor);
}

/**
 * Marking a module exam ("verify marks"): account administrators, the program's manager, the
 * program's examiners, and the examiner named on the candidate's module schedule.
 */
export function canMarkExam(actor: CurrentUser, standing: ProgramStanding, moduleExaminerId: string | null): boolean {
  if (!hasExamMenu(actor)) return false;
  return (
    isApplicationAdministrator(actor) ||
    standing.isManager ||
    standing.programRoles.includes(PROGRAM_USER_ROLES.examiner) ||
    (!!moduleExaminerId && moduleExaminerId === actor.id)
  );
}
