import {
  PROGRAM_PART_MESSAGES,
  type CreateInstructionRequest,
  type CreateRequirementRequest,
  type Instruction,
  type Requirement,
  type UpdateOrderRequest,
} from '@certs/shared/program/program-part.contract';
import { MODULE_MESSAGES, type CreateModuleValues, type ModuleValues, type ProgramModule } from '@certs/shared/program/program-module.contract';
import { PROGRAM_STATUS } from '@certs/shared/program/program-status';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import type { applicantInstructions, programModules, programRequirements } from '../../db/schema/program';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { OrderedPartRepository } from './program-part.repository';
import { moduleScope } from './program-part.repository';
import type { ProgramService } from './program.service';
import { fromCents, toCents } from '@certs/shared/program/program-rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type InstructionRow = typeof applicantInstructions.$inferSelect;
type RequirementRow = typeof programRequirements.$inferSelect;
type ModuleRow = typeof programModules.$inferSelect;

export const toInstruction = (row: InstructionRow): Instruction => ({ id: row.id, programId: row.programId, instruction: row.instruction, order: row.sortOrder });
export const toRequirement = (row: RequirementRow): Requirement => ({
  id: row.id,
  programId: row.programId,
  requirementCode: row.requirementCode,
  requirementDescription: row.requirementDescription,
  order: row.sortOrder,
});
export const toModule = (row: ModuleRow): ProgramModule => ({
  id: row.id,
  programId: row.programId,
  isRenewal: row.isRenewal,
  moduleCode: row.moduleCode,
  moduleTitle: row.moduleTitle,
  moduleDescription: row.moduleDescription,
  assessmentRequirements: row.assessmentRequirements,
  examinationType: row.examinationType,
  invigilated: row.invigilated,
  memberFee: fromCents(row.memberFeeCents),
  nonMemberFee: fromCents(row.nonMemberFeeCents),
  reviewAllowed: row.reviewAllowed,
  reSitAllowed: row.reSitAllowed,
  reSitMemberFee: row.reSitMemberFeeCents === null ? null : fromCents(row.reSitMemberFeeCents),
  reSitNonMemberFee: row.reSitNonMemberFeeCents === null ? null : fromCents(row.reSitNonMemberFeeCents),
  passPercentage: row.passPercentage,
  order: row.sortOrder,
  isInactive: row.isInactive,
});

function moduleColumns(input: ModuleValues) {
  return {
    moduleCode: input.moduleCode,
    moduleTitle: input.moduleTitle,
    moduleDescription: input.moduleDescription,
    assessmentRequirements: input.assessmentRequirements,
    examinationType: input.examinationType,
    invigilated: input.invigilated,
    memberFeeCents: toCents(input.memberFee),
    nonMemberFeeCents: toCents(input.nonMemberFee),
    reviewAllowed: input.reviewAllowed,
    reSitAllowed: input.reSitAllowed,
    // Re-sit fees mean nothing when re-sits are not allowed.
    reSitMemberFeeCents: input.reSitAllowed && input.reSitMemberFee !== null && input.reSitMemberFee !== undefined ? toCents(input.reSitMemberFee) : null,
    reSitNonMemberFeeCents:
      input.reSitAllowed && input.reSitNonMemberFee !== null && input.reSitNonMemberFee !== undefined ? toCents(input.reSitNonMemberFee) : null,
    passPercentage: input.passPercentage,
    isInactive: input.isInactive,
  };
}

/** Instructions, requirements and modules of a program: edited only by those who may edit the program. */
export class ProgramPartService {
  constructor(
    private readonly programs: ProgramService,
    private readonly instructions: OrderedPartRepository<typeof applicantInstructions>,
    private readonly requirements: OrderedPartRepository<typeof programRequirements>,
    private readonly modules: OrderedPartRepository<typeof programModules>,
  ) {}

  // Instructions

  async listInstructions(actor: CurrentUser, programId: string): Promise<Instruction[]> {
    await this.programs.assertCanView(actor, programId);
    return (await this.instructions.list(programId)).map(toInstruction);
  }

  async createInstruction(actor: CurrentUser, input: CreateInstructionRequest): Promise<Instruction> {
    await this.programs.assertCanEdit(actor, input.programId);
    const row = await this.instructions.append({ programId: input.programId, instruction: input.instruction, createdBy: actor.id, modifiedBy: actor.id });
    if (!row) throw new AppError('CONFLICT', PROGRAM_PART_MESSAGES.instructionRequired);
    return toInstruction(row);
  }

