import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { expiryToday } from '@certs/shared/award/award-expiry';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { businessNumberKindOf } from '@certs/shared/company/business-number';
import {
  COMPANY_MESSAGES,
  type Company,
  type CompanyDetails,
  type CompanyListQuery,
  type CompanyOption,
  type CompanyPage,
  type CompanyRequest,
  type DecideEmployerClaimRequest,
  type Employer,
  type EmployerClaim,
  type EmployerClaimStatus,
  type NewCompanyRequest,
} from '@certs/shared/company/company.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser, type SessionUserChanges } from '../../platform/auth/authenticate';
import { canManageCompanies, isApplicantActor } from './company.policy';
import type { MembershipRow } from '../../db/account-memberships';
import type { CompanyRepository, CompanyRow, CompanyWithMembership } from './company.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A corporate membership is current from its start to its end day, both included (Sydney's today). */
export function isCurrentCorporateMember(membership: Pick<MembershipRow, 'memberNumber' | 'startsOn' | 'endsOn'> | null, today: string): boolean {
  if (!membership?.memberNumber || !membership.endsOn) return false;
  return (!membership.startsOn || membership.startsOn <= today) && today <= membership.endsOn;
}

/** The company with the reader's account's corporate membership (another body's is not shown). */
function toCompany({ row, membership }: CompanyWithMembership, today: string): Company {
  return {
    id: row.id,
    name: row.name,
    businessNumberKind: row.businessNumberKind,
    businessNumber: row.businessNumber,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    postalCode: row.postalCode,
    country: row.country,
    contactName: row.contactName,
    contactPosition: row.contactPosition,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    corporateMemberNumber: membership?.memberNumber ?? '',
    membershipStartsOn: membership?.startsOn ?? null,
    membershipEndsOn: membership?.endsOn ?? null,
    isCurrentCorporateMember: isCurrentCorporateMember(membership, today),
    active: row.active,
    isRequested: row.requestedByApplicantId !== null,
    createdOn: row.createdOn.toISOString(),
    modifiedOn: row.modifiedOn.toISOString(),
  };
}

type ClaimRow = Awaited<ReturnType<CompanyRepository['findClaims']>>[number];
const toClaim = (row: ClaimRow): EmployerClaim => ({
  ...row,
  status: row.status ?? 'pending',
  claimedOn: row.claimedOn?.toISOString() ?? null,
  decidedOn: row.decidedOn?.toISOString() ?? null,
});

const toOption = (row: CompanyRow): CompanyOption => ({ id: row.id, name: row.name, city: row.city, state: row.state, active: row.active });

function forbidden(): AppError {
  return new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}

function taken(): AppError {
  return new AppError('CONFLICT', COMPANY_MESSAGES.businessNumberTaken, { businessNumber: COMPANY_MESSAGES.businessNumberTaken });
}

/**
 * Companies (decision 027): staff with the Users menu keep them; an applicant chooses an active one
 * as their employer or asks for a new one, which is created inactive (staff approve it by making it
 * active). Other modules read a company through `findForConfirmation` without an actor check.
 */
export class CompanyService {
  constructor(
    private readonly repository: CompanyRepository,
    private readonly now: () => Date = () => new Date(),
    /** Told when a company's own users gain or lose access with the company's active flag (issue 42); other instances hear it from PostgreSQL (migration 0052). */
    private readonly sessionUsers?: SessionUserChanges,
  ) {}

  private today(): string {
    return expiryToday(this.now());
  }

