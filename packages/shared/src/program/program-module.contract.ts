import { z } from 'zod';
import { fee } from './program-rules';

/** Module exam kinds of spec section 9. */
export const EXAMINATION_TYPES = ['Online', 'Practical', 'Oral', 'Pen & Paper', 'Practical & Oral'] as const;

export const MODULE_MESSAGES = {
  moduleCodeRequired: 'Module Code is required',
  moduleCodeMax: 'Module Code must be at most 12 characters',
  moduleTitleRequired: 'Module Title is required',
  moduleTitleMax: 'Module Title must be at most 96 characters',
  moduleDescriptionMax: 'Module Description must be at most 1000 characters',
  assessmentRequirementsMax: 'Assessment Requirements must be at most 1000 characters',
  examinationTypeRequired: 'Examination Type is required',
  passPercentage: 'Pass Percentage must be a number from 0 to 100 with up to two decimals',
  memberFee: 'Member Fee must be a valid number',
  nonMemberFee: 'Non Member Fee must be a valid number',
  reSitMemberFeeRequired: 'Re-sit Member Fee is required',
  reSitNonMemberFeeRequired: 'Re-sit Non Member Fee is required',
  reSitMemberFee: 'Re-sit Member Fee must be a valid number',
  reSitNonMemberFee: 'Re-sit Non Member Fee must be a valid number',
  moduleRequired: 'Program Module is required',
  renewalModuleRequired: 'Renewal Module is required',
  modulesNotForType: 'Modules belong to Qualification and AICIP programs only',
  renewalModulesNotForType: 'Renewal modules belong to AICIP programs only',
  moduleCodeTaken: 'Module Code already exists in this program',
  notFound: 'Program Module not found',
} as const;

const MODULE_FEE_LENGTH = 8;
const optionalFee = (message: string) =>
  z.union([fee(message, { maxLength: MODULE_FEE_LENGTH }), z.literal('').transform(() => null), z.null()]).optional();

const moduleFields = {
  moduleCode: z
    .string({ error: MODULE_MESSAGES.moduleCodeRequired })
    .trim()
    .min(1, MODULE_MESSAGES.moduleCodeRequired)
    .max(12, MODULE_MESSAGES.moduleCodeMax),
  moduleTitle: z
    .string({ error: MODULE_MESSAGES.moduleTitleRequired })
    .trim()
    .min(1, MODULE_MESSAGES.moduleTitleRequired)
    .max(96, MODULE_MESSAGES.moduleTitleMax),
  moduleDescription: z.string().max(1000, MODULE_MESSAGES.moduleDescriptionMax).default(''),
  assessmentRequirements: z.string().max(1000, MODULE_MESSAGES.assessmentRequirementsMax).default(''),
  examinationType: z.enum(EXAMINATION_TYPES, { error: MODULE_MESSAGES.examinationTypeRequired }),
  invigilated: z.boolean().default(false),
  memberFee: fee(MODULE_MESSAGES.memberFee, { maxLength: MODULE_FEE_LENGTH }),
  nonMemberFee: fee(MODULE_MESSAGES.nonMemberFee, { maxLength: MODULE_FEE_LENGTH }),
  reviewAllowed: z.boolean().default(false),
  reSitAllowed: z.boolean().default(false),
  reSitMemberFee: optionalFee(MODULE_MESSAGES.reSitMemberFee),
  reSitNonMemberFee: optionalFee(MODULE_MESSAGES.reSitNonMemberFee),
  passPercentage: z
    .union([z.number(), z.string()], { error: MODULE_MESSAGES.passPercentage })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((text) => /^\d{1,3}(\.\d{1,2})?$/.test(text) && Number(text) <= 100, MODULE_MESSAGES.passPercentage)
    .transform(Number),
  isInactive: z.boolean().default(false),
};

function requireResitFees(module: { reSitAllowed: boolean; reSitMemberFee?: number | null; reSitNonMemberFee?: number | null }, ctx: z.RefinementCtx) {
  if (!module.reSitAllowed) return;
  if (module.reSitMemberFee === undefined || module.reSitMemberFee === null) {
    ctx.addIssue({ code: 'custom', path: ['reSitMemberFee'], message: MODULE_MESSAGES.reSitMemberFeeRequired });
  }
  if (module.reSitNonMemberFee === undefined || module.reSitNonMemberFee === null) {
    ctx.addIssue({ code: 'custom', path: ['reSitNonMemberFee'], message: MODULE_MESSAGES.reSitNonMemberFeeRequired });
  }
}

/** A module; `isRenewal` marks an AICIP renewal module. */
export const CreateModuleRequest = z
  .strictObject({ programId: z.uuid(), isRenewal: z.boolean().default(false), ...moduleFields })
  .superRefine(requireResitFees);
export const UpdateModuleRequest = z.strictObject(moduleFields).superRefine(requireResitFees);
export type CreateModuleRequest = z.input<typeof CreateModuleRequest>;
export type UpdateModuleRequest = z.input<typeof UpdateModuleRequest>;
export type CreateModuleValues = z.output<typeof CreateModuleRequest>;
export type ModuleValues = z.output<typeof UpdateModuleRequest>;

export const ProgramModule = z.object({
  id: z.string(),
  programId: z.string(),
  isRenewal: z.boolean(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  moduleDescription: z.string(),
  assessmentRequirements: z.string(),
  examinationType: z.string(),
  invigilated: z.boolean(),
  memberFee: z.number(),
  nonMemberFee: z.number(),
  reviewAllowed: z.boolean(),
  reSitAllowed: z.boolean(),
  reSitMemberFee: z.number().nullable(),
  reSitNonMemberFee: z.number().nullable(),
  passPercentage: z.number(),
  order: z.number().int(),
  isInactive: z.boolean(),
});
export type ProgramModule = z.infer<typeof ProgramModule>;
