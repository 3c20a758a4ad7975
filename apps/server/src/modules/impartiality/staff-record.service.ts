import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  STAFF_RECORD_MESSAGES as M,
  expiryStateOf,
  type AuthorisationRequest,
  type Competence,
  type CompetenceRequest,
  type StaffRecord,
  type StaffRecordRequest,
  type StaffRegister,
  type StaffRegisterQuery,
  type StaffRegisterRow,
} from '@certs/shared/impartiality/staff-record.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { Storage } from '../../platform/storage/storage';
import type { AttachmentService } from '../attachment/attachment.service';
import { isImpartialityAdministrator, mayEditAuthorisation, scopeCoversStaff, type ImpartialityScope } from './impartiality.policy';
import type { ImpartialityRepository, StaffMemberRow } from './impartiality.repository';
import { personOf, type ImpartialityService } from './impartiality.service';
import type { CompetenceRow, StaffRecordRepository } from './staff-record.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOWNLOAD_URL_SECONDS = 5 * 60;

const forbidden = () => new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);

export interface StaffRecordDeps {
  attachments: Pick<AttachmentService, 'findOwned' | 'findByIds'>;
  storage: Pick<Storage, 'presignDownload'>;
}

/**
 * Examiners' records (issue 43, ISO/IEC 17024 6.2): employer and position, qualifications and
 * training, authorisations per program and role with their expiry, and the agreements signed.
 * Each member of staff reads their own; administrators read and keep everyone's; a program's manager
 * reads the records of the staff serving on their programs and sets their authorisations there.
 */
export class StaffRecordService {
  constructor(
    private readonly repository: StaffRecordRepository,
    private readonly people: ImpartialityRepository,
    private readonly impartiality: ImpartialityService,
    private readonly deps: StaffRecordDeps,
  ) {}

  /** The caller's own record ("My impartiality"). */
  async mine(actor: CurrentUser): Promise<StaffRecord> {
    const accountId = staffAccountOf(actor);
    const member = await this.people.findStaffMember(accountId, actor.id);
    if (!member) throw new AppError('NOT_FOUND', M.staffNotFound);
    return this.recordOf(accountId, member, isImpartialityAdministrator(actor) ? { kind: 'account', accountId } : null, actor.id);
  }

  /** A staff member's record: administrators, or the manager of a program they serve on; another account's: 404. */
  async find(actor: CurrentUser, userId: string): Promise<StaffRecord> {
    const { accountId, member, scope } = await this.reach(actor, userId);
    return this.recordOf(accountId, member, scope, actor.id);
  }

  async saveRecord(actor: CurrentUser, userId: string, input: z.output<typeof StaffRecordRequest>): Promise<StaffRecord> {
    const { accountId, member } = await this.administered(actor, userId);
    if (input.employerCompanyId && !(await this.people.findCompany(input.employerCompanyId))) {
      throw new AppError('NOT_FOUND', M.companyNotFound, { employerCompanyId: M.companyNotFound });
    }
    await this.repository.saveRecord(accountId, userId, { employerCompanyId: input.employerCompanyId, position: input.position }, actor.id, new Date());
    return this.recordOf(accountId, member, { kind: 'account', accountId }, actor.id);
  }

  async addCompetence(actor: CurrentUser, userId: string, input: z.output<typeof CompetenceRequest>): Promise<StaffRecord> {
    const { accountId, member } = await this.administered(actor, userId);
    await this.assertOwnFile(actor, input.attachmentId);
    await this.repository.insertCompetence(accountId, userId, valuesOf(input), actor.id);
    return this.recordOf(accountId, member, { kind: 'account', accountId }, actor.id);
  }

  async updateCompetence(actor: CurrentUser, userId: string, id: string, input: z.output<typeof CompetenceRequest>): Promise<StaffRecord> {
    const { accountId, member } = await this.administered(actor, userId);
    const existing = await this.existingCompetence(accountId, userId, id);
    // A file another administrator attached may stay; a new one must be the caller's own upload.
    if (input.attachmentId !== existing.attachmentId) await this.assertOwnFile(actor, input.attachmentId);
    await this.repository.updateCompetence(accountId, userId, id, valuesOf(input), actor.id);
    return this.recordOf(accountId, member, { kind: 'account', accountId }, actor.id);
  }

