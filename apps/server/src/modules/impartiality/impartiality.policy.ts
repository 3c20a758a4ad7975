import { ROLES } from '@certs/shared/auth/roles';
import type { CurrentUser } from '../../platform/auth/authenticate';

/**
 * Who may do what with declarations, agreements, staff records and the refusal register (issue 43).
 *
 * - Every member of staff declares their own conflicts, ends their own, signs the year's agreement
 *   and reads their own record. Nobody changes another person's declaration: an administrator reads
 *   it in the register, and only its author ends it.
 * - The registers (declarations, refusals and overrides) need the Impartiality menu; account
 *   administrators (and super users) then see the whole account, a program's manager sees the staff
 *   serving on the programs they manage and the refusals in those programs. Anyone else: 403.
 * - The agreement's text, the agreement register and the staff register, and changes to a staff
 *   record's employer, position, qualifications and training, are for account administrators.
 * - An authorisation's expiry and basis: administrators, or the manager of that program.
 */
export type ImpartialityScope =
  | { kind: 'account'; accountId: string }
  | { kind: 'programs'; accountId: string; programIds: string[]; staffUserIds: string[] };

/** The roles that administer an account's impartiality records: super users and account administrators. */
export const IMPARTIALITY_ADMIN_ROLES = [ROLES.SuperUser, ROLES.AccountAdministrator] as const;

export function isImpartialityAdministrator(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (IMPARTIALITY_ADMIN_ROLES as readonly number[]).includes(actor.role);
}

/** Whether a scope covers a staff member (their declarations, their record). */
export function scopeCoversStaff(scope: ImpartialityScope, staffUserId: string): boolean {
  return scope.kind === 'account' || scope.staffUserIds.includes(staffUserId);
}

/** Whether the caller may change an authorisation in this program. */
export function mayEditAuthorisation(scope: ImpartialityScope, programId: string): boolean {
  return scope.kind === 'account' || scope.programIds.includes(programId);
}
