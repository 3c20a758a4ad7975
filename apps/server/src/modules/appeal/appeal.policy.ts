import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';
import { isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';

/** The person who lodged it reads their own appeal only (another's: 404, no hint it exists). */
export function isAppellant(actor: CurrentUser, appeal: { appellantUserId: string }): boolean {
  return actor.userType === 'applicant' && actor.id === appeal.appellantUserId;
}

/** A standing in the appeal's program: an administrator, the program's manager or any program role (decision 006). */
export function hasProgramStanding(actor: CurrentUser, standing: ProgramStanding): boolean {
  return isApplicationAdministrator(actor) || standing.isManager || standing.programRoles.length > 0;
}

/** Staff with the Appeals menu read a program's appeals with a standing in it; the handler reads the one they handle. */
export function canReadAppeal(actor: CurrentUser, standing: ProgramStanding, appeal: { handlerId: string | null }): boolean {
  return actor.userType === 'admin' && hasMenuAccess(actor, 'Appeals') && (hasProgramStanding(actor, standing) || appeal.handlerId === actor.id);
}

/** Assigning a handler (someone else) and deciding any appeal of the program: administrators and the program's manager. */
export function canManageAppeals(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && hasMenuAccess(actor, 'Appeals') && (isApplicationAdministrator(actor) || standing.isManager);
}

/** Notes and status moves: the handler, or who manages the program's appeals. */
export function canRecordOnAppeal(actor: CurrentUser, standing: ProgramStanding, appeal: { handlerId: string | null }): boolean {
  return canManageAppeals(actor, standing) || (actor.userType === 'admin' && hasMenuAccess(actor, 'Appeals') && appeal.handlerId === actor.id);
}
