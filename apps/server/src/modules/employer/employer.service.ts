import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { passwordLinkPath } from '@certs/shared/auth/registration.contract';
import { ROLES, type CompanyRole } from '@certs/shared/auth/roles';
import type { DecideEmployerClaimRequest, EmployerClaim, EmployerClaimStatus } from '@certs/shared/company/company.contract';
import {
  COMPANY_INVITATION_DAYS,
  EMPLOYER_MESSAGES,
  type CompanyUser,
  type EmployerCompany,
  type InviteCompanyUserRequest,
  type UpdateCompanyUserRequest,
} from '@certs/shared/employer/employer.contract';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, hasMenuAccess, type CurrentUser, type SessionUserChanges } from '../../platform/auth/authenticate';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import type { MailService } from '../../platform/mail/mail.service';
import { NO_PASSWORD_YET } from '../../platform/no-password-yet';
import type { CompanyService } from '../company/company.service';
import type { CompanyUserRow, EmployerRepository } from './employer.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toCompanyUser(row: CompanyUserRow): CompanyUser {
  return {
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    active: row.active,
    hasSignedUp: row.activatedOn !== null,
    invitedOn: row.invitedOn.toISOString(),
    invitedBy: row.invitedByFirstName ? `${row.invitedByFirstName} ${row.invitedByLastName ?? ''}`.trim() : null,
  };
}

/**
 * A company's own portal (issue 42, decision 037): the company a company user acts for, its users
 * (invited by its coordinator or by staff with the Users menu), and its coordinator's decisions on
 * applicants' claims to work for it. A company user reaches only their own company: every method
 * takes the company from the caller's session, never from the request.
 */
export class EmployerService {
  constructor(
    private readonly repository: EmployerRepository,
    private readonly companies: CompanyService,
    private readonly deps: { mail: MailService; publicUrl: string; sessionUsers: SessionUserChanges },
  ) {}

  async company(actor: CurrentUser): Promise<EmployerCompany> {
    const companyId = employerCompanyOf(actor);
    const company = await this.repository.findCompany(companyId);
    if (!company) throw new AppError('NOT_FOUND', EMPLOYER_MESSAGES.companyNotFound);
    const counts = await this.repository.countPeople(companyId);
    return {
      id: company.id,
      name: company.name,
      businessNumberKind: company.businessNumberKind,
      businessNumber: company.businessNumber,
      city: company.city,
      state: company.state,
      country: company.country,
      role: actor.role,
      isCoordinator: actor.role === ROLES.CompanyCoordinator,
      ...counts,
    };
  }

  /** The company's users, for its coordinator. */
  async users(actor: CurrentUser): Promise<CompanyUser[]> {
    return (await this.repository.findUsers(employerCompanyOf(actor))).map(toCompanyUser);
  }

  /** The company's coordinator invites a user of their own company. */
  invite(actor: CurrentUser, input: z.output<typeof InviteCompanyUserRequest>): Promise<CompanyUser> {
    return this.inviteTo(actor, employerCompanyOf(actor), input);
  }

  /** Staff with the Users menu: a company's users, and an invitation (the first coordinator, usually). */
  async usersForStaff(actor: CurrentUser, companyId: string): Promise<CompanyUser[]> {
    await this.companyForStaff(actor, companyId);
    return (await this.repository.findUsers(companyId)).map(toCompanyUser);
  }

  async inviteForStaff(actor: CurrentUser, companyId: string, input: z.output<typeof InviteCompanyUserRequest>): Promise<CompanyUser> {
    const company = await this.companyForStaff(actor, companyId);
    if (!company.active) throw new AppError('CONFLICT', EMPLOYER_MESSAGES.companyInactive);
    return this.inviteTo(actor, companyId, input);
  }

