import { ROLES } from '@certs/shared/auth/roles';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Account-wide program administrators: they create programs and may edit any. */
function isProgramAdministrator(actor: CurrentUser): boolean {
  return actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator;
}

/** Staff see programs through the Programs or the Archives menu. */
export function canViewPrograms(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Programs') || hasMenuAccess(actor, 'Archives');
}

export function canCreatePrograms(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Programs') && isProgramAdministrator(actor);
}

/** The program's manager: named on the program, or holding the manager role in it. */
export function isManagerOf(actor: CurrentUser, program: { programManagerId: string | null }, rolesInProgram: readonly number[]): boolean {
  return program.programManagerId === actor.id || rolesInProgram.includes(PROGRAM_USER_ROLES.manager);
}

/**
 * Writes need the Programs menu (403 without, whoever the caller is), and then an administrator
 * role or the management of that program.
 */
export function canEditProgram(actor: CurrentUser, program: { programManagerId: string | null }, rolesInProgram: readonly number[]): boolean {
  return hasMenuAccess(actor, 'Programs') && (isProgramAdministrator(actor) || isManagerOf(actor, program, rolesInProgram));
}

/** Restoring from the Archives screen needs that menu (or Programs) and the same standing. */
export function canRestoreProgram(actor: CurrentUser, program: { programManagerId: string | null }, rolesInProgram: readonly number[]): boolean {
  return (hasMenuAccess(actor, 'Archives') || hasMenuAccess(actor, 'Programs')) && (isProgramAdministrator(actor) || isManagerOf(actor, program, rolesInProgram));
}
