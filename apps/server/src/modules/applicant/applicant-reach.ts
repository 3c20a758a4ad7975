import { ROLES } from '@certs/shared/auth/roles';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';

/**
 * The applicants' records a member of staff may read: an administrator's account's (their
 * applications to its programs), or a program's staff's programs'.
 */
export type ApplicantReachScope = { kind: 'account'; accountId: string } | { kind: 'programs'; programIds: string[] };

/** What the rule reads: the programs a member of staff serves, and whether an applicant applied to one. */
export interface ApplicantReachSources {
  findProgramIdsServedBy(userId: string): Promise<string[]>;
  hasApplicationIn(applicantId: string, programIds: string[]): Promise<boolean>;
  /** Whether the applicant is the account's: an application (a draft too) to its programs, or none anywhere yet. */
  isApplicantOfAccount(applicantId: string, accountId: string): Promise<boolean>;
}

/** Administrators (super users and account administrators) read the whole record of their account's applicants. */
export function isApplicantAdministrator(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator);
}

/**
 * One rule for every staff read of an applicant's profile, profile lists and record (issue 20,
 * hardening): applicants belong to the platform, and an account's administrators reach one through
 * an application to the account's programs, or while they have applied nowhere yet (a registrant
 * is no account's record, and every account's staff help them: membership, support); once they
 * applied, only the accounts they applied to (issue 40). Any other member of staff reaches only
 * applicants with a submitted application in a program they serve (manager or a program role),
 * whatever side menu they were given. An applicant is never "staff": their own record is their
 * domain's rule.
 */
export class ApplicantReach {
  constructor(private readonly sources: ApplicantReachSources) {}

  /** The caller's reach over this applicant, or null when they have none. */
  async scopeOf(actor: CurrentUser, applicantId: string): Promise<ApplicantReachScope | null> {
    if (actor.userType !== 'admin') return null;
    if (isApplicantAdministrator(actor)) {
      const accountId = staffAccountOf(actor);
      return (await this.sources.isApplicantOfAccount(applicantId, accountId)) ? { kind: 'account', accountId } : null;
    }
    const programIds = await this.sources.findProgramIdsServedBy(actor.id);
    return (await this.sources.hasApplicationIn(applicantId, programIds)) ? { kind: 'programs', programIds } : null;
  }
}
