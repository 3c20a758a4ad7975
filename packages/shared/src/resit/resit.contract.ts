import { z } from 'zod';
import { APPLICATION_STATUSES } from '../application/application-status';
import { AwardDateRange, awardedOnField } from '../award/award-date';
import { pagedResponse, pagingShape } from '../common/paging';
import { examSessionId } from '../exam/exam.contract';
import {
  EXAM_KINDS,
  MODULE_RESULTS,
  Percentage,
  RESULT_MESSAGES,
  RESULT_NOTES_MAX,
  ScheduleChoices,
  ScheduleModuleRequest,
  Person,
  TestCentreChoice,
} from '../exam-schedule/exam-schedule.contract';
import { optionalCouponCode } from '../pre-exam/pre-exam.contract';
import { FEE_BASES } from '../pre-exam/pre-exam-rules';
import { RESIT_STAGES } from './resit-rules';
import { overrideField } from '../impartiality/assignment-check.contract';

/**
 * Re-sit modules (issue 17, decision 024), under `api/{word}/` for the two words of `RESIT_TYPES`:
 *   GET  status/all                 every re-sit (staff: their programs; applicant: own), paged
 *   GET  resitModules?applicationId the re-sits of one application and which failed modules may be re-sat
 *   GET  incomplete/resitModules    re-sits not yet at Resit Result (the staff queue; applicant: own)
 *   POST create                     the applicant applies: Resit Applied, its own invoice and payment link
 *   POST paymentstage               staff send a new payment link for the re-sit's invoice
 *   POST examinationstage           staff save the re-sit's schedule (the module exam's rules)
 *   POST examinationstage/send      staff send it to the candidate: Resit Examination
 *   POST examinationassessmentstage/save and /submit   the examiner's assessment: Resit Examination Assessment
 *   POST result/submit              the result: Resit Result, and the overall result decided again
 * The online re-sit is sat through `POST api/launchexam/initresit {resitModuleId}`.
 */

export const RESIT_MESSAGES = {
  notFound: 'Re-sit not found',
  applicationNotFound: 'Application not found',
  moduleNotFound: "This module is not one of the candidate's modules",
  notFailed: 'A re-sit can be applied for once the result is Failed',
  moduleNotFailed: 'Only a module that was not passed can be re-sat',
  notAllowed: 'This module does not allow re-sits',
  alreadyOpen: 'A re-sit of this module is already open',
  capReached: (max: number) => `The program allows at most ${max} re-sit${max === 1 ? '' : 's'} of a module`,
  noFee: 'The re-sit fee of this module is not set',
  wrongStage: (stage: string, what: string) => `A re-sit at ${stage} cannot be ${what}`,
  alreadyPaid: "The re-sit's invoice is already paid",
  notSent: 'The re-sit exam has not been sent to the candidate',
  notYetSat: 'The re-sit exam has not taken place yet; enter its result after the exam',
  fromOnlineExam: 'The result of this re-sit comes from the online exam',
  assessmentMissing: 'Save the assessment (result) before submitting it',
  notExaminer: "Only the program manager, an administrator or the re-sit's examiner can assess it",
  awardedOnOnlyAwarding: 'An award date is given only when this re-sit result leaves every module passed (the application is awarded)',
} as const;

export const ResitListQuery = z.strictObject({
  ...pagingShape,
  programId: z.uuid().optional(),
  applicationId: z.uuid().optional(),
});
export type ResitListQuery = z.infer<typeof ResitListQuery>;

export const ResitApplicationQuery = z.strictObject({ applicationId: z.uuid() });

export const CreateResitRequest = z.strictObject({
  applicationModuleId: z.uuid(),
  couponCode: optionalCouponCode,
});
export type CreateResitRequest = z.input<typeof CreateResitRequest>;

export const ResitIdRequest = z.strictObject({ resitModuleId: z.uuid() });
export type ResitIdRequest = z.input<typeof ResitIdRequest>;

/** The schedule of a re-sit: a module exam's schedule row (`scheduleRowIssues` judges it), named by the re-sit. */
export const ResitScheduleRequest = ScheduleModuleRequest.omit({ applicationModuleId: true }).extend({
  resitModuleId: z.uuid(),
  /** A manager's override of an impartiality refusal of a newly named examiner or invigilator, with the reason (issue 43). */
  override: overrideField,
});
export type ResitScheduleRequest = z.input<typeof ResitScheduleRequest>;

export const ResitAssessmentRequest = z
  .strictObject({
    resitModuleId: z.uuid(),
    result: z.enum(MODULE_RESULTS, { error: RESULT_MESSAGES.resultRequired }),
    resultPercentage: Percentage.nullable().default(null),
    resultNotes: z.string().trim().max(RESULT_NOTES_MAX, RESULT_MESSAGES.notesMax).default(''),
  })
  .superRefine((row, ctx) => {
    if (row.result === 'Absent' && row.resultPercentage !== null) ctx.addIssue({ code: 'custom', path: ['resultPercentage'], message: RESULT_MESSAGES.absentNoPercentage });
  });
