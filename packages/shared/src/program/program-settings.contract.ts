import { z } from 'zod';
import { PROGRAM_MESSAGES, settingsDeclaration } from './program.contract';
import { fee } from './program-rules';

/** Standards of spec section 9. */
export const WPQ_STANDARDS = ['ISO 9606-1:2017', 'AS/NZS 2980:2018'] as const;

export const SETTINGS_MESSAGES = {
  renewalPeriod: 'Renewal Period must be more than 1 year',
  requiredCpdHours: 'Required CPD Hours must be a whole number from 0 to 1000',
  memberFee: 'Member Fee must be a valid number',
  nonmemberFee: 'Non Member Fee must be a valid number',
  assessorInstructionRequired: 'Assessor Instruction is required',
  assessorInstructionMax: 'Assessor Instruction must be at most 192 characters',
  standardRequired: 'Standard is required',
  numOfConfirmationRequired: 'Number of Confirmations is required',
  intervalRequired: 'Interval is required',
  revalidationMemberFee: 'Revalidation Member Fee must be a valid number',
  revalidationNonmemberFee: 'Revalidation Non Member Fee must be a valid number',
  messageConfirmationRequired: 'Confirmation Message is required',
  messageConfirmationMax: 'Confirmation Message must be at most 1000 characters',
  messageProlongationRequired: 'Prolongation/Revalidation Message is required',
  messageProlongationMax: 'Prolongation/Revalidation Message must be at most 1000 characters',
  wrongProgramType: 'These settings do not belong to this program type',
} as const;

const certificationFields = {
  memberFee: fee(SETTINGS_MESSAGES.memberFee),
  nonmemberFee: fee(SETTINGS_MESSAGES.nonmemberFee),
  reviewAllowed: z.boolean().default(false),
  assessorAssessmentInstruction: z
    .string({ error: SETTINGS_MESSAGES.assessorInstructionRequired })
    .trim()
    .min(1, SETTINGS_MESSAGES.assessorInstructionRequired)
    .max(192, SETTINGS_MESSAGES.assessorInstructionMax),
  certificationTooltips: z.string().max(1000, PROGRAM_MESSAGES.tooltipsMax).default(''),
  programDeclaration: settingsDeclaration,
};

/** Certification and AICIP settings (spec section 3). */
export const CertificationSettingsRequest = z.strictObject({
  ...certificationFields,
  renewalPeriod: z.coerce
    .number({ error: SETTINGS_MESSAGES.renewalPeriod })
    .int(SETTINGS_MESSAGES.renewalPeriod)
    .min(1, SETTINGS_MESSAGES.renewalPeriod),
  /** Continuing professional development hours a renewal needs within the award's period (issue 17). */
  requiredCpdHours: z.coerce
    .number({ error: SETTINGS_MESSAGES.requiredCpdHours })
    .int(SETTINGS_MESSAGES.requiredCpdHours)
    .min(0, SETTINGS_MESSAGES.requiredCpdHours)
    .max(1000, SETTINGS_MESSAGES.requiredCpdHours)
    .default(0),
});
/** The renewal form is the same without the renewal period (spec section 5). */
export const RenewalSettingsRequest = z.strictObject(certificationFields);
export type CertificationSettingsRequest = z.input<typeof CertificationSettingsRequest>;
export type RenewalSettingsRequest = z.input<typeof RenewalSettingsRequest>;

export const CertificationSettings = z.object({
  programId: z.string(),
  kind: z.enum(['initial', 'renewal']),
  memberFee: z.number(),
  nonmemberFee: z.number(),
  reviewAllowed: z.boolean(),
  renewalPeriod: z.number().int().nullable(),
  requiredCpdHours: z.number().int(),
  assessorAssessmentInstruction: z.string(),
  certificationTooltips: z.string(),
  programDeclaration: z.string(),
});
export type CertificationSettings = z.infer<typeof CertificationSettings>;

const optionalFee = (message: string) => z.union([fee(message), z.literal('').transform(() => null), z.null()]).optional();

/** Welder qualification settings (spec section 3). */
export const WelderQualificationSettingsRequest = z
  .strictObject({
    standard: z.enum(WPQ_STANDARDS, { error: SETTINGS_MESSAGES.standardRequired }),
    numOfConfirmation: z.coerce.number({ error: SETTINGS_MESSAGES.numOfConfirmationRequired }).int().min(0, SETTINGS_MESSAGES.numOfConfirmationRequired),
    reValidationProlongation: z.boolean().default(false),
    interval: z.coerce.number({ error: SETTINGS_MESSAGES.intervalRequired }).int().min(1, SETTINGS_MESSAGES.intervalRequired),
    repeat: z.boolean().default(false),
    memberFee: fee(SETTINGS_MESSAGES.memberFee),
    nonmemberFee: fee(SETTINGS_MESSAGES.nonmemberFee),
    revalidationMemberFee: optionalFee(SETTINGS_MESSAGES.revalidationMemberFee),
    revalidationNonmemberFee: optionalFee(SETTINGS_MESSAGES.revalidationNonmemberFee),
    messageConfirmation: z
      .string({ error: SETTINGS_MESSAGES.messageConfirmationRequired })
      .trim()
      .min(1, SETTINGS_MESSAGES.messageConfirmationRequired)
      .max(1000, SETTINGS_MESSAGES.messageConfirmationMax),
    messageProlongationReValidation: z.string().trim().max(1000, SETTINGS_MESSAGES.messageProlongationMax).default(''),
    programDeclaration: settingsDeclaration,
  })
  .superRefine((settings, ctx) => {
    if (!settings.reValidationProlongation) return;
    if (settings.revalidationMemberFee === undefined || settings.revalidationMemberFee === null) {
      ctx.addIssue({ code: 'custom', path: ['revalidationMemberFee'], message: SETTINGS_MESSAGES.revalidationMemberFee });
    }
    if (settings.revalidationNonmemberFee === undefined || settings.revalidationNonmemberFee === null) {
      ctx.addIssue({ code: 'custom', path: ['revalidationNonmemberFee'], message: SETTINGS_MESSAGES.revalidationNonmemberFee });
    }
    if (!settings.messageProlongationReValidation) {
      ctx.addIssue({ code: 'custom', path: ['messageProlongationReValidation'], message: SETTINGS_MESSAGES.messageProlongationRequired });
    }
  });
export type WelderQualificationSettingsRequest = z.input<typeof WelderQualificationSettingsRequest>;

export const WelderQualificationSettings = z.object({
  programId: z.string(),
  standard: z.string(),
  numOfConfirmation: z.number().int(),
  reValidationProlongation: z.boolean(),
  interval: z.number().int(),
  repeat: z.boolean(),
  memberFee: z.number(),
  nonmemberFee: z.number(),
  revalidationMemberFee: z.number().nullable(),
  revalidationNonmemberFee: z.number().nullable(),
  messageConfirmation: z.string(),
  messageProlongationReValidation: z.string(),
  programDeclaration: z.string(),
});
export type WelderQualificationSettings = z.infer<typeof WelderQualificationSettings>;

/** Settings may not exist yet for a new program. */
export const CertificationSettingsResponse = z.object({ settings: CertificationSettings.nullable() });
export const WelderQualificationSettingsResponse = z.object({ settings: WelderQualificationSettings.nullable() });