  async removeCompetence(actor: CurrentUser, userId: string, id: string): Promise<StaffRecord> {
    const { accountId, member } = await this.administered(actor, userId);
    await this.existingCompetence(accountId, userId, id);
    await this.repository.removeCompetence(accountId, userId, id);
    return this.recordOf(accountId, member, { kind: 'account', accountId }, actor.id);
  }

  /** A short-lived link to a qualification's file: its holder, or whoever may read their record. */
  async competenceFile(actor: CurrentUser, userId: string, id: string): Promise<{ url: string; expiresOn: string }> {
    const accountId = staffAccountOf(actor);
    if (userId !== actor.id) await this.reach(actor, userId);
    const competence = await this.existingCompetence(accountId, userId, id);
    if (!competence.attachmentId) throw new AppError('NOT_FOUND', M.noFile);
    const [file] = await this.deps.attachments.findByIds([competence.attachmentId]);
    if (!file) throw new AppError('NOT_FOUND', M.fileNotFound);
    const url = await this.deps.storage.presignDownload(file.resourceKey, { fileName: file.name, contentType: file.contentType, expiresSeconds: DOWNLOAD_URL_SECONDS });
    return { url, expiresOn: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString() };
  }

  /**
   * Sets how long a staff member's role in a program is authorised, and on what basis: an
   * administrator, or that program's manager (not for themselves). The role must be held already.
   */
  async saveAuthorisation(actor: CurrentUser, userId: string, input: z.output<typeof AuthorisationRequest>): Promise<StaffRecord> {
    const { accountId, member, scope } = await this.reach(actor, userId);
    if (!(await this.repository.isProgramOfAccount(input.programId, accountId))) throw new AppError('NOT_FOUND', M.authorisationNotFound, { programId: M.authorisationNotFound });
    if (!mayEditAuthorisation(scope, input.programId) || (scope.kind === 'programs' && userId === actor.id)) throw forbidden();
    const saved = await this.repository.saveAuthorisation(input.programId, userId, input.role, { authorisedUntil: input.authorisedUntil, authorisationBasis: input.authorisationBasis }, actor.id);
    if (!saved) throw new AppError('NOT_FOUND', M.authorisationNotFound, { role: M.authorisationNotFound });
    return this.recordOf(accountId, member, scope, actor.id);
  }

  /**
   * Every active member of the account's staff with their authorisations' state, lapsed
   * qualifications and this year's agreement: account administrators only.
   */
  async register(actor: CurrentUser, query: z.output<typeof StaffRegisterQuery>): Promise<StaffRegister> {
    if (!isImpartialityAdministrator(actor)) throw forbidden();
    const accountId = staffAccountOf(actor);
    const { today, year } = await this.impartiality.bodyDay(accountId);
    const staff = await this.people.findAccountStaff(accountId);
    const ids = staff.map((member) => member.userId);
    const [records, authorisations, competences, signatures] = [
      await this.repository.findRecordsOf(accountId, ids),
      await this.repository.findAuthorisations(accountId, ids),
      await this.repository.findCompetences(accountId, ids),
      await this.people.findSignaturesOfYear(accountId, year),
    ];
    const all: StaffRegisterRow[] = staff.map((member) => {
      const states = authorisations.filter((row) => row.userId === member.userId).map((row) => expiryStateOf(row.authorisedUntil, today));
      const record = records.get(member.userId);
      return {
        staff: { ...personOf(member), role: member.role },
        employerName: record?.employerName ?? null,
        position: record?.position ?? '',
        authorisations: states.length,
        lapsedAuthorisations: states.filter((state) => state === 'lapsed').length,
        soonAuthorisations: states.filter((state) => state === 'soon').length,
        lapsedCompetences: competences.filter((row) => row.staffUserId === member.userId && expiryStateOf(row.expiresOn, today) === 'lapsed').length,
        signedOn: signatures.get(member.userId)?.signedOn.toISOString() ?? null,
      };
    });
    const term = searchTermOrUndefined(query.searchTerm)?.toLowerCase();
    const rows = all.filter((row) => {
      if (term && !row.staff.name.toLowerCase().includes(term) && !row.staff.email.toLowerCase().includes(term)) return false;
      if (query.filter === 'lapsed') return row.lapsedAuthorisations > 0;
      if (query.filter === 'soon') return row.soonAuthorisations > 0;
      if (query.filter === 'unsigned') return !row.signedOn;
      if (query.filter === 'attention') return row.lapsedAuthorisations > 0 || row.soonAuthorisations > 0 || row.lapsedCompetences > 0 || !row.signedOn;
      return true;
    });
    return {
      today,
      year,
      counts: {
        staff: all.length,
        lapsed: all.filter((row) => row.lapsedAuthorisations > 0).length,
        soon: all.filter((row) => row.soonAuthorisations > 0).length,
        unsigned: all.filter((row) => !row.signedOn).length,
      },
      rows,
    };
  }

