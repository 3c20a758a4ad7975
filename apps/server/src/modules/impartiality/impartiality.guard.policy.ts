import type { CurrentUser } from '../../platform/auth/authenticate';
import { isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';

/**
 * Overriding an impartiality refusal (issue 43): the program's managers and the account's
 * administrators, who answer for the program's assignments; always with a reason, on record.
 */
export function canOverrideImpartiality(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && (isApplicationAdministrator(actor) || standing.isManager);
}
