import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications, type ProgramStanding } from '../application/application-workflow.policy';

/**
 * Who may act on the exam schedule and results (decision 009). Seeing them follows the
 * application page (decision 006: administrators and staff who serve on the program).
 */

/** Scheduling, sending and the overall result: administrators and the program's manager. */
export function canScheduleExams(actor: CurrentUser, standing: ProgramStanding): boolean {
  return canManageApplications(actor, standing);
}

export function canRecordOverallResult(actor: CurrentUser, standing: ProgramStanding): boolean {
  return canManageApplications(actor, standing);
}

/** A module's result: those who schedule, or the examiner assigned to that module. */
export function canEnterModuleResult(actor: CurrentUser, standing: ProgramStanding, examinerId: string | null): boolean {
  return canManageApplications(actor, standing) || (hasMenuAccess(actor, 'Programs') && !!examinerId && examinerId === actor.id);
}
