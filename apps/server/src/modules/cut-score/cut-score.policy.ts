import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';
import { isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';

/**
 * Cut scores are kept on the test's page (the Examinations menu), in the program of the module
 * the test examines (design "The API": tests of a program's modules belong to that program).
 * A test linked to no module has no program to stand in: only administrators reach its studies.
 */

/** Setting a cut score (starting a study, its judges and ratings, adopting it): the program's manager or an administrator. */
export function canSetCutScores(actor: CurrentUser, standing: ProgramStanding | null): boolean {
  if (!hasMenuAccess(actor, 'Examinations')) return false;
  return isApplicationAdministrator(actor) || (!!standing && standing.isManager);
}

/** Reading the studies: those who set them, and the program's examiners, who write and mark its tests. */
export function canReadCutScores(actor: CurrentUser, standing: ProgramStanding | null): boolean {
  if (canSetCutScores(actor, standing)) return true;
  return hasMenuAccess(actor, 'Examinations') && !!standing && standing.programRoles.includes(PROGRAM_USER_ROLES.examiner);
}
