import { ROLES } from '@certs/shared/auth/roles';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';

/**
 * The applicants' records a member of staff may read: those of their account (an administrator:
 * every application to the account's programs), or those in some programs.
 */
export type ApplicantReachScope = { kind: 'account'; accountId: string } | { kind: 'programs'; programIds: string[] };

/** What the rule reads: the programs a member of staff serves, and whether an applicant applied to one. */
export interface ApplicantReachSources {
  findProgramIdsServedBy(userId: string): Promise<string[]>;
  hasApplicationIn(applicantId: string, programIds: string[]): Promise<boolean>;
  /** Whether the applicant has any application (a draft too) in a program of the account. */
  hasApplicationInAccount(applicantId: string, accountId: string): Promise<boolean>;
}

/** Administrators (super users and account administrators) read the whole record of their account's applicants. */
export function isApplicantAdministrator(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator);
}

/**
 * One rule for every staff read of an applicant's profile, profile lists and record (issue 20,
 * hardening): applicants belong to the platform, and staff reach one only through applications to
 * their account's programs (issue 40): administrators any such applicant; any other member of staff
 * only applicants with a submitted application in a program they serve (manager or a program role),
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
      return (await this.sources.hasApplicationInAccount(applicantId, accountId)) ? { kind: 'account', accountId } : null;
    }
    const programIds = await this.sources.findProgramIdsServedBy(actor.id);
    return (await this.sources.hasApplicationIn(applicantId, programIds)) ? { kind: 'programs', programIds } : null;
  }
}