export type ResitAssessmentRequest = z.input<typeof ResitAssessmentRequest>;

export const ResitResultRequest = z.strictObject({
  resitModuleId: z.uuid(),
  note: z.string().trim().max(RESULT_NOTES_MAX, RESULT_MESSAGES.noteMax).default(''),
  /** When the result awards (every module passed): the day the body decided the award (issue 41); absent means today. */
  awardedOn: awardedOnField,
  /** A manager's override of the decision's impartiality refusal (the program separates decision and examination), with the reason (issue 43). */
  override: overrideField,
});
export type ResitResultRequest = z.input<typeof ResitResultRequest>;

export const ResitModule = z.object({
  id: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  applicantName: z.string(),
  applicationModuleId: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  attempt: z.number().int(),
  stage: z.enum(RESIT_STAGES),
  feeCents: z.number().int(),
  /** The program's body's currency (AUD, NZD): the fee is in it. */
  currency: z.string(),
  feeBasis: z.enum(FEE_BASES),
  invoiceId: z.string().nullable(),
  invoiceStatus: z.string().nullable(),
  /** What the invoice asks: the fee less any discount code, GST included (what an offline payment settles). */
  invoiceTotalCents: z.number().int().nullable(),
  /** The open payment link's tracker, while the invoice waits for payment (the applicant's Pay button). */
  paymentTrackerId: z.string().nullable(),
  examKind: z.enum(EXAM_KINDS).nullable(),
  /** What the candidate brings, as the sitting records (decision 041's `whatToBring`); null until scheduled. */
  whatToBring: z.string().nullable().default(null),
  scheduledAt: z.string().nullable(),
  scheduleTimeZone: z.string().nullable(),
  scheduledLocal: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  venue: Person.nullable(),
  testCentre: TestCentreChoice.nullable(),
  examiner: Person.nullable(),
  invigilator: Person.nullable(),
  examDefinition: Person.nullable(),
  scheduleNote: z.string(),
  scheduleSentOn: z.string().nullable(),
  /** The online sitting of this re-sit, once launched (a new exam instance; the first attempt's stays). */
  examInstanceId: z.string().nullable(),
  result: z.enum(MODULE_RESULTS).nullable(),
  resultPercentage: z.number().nullable(),
  resultNotes: z.string(),
  resultSource: z.enum(['staff', 'onlineExam']).nullable(),
  assessmentSubmittedOn: z.string().nullable(),
  resultSubmittedOn: z.string().nullable(),
  createdOn: z.string(),
});
export type ResitModule = z.infer<typeof ResitModule>;

export const ResitPage = pagedResponse(ResitModule);
export type ResitPage = z.infer<typeof ResitPage>;

/** A module of the application as the re-sit section shows it: its first result, what counts now, and whether it may be re-sat. */
export const ResitCandidateModule = z.object({
  applicationModuleId: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  firstResult: z.enum(MODULE_RESULTS).nullable(),
  currentResult: z.enum(MODULE_RESULTS).nullable(),
  reSitAllowed: z.boolean(),
  resitsTaken: z.number().int(),
  /** The fee the applicant would be invoiced now (member or non-member). */
  feeCents: z.number().int().nullable(),
  /** Null when a re-sit may be applied for now; otherwise the refusal's words. */
  cannotApplyBecause: z.string().nullable(),
  passPercentage: z.number(),
  invigilated: z.boolean(),
  programModuleId: z.string(),
});
export type ResitCandidateModule = z.infer<typeof ResitCandidateModule>;

export const ResitApplicationView = z.object({
  applicationId: z.string(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  maxResitsPerModule: z.number().int().nullable(),
  /** The program's body's currency (AUD, NZD): the modules' re-sit fees are in it. */
  currency: z.string(),
  modules: z.array(ResitCandidateModule),
  resits: z.array(ResitModule),
  /** Staff: schedule, send, result (administrators and the program's manager). */
  canManage: z.boolean(),
  /** Staff: the choices of the schedule form; null for the applicant. */
  choices: ScheduleChoices.nullable(),
  /** To who may record a re-sit's result: the days the award date may take when the result awards. */
  awardDateRange: AwardDateRange.nullable().default(null),
});
export type ResitApplicationView = z.infer<typeof ResitApplicationView>;

/** With the page's `sessionId`, the launch also holds the sitting for it (`LaunchedExam`). */
export const InitResitRequest = z.strictObject({ resitModuleId: z.uuid(), sessionId: examSessionId.optional() });
export type InitResitRequest = z.infer<typeof InitResitRequest>;

/**
 * Whether recording this re-sit's result awards the application: its own result passes and every
 * other module's current result is a pass (the server decides again from the stored results).
 * The result form asks for the award date only then.
 */
export function resitResultAwards(view: Pick<ResitApplicationView, 'modules' | 'resits'>, resit: Pick<ResitModule, 'id' | 'applicationModuleId' | 'result'>): boolean {
  if (resit.result !== 'Pass') return false;
  return view.modules.every((module) => module.applicationModuleId === resit.applicationModuleId || module.currentResult === 'Pass');
}
