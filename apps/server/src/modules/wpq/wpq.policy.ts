import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications, canSeeApplications, type ProgramStanding } from '../application/application-workflow.policy';

/**
 * Who may do what with a welder qualification record (decision 025). The welder reaches only the
 * record of their own application (anyone else's reads as missing: 404); staff follow the
 * application page (decision 006) and the program roles of spec section 6.
 */

/** The welder whose application it is. */
export function isRecordOwner(actor: CurrentUser, applicantId: string): boolean {
  return actor.userType === 'applicant' && !!actor.applicantId && actor.applicantId === applicantId;
}

/** Reading the record and its preview: its welder, or staff who see the program's applications. */
export function canReadRecord(actor: CurrentUser, standing: ProgramStanding): boolean {
  return canSeeApplications(actor, standing);
}

const holds = (actor: CurrentUser, standing: ProgramStanding, role: number) => actor.userType === 'admin' && hasMenuAccess(actor, 'Programs') && standing.programRoles.includes(role);

/** Entering the record for the welder (test centres often do): those who manage the applications, and the program's examiners. */
export function canEditRecordForWelder(actor: CurrentUser, standing: ProgramStanding): boolean {
  return canManageApplications(actor, standing) || holds(actor, standing, PROGRAM_USER_ROLES.examiner);
}

/** Scheduling the test: as for any exam, administrators and the program's manager. */
export function canScheduleTest(actor: CurrentUser, standing: ProgramStanding): boolean {
  return canManageApplications(actor, standing);
}

/** Recording the test and submitting it: a program user with the examiner role, and nobody else. */
export function canExamine(actor: CurrentUser, standing: ProgramStanding): boolean {
  return holds(actor, standing, PROGRAM_USER_ROLES.examiner);
}

/** The outcome: the program's assessors, or those who record any overall result (administrators and the manager). */
export function canDecideOutcome(actor: CurrentUser, standing: ProgramStanding): boolean {
  return canManageApplications(actor, standing) || holds(actor, standing, PROGRAM_USER_ROLES.assessor);
}
