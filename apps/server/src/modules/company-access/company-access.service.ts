import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { COMPANY_ACCESS_CHECKS_SHOWN, COMPANY_ACCESS_MESSAGES, type CompanyAccess, type FormerPerson } from '@certs/shared/company-access/company-access.contract';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { CertificateCheckService } from '../certificate-check/certificate-check.service';
import { isApplicantActor } from '../company/company.policy';
import type { CompanyAccessRepository } from './company-access.repository';

/**
 * What companies see of a person (issue 42, decision 038). The applicant sees which company sees
 * their records (their employer while the claim is approved; a pending claim shows the company
 * their name and email until it decides), the links they ended, and every company's checks of
 * their certificates; they end their approved link themselves. The company then lists them among
 * its former people with the end date, and nothing more of them.
 */
export class CompanyAccessService {
  constructor(
    private readonly repository: CompanyAccessRepository,
    private readonly checks: CertificateCheckService,
  ) {}

  async access(actor: CurrentUser): Promise<CompanyAccess> {
    const applicantId = this.applicantOf(actor);
    const [link, ended, checks] = await Promise.all([this.repository.findLink(applicantId), this.repository.findEndedLinksOf(applicantId), this.checks.checksOfHolder(applicantId, COMPANY_ACCESS_CHECKS_SHOWN)]);
    // A declined claim gives the company nothing: it is not listed as seeing anything.
    const employer =
      link && (link.status === 'approved' || link.status === 'pending')
        ? { companyId: link.companyId, companyName: link.companyName, status: link.status, since: (link.status === 'approved' ? (link.decidedOn ?? link.claimedOn) : link.claimedOn)?.toISOString() ?? null }
        : null;
    return {
      employer,
      endedLinks: ended.map((row) => ({ id: row.id, companyName: row.companyName, since: row.linkedOn?.toISOString() ?? null, endedOn: row.endedOn.toISOString() })),
      checks,
    };
  }

  /** The applicant ends their approved link: from now on the company no longer sees them. */
  async endLink(actor: CurrentUser): Promise<CompanyAccess> {
    const applicantId = this.applicantOf(actor);
    const link = await this.repository.findLink(applicantId);
    const noLink = () => new AppError('CONFLICT', COMPANY_ACCESS_MESSAGES.noLinkToEnd);
    if (link?.status !== 'approved') throw noLink();
    const ended = await this.repository.endLink({ applicantId, companyId: link.companyId, linkedOn: link.decidedOn ?? link.claimedOn, actorId: actor.id });
    if (!ended) throw noLink();
    return this.access(actor);
  }

  /** The company's former people: name, since and end date (coordinator and viewers). */
  async formerPeople(actor: CurrentUser): Promise<FormerPerson[]> {
    const rows = await this.repository.findFormerPeople(employerCompanyOf(actor));
    return rows.map((row) => ({ id: row.id, firstName: row.firstName, lastName: row.lastName, since: row.linkedOn?.toISOString() ?? null, endedOn: row.endedOn.toISOString() }));
  }

  private applicantOf(actor: CurrentUser): string {
    if (!isApplicantActor(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return actor.applicantId;
  }
}
