import { z } from 'zod';
import { formatDay } from '../common/dates';

/**
 * The impartiality check of every assignment and certification decision (issue 43, ISO/IEC 17024
 * 4.3, 5.2 and 9.5): why the platform refuses a person for a role on an applicant, the override a
 * program's manager may give with a reason, and what a refusal answers (409, `details.impartiality`).
 */
/** `result_recorder`: staff entering a result they did not examine (a manager transcribing the examiner's sheet): conflicts only. */
export const IMPARTIALITY_ROLES = ['assessor', 'examiner', 'invigilator', 'marker', 'result_recorder', 'decision_maker', 'appeal_handler', 'complaint_handler'] as const;
export type ImpartialityRole = (typeof IMPARTIALITY_ROLES)[number];
export const IMPARTIALITY_ROLE_LABELS: Record<ImpartialityRole, string> = {
  assessor: 'assessor',
  examiner: 'examiner',
  invigilator: 'invigilator',
  marker: 'marker',
  result_recorder: 'person recording the result',
  decision_maker: 'decision maker',
  appeal_handler: 'appeal handler',
  complaint_handler: 'complaint handler',
};

export const IMPARTIALITY_OUTCOMES = ['refused', 'overridden'] as const;
export type ImpartialityOutcome = (typeof IMPARTIALITY_OUTCOMES)[number];

/** How a declared conflict reads inside a refusal ("declared a conflict of interest with this applicant: a relative"). */
export const CONFLICT_KIND_WORDS: Record<'employer_in_common' | 'trainee' | 'relative' | 'other', string> = {
  employer_in_common: 'an employer in common',
  trainee: 'a trainee they taught',
  relative: 'a relative',
  other: 'another reason',
};

export const OVERRIDE_REASON_MAX = 1000;

export const ASSIGNMENT_CHECK_MESSAGES = {
  overrideReasonRequired: 'Give the reason for the override',
  overrideReasonMax: `The reason must be at most ${OVERRIDE_REASON_MAX} characters`,
  overrideNotAllowed: "Only the program's managers and account administrators may override an impartiality refusal",
  // The reasons, in words a person reads after the person's name.
  isTheApplicant: 'is the applicant',
  conflictWithApplicant: (kind: string) => `declared a conflict of interest with this applicant (${kind})`,
  conflictWithEmployer: (company: string, kind: string) => `declared a conflict of interest with ${company}, the applicant's employer (${kind})`,
  sameEmployer: (company: string) => `is employed by ${company}, the applicant's employer`,
  authorisationMissing: (role: string) => `has no authorisation as ${role} in this program`,
  // The day is given as YYYY-MM-DD and said as people read dates (DD-MMM-YYYY).
  authorisationLapsed: (role: string, day: string) => `authorisation as ${role} lapsed on ${formatDay(day)}`,
  wasAssessor: "was this candidate's assessor",
  examinedModule: (module: string) => `examined ${module} of this application`,
  invigilatedModule: (module: string) => `invigilated ${module} of this application`,
  examinedTest: 'examined the welder qualification test of this application',
  decidedResult: "recorded this application's overall result",
  separationNote: 'This program requires the certification decision to be made by someone who did not assess or examine the candidate.',
  /** One refused person: "Esther Examiner cannot be assigned as examiner: declared a conflict ... ; authorisation as Examiner lapsed on 30-Jun-2026." */
  refused: (name: string, role: ImpartialityRole, reasons: readonly string[]) =>
    role === 'decision_maker'
      ? `${name} cannot make the certification decision on this application: ${reasons.join('; ')}.`
      : `${name} cannot be assigned as ${IMPARTIALITY_ROLE_LABELS[role]}: ${reasons.join('; ')}.`,
} as const;

/** The optional override every assignment and decision request takes: a manager's reason, kept on the record. */
export const ImpartialityOverride = z.strictObject({
  reason: z.string({ error: ASSIGNMENT_CHECK_MESSAGES.overrideReasonRequired }).trim().min(1, ASSIGNMENT_CHECK_MESSAGES.overrideReasonRequired).max(OVERRIDE_REASON_MAX, ASSIGNMENT_CHECK_MESSAGES.overrideReasonMax),
});
export type ImpartialityOverride = z.input<typeof ImpartialityOverride>;
/** The field as request contracts declare it. */
export const overrideField = ImpartialityOverride.optional();

/** One refused person and role, as a 409 names them in `details.impartiality.refusals`. */
export const ImpartialityRefusal = z.object({
  staffUserId: z.string(),
  staffName: z.string(),
  role: z.enum(IMPARTIALITY_ROLES),
  reasons: z.array(z.string()),
});
export type ImpartialityRefusal = z.infer<typeof ImpartialityRefusal>;

/** `details.impartiality` of a refusal: who and why, and whether the caller may override. */
export const ImpartialityRefusalDetails = z.object({
  refusals: z.array(ImpartialityRefusal),
  canOverride: z.boolean(),
});
export type ImpartialityRefusalDetails = z.infer<typeof ImpartialityRefusalDetails>;

/** The refusal carried by an error answer's `details`, or null when it is another error. */
export function impartialityRefusalOf(details: unknown): ImpartialityRefusalDetails | null {
  if (!details || typeof details !== 'object' || !('impartiality' in details)) return null;
  const parsed = ImpartialityRefusalDetails.safeParse((details as { impartiality: unknown }).impartiality);
  return parsed.success ? parsed.data : null;
}

/** The whole message of a refusal: each refused person, then (for a decision) why separation applies. */
export function refusalMessage(refusals: readonly Pick<ImpartialityRefusal, 'staffName' | 'role' | 'reasons'>[], options: { separation?: boolean } = {}): string {
  const lines = refusals.map((refusal) => ASSIGNMENT_CHECK_MESSAGES.refused(refusal.staffName, refusal.role, refusal.reasons));
  if (options.separation) lines.push(ASSIGNMENT_CHECK_MESSAGES.separationNote);
  return lines.join(' ');
}
