import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { dayRangeInZone } from '@certs/shared/common/dates';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  PROGRAM_MESSAGES,
  type PROGRAM_SEARCH_BY,
  type Program,
  type ProgramListFilters,
  type ProgramPage,
  type ProgramValues,
} from '@certs/shared/program/program.contract';
import type { ProgramCompleteness } from '@certs/shared/program/program-catalogue.contract';
import { MODULE_MESSAGES } from '@certs/shared/program/program-module.contract';
import { PROGRAM_PART_MESSAGES } from '@certs/shared/program/program-part.contract';
import {
  PROGRAM_STATUS,
  PROGRAM_STATUS_INFO,
  PROGRAM_TRANSITIONS,
  canTransition,
  isProgramEditable,
  isProgramIdentityLocked,
  type ProgramAction,
  type ProgramStatus,
} from '@certs/shared/program/program-status';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';
import { PROGRAM_USER_MESSAGES, type ProgramPrivilege, type ScreenPrivilege } from '@certs/shared/program/program-user.contract';
import { z } from 'zod';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import { hasMenuAccess, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { sanitizeRichText } from '../../platform/rich-text';
import { canCreatePrograms, canEditProgram, canRestoreProgram, canViewProgram, canViewPrograms, isManagerOf, isProgramAdministrator } from './program.policy';
import type { ProgramFilters, ProgramPartCounts, ProgramRepository, ProgramRow } from './program.repository';
import { fullName, toProgram } from './program.mapper';

const UUID = z.uuid();

/** The parts a program of this type must have before it can be published, as messages. */
export function missingForPublication(programType: number, declaration: string, counts: ProgramPartCounts): string[] {
  const missing: string[] = [];
  if (counts.instructions === 0) missing.push(PROGRAM_PART_MESSAGES.instructionRequired);
  if (counts.requirements === 0) missing.push(PROGRAM_PART_MESSAGES.requirementRequired);
  if (counts.programUsers === 0) missing.push(PROGRAM_USER_MESSAGES.programUserRequired);
  const needsModules = programType === PROGRAM_TYPES.Qualification || programType === PROGRAM_TYPES.AICIP;
  if (needsModules && counts.activeModules === 0) missing.push(MODULE_MESSAGES.moduleRequired);
  if (programType === PROGRAM_TYPES.AICIP && counts.activeRenewalModules === 0) missing.push(MODULE_MESSAGES.renewalModuleRequired);
  if (programType === PROGRAM_TYPES.Qualification && !declaration.trim()) missing.push(PROGRAM_MESSAGES.declarationRequired);
  if ((programType === PROGRAM_TYPES.Certification || programType === PROGRAM_TYPES.AICIP) && !counts.hasCertificationSettings) {
    missing.push(PROGRAM_MESSAGES.certificationSettingsRequired);
  }
  if (programType === PROGRAM_TYPES.AICIP && !counts.hasRenewalSettings) missing.push(PROGRAM_MESSAGES.renewalSettingsRequired);
  if (programType === PROGRAM_TYPES.WelderQualification && !counts.hasWelderQualificationSettings) {
    missing.push(PROGRAM_MESSAGES.welderQualificationSettingsRequired);
  }
  return missing;
}

export class ProgramService {
  constructor(private readonly repository: ProgramRepository) {}

  async findPrograms(actor: CurrentUser, query: ProgramListFilters): Promise<ProgramPage> {
    if (!canViewPrograms(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const filters: ProgramFilters = { accountId: staffAccountOf(actor), page: query.page, pageSize: query.pageSize, programTypes: query.selectedProgramTypes, statuses: query.programStatus ? [query.programStatus] : undefined };
    // Without the Programs menu, only the archive is visible.
    if (!hasMenuAccess(actor, 'Programs')) filters.statuses = [PROGRAM_STATUS.Archived];
    // Administrators see every program; other staff the programs they serve on (decision 003, issue 15).
    if (!isProgramAdministrator(actor)) filters.servedBy = actor.id;
    const term = searchTermOrUndefined(query.searchTerm);
    if (term) applySearch(filters, query.searchBy, term);
    const { rows, totalRows } = await this.repository.findPage(filters);
    return { rows: rows.map(toProgram), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findProgram(actor: CurrentUser, id: string | undefined): Promise<Program> {
    if (!canViewPrograms(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const found = await this.existing(id, actor);
    await this.assertMayView(actor, found.program);
    return toProgram(found);
  }

  async findByCode(actor: CurrentUser, code: string): Promise<{ program: { id: string; programCode: string } | null }> {
    if (!canViewPrograms(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const found = await this.repository.findByCode(code.trim());
    const row = found?.accountId === staffAccountOf(actor) ? found : undefined;
    return { program: row ? { id: row.id, programCode: row.programCode } : null };
  }

  async createProgram(actor: CurrentUser, input: ProgramValues): Promise<Program> {
    if (!canCreatePrograms(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    await this.assertManagerIsAdmin(actor, input.programManager);
    // Certification and AICIP keep the certification decision apart from assessment and examination unless told otherwise (issue 43).
    const decisionSeparation = input.decisionSeparation ?? (input.programType === PROGRAM_TYPES.Certification || input.programType === PROGRAM_TYPES.AICIP);
    const row = await this.repository.insert({ ...this.columnsOf(input), decisionSeparation, accountId: staffAccountOf(actor), status: PROGRAM_STATUS.Created, createdBy: actor.id, modifiedBy: actor.id });
    if (!row) throw codeTaken();
    return this.findProgram(actor, row.id);
  }

  async updateProgram(actor: CurrentUser, id: string, input: ProgramValues): Promise<Program> {
    const current = await this.assertCanEdit(actor, id);
    if (isProgramIdentityLocked(current.status as ProgramStatus, current.hasBeenPublished) && (input.programCode !== current.programCode || input.programType !== current.programType)) {
      throw new AppError('BAD_REQUEST', PROGRAM_MESSAGES.identityLocked, {
        ...(input.programCode !== current.programCode ? { programCode: PROGRAM_MESSAGES.identityLocked } : {}),
        ...(input.programType !== current.programType ? { programType: PROGRAM_MESSAGES.identityLocked } : {}),
      });
    }
    if (input.programCode !== current.programCode) {
      const holder = await this.repository.findByCode(input.programCode);
      if (holder && holder.id !== id) throw codeTaken();
    }
    await this.assertManagerIsAdmin(actor, input.programManager);
    const row = await this.repository.update(id, { ...this.columnsOf(input), modifiedBy: actor.id, modifiedOn: new Date() }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    });
    if (!row) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
    return this.findProgram(actor, id);
  }

  async completeness(actor: CurrentUser, id: string): Promise<ProgramCompleteness> {
    const program = await this.assertCanView(actor, id);
    const missing = missingForPublication(program.programType, program.programDeclaration, await this.repository.countParts(id));
    return { isComplete: missing.length === 0, missing };
  }

  /**
   * Moves a program along the status table. The row is locked and its status re-read inside the
   * transaction, so two staff clicking at once cannot both move it; the history is written in it too.
   */
  async changeStatus(actor: CurrentUser, id: string, action: ProgramAction): Promise<Program> {
    const { program } = await this.existing(id, actor);
    const roles = await this.repository.findRolesOf(id, actor.id);
    const isAllowed = action === 'restore' ? canRestoreProgram(actor, program, roles) : canEditProgram(actor, program, roles);
    if (!isAllowed) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);

    await this.repository.transaction(async (tx) => {
      const locked = await this.repository.lockById(tx, id);
      if (!locked) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
      const from = locked.status as ProgramStatus;
      if (!canTransition(action, from)) {
        throw new AppError('CONFLICT', `A ${PROGRAM_STATUS_INFO[from].label.toLowerCase()} program cannot be ${ACTION_PAST[action]}`);
      }
      if (action === 'publish') {
        const missing = missingForPublication(locked.programType, locked.programDeclaration, await this.repository.countParts(id, tx));
        if (missing.length) throw new AppError('BAD_REQUEST', `The program cannot be published yet: ${missing.join('; ')}`);
      }
      const to = PROGRAM_TRANSITIONS[action].to;
      const now = new Date();
      await this.repository.update(
        id,
        { status: to, modifiedBy: actor.id, modifiedOn: now, ...(action === 'publish' ? { publishedOn: now, hasBeenPublished: true } : {}) },
        tx,
      );
      await this.repository.insertHistory(tx, { programId: id, fromStatus: from, toStatus: to, createdBy: actor.id, modifiedBy: actor.id });
    });
    return this.findProgram(actor, id);
  }

  async findHistory(actor: CurrentUser, id: string) {
    await this.assertCanView(actor, id);
    const rows = await this.repository.findHistory(id);
    return rows.map((row) => ({
      fromStatus: row.fromStatus,
      toStatus: row.toStatus,
      changedOn: row.changedOn.toISOString(),
      changedBy: row.firstName ? fullName({ firstName: row.firstName, lastName: row.lastName ?? '' }) : '-',
    }));
  }

  async programPrivilege(actor: CurrentUser, id: string): Promise<ProgramPrivilege> {
    const { program } = await this.existing(id, actor);
    const roles = actor.userType === 'admin' ? await this.repository.findRolesOf(id, actor.id) : [];
    const canEdit = actor.userType === 'admin' && canEditProgram(actor, program, roles);
    return {
      programId: id,
      canView: actor.userType === 'admin' ? canViewProgram(actor, program, roles) : program.status === PROGRAM_STATUS.Published,
      canEdit: canEdit && isProgramEditable(program.status as ProgramStatus),
      canChangeStatus: canEdit || (actor.userType === 'admin' && canRestoreProgram(actor, program, roles)),
      isManager: actor.userType === 'admin' && isManagerOf(actor, program, roles),
      programRoles: roles,
    };
  }

  async isManager(actor: CurrentUser, id: string): Promise<{ isManager: boolean }> {
    const { program } = await this.existing(id, actor);
    return { isManager: actor.userType === 'admin' && isManagerOf(actor, program, await this.repository.findRolesOf(id, actor.id)) };
  }

  screenPrivilege(actor: CurrentUser, screen: string): ScreenPrivilege {
    const item = ADMIN_MENU_ITEMS.find((menu) => menu.toLowerCase() === screen.toLowerCase());
    if (!item) throw new AppError('NOT_FOUND', `Unknown screen: ${screen}`);
    const canView = hasMenuAccess(actor, item);
    if (item === 'Programs') return { screen: item, canView, canEdit: canView, canCreate: canCreatePrograms(actor) };
    return { screen: item, canView, canEdit: canView, canCreate: canView };
  }

  /** For the other program services: the program, once the caller may change it and it is not archived. */
  async assertCanEdit(actor: CurrentUser, id: string): Promise<ProgramRow> {
    const { program } = await this.existing(id, actor);
    const roles = await this.repository.findRolesOf(id, actor.id);
    if (!canEditProgram(actor, program, roles)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (!isProgramEditable(program.status as ProgramStatus)) throw new AppError('CONFLICT', PROGRAM_MESSAGES.archivedReadOnly);
    return program;
  }

  /** For the other program services: the program, once the caller may see it (an administrator, or serving on it). */
  async assertCanView(actor: CurrentUser, id: string): Promise<ProgramRow> {
    if (!canViewPrograms(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const { program } = await this.existing(id, actor);
    await this.assertMayView(actor, program);
    return program;
  }

  private async assertMayView(actor: CurrentUser, program: ProgramRow): Promise<void> {
    const roles = isProgramAdministrator(actor) ? [] : await this.repository.findRolesOf(program.id, actor.id);
    if (!canViewProgram(actor, program, roles)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  /**
   * The program, for a caller who may know of it: staff of another account get 404, as if it did
   * not exist (decision 033); every program-scoped rule of the other modules reads its standing
   * here (programPrivilege), so this one check keeps them inside the account. Applicants read
   * published programs of every account.
   */
  private async existing(id: string | undefined, actor: CurrentUser) {
    // The spec's error catalogue names this message; a missing id is the caller's mistake, so it is
    // a 400 at the field, as schema validation answers (issue 45), not the 500 the old system gave.
    if (!id || !id.trim() || id === 'undefined' || id === 'null') {
      throw new AppError('BAD_REQUEST', PROGRAM_MESSAGES.programIdRequired, { id: PROGRAM_MESSAGES.programIdRequired });
    }
    if (!UUID.safeParse(id).success) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
    const found = await this.repository.findById(id);
    if (!found) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
    if (actor.userType === 'admin' && found.program.accountId !== staffAccountOf(actor)) throw new AppError('NOT_FOUND', PROGRAM_MESSAGES.notFound);
    return found;
  }

  private async assertManagerIsAdmin(actor: CurrentUser, userId: string): Promise<void> {
    if (!(await this.repository.isActiveAdmin(userId, staffAccountOf(actor)))) {
      throw new AppError('BAD_REQUEST', PROGRAM_MESSAGES.managerMustBeAdmin, { programManager: PROGRAM_MESSAGES.managerMustBeAdmin });
    }
  }

  private columnsOf(input: ProgramValues) {
    return {
      programCode: input.programCode,
      programTitle: input.programTitle,
      programType: input.programType,
      programManagerId: input.programManager,
      remarks: input.remarks,
      numberPatternCheck: input.numberPatternCheck,
      certificateNumPattern: input.numberPatternCheck ? input.certificateNumPattern : '',
      certificateStartNum: input.numberPatternCheck ? input.certificateStartNum : '',
      isIIWPublished: input.isIIWPublished,
      programDeclaration: sanitizeRichText(input.programDeclaration),
      programTooltips: input.programTooltips,
      reviewWindowDays: input.reviewWindowDays,
      maxResitsPerModule: input.maxResitsPerModule,
      ...(input.decisionSeparation !== undefined ? { decisionSeparation: input.decisionSeparation } : {}),
    };
  }
}

const ACTION_PAST: Record<ProgramAction, string> = { publish: 'published', archive: 'archived', restore: 'restored' };

function codeTaken(): AppError {
  return new AppError('CONFLICT', PROGRAM_MESSAGES.programCodeTaken, { programCode: PROGRAM_MESSAGES.programCodeTaken });
}

/** The spec's search filters: Program Code, Program Type, Application Date (the day applications opened), All. */
function applySearch(filters: ProgramFilters, searchBy: (typeof PROGRAM_SEARCH_BY)[number], term: string): void {
  if (searchBy === 'Program Code') {
    filters.codeLike = term;
  } else if (searchBy === 'Program Type') {
    const wanted = term.toLowerCase();
    const types = (Object.entries(PROGRAM_TYPE_INFO) as [string, { label: string; short: string }][])
      .filter(([, info]) => info.label.toLowerCase().includes(wanted) || info.short.toLowerCase() === wanted)
      .map(([type]) => Number(type) as ProgramType);
    filters.programTypes = filters.programTypes ? filters.programTypes.filter((t) => types.includes(t as ProgramType)) : types;
    if (filters.programTypes.length === 0) filters.programTypes = [-1];
  } else if (searchBy === 'Application Date') {
    // An unreadable date finds nothing rather than everything.
    filters.publishedOnDay = dayRangeInZone(term) ?? { from: new Date(0), to: new Date(0) };
  } else {
    filters.titleOrCodeLike = term;
  }
}