  async findPage(actor: CurrentUser, query: z.output<typeof CompanyListQuery>): Promise<CompanyPage> {
    if (!canManageCompanies(actor)) throw forbidden();
    const { rows, totalRows } = await this.repository.findPage({
      accountId: staffAccountOf(actor),
      page: query.page,
      pageSize: query.pageSize,
      searchBy: query.searchBy,
      searchTerm: searchTermOrUndefined(query.searchTerm),
      active: query.active === undefined ? undefined : query.active === 'true',
    });
    const today = this.today();
    return { rows: rows.map((row) => toCompany(row, today)), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findDetails(actor: CurrentUser, id: string): Promise<CompanyDetails> {
    if (!canManageCompanies(actor)) throw forbidden();
    const row = await this.existing(id);
    const [found] = await this.repository.withMemberships([row], staffAccountOf(actor));
    const accountId = staffAccountOf(actor);
    const [people, claims] = await Promise.all([this.repository.findPeople(row.id, accountId), this.repository.findClaims(accountId, { status: 'pending', companyId: row.id })]);
    return { ...toCompany(found!, this.today()), people, claims: claims.map(toClaim) };
  }

  /** Claims to work for a company, in one status (pending by default), for staff who keep companies. */
  async findClaims(actor: CurrentUser, status: EmployerClaimStatus): Promise<EmployerClaim[]> {
    if (!canManageCompanies(actor)) throw forbidden();
    return (await this.repository.findClaims(staffAccountOf(actor), { status })).map(toClaim);
  }

  /**
   * Staff approve or decline an applicant's claim to work for the company (an approved one may be
   * declined on review, and back). Outside the staff's applicant reach, or when the applicant does
   * not name this company, the claim reads as missing.
   */
  async decideClaim(actor: CurrentUser, companyId: string, applicantId: string, input: DecideEmployerClaimRequest): Promise<EmployerClaim> {
    if (!canManageCompanies(actor)) throw forbidden();
    const accountId = staffAccountOf(actor);
    const missing = () => new AppError('NOT_FOUND', COMPANY_MESSAGES.claimNotFound);
    if (!UUID.test(companyId) || !UUID.test(applicantId) || !(await this.repository.findClaim(accountId, companyId, applicantId))) throw missing();
    const status = input.decision === 'approve' ? 'approved' : 'declined';
    if (!(await this.repository.decideClaim(companyId, applicantId, status, actor.id))) throw missing();
    const [claim] = await this.repository.findClaims(accountId, { status, companyId, applicantId });
    if (!claim) throw missing();
    return toClaim(claim);
  }

  /** A company's own claims in one status, for its own users (issue 42): applicants of every body. */
  async claimsOfCompany(companyId: string, status: EmployerClaimStatus): Promise<EmployerClaim[]> {
    return (await this.repository.findClaims(undefined, { status, companyId })).map(toClaim);
  }

  /** The company's coordinator decides a claim on their own company (the route checks the role; the company is the session's). */
  async decideClaimForCompany(actor: CurrentUser, companyId: string, applicantId: string, input: DecideEmployerClaimRequest): Promise<EmployerClaim> {
    const missing = () => new AppError('NOT_FOUND', COMPANY_MESSAGES.claimNotFound);
    if (!UUID.test(applicantId) || !(await this.repository.findClaim(undefined, companyId, applicantId))) throw missing();
    const status = input.decision === 'approve' ? 'approved' : 'declined';
    if (!(await this.repository.decideClaim(companyId, applicantId, status, actor.id))) throw missing();
    const [claim] = await this.repository.findClaims(undefined, { status, companyId, applicantId });
    if (!claim) throw missing();
    return toClaim(claim);
  }

  async create(actor: CurrentUser, input: z.output<typeof CompanyRequest>): Promise<Company> {
    if (!canManageCompanies(actor)) throw forbidden();
    const row = await this.repository.insert({ ...this.columns(input), createdBy: actor.id, modifiedBy: actor.id }, this.membershipOf(actor, input));
    if (row === 'duplicate') throw taken();
    return this.companyFor(actor, row);
  }

  async update(actor: CurrentUser, id: string, input: z.output<typeof CompanyRequest>): Promise<Company> {
    if (!canManageCompanies(actor)) throw forbidden();
    const before = await this.existing(id);
    const row = await this.repository.update(id, { ...this.columns(input), modifiedBy: actor.id, modifiedOn: new Date() }, this.membershipOf(actor, input));
    if (row === 'duplicate') throw taken();
    if (!row) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
    // A company's own users act only while it is active: this instance reads them afresh at once.
    if (before.active !== row.active) for (const userId of await this.repository.companyUserIds(id)) this.sessionUsers?.forget(userId);
    return this.companyFor(actor, row);
  }

  private async companyFor(actor: CurrentUser, row: CompanyRow): Promise<Company> {
    const [found] = await this.repository.withMemberships([row], staffAccountOf(actor));
    return toCompany(found!, this.today());
  }

  /** The corporate membership on the form is the staff's own account's (decision 033). */
  private membershipOf(actor: CurrentUser, input: z.output<typeof CompanyRequest>) {
    return { accountId: staffAccountOf(actor), memberNumber: input.corporateMemberNumber, startsOn: input.membershipStartsOn, endsOn: input.membershipEndsOn, by: actor.id };
  }

  /** Active companies an applicant may choose from, by name. */
  async findOptions(actor: CurrentUser, searchTerm?: string): Promise<CompanyOption[]> {
    if (!isApplicantActor(actor)) throw forbidden();
    return (await this.repository.findActiveOptions(searchTermOrUndefined(searchTerm))).map(toOption);
  }

  async findEmployer(actor: CurrentUser): Promise<Employer> {
    if (!isApplicantActor(actor)) throw forbidden();
    const row = await this.repository.findEmployerOf(actor.applicantId);
    return { company: row ? toOption(row.company) : null, claimStatus: row?.claimStatus ?? null };
  }

  /** An applicant names an active company as their employer (or none); an inactive one cannot be chosen. */
  async setEmployer(actor: CurrentUser, companyId: string | null): Promise<Employer> {
    if (!isApplicantActor(actor)) throw forbidden();
    if (companyId) {
      const row = await this.repository.findById(companyId);
      if (!row) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
      const current = await this.repository.findEmployerOf(actor.applicantId);
      // Naming the same company again keeps the claim as staff left it (approved, declined or pending).
      if (current?.company.id === row.id) return this.findEmployer(actor);
      // Their own pending request stays theirs; any other inactive company is not on offer.
      if (!row.active) throw new AppError('CONFLICT', COMPANY_MESSAGES.inactiveEmployer);
    }
    await this.repository.setEmployer(actor.applicantId, companyId, actor.id);
    return this.findEmployer(actor);
  }

  /** A company the applicant's employer list lacks: created inactive and named as their employer. */
  async requestNew(actor: CurrentUser, input: z.output<typeof NewCompanyRequest>): Promise<Employer> {
    if (!isApplicantActor(actor)) throw forbidden();
    const row = await this.repository.insertRequested(
      { ...this.columns({ ...input, corporateMemberNumber: '', membershipStartsOn: null, membershipEndsOn: null, active: false }), requestedByApplicantId: actor.applicantId, createdBy: actor.id, modifiedBy: actor.id },
      actor.applicantId,
      actor.id,
    );
    if (row === 'duplicate') throw taken();
    return { company: toOption(row), claimStatus: 'pending' };
  }

  /** For the welder qualification's confirmations: the company, without an actor (the caller checked access). */
  async findForConfirmation(id: string): Promise<(Company & { isActive: boolean }) | null> {
    const row = UUID.test(id) ? await this.repository.findById(id) : undefined;
    // No account reads it here: the confirmations need the company's contact, not a membership.
    return row ? { ...toCompany({ row, membership: null }, this.today()), isActive: row.active } : null;
  }

  private columns(input: z.output<typeof CompanyRequest>) {
    return {
      name: input.name,
      businessNumber: input.businessNumber,
      businessNumberKind: input.businessNumber ? businessNumberKindOf(input.businessNumber) : null,
      streetAddress: input.streetAddress,
      city: input.city,
      state: input.state,
      postalCode: input.postalCode,
      country: input.country || 'Australia',
      contactName: input.contactName,
      contactPosition: input.contactPosition,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      active: input.active,
    };
  }

  private async existing(id: string): Promise<CompanyRow> {
    const row = UUID.test(id) ? await this.repository.findById(id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
    return row;
  }
}
