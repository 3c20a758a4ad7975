import type { CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications, canSeeApplications, type ProgramStanding } from '../application/application-workflow.policy';

/** What an award check needs to know about the award. */
export interface AwardOwnership {
  applicantId: string;
  programId: string;
}

/** The holder reads their own awards, certificates and credentials. */
export function isAwardHolder(actor: CurrentUser, award: AwardOwnership): boolean {
  return !!actor.applicantId && actor.applicantId === award.applicantId;
}

/**
 * Staff read an award, its certificate and its credential where they may read the program's
 * applications (decision 006: administrators, or staff who serve on the program, with the Programs
 * menu); `standing` is the caller's standing in the award's program.
 */
export function canStaffReadAward(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canSeeApplications(actor, standing);
}

/** Hold, release, cancel, withdraw and (re)generate certificates: whoever manages the program's applications. */
export function canManageAward(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canManageApplications(actor, standing);
}
