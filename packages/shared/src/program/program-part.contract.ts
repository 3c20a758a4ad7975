import { z } from 'zod';

/** Applicant instructions and program requirements (spec sections 3 and 5). */
export const PROGRAM_PART_MESSAGES = {
  instructionRequired: 'Applicant Instruction is required',
  instructionMax: 'Applicant Instruction must be at most 1000 characters',
  requirementCodeRequired: 'Requirement Code is required',
  requirementCodeMax: 'Requirement Code must be at most 12 characters',
  requirementDescriptionRequired: 'Requirement Description is required',
  requirementDescriptionMax: 'Requirement Description must be at most 1000 characters',
  requirementRequired: 'Program Requirement is required',
  instructionNotFound: 'Applicant Instruction not found',
  requirementNotFound: 'Program Requirement not found',
  orderMismatch: 'The order must list every item of the program exactly once',
} as const;

const instructionText = z
  .string({ error: PROGRAM_PART_MESSAGES.instructionRequired })
  .trim()
  .min(1, PROGRAM_PART_MESSAGES.instructionRequired)
  .max(1000, PROGRAM_PART_MESSAGES.instructionMax);

export const CreateInstructionRequest = z.strictObject({ programId: z.uuid(), instruction: instructionText });
export const UpdateInstructionRequest = z.strictObject({ instruction: instructionText });
export type CreateInstructionRequest = z.infer<typeof CreateInstructionRequest>;

export const Instruction = z.object({ id: z.string(), programId: z.string(), instruction: z.string(), order: z.number().int() });
export type Instruction = z.infer<typeof Instruction>;

const requirementFields = {
  requirementCode: z
    .string({ error: PROGRAM_PART_MESSAGES.requirementCodeRequired })
    .trim()
    .min(1, PROGRAM_PART_MESSAGES.requirementCodeRequired)
    .max(12, PROGRAM_PART_MESSAGES.requirementCodeMax),
  requirementDescription: z
    .string({ error: PROGRAM_PART_MESSAGES.requirementDescriptionRequired })
    .trim()
    .min(1, PROGRAM_PART_MESSAGES.requirementDescriptionRequired)
    .max(1000, PROGRAM_PART_MESSAGES.requirementDescriptionMax),
};
export const CreateRequirementRequest = z.strictObject({ programId: z.uuid(), ...requirementFields });
export const UpdateRequirementRequest = z.strictObject(requirementFields);
export type CreateRequirementRequest = z.infer<typeof CreateRequirementRequest>;

export const Requirement = z.object({
  id: z.string(),
  programId: z.string(),
  requirementCode: z.string(),
  requirementDescription: z.string(),
  order: z.number().int(),
});
export type Requirement = z.infer<typeof Requirement>;

/** The whole new order of a program's items, first to last (`update/order`). */
export const UpdateOrderRequest = z.strictObject({ programId: z.uuid(), ids: z.array(z.uuid()).min(1).max(500) });
export type UpdateOrderRequest = z.infer<typeof UpdateOrderRequest>;
