import { z } from 'zod';
import { ModuleResultRequest, ScheduleChoices, ScheduleModuleRequest } from '../exam-schedule/exam-schedule.contract';
import { ModuleSelection, optionalCouponCode } from '../pre-exam/pre-exam.contract';
import { FEE_BASES, MODULE_CHOICES } from '../pre-exam/pre-exam-rules';
import { fee, toCents } from '../program/program-rules';
import { RENEWAL_MESSAGES, Renewal } from './renewal.contract';
import { LATE_RENEWAL_CHOICES } from './renewal-rules';
import { overrideField } from '../impartiality/assignment-check.contract';

/**
 * An AICIP renewal's modules (spec section 7: `aicipapplicationrenewalmodule`, decision 023) and a
 * program's renewal rules (late renewal, numbering). The module routes take the same bodies as a
 * first sitting's: the pre-exam choice per module, the schedule rows and the results rows, with
 * the renewal module's id in place of the application module's.
 */
export const RENEWAL_MODULE_PATH = 'aicipapplicationrenewalmodule';

/** `preexam/update` and `preexam/submit`: the choice per renewal module (required, optional, not taken). */
/** The choice of renewal modules; at `preexam/submit` a discount code priced on the invoice as at the pre-exam stage. */
export const RenewalModuleSelectionRequest = z.strictObject({ modules: z.array(ModuleSelection).max(100).default([]), couponCode: optionalCouponCode });
export type RenewalModuleSelectionRequest = z.input<typeof RenewalModuleSelectionRequest>;

export const RenewalModuleChoice = z.object({
  programModuleId: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  examinationType: z.string(),
  memberFeeCents: z.number().int(),
  nonMemberFeeCents: z.number().int(),
  feeCents: z.number().int(),
  choice: z.enum(MODULE_CHOICES),
});
export type RenewalModuleChoice = z.infer<typeof RenewalModuleChoice>;

/** `GET /required` and `/nonrequired`: the program's renewal modules with the choice and the fee of the holder's basis. */
export const RenewalModuleChoices = z.object({
  feeBasis: z.enum(FEE_BASES),
  isSelectionSaved: z.boolean(),
  lateFeeCents: z.number().int().nullable(),
  /** The program's body's currency (AUD, NZD): the fees are in it. */
  currency: z.string(),
  canEdit: z.boolean(),
  modules: z.array(RenewalModuleChoice),
});
export type RenewalModuleChoices = z.infer<typeof RenewalModuleChoices>;

/** `examination/send`: each module's schedule (the first sitting's fields and rules), saved and mailed to the holder. */
export const RenewalScheduleRow = ScheduleModuleRequest.omit({ applicationModuleId: true, examDefinitionId: true }).extend({ renewalModuleId: z.uuid() });
export type RenewalScheduleRow = z.input<typeof RenewalScheduleRow>;
export const RenewalScheduleRequest = z.strictObject({
  modules: z
    .array(RenewalScheduleRow)
    .min(1, 'Add the schedule of at least one module')
    .max(50)
    .refine((rows) => new Set(rows.map((row) => row.renewalModuleId)).size === rows.length, 'Each module may appear once'),
  /** A manager's override of an impartiality refusal of a newly named examiner or invigilator, with the reason (issue 43). */
  override: overrideField,
});
export type RenewalScheduleRequest = z.input<typeof RenewalScheduleRequest>;

/**
 * `postexam/update`: results per renewal module (Pass, Fail or Absent, a percentage, notes), by
 * the first sitting's rules (`ModuleResultRequest`: read with the renewal module's id in its place).
 */
export const RenewalResultRow = z.preprocess(
  (row) => (row && typeof row === 'object' && 'renewalModuleId' in row ? (({ renewalModuleId, ...rest }) => ({ ...rest, applicationModuleId: renewalModuleId }))(row as { renewalModuleId: unknown }) : row),
  ModuleResultRequest.transform(({ applicationModuleId, resultEvidenceId: _evidence, ...row }) => ({ ...row, renewalModuleId: applicationModuleId })),
);
export const RenewalResultsRequest = z.strictObject({
  modules: z.array(RenewalResultRow).min(1, 'Enter the result of at least one module').max(50),
  /** A manager's override of an impartiality refusal of the person entering the results, with the reason (issue 43). */
  override: overrideField,
});
export type RenewalResultsRequest = z.input<typeof RenewalResultsRequest>;

/** `GET /scheduled` and `/results`: the renewal with its modules, and what a schedule may name. */
export const RenewalModulesView = z.object({ renewal: Renewal, choices: ScheduleChoices.nullable() });
export type RenewalModulesView = z.infer<typeof RenewalModulesView>;

// ---- A program's renewal rules ----------------------------------------------------------------

export const RenewalRulesRequest = z
  .strictObject({
    lateRenewal: z.enum(LATE_RENEWAL_CHOICES).default('newApplication'),
    graceDays: z.coerce.number({ error: RENEWAL_MESSAGES.graceDays }).int(RENEWAL_MESSAGES.graceDays).min(0, RENEWAL_MESSAGES.graceDays).max(365, RENEWAL_MESSAGES.graceDays).default(0),
    lateFeeMember: fee(RENEWAL_MESSAGES.lateFee, { maxLength: 8 }).default(0),
    lateFeeNonMember: fee(RENEWAL_MESSAGES.lateFee, { maxLength: 8 }).default(0),
    newNumberOnRenewal: z.boolean().default(false),
  })
  .superRefine((rules, ctx) => {
    if (rules.lateRenewal === 'grace' && rules.graceDays < 1) ctx.addIssue({ code: 'custom', path: ['graceDays'], message: RENEWAL_MESSAGES.graceDays });
  })
  .transform(({ lateFeeMember, lateFeeNonMember, ...rules }) => ({
    ...rules,
    graceDays: rules.lateRenewal === 'grace' ? rules.graceDays : 0,
    lateFeeMemberCents: rules.lateRenewal === 'grace' ? toCents(lateFeeMember) : 0,
    lateFeeNonMemberCents: rules.lateRenewal === 'grace' ? toCents(lateFeeNonMember) : 0,
  }));
export type RenewalRulesRequest = z.input<typeof RenewalRulesRequest>;

export const RenewalRules = z.object({
  programId: z.string(),
  lateRenewal: z.enum(LATE_RENEWAL_CHOICES),
  graceDays: z.number().int(),
  lateFeeMemberCents: z.number().int(),
  lateFeeNonMemberCents: z.number().int(),
  newNumberOnRenewal: z.boolean(),
  /** Whether the reader may change them (the program's manager and administrators). */
  canEdit: z.boolean(),
});
export type RenewalRules = z.infer<typeof RenewalRules>;
