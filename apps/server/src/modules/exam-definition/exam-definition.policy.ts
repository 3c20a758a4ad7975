import { ROLES } from '@certs/shared/auth/roles';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Tests are built on the Examinations screen; applicants never read a test's definition. */
export function canManageTests(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Examinations');
}

/** Account-wide administrators (super users, account administrators) build and read every test. */
export function isTestAdministrator(actor: CurrentUser): boolean {
  return actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator;
}

/**
 * The programs in which the caller builds tests: those they manage (named program manager or the
 * manager role) or examine (the examiner role). Assessors and invigilators do not build tests.
 */
export interface TestBuilderStanding {
  programIds: readonly string[];
  programTypes: readonly number[];
}

/** Where a test belongs: the program of the module it examines, else only its program type. */
export interface TestScope {
  programId: string | null;
  programType: number;
}

/**
 * Who may create, edit, publish, clone and read a test with its content (questions and their
 * correct answers). Design "The API": tests of a program's modules belong to that program. Staff
 * need the Examinations menu and then either an administrator role, or, in the program of the
 * module the test examines, the manager or examiner role: managers answer for their program's
 * examinations and examiners set and mark them, so those two build tests. A test linked to no
 * module (a trial test, or a module test not linked yet) has only its program type to go by
 * (trial tests carry no program id): it is managed by staff who manage or examine some program
 * of that type, the closest program scope it has. Issue 15.
 */
export function canManageTest(actor: CurrentUser, test: TestScope, standing: TestBuilderStanding | null): boolean {
  if (!canManageTests(actor)) return false;
  if (isTestAdministrator(actor)) return true;
  if (!standing) return false;
  return test.programId ? standing.programIds.includes(test.programId) : standing.programTypes.includes(test.programType);
}
