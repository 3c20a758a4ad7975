import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { dayRangeInZone } from '@certs/shared/common/dates';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  IMPARTIALITY_MESSAGES as M,
  defaultAgreementText,
  type AgreementRegister,
  type AgreementRegisterQuery,
  type AgreementText,
  type AgreementTextRequest,
  type ConflictListQuery,
  type CompanyTarget,
  type DeclareConflictRequest,
  type ImpartialityEventPage,
  type ImpartialityEventQuery,
  type ImpartialityScope as ScopeResponse,
  type MyAgreements,
  type PersonRef,
  type SignAgreementRequest,
  type SignedAgreement,
  type StaffConflict,
  type StaffConflictPage,
} from '@certs/shared/impartiality/impartiality.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { accountZone, dayIn } from '../account/account-time-zone';
import { isImpartialityAdministrator, scopeCoversStaff, type ImpartialityScope } from './impartiality.policy';
import type { ConflictRow, ImpartialityRepository, PersonColumns } from './impartiality.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const personOf = (row: PersonColumns): PersonRef => ({ userId: row.userId, name: `${row.firstName} ${row.lastName}`.trim(), email: row.email });

function toConflict(row: ConflictRow): StaffConflict {
  return {
    id: row.id,
    staff: personOf(row.staff),
    applicant: row.applicant ? personOf(row.applicant) : null,
    company: row.company,
    kind: row.kind,
    details: row.details,
    declaredOn: row.declaredOn.toISOString(),
    endedOn: row.endedOn?.toISOString() ?? null,
    isActive: row.endedOn === null,
  };
}

type AgreementRow = Awaited<ReturnType<ImpartialityRepository['findAgreementsOf']>>[number];
const toSignedAgreement = (row: AgreementRow): SignedAgreement => ({
  id: row.id,
  year: row.year,
  staff: personOf(row),
  signedOn: row.signedOn.toISOString(),
  agreementText: row.agreementText,
});

const forbidden = () => new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);

/** The body's today and year, in its own time zone (issue 40). */
export interface BodyDay {
  today: string;
  year: number;
  zone: string;
}

/**
 * Declarations of conflicts, the yearly agreement and the register of refusals and overrides
 * (issue 43). Each call names the caller's account (decision 033); the policy says who may do what.
 */
