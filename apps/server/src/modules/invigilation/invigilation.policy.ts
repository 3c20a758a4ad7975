import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { canSeeApplications, isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';

/** Who the caller is on a sitting, or null for nobody (decision 029). */
export type SittingRole = 'invigilator' | 'examiner' | 'staff';

export interface NamedStaff {
  invigilatorId: string | null;
  examinerId: string | null;
}

/**
 * The console and its actions: a person named invigilator or examiner of any candidate of the
 * sitting (whatever their menus: exam-day staff often have none), the program's manager and account
 * administrators. Other staff, another program's included, are refused.
 */
export function sittingRoleOf(actor: CurrentUser, modules: readonly NamedStaff[], standing: ProgramStanding | null): SittingRole | null {
  if (actor.userType !== 'admin') return null;
  if (modules.some((module) => module.invigilatorId === actor.id)) return 'invigilator';
  if (modules.some((module) => module.examinerId === actor.id)) return 'examiner';
  if (isApplicationAdministrator(actor) || standing?.isManager) return 'staff';
  return null;
}

/**
 * The program's standing is read for every member of staff, named people and administrators too:
 * reading it is also the account check (another account's program answers 404, issue 40).
 */
export function needsStanding(actor: CurrentUser): boolean {
  return actor.userType === 'admin';
}

/**
 * The review of a recorded sitting: its examiner (named on the module, or an examiner of the
 * program), the program's manager and account administrators.
 */
export function canReviewSitting(actor: CurrentUser, module: NamedStaff, standing: ProgramStanding | null): boolean {
  if (actor.userType !== 'admin') return false;
  if (module.examinerId === actor.id || isApplicationAdministrator(actor)) return true;
  return !!standing && (standing.isManager || standing.programRoles.includes(PROGRAM_USER_ROLES.examiner));
}

/** Irregularity reports with the application: whoever reads the program's applications, and the people named on its modules. */
export function canReadReports(actor: CurrentUser, namedStaff: readonly string[], standing: ProgramStanding | null): boolean {
  if (actor.userType !== 'admin') return false;
  if (namedStaff.includes(actor.id) || isApplicationAdministrator(actor)) return true;
  return !!standing && canSeeApplications(actor, standing);
}
