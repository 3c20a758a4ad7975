import { ROLES } from '@certs/shared/auth/roles';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Account-wide administrators (super users, account administrators) read every test's quality report. */
export function isQualityAdministrator(actor: CurrentUser): boolean {
  return actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator;
}

/**
 * Who reads a test's quality report (issue 43): staff with the Exam Quality menu who either
 * administer the account or manage the program of the module the test examines (its named manager
 * or the manager role). A program's examiners and assessors do not: the report judges the exam and
 * its questions, which is the program manager's and the quality manager's work. A test linked to no
 * module belongs to no program, so only administrators read it.
 */
export function canReadQualityReport(actor: CurrentUser, test: { programId: string | null }, managedProgramIds: readonly string[]): boolean {
  if (!hasMenuAccess(actor, 'Exam Quality')) return false;
  if (isQualityAdministrator(actor)) return true;
  return !!test.programId && managedProgramIds.includes(test.programId);
}
