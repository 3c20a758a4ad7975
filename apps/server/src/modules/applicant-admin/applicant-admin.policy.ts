import { ROLES } from '@certs/shared/auth/roles';
import type { CurrentUser } from '../../platform/auth/authenticate';

/** Administrators (super users and account administrators) read every applicant's whole record. */
export function isApplicantAdministrator(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator);
}