export class ImpartialityService {
  constructor(
    private readonly repository: ImpartialityRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * What the caller's registers cover: the account for its administrators, the staff and programs a
   * program's manager manages otherwise; 403 for anyone who is neither.
   */
  async scopeOf(actor: CurrentUser): Promise<ImpartialityScope> {
    const accountId = staffAccountOf(actor);
    if (isImpartialityAdministrator(actor)) return { kind: 'account', accountId };
    const managed = await this.repository.findManagedPrograms(accountId, actor.id);
    if (managed.length === 0) throw new AppError('FORBIDDEN', M.noProgramsManaged);
    const programIds = managed.map((program) => program.id);
    return { kind: 'programs', accountId, programIds, staffUserIds: await this.repository.findStaffOfPrograms(programIds) };
  }

  /** The caller's scope as the registers' filters offer it. */
  async scope(actor: CurrentUser): Promise<ScopeResponse> {
    const scope = await this.scopeOf(actor);
    const programs = scope.kind === 'account' ? await this.repository.findProgramsOfAccount(scope.accountId) : await this.repository.findManagedPrograms(scope.accountId, actor.id);
    const staff = await this.repository.findAccountStaff(scope.accountId, { includeInactive: true, userIds: scope.kind === 'account' ? undefined : scope.staffUserIds });
    return { isAdministrator: scope.kind === 'account', programs, staff: staff.map(personOf) };
  }

  async bodyDay(accountId: string): Promise<BodyDay> {
    const zone = accountZone((await this.repository.findAccount(accountId))?.timeZone);
    const today = dayIn(zone, this.clock());
    return { today, year: Number(today.slice(0, 4)), zone };
  }

  // ---- Declarations ----

  async myConflicts(actor: CurrentUser): Promise<StaffConflict[]> {
    return (await this.repository.findConflictsOf(staffAccountOf(actor), actor.id)).map(toConflict);
  }

  async declare(actor: CurrentUser, input: z.output<typeof DeclareConflictRequest>): Promise<StaffConflict> {
    const accountId = staffAccountOf(actor);
    if (input.applicantUserId && !(await this.repository.findApplicantOfAccount(input.applicantUserId, accountId))) {
      throw new AppError('NOT_FOUND', M.applicantNotFound, { applicantUserId: M.applicantNotFound });
    }
    if (input.companyId && !(await this.repository.findCompany(input.companyId))) throw new AppError('NOT_FOUND', M.companyNotFound, { companyId: M.companyNotFound });
    const target = { applicantUserId: input.applicantUserId, companyId: input.applicantUserId ? null : input.companyId };
    if (await this.repository.hasActiveConflict(accountId, actor.id, target)) throw new AppError('CONFLICT', M.alreadyDeclared);
    const at = this.clock();
    const id = await this.repository.insertConflict({
      accountId,
      staffUserId: actor.id,
      ...target,
      kind: input.kind,
      details: input.details,
      declaredOn: at,
      createdOn: at,
      modifiedOn: at,
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    return toConflict((await this.repository.findConflictById(id, accountId))!);
  }

  /** Only its author ends a declaration (it stays on record with the day it ended); another account's is not found. */
  async end(actor: CurrentUser, id: string): Promise<StaffConflict> {
    const accountId = staffAccountOf(actor);
    const found = UUID.test(id) ? await this.repository.findConflictById(id, accountId) : undefined;
    if (!found) throw new AppError('NOT_FOUND', M.conflictNotFound);
    if (found.staff.userId !== actor.id) throw new AppError('FORBIDDEN', M.notYourDeclaration);
    if (found.endedOn) throw new AppError('CONFLICT', M.alreadyEnded);
    if (!(await this.repository.endConflict(id, accountId, actor.id, this.clock()))) throw new AppError('CONFLICT', M.alreadyEnded);
    return toConflict((await this.repository.findConflictById(id, accountId))!);
  }

  async findConflicts(actor: CurrentUser, query: z.output<typeof ConflictListQuery>): Promise<StaffConflictPage> {
    const scope = await this.scopeOf(actor);
    const { rows, totalRows } = await this.repository.findConflictPage({
      accountId: scope.accountId,
      staffUserIds: scope.kind === 'programs' ? scope.staffUserIds : undefined,
      staffUserId: query.staffUserId,
      kind: query.kind,
      status: query.status,
      search: searchTermOrUndefined(query.searchTerm),
      page: query.page,
      pageSize: query.pageSize,
    });
    return { rows: rows.map(toConflict), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async searchApplicants(actor: CurrentUser, searchTerm: string): Promise<PersonRef[]> {
    return (await this.repository.searchApplicants(staffAccountOf(actor), searchTerm.trim())).map(personOf);
  }

  async searchCompanies(actor: CurrentUser, searchTerm: string | undefined): Promise<CompanyTarget[]> {
    staffAccountOf(actor);
    return this.repository.searchCompanies(searchTermOrUndefined(searchTerm));
  }

  // ---- The yearly agreement ----

  async agreementText(actor: CurrentUser): Promise<AgreementText> {
    const accountId = staffAccountOf(actor);
    const saved = await this.repository.findAgreementText(accountId);
    if (saved) return { text: saved.text, isDefault: false, modifiedOn: saved.modifiedOn.toISOString(), modifiedBy: saved.modifiedBy };
    const account = await this.repository.findAccount(accountId);
    return { text: defaultAgreementText(account?.name ?? 'the awarding body'), isDefault: true, modifiedOn: null, modifiedBy: null };
  }

  async saveAgreementText(actor: CurrentUser, input: z.output<typeof AgreementTextRequest>): Promise<AgreementText> {
    if (!isImpartialityAdministrator(actor)) throw forbidden();
    await this.repository.saveAgreementText(staffAccountOf(actor), actor.id, input.text, this.clock());
    return this.agreementText(actor);
  }

  async myAgreements(actor: CurrentUser): Promise<MyAgreements> {
    const accountId = staffAccountOf(actor);
    const { year } = await this.bodyDay(accountId);
    const signed = (await this.repository.findAgreementsOf(accountId, actor.id)).map(toSignedAgreement);
    return { year, text: (await this.agreementText(actor)).text, signedThisYear: signed.find((agreement) => agreement.year === year) ?? null, signed };
  }

  /** Signs this year's agreement (the body's year): the text as it stands now is kept with the signature. */
  async sign(actor: CurrentUser, input: z.output<typeof SignAgreementRequest>): Promise<MyAgreements> {
    const accountId = staffAccountOf(actor);
    const { year } = await this.bodyDay(accountId);
    if (input.year !== year) throw new AppError('BAD_REQUEST', M.notThisYear(year), { year: M.notThisYear(year) });
    const { text } = await this.agreementText(actor);
    const saved = await this.repository.insertSignature({ accountId, staffUserId: actor.id, year, agreementText: text, at: this.clock() });
    if (saved === 'duplicate') throw new AppError('CONFLICT', M.alreadySigned(year));
    return this.myAgreements(actor);
  }

  /** One signed agreement with its text: its signer, or an account administrator. */
  async findAgreement(actor: CurrentUser, id: string): Promise<SignedAgreement> {
    const row = UUID.test(id) ? await this.repository.findAgreement(id, staffAccountOf(actor)) : undefined;
    if (!row) throw new AppError('NOT_FOUND', M.agreementNotFound);
    if (row.userId !== actor.id && !isImpartialityAdministrator(actor)) throw forbidden();
    return toSignedAgreement(row);
  }

  /** Who has and who has not signed a year's agreement (this year by default): the account's active staff. */
  async agreementRegister(actor: CurrentUser, query: z.output<typeof AgreementRegisterQuery>): Promise<AgreementRegister> {
    if (!isImpartialityAdministrator(actor)) throw forbidden();
    const accountId = staffAccountOf(actor);
    const year = query.year ?? (await this.bodyDay(accountId)).year;
    const staff = await this.repository.findAccountStaff(accountId);
    const signatures = await this.repository.findSignaturesOfYear(accountId, year);
    const all = staff.map((member) => {
      const signature = signatures.get(member.userId);
      return { staff: personOf(member), role: member.role, agreementId: signature?.id ?? null, signedOn: signature?.signedOn.toISOString() ?? null };
    });
    const term = searchTermOrUndefined(query.searchTerm)?.toLowerCase();
    const rows = all.filter((row) => {
      if (query.status === 'signed' && !row.signedOn) return false;
      if (query.status === 'unsigned' && row.signedOn) return false;
      return !term || row.staff.name.toLowerCase().includes(term) || row.staff.email.toLowerCase().includes(term);
    });
    const signed = all.filter((row) => row.signedOn).length;
    return { year, signed, unsigned: all.length - signed, rows };
  }

  // ---- Refusals and overrides ----

  async findEvents(actor: CurrentUser, query: z.output<typeof ImpartialityEventQuery>): Promise<ImpartialityEventPage> {
    const scope = await this.scopeOf(actor);
    const { zone } = await this.bodyDay(scope.accountId);
    const { rows, totalRows } = await this.repository.findEventPage({
      accountId: scope.accountId,
      programIds: scope.kind === 'programs' ? scope.programIds : undefined,
      programId: query.programId,
      staffUserId: query.staffUserId,
      outcome: query.outcome,
      role: query.role,
      fromInstant: query.from ? dayRangeInZone(query.from, zone)?.from : undefined,
      toInstant: query.to ? dayRangeInZone(query.to, zone)?.to : undefined,
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      rows: rows.map((row) => ({
        id: row.id,
        createdOn: row.createdOn.toISOString(),
        program: row.programId ? { id: row.programId, programCode: row.programCode ?? '', programTitle: row.programTitle ?? '' } : null,
        applicationId: row.applicationId,
        applicationNumber: row.applicationNumber,
        staff: { userId: row.staffUserId, name: `${row.staffFirstName} ${row.staffLastName}`.trim(), email: row.staffEmail },
        role: row.role,
        outcome: row.outcome,
        reasons: row.reasons,
        overrideReason: row.overrideReason,
        actorName: row.actorFirstName ? `${row.actorFirstName} ${row.actorLastName ?? ''}`.trim() : null,
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
    };
  }

  /** For the staff records: whether a scope covers this staff member. */
  covers(scope: ImpartialityScope, staffUserId: string): boolean {
    return scopeCoversStaff(scope, staffUserId);
  }
}