  async updateInstruction(actor: CurrentUser, id: string, instruction: string): Promise<Instruction> {
    const current = await this.existing(this.instructions, id, PROGRAM_PART_MESSAGES.instructionNotFound);
    await this.programs.assertCanEdit(actor, current.programId);
    const row = await this.instructions.update(id, { instruction, modifiedBy: actor.id, modifiedOn: new Date() });
    if (!row || row === 'duplicate') throw new AppError('NOT_FOUND', PROGRAM_PART_MESSAGES.instructionNotFound);
    return toInstruction(row);
  }

  async removeInstruction(actor: CurrentUser, id: string): Promise<void> {
    const current = await this.existing(this.instructions, id, PROGRAM_PART_MESSAGES.instructionNotFound);
    const program = await this.programs.assertCanEdit(actor, current.programId);
    await this.assertNotLastOfPublished(program.status, this.instructions.list(current.programId), PROGRAM_PART_MESSAGES.instructionRequired);
    await this.instructions.remove(id);
  }

  async reorderInstructions(actor: CurrentUser, input: UpdateOrderRequest): Promise<Instruction[]> {
    await this.programs.assertCanEdit(actor, input.programId);
    await this.reorder(this.instructions.list(input.programId), input.ids, (ids) => this.instructions.reorder(ids, actor.id));
    return (await this.instructions.list(input.programId)).map(toInstruction);
  }

  // Requirements

  async listRequirements(actor: CurrentUser, programId: string): Promise<Requirement[]> {
    await this.programs.assertCanView(actor, programId);
    return (await this.requirements.list(programId)).map(toRequirement);
  }

  async createRequirement(actor: CurrentUser, input: CreateRequirementRequest): Promise<Requirement> {
    await this.programs.assertCanEdit(actor, input.programId);
    const row = await this.requirements.append({ ...input, createdBy: actor.id, modifiedBy: actor.id });
    if (!row) throw new AppError('CONFLICT', PROGRAM_PART_MESSAGES.requirementRequired);
    return toRequirement(row);
  }

  async updateRequirement(actor: CurrentUser, id: string, input: { requirementCode: string; requirementDescription: string }): Promise<Requirement> {
    const current = await this.existing(this.requirements, id, PROGRAM_PART_MESSAGES.requirementNotFound);
    await this.programs.assertCanEdit(actor, current.programId);
    const row = await this.requirements.update(id, { ...input, modifiedBy: actor.id, modifiedOn: new Date() });
    if (!row || row === 'duplicate') throw new AppError('NOT_FOUND', PROGRAM_PART_MESSAGES.requirementNotFound);
    return toRequirement(row);
  }

  async removeRequirement(actor: CurrentUser, id: string): Promise<void> {
    const current = await this.existing(this.requirements, id, PROGRAM_PART_MESSAGES.requirementNotFound);
    const program = await this.programs.assertCanEdit(actor, current.programId);
    await this.assertNotLastOfPublished(program.status, this.requirements.list(current.programId), PROGRAM_PART_MESSAGES.requirementRequired);
    await this.requirements.remove(id);
  }

  async reorderRequirements(actor: CurrentUser, input: UpdateOrderRequest): Promise<Requirement[]> {
    await this.programs.assertCanEdit(actor, input.programId);
    await this.reorder(this.requirements.list(input.programId), input.ids, (ids) => this.requirements.reorder(ids, actor.id));
    return (await this.requirements.list(input.programId)).map(toRequirement);
  }

  // Modules

  async listModules(actor: CurrentUser, programId: string, isRenewal: boolean): Promise<ProgramModule[]> {
    await this.programs.assertCanView(actor, programId);
    return (await this.modules.list(programId, moduleScope(isRenewal))).map(toModule);
  }

  async createModule(actor: CurrentUser, input: CreateModuleValues): Promise<ProgramModule> {
    const program = await this.programs.assertCanEdit(actor, input.programId);
    assertModulesBelong(program.programType, input.isRenewal);
    const row = await this.modules.append(
      { programId: input.programId, isRenewal: input.isRenewal, ...moduleColumns(input), createdBy: actor.id, modifiedBy: actor.id },
      moduleScope(input.isRenewal),
    );
    if (!row) throw moduleCodeTaken();
    return toModule(row);
  }