  /** The staff member, when the caller may read their record: 404 outside the account, 403 outside a manager's programs. */
  private async reach(actor: CurrentUser, userId: string): Promise<{ accountId: string; member: StaffMemberRow; scope: ImpartialityScope }> {
    const accountId = staffAccountOf(actor);
    const member = UUID.test(userId) ? await this.people.findStaffMember(accountId, userId) : undefined;
    if (!member) throw new AppError('NOT_FOUND', M.staffNotFound);
    const scope = await this.impartiality.scopeOf(actor);
    if (!scopeCoversStaff(scope, userId)) throw forbidden();
    return { accountId, member, scope };
  }

  /** Employer, position, qualifications and training: account administrators only. */
  private async administered(actor: CurrentUser, userId: string): Promise<{ accountId: string; member: StaffMemberRow }> {
    if (!isImpartialityAdministrator(actor)) throw forbidden();
    const accountId = staffAccountOf(actor);
    const member = UUID.test(userId) ? await this.people.findStaffMember(accountId, userId) : undefined;
    if (!member) throw new AppError('NOT_FOUND', M.staffNotFound);
    return { accountId, member };
  }

  private async existingCompetence(accountId: string, userId: string, id: string): Promise<CompetenceRow> {
    const row = UUID.test(id) ? await this.repository.findCompetence(accountId, userId, id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', M.competenceNotFound);
    return row;
  }

  private async assertOwnFile(actor: CurrentUser, attachmentId: string | null): Promise<void> {
    if (!attachmentId) return;
    const [owned] = await this.deps.attachments.findOwned(actor.id, [attachmentId]);
    if (!owned) throw new AppError('NOT_FOUND', M.fileNotFound, { attachmentId: M.fileNotFound });
  }

  private async recordOf(accountId: string, member: StaffMemberRow, scope: ImpartialityScope | null, actorId: string): Promise<StaffRecord> {
    const { today, year } = await this.impartiality.bodyDay(accountId);
    const record = await this.repository.findRecord(accountId, member.userId);
    const competences = await this.repository.findCompetences(accountId, [member.userId]);
    const authorisations = await this.repository.findAuthorisations(accountId, [member.userId]);
    const agreements = await this.people.findAgreementsOf(accountId, member.userId);
    // A program's manager does not set their own authorisation.
    const mayEdit = (programId: string) => !!scope && mayEditAuthorisation(scope, programId) && (scope.kind === 'account' || member.userId !== actorId);
    return {
      staff: { ...personOf(member), role: member.role, active: member.active },
      today,
      year,
      employer: record?.employer ?? null,
      position: record?.position ?? '',
      competences: competences.map((row): Competence => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        issuer: row.issuer,
        obtainedOn: row.obtainedOn,
        expiresOn: row.expiresOn,
        notes: row.notes,
        file: row.attachmentId ? { id: row.attachmentId, name: row.fileName ?? 'File' } : null,
        state: expiryStateOf(row.expiresOn, today),
      })),
      authorisations: authorisations.map((row) => ({
        programId: row.programId,
        programCode: row.programCode,
        programTitle: row.programTitle,
        role: row.role,
        authorisedUntil: row.authorisedUntil,
        authorisationBasis: row.authorisationBasis,
        state: expiryStateOf(row.authorisedUntil, today),
        canEdit: mayEdit(row.programId),
      })),
      agreements: agreements.map((row) => ({ id: row.id, year: row.year, signedOn: row.signedOn.toISOString() })),
      signedThisYear: agreements.some((row) => row.year === year),
      activeConflicts: await this.repository.countActiveConflicts(accountId, member.userId),
      canEdit: scope?.kind === 'account',
    };
  }
}

function valuesOf(input: z.output<typeof CompetenceRequest>) {
  return {
    kind: input.kind,
    title: input.title,
    issuer: input.issuer,
    obtainedOn: input.obtainedOn,
    expiresOn: input.expiresOn,
    attachmentId: input.attachmentId,
    notes: input.notes,
  };
}
