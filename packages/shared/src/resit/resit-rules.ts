import type { FeeBasis } from '../pre-exam/pre-exam-rules';

/**
 * Re-sits of a failed module (issue 17, decision 024). The word of each application type's
 * re-sit routes (spec section 7: `qualificationapplicationresitmodule`, `aicipapplicationresitmodule`)
 * and the application type it belongs to.
 */
export const RESIT_TYPES = {
  qualificationapplicationresitmodule: 'qualificationapplication',
  aicipapplicationresitmodule: 'aicipapplication',
} as const;
export type ResitTypePath = keyof typeof RESIT_TYPES;
export const RESIT_TYPE_PATHS = Object.keys(RESIT_TYPES) as ResitTypePath[];
export type ResitApplicationType = (typeof RESIT_TYPES)[ResitTypePath];

export function resitTypeOf(applicationType: string): ResitTypePath | null {
  return RESIT_TYPE_PATHS.find((word) => RESIT_TYPES[word] === applicationType) ?? null;
}

/** The re-sit stages of spec section 4, in order. */
export const RESIT_STAGES = ['Resit Applied', 'Resit Payment Verified', 'Resit Examination', 'Resit Examination Assessment', 'Resit Result'] as const;
export type ResitStage = (typeof RESIT_STAGES)[number];

/** The words people read for each stage (issue 45 item 8); the stored values stay the spec's. */
export const RESIT_STAGE_LABELS: Record<ResitStage, string> = {
  'Resit Applied': 'Re-sit applied for',
  'Resit Payment Verified': 'Re-sit payment verified',
  'Resit Examination': 'Re-sit exam scheduled',
  'Resit Examination Assessment': 'Re-sit exam assessed',
  'Resit Result': 'Re-sit result recorded',
};

/** A module result as it reads inside a sentence ("was not passed"). */
export const RESIT_RESULT_WORDS: Record<string, string> = { Pass: 'passed', Fail: 'not passed', Absent: 'absent' };

export const RESIT_STAGE_COLORS: Record<ResitStage, string> = {
  'Resit Applied': 'yellow',
  'Resit Payment Verified': 'blue',
  'Resit Examination': 'indigo',
  'Resit Examination Assessment': 'grape',
  'Resit Result': 'green',
};

/** The actions of a re-sit: who takes it where. */
export const RESIT_ACTIONS = ['paymentVerified', 'sendExamination', 'submitAssessment', 'submitResult'] as const;
export type ResitAction = (typeof RESIT_ACTIONS)[number];

/**
 * The re-sit stage table: each action's source stage and target. A re-sit moves one stage at a
 * time; a move not in the table is refused (409). The schedule may be saved (and sent again after a
 * change) while paid or at Resit Examination; an assessment may be saved at Resit Examination.
 */
export const RESIT_TRANSITIONS: Record<ResitAction, { from: readonly ResitStage[]; to: ResitStage; meaning: string }> = {
  paymentVerified: { from: ['Resit Applied'], to: 'Resit Payment Verified', meaning: "The re-sit's invoice is paid" },
  sendExamination: { from: ['Resit Payment Verified', 'Resit Examination'], to: 'Resit Examination', meaning: 'The re-sit exam is scheduled and sent to the candidate' },
  submitAssessment: { from: ['Resit Examination'], to: 'Resit Examination Assessment', meaning: 'The re-sit exam is assessed (by the examiner, or by the online exam)' },
  submitResult: { from: ['Resit Examination Assessment'], to: 'Resit Result', meaning: 'The re-sit result is recorded and the overall result decided again' },
};

/** The stage an action leads to from this stage, or null when the move is not allowed. */
export function resitTargetOf(action: ResitAction, from: ResitStage): ResitStage | null {
  const transition = RESIT_TRANSITIONS[action];
  return transition.from.includes(from) ? transition.to : null;
}

/** Stages at which the schedule may be saved. */
export const RESIT_SCHEDULE_STAGES: readonly ResitStage[] = ['Resit Payment Verified', 'Resit Examination'];

/** A re-sit is open until its result is recorded: no second re-sit of the same module meanwhile. */
export function isResitOpen(stage: ResitStage): boolean {
  return stage !== 'Resit Result';
}

/** The re-sit fee of a module for the candidate's fee basis (member fees need a current, confirmed membership). */
export function resitFeeOf(module: { reSitMemberFeeCents: number | null; reSitNonMemberFeeCents: number | null }, basis: FeeBasis): number | null {
  return basis === 'member' ? module.reSitMemberFeeCents : module.reSitNonMemberFeeCents;
}

/**
 * Whether the program's cap still allows another re-sit of a module: `maxResitsPerModule` null is
 * unlimited; `taken` counts every earlier re-sit of that module, whatever its outcome.
 */
export function isUnderResitCap(taken: number, maxResitsPerModule: number | null): boolean {
  return maxResitsPerModule === null || taken < maxResitsPerModule;
}

/**
 * The module's result that counts now: the latest recorded re-sit result, else the first sitting's
 * (which stays on the module for the record).
 */
export function effectiveResultOf(firstResult: string | null, resits: readonly { attempt: number; result: string | null; stage: ResitStage }[]): string | null {
  const decided = resits.filter((resit) => resit.stage === 'Resit Result' && resit.result).sort((a, b) => b.attempt - a.attempt);
  return decided[0]?.result ?? firstResult;
}
