import type { CurrentUser } from '../../platform/auth/authenticate';
import type { ProgramStanding } from '../application/application-workflow.policy';
import { canStaffReadAward, isAwardHolder, type AwardOwnership } from '../award/award.policy';

export type CredentialAccess = 'allowed' | 'not found' | 'forbidden';

/** Whether the caller's standing in the award's program is needed to decide (staff who do not hold the award). */
export function needsProgramStanding(actor: CurrentUser, award: AwardOwnership): boolean {
  return !isAwardHolder(actor, award) && actor.userType === 'admin';
}

/**
 * Who may download an award's credential: its holder, and staff who may read the award (its
 * program's applications, decision 006). Another applicant is told the award does not exist (404);
 * staff outside the program are refused (403), as for the award itself.
 */
export function credentialAccess(actor: CurrentUser, award: AwardOwnership, standing: ProgramStanding | null): CredentialAccess {
  if (isAwardHolder(actor, award)) return 'allowed';
  if (actor.userType !== 'admin' || !standing) return 'not found';
  return canStaffReadAward(actor, standing) ? 'allowed' : 'forbidden';
}
