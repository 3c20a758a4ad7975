import { APPLICANT_MESSAGES, type AccountMembership, type Applicant, type SaveApplicantRequest } from '@certs/shared/applicant/applicant.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { feeBasisOf, todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { NO_ACCESS_LOG, type PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { ApplicantReach } from './applicant-reach';
import { canChangeApplicant, canManageApplicants } from './applicant.policy';
import type { MembershipWithAccount } from '../../db/account-memberships';
import type { ApplicantRepository, ApplicantWithUser } from './applicant.repository';

const emptyAddress = { streetNumber: '', streetName: '', city: '', state: '', postalCode: '', country: '' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A read of an applicant's profile or profile list: an applicant reads their own (someone else's id
 * answers as a missing one, so its existence is not confirmed); staff read within the applicant
 * reach (administrators any, a program's staff their programs' applicants), 403 outside it.
 */
async function authoriseRead(actor: CurrentUser, applicantId: string, reach: Pick<ApplicantReach, 'scopeOf'>): Promise<void> {
  if (!UUID.test(applicantId)) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
  if (actor.userType === 'applicant') {
    if (actor.applicantId !== applicantId) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    return;
  }
  if (!(await reach.scopeOf(actor, applicantId))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}

function toMembership(row: MembershipWithAccount, today: string): AccountMembership {
  const membershipConfirmedOn = row.confirmedOn.toISOString();
  return {
    accountId: row.accountId,
    accountName: row.accountName,
    membershipType: row.membershipType,
    memberNumber: row.memberNumber,
    membershipConfirmedOn,
    memberCurrentUntil: row.endsOn,
    // The same rule and the same (Sydney) day as the fees charged at the pre-exam stage.
    isMember: feeBasisOf({ membershipType: row.membershipType, membershipConfirmedOn, memberCurrentUntil: row.endsOn }, today) === 'member',
  };
}

/**
 * The profile; `accountId` names the body whose membership the flat fields tell (staff's own
 * account, or the program's for fees). Without it they say "not confirmed": an applicant's own
 * profile lists every body in `memberships`.
 */
export function toApplicant({ applicant, user, memberships }: ApplicantWithUser, accountId?: string): Applicant {
  const bodies = memberships.map((row) => toMembership(row, todayInSydney()));
  const here = accountId ? bodies.find((m) => m.accountId === accountId) : undefined;
  return {
    id: applicant.id,
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    dateOfBirth: applicant.dateOfBirth,
    phone: applicant.phone,
    primaryEmail: applicant.primaryEmail,
    homeAddress: applicant.homeAddress ?? emptyAddress,
    workAddress: applicant.workAddress ?? emptyAddress,
    membershipType: applicant.membershipType,
    memberNumber: applicant.memberNumber,
    membershipConfirmedOn: here?.membershipConfirmedOn ?? null,
    memberCurrentUntil: here?.memberCurrentUntil ?? null,
    isMember: here?.isMember ?? false,
    memberships: bodies,
    listedInRegister: applicant.listedInRegister,
    active: user.active,
    createdOn: applicant.createdOn.toISOString(),
  };
}

/** The account whose membership a reader sees: staff, their own; an applicant, none (they see every body's). */
function membershipAccountOf(actor: CurrentUser): string | undefined {
  return actor.userType === 'admin' ? staffAccountOf(actor) : undefined;
}

export class ApplicantService {
  constructor(
    private readonly repository: ApplicantRepository,
    private readonly reach: Pick<ApplicantReach, 'scopeOf'>,
    /** Staff reads of a profile are logged (decision 016). */
    private readonly accessLog: PersonalDataAccessLog = NO_ACCESS_LOG,
  ) {}

  /** `route` names the read in the staff access log (an applicant's own reads are not logged). */
  async findApplicant(actor: CurrentUser, id: string, route = 'GET /api/applicant/:id'): Promise<Applicant> {
    await authoriseRead(actor, id, this.reach);
    const accountId = membershipAccountOf(actor);
    const found = await this.repository.findById(id, undefined, accountId);
    if (!found) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    await this.accessLog.record(actor, { applicantId: id }, { route });
    return toApplicant(found, accountId);
  }

  /**
   * For another module that has already authorised the caller to a record of this applicant (staff
   * on the applicant's application): the profile, without the Users-menu check. With `readBy` (a
   * staff page showing the profile) the read is logged; without, it is the module's own use.
   * The membership told is the account's of `membershipOf` (the program's, for its fees), else the reader's.
   */
  async findForAuthorisedRecord(id: string, readBy?: { actor: CurrentUser; route: string; resource?: string }, membershipOf?: string): Promise<Applicant> {
    const accountId = membershipOf ?? (readBy ? membershipAccountOf(readBy.actor) : undefined);
    const found = UUID.test(id) ? await this.repository.findById(id, undefined, accountId) : undefined;
    if (!found) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    if (readBy) await this.accessLog.record(readBy.actor, { applicantId: id }, { route: readBy.route, resource: readBy.resource });
    return toApplicant(found, accountId);
  }

  /**
   * Completes a deletion request (decision 016), in the caller's transaction: names, sign-in email,
   * date of birth, phone, addresses, membership and the four profile lists go; the user is
   * deactivated and every session ends (session version bumped). The applicant row and its id
   * stay, so applications, awards, invoices and payments keep pointing at it.
   */
  async anonymise(tx: Executor, id: string, byUserId: string): Promise<{ userId: string; email: string }> {
    const found = UUID.test(id) ? await this.repository.findById(id, tx) : undefined;
    if (!found) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    const email = `deleted-${id}@deleted.invalid`;
    await this.repository.anonymise(tx, { applicantId: id, userId: found.user.id, email, byUserId });
    return { userId: found.user.id, email };
  }

  /** The applicant's own profile; changing the membership number or type withdraws every body's confirmation of it. */
  async saveOwn(actor: CurrentUser, input: z.output<typeof SaveApplicantRequest>): Promise<Applicant> {
    const id = actor.applicantId;
    if (!id || !canChangeApplicant(actor, id)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const current = await this.repository.findById(id);
    if (!current) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    const membershipChanged = current.applicant.membershipType !== input.membershipType || current.applicant.memberNumber !== input.memberNumber;
    await this.repository.update(
      id,
      actor.id,
      { firstName: input.firstName, lastName: input.lastName },
      {
        dateOfBirth: input.dateOfBirth,
        phone: input.phone,
        primaryEmail: input.primaryEmail,
        homeAddress: input.homeAddress,
        workAddress: input.workAddress,
        membershipType: input.membershipType,
        memberNumber: input.membershipType === 'none' ? '' : input.memberNumber,
        ...(input.listedInRegister === undefined ? {} : { listedInRegister: input.listedInRegister }),
      },
      membershipChanged,
    );
    return this.findApplicant(actor, id);
  }

  async findApplicants(actor: CurrentUser, query: { page: number; pageSize: number; searchTerm?: string; canShowActiveMember?: 'true' | 'false' }) {
    if (!canManageApplicants(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const accountId = staffAccountOf(actor);
    const { rows, totalRows } = await this.repository.findPage({
      accountId,
      page: query.page,
      pageSize: query.pageSize,
      search: searchTermOrUndefined(query.searchTerm),
      onlyConfirmedMembers: query.canShowActiveMember === 'true',
    });
    return { rows: rows.map((row) => toApplicant(row, accountId)), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async confirmMembership(actor: CurrentUser, id: string, input: { isConfirmed: boolean; memberCurrentUntil: string | null }): Promise<Applicant> {
    if (!canManageApplicants(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    // Only an applicant of the caller's account is theirs to confirm (another account's answers as missing).
    const current = UUID.test(id) && (await this.repository.isApplicantOfAccount(id, staffAccountOf(actor))) ? await this.repository.findById(id) : undefined;
    if (!current) throw new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
    const { membershipType, memberNumber } = current.applicant;
    if (input.isConfirmed && membershipType === 'none') {
      throw new AppError('BAD_REQUEST', 'This applicant has not declared a membership');
    }
    // The caller's own account's membership only: another body's confirmation is not theirs to change.
    await this.repository.setMembershipConfirmation(
      { accountId: staffAccountOf(actor), applicantId: id, membershipType: membershipType === 'none' ? 'individual' : membershipType, memberNumber },
      input.isConfirmed ? actor.id : null,
      input.isConfirmed ? input.memberCurrentUntil : null,
    );
    return this.findForAuthorisedRecord(id, { actor, route: 'POST /api/applicant/:id/membership' });
  }
}

/** One of the profile lists, with how its rows and its requests map. */
export interface ProfileListConfig<Row extends { id: string; applicantId: string }, Input, Item> {
  repository: {
    listOf(applicantId: string): Promise<Row[]>;
    findById(id: string): Promise<Row | undefined>;
    insert(values: never): Promise<Row>;
    update(id: string, values: never): Promise<Row | undefined>;
    remove(id: string): Promise<void>;
  };
  toItem(row: Row): Item;
  toColumns(input: Input): Record<string, unknown>;
  notFound: string;
}

/** Education, experience, professional activities and development: the applicant's own, read by staff. */
export class ProfileListService<Row extends { id: string; applicantId: string }, Input, Item> {
  constructor(
    private readonly config: ProfileListConfig<Row, Input, Item>,
    private readonly reach: Pick<ApplicantReach, 'scopeOf'>,
    private readonly accessLog: PersonalDataAccessLog = NO_ACCESS_LOG,
  ) {}

  /** `route` names the read in the staff access log (decision 016). */
  async listOf(actor: CurrentUser, applicantId: string, route: string): Promise<Item[]> {
    await authoriseRead(actor, applicantId, this.reach);
    const rows = await this.config.repository.listOf(applicantId);
    await this.accessLog.record(actor, { applicantId }, { route });
    return rows.map((row) => this.config.toItem(row));
  }

  async create(actor: CurrentUser, input: Input): Promise<Item> {
    const applicantId = actor.applicantId;
    if (!applicantId || actor.userType !== 'applicant') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const row = await this.config.repository.insert({ ...this.config.toColumns(input), applicantId, createdBy: actor.id, modifiedBy: actor.id } as never);
    return this.config.toItem(row);
  }

  async update(actor: CurrentUser, id: string, input: Input): Promise<Item> {
    await this.owned(actor, id);
    const row = await this.config.repository.update(id, { ...this.config.toColumns(input), modifiedBy: actor.id, modifiedOn: new Date() } as never);
    if (!row) throw new AppError('NOT_FOUND', this.config.notFound);
    return this.config.toItem(row);
  }

  async remove(actor: CurrentUser, id: string): Promise<void> {
    await this.owned(actor, id);
    await this.config.repository.remove(id);
  }

  /** Another applicant's entry answers as a missing one. */
  private async owned(actor: CurrentUser, id: string): Promise<Row> {
    const row = UUID.test(id) ? await this.config.repository.findById(id) : undefined;
    if (!row || row.applicantId !== actor.applicantId || actor.userType !== 'applicant') throw new AppError('NOT_FOUND', this.config.notFound);
    return row;
  }
}