  async updateModule(actor: CurrentUser, id: string, input: ModuleValues): Promise<ProgramModule> {
    const current = await this.existing(this.modules, id, MODULE_MESSAGES.notFound);
    const program = await this.programs.assertCanEdit(actor, current.programId);
    if (input.isInactive && !current.isInactive) {
      const active = (await this.modules.list(current.programId, moduleScope(current.isRenewal))).filter((m) => !m.isInactive);
      if (program.status === PROGRAM_STATUS.Published && active.length <= 1) {
        throw new AppError('CONFLICT', current.isRenewal ? MODULE_MESSAGES.renewalModuleRequired : MODULE_MESSAGES.moduleRequired);
      }
    }
    const row = await this.modules.update(id, { ...moduleColumns(input), modifiedBy: actor.id, modifiedOn: new Date() });
    if (row === 'duplicate') throw moduleCodeTaken();
    if (!row) throw new AppError('NOT_FOUND', MODULE_MESSAGES.notFound);
    return toModule(row);
  }

  async removeModule(actor: CurrentUser, id: string): Promise<void> {
    const current = await this.existing(this.modules, id, MODULE_MESSAGES.notFound);
    const program = await this.programs.assertCanEdit(actor, current.programId);
    const active = (await this.modules.list(current.programId, moduleScope(current.isRenewal))).filter((m) => !m.isInactive && m.id !== id);
    if (program.status === PROGRAM_STATUS.Published && active.length === 0) {
      throw new AppError('CONFLICT', current.isRenewal ? MODULE_MESSAGES.renewalModuleRequired : MODULE_MESSAGES.moduleRequired);
    }
    await this.modules.remove(id);
  }

  async reorderModules(actor: CurrentUser, input: UpdateOrderRequest): Promise<ProgramModule[]> {
    await this.programs.assertCanEdit(actor, input.programId);
    const first = input.ids[0] ? await this.modules.findById(input.ids[0]) : undefined;
    const isRenewal = first?.programId === input.programId ? first.isRenewal : false;
    await this.reorder(this.modules.list(input.programId, moduleScope(isRenewal)), input.ids, (ids) => this.modules.reorder(ids, actor.id));
    return (await this.modules.list(input.programId, moduleScope(isRenewal))).map(toModule);
  }

  // Shared steps

  private async existing<T extends { programId: string }>(repository: { findById(id: string): Promise<T | undefined> }, id: string, message: string): Promise<T> {
    // An id that is no UUID names no part: 404, as an unknown one (the database would refuse the cast).
    const row = UUID.test(id) ? await repository.findById(id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', message);
    return row;
  }

  /** The new order must name every item of the list exactly once. */
  private async reorder(current: Promise<{ id: string }[]>, ids: string[], apply: (ids: string[]) => Promise<void>): Promise<void> {
    const existingIds = (await current).map((row) => row.id);
    const isSameSet = ids.length === existingIds.length && new Set(ids).size === ids.length && ids.every((id) => existingIds.includes(id));
    if (!isSameSet) throw new AppError('BAD_REQUEST', PROGRAM_PART_MESSAGES.orderMismatch, { ids: PROGRAM_PART_MESSAGES.orderMismatch });
    await apply(ids);
  }

  /** A published program keeps at least one of each part it was published with. */
  private async assertNotLastOfPublished(status: number, list: Promise<unknown[]>, message: string): Promise<void> {
    if (status === PROGRAM_STATUS.Published && (await list).length <= 1) throw new AppError('CONFLICT', message);
  }
}

function assertModulesBelong(programType: number, isRenewal: boolean): void {
  if (programType !== PROGRAM_TYPES.Qualification && programType !== PROGRAM_TYPES.AICIP) {
    throw new AppError('BAD_REQUEST', MODULE_MESSAGES.modulesNotForType);
  }
  if (isRenewal && programType !== PROGRAM_TYPES.AICIP) throw new AppError('BAD_REQUEST', MODULE_MESSAGES.renewalModulesNotForType);
}

function moduleCodeTaken(): AppError {
  return new AppError('CONFLICT', MODULE_MESSAGES.moduleCodeTaken, { moduleCode: MODULE_MESSAGES.moduleCodeTaken });
}