  /** The coordinator changes another user of the company: role, access, or a new invitation. */
  async update(actor: CurrentUser, userId: string, input: z.output<typeof UpdateCompanyUserRequest>): Promise<CompanyUser> {
    const companyId = employerCompanyOf(actor);
    if (userId === actor.id && (input.role !== undefined || input.active !== undefined)) throw new AppError('CONFLICT', EMPLOYER_MESSAGES.notYourself);
    const [found] = UUID.test(userId) ? await this.repository.findUsers(companyId, userId) : [];
    if (!found) throw new AppError('NOT_FOUND', EMPLOYER_MESSAGES.userNotFound);
    const company = (await this.repository.findCompany(companyId))!;
    await this.repository.transaction(async (tx) => {
      const demotes = found.role === ROLES.CompanyCoordinator && ((input.role !== undefined && input.role !== ROLES.CompanyCoordinator) || input.active === false);
      if (demotes && (await this.repository.otherActiveCoordinators(tx, companyId, userId)) === 0) throw new AppError('CONFLICT', EMPLOYER_MESSAGES.lastCoordinator);
      const change = { ...(input.role !== undefined ? { role: input.role as CompanyRole } : {}), ...(input.active !== undefined ? { active: input.active } : {}) };
      if (Object.keys(change).length > 0) await this.repository.updateUser(tx, userId, change, actor.id);
      if (input.resendInvitation) {
        if (found.activatedOn) throw new AppError('CONFLICT', EMPLOYER_MESSAGES.alreadyActivated);
        await this.mailInvitation(tx, { userId, email: found.email, firstName: found.firstName }, company.name, actor.id);
      }
    });
    this.deps.sessionUsers.forget(userId);
    const [changed] = await this.repository.findUsers(companyId, userId);
    return toCompanyUser(changed!);
  }

  /** Claims to work for the company, in one status (pending by default): the coordinator and viewers see them. */
  async claims(actor: CurrentUser, status: EmployerClaimStatus): Promise<EmployerClaim[]> {
    return this.companies.claimsOfCompany(employerCompanyOf(actor), status);
  }

  /** The coordinator approves or declines a claim to work for their company. */
  decideClaim(actor: CurrentUser, applicantId: string, input: DecideEmployerClaimRequest): Promise<EmployerClaim> {
    return this.companies.decideClaimForCompany(actor, employerCompanyOf(actor), applicantId, input);
  }

  private async companyForStaff(actor: CurrentUser, companyId: string) {
    if (!hasMenuAccess(actor, 'Users')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const company = UUID.test(companyId) ? await this.repository.findCompany(companyId) : undefined;
    if (!company) throw new AppError('NOT_FOUND', EMPLOYER_MESSAGES.companyNotFound);
    return company;
  }

  private async inviteTo(actor: CurrentUser, companyId: string, input: z.output<typeof InviteCompanyUserRequest>): Promise<CompanyUser> {
    const company = await this.repository.findCompany(companyId);
    if (!company) throw new AppError('NOT_FOUND', EMPLOYER_MESSAGES.companyNotFound);
    const taken = () => new AppError('CONFLICT', EMPLOYER_MESSAGES.emailTaken, { email: EMPLOYER_MESSAGES.emailTaken });
    const userId = await this.repository.transaction(async (tx) => {
      const inserted = await this.repository.insertUser(tx, {
        companyId,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        role: input.role as CompanyRole,
        passwordHash: NO_PASSWORD_YET,
        actorId: actor.id,
      });
      if (inserted === 'duplicate') throw taken();
      await this.mailInvitation(tx, { userId: inserted, email: input.email, firstName: input.firstName }, company.name, actor.id);
      return inserted;
    }).catch((error: unknown) => {
      // The same email taken at the same moment by another invitation or a registration.
      throw isUniqueViolation(error) ? taken() : error;
    });
    const [created] = await this.repository.findUsers(companyId, userId);
    return toCompanyUser(created!);
  }

  /** The invitation: a single-use link to choose a first password (the reset kind, which also activates the account). */
  private async mailInvitation(tx: Executor, person: { userId: string; email: string; firstName: string }, companyName: string, actorId: string): Promise<void> {
    const token = newRandomToken();
    await this.repository.issueInvitationLink(tx, person.userId, hashToken(token), new Date(Date.now() + COMPANY_INVITATION_DAYS * 86_400_000), actorId);
    await this.deps.mail.send(
      {
        to: person.email,
        toUserId: person.userId,
        subject: `${companyName}: you are invited to the company's portal`,
        paragraphs: [
          `Hello ${person.firstName},`,
          `You have been invited to ${companyName}'s portal, where the company keeps its welders' and inspectors' qualifications current: their certificates and expiry dates, the six-monthly confirmations, and checks of certificate numbers.`,
          `Use the link below within ${COMPANY_INVITATION_DAYS} days to choose your password, then sign in at ${this.deps.publicUrl}/employer/login.`,
        ],
        links: [{ label: 'Choose your password', url: `${this.deps.publicUrl}${passwordLinkPath(token, 'invitation')}` }],
      },
      tx,
    );
  }
}
