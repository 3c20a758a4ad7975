import { ROLES } from '@certs/shared/auth/roles';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Account-wide program administrators: they create programs and may edit any. */
export function isProgramAdministrator(actor: CurrentUser): boolean {
  return actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator;
}

/** Staff see programs through the Programs or the Archives menu. */
export function canViewPrograms(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Programs') || hasMenuAccess(actor, 'Archives');
}

/** Serving on a program: its manager (named, or the manager role) or any program role (assessor, examiner, invigilator). */
export function servesOnProgram(actor: CurrentUser, program: { programManagerId: string | null }, rolesInProgram: readonly number[]): boolean {
  return isManagerOf(actor, program, rolesInProgram) || rolesInProgram.length > 0;
}

/**
 * Reading a program's details, settings, modules, instructions, requirements, users and history
 * (decision 003, revised in issue 15): the Programs or Archives menu, and then an administrator
 * role or serving on that program. Staff of other programs get 403; applicants read the
 * published catalogue instead.
 */
export function canViewProgram(actor: CurrentUser, program: { programManagerId: string | null }, rolesInProgram: readonly number[]): boolean {
  return canViewPrograms(actor) && (isProgramAdministrator(actor) || servesOnProgram(actor, program, rolesInProgram));
}

/**
 * The staff directory (every active admin user, offered when choosing a program manager or a
 * program user) is for who manages programs: administrators, and staff who manage at least one
 * program; both with the Programs menu, where those choices are made. Decision 003, issue 15.
 */
export function canSeeStaffDirectory(actor: CurrentUser, managesAProgram: boolean): boolean {
  return hasMenuAccess(actor, 'Programs') && (isProgramAdministrator(actor) || managesAProgram);
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
