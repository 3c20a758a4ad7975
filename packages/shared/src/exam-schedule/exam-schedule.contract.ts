import { z } from 'zod';
import { APPLICATION_STATUSES, type ApplicationTypePath } from '../application/application-status';
import { WORKFLOW_STAGES, type WorkflowStage } from '../application/application-workflow';
import { AwardDateRange, awardedOnField } from '../award/award-date';
import { DEFAULT_TIME_ZONE, INVALID_TIME_FORMAT, OFFERED_TIME_ZONE_NAMES, formatDate } from '../common/dates';
import { EXAMINATION_TYPES } from '../program/program-module.contract';
import { instantOfLocal, zoneLabel } from './exam-schedule-time';
import { overrideField } from '../impartiality/assignment-check.contract';

/** Module exam kinds of spec section 9. */
export const EXAM_KINDS = EXAMINATION_TYPES;
export type ExamKind = (typeof EXAM_KINDS)[number];

/** Kinds held at a place: they need a venue or a test centre. Online is sat in the applicant area. */
export function needsPlace(kind: ExamKind | null | undefined): boolean {
  return !!kind && kind !== 'Online';
}

/** The module routes of spec section 7 and the application type each belongs to. */
export const MODULE_TYPES = {
  qualificationapplicationmodule: 'qualificationapplication',
  aicipapplicationmodule: 'aicipapplication',
} as const satisfies Record<string, ApplicationTypePath>;
export type ModuleTypePath = keyof typeof MODULE_TYPES;
export const MODULE_TYPE_PATHS = Object.keys(MODULE_TYPES) as ModuleTypePath[];

export function moduleTypeOf(typePath: ApplicationTypePath): ModuleTypePath | null {
  return MODULE_TYPE_PATHS.find((moduleType) => MODULE_TYPES[moduleType] === typePath) ?? null;
}

/** The application types with a result stage (`{type}/{id}/resultstage`) and the applicant's examinations. */
export const RESULT_STAGE_TYPE_PATHS = ['qualificationapplication', 'aicipapplication', 'certificationapplication'] as const satisfies readonly ApplicationTypePath[];
export type ResultStageTypePath = (typeof RESULT_STAGE_TYPE_PATHS)[number];

/** The stages in which the schedule may be saved, and sent. */
export const SCHEDULE_OPEN_STAGES: readonly WorkflowStage[] = ['Payment Stage Completed', 'Exam Initialization Completed', 'Exam Modules Sent'];
export const SEND_OPEN_STAGES: readonly WorkflowStage[] = ['Exam Initialization Completed', 'Exam Modules Sent'];
/** Results are entered once the schedule has gone to the candidate, and corrected until the overall result. */
export const RESULTS_OPEN_STAGES: readonly WorkflowStage[] = ['Exam Modules Sent', 'Exam Modules Evaluation Completed'];

export const DURATION_MAX_MINUTES = 720;
export const NOTE_MAX = 1000;
export const RESULT_NOTES_MAX = 2000;

export const SCHEDULE_MESSAGES = {
  dateRequired: 'Date and time are required',
  dateInvalid: INVALID_TIME_FORMAT,
  nonExistentTime: (local: string, zone: string) =>
    `${local.replace('T', ' ')} does not exist in ${zoneLabel(zone)}: the clocks go forward an hour that night. Choose another time`,
  inPast: 'The exam cannot be scheduled in the past',
  zoneInvalid: 'Choose one of the offered time zones',
  kindRequired: 'Exam kind is required',
  durationRequired: 'Duration is required',
  durationRange: `Duration must be a whole number of minutes from 1 to ${DURATION_MAX_MINUTES}`,
  placeRequired: (kind: string) => `A venue or a test centre is required for a ${kind} exam`,
  placeBoth: 'Choose a venue or a test centre, not both',
  examinerRequired: 'Examiner is required',
  invigilatorRequired: 'Invigilator is required for an invigilated module',
  testRequired: 'The published test of the module is required for an Online exam',
  testOnlyOnline: 'A test is chosen for an Online exam only',
  noteMax: `Note must be at most ${NOTE_MAX} characters`,
  nothingToSave: 'Add the schedule of at least one module',
  duplicateModule: 'Each module may appear once',
  unknownModule: "This module is not one of the candidate's modules",
  venueNotFound: 'Venue not found',
  testCentreNotFound: 'Test centre not found',
  notAnExaminer: 'This user is not an active examiner of the program',
  notAnInvigilator: 'This user is not an active invigilator of the program',
  testNotOfModule: 'Choose a published test of this module',
  notPaid: 'The exam schedule can be set once the payment is complete',
  closed: 'Every module has been evaluated; the schedule can no longer change',
  hasResult: (code: string) => `${code} has a result and can no longer be rescheduled`,
  incomplete: 'Every module needs a complete schedule before it is sent',
  nothingNew: 'The schedule has been sent and nothing has changed since',
  sendPast: (code: string) => `The exam time of ${code} has passed; change it before sending`,
} as const;

export const RESULT_MESSAGES = {
  resultRequired: 'Result is required',
  percentage: 'Percentage must be a number from 0 to 100 with up to two decimals',
  absentNoPercentage: 'An absent candidate has no percentage',
  notesMax: `Notes must be at most ${RESULT_NOTES_MAX} characters`,
  nothingToSave: 'Enter the result of at least one module',
  notOpen: 'Results can be entered once the exam schedule has been sent to the candidate',
  recorded: 'The overall result has been recorded; module results can no longer change',
  notSent: (code: string) => `The schedule of ${code} has not been sent to the candidate`,
  notYetSat: (code: string) => `${code} has not taken place yet; enter its result after the exam`,
  notExaminer: "Only the program manager, an administrator or the module's examiner can enter this result",
  fromOnlineExam: (code: string) => `The result of ${code} comes from the online exam`,
  evidenceNotFound: 'Evidence file not found; upload it again',
  overallRequired: 'Please select one option',
  noteMax: `Note must be at most ${RESULT_NOTES_MAX} characters`,
  notEvaluated: 'Every module needs a result before the overall result is recorded',
  awardNeedsPasses: (codes: readonly string[]) => `Awarded needs every module passed; not passed: ${codes.join(', ')}`,
  awardedOnOnlyAwarded: 'An award date is given only with the result Awarded',
} as const;

// ---- Scheduling ----------------------------------------------------------------------------

const optionalId = z.uuid().nullable().default(null);

/**
 * One module's schedule as the form sends it: date and time as wall-clock text in a chosen offered
 * zone (the server converts it), and the rest by id. Which fields are required depends on the kind
 * and the module, so `scheduleRowIssues` judges them (the form runs the same function).
 */
export const ScheduleModuleRequest = z.strictObject({
  applicationModuleId: z.uuid(),
  examKind: z.enum(EXAM_KINDS, { error: SCHEDULE_MESSAGES.kindRequired }).nullable().default(null),
  scheduledLocal: z.string().trim().max(32).nullable().default(null),
  scheduleTimeZone: z.enum(OFFERED_TIME_ZONE_NAMES, { error: SCHEDULE_MESSAGES.zoneInvalid }).default(DEFAULT_TIME_ZONE),
  durationMinutes: z.number({ error: SCHEDULE_MESSAGES.durationRange }).nullable().default(null),
  venueId: optionalId,
  testingAgencyId: optionalId,
  examinerId: optionalId,
  invigilatorId: optionalId,
  examDefinitionId: optionalId,
  scheduleNote: z.string().trim().max(NOTE_MAX, SCHEDULE_MESSAGES.noteMax).default(''),
  /**
   * Whether an Online sitting is recorded (issue 19): true or false for this module, null to follow
   * the test's setting; left out, the module keeps what it had. The form proposes it on for an
   * invigilated module's first online schedule.
   */
  recordExam: z.boolean().nullable().optional(),
});
export type ScheduleModuleRequest = z.input<typeof ScheduleModuleRequest>;
export type ScheduleModuleValues = z.output<typeof ScheduleModuleRequest>;

export const ScheduleSaveRequest = z.strictObject({
  modules: z
    .array(ScheduleModuleRequest)
    .min(1, SCHEDULE_MESSAGES.nothingToSave)
    .max(50)
    .refine((rows) => new Set(rows.map((row) => row.applicationModuleId)).size === rows.length, SCHEDULE_MESSAGES.duplicateModule),
  /** A manager's override of an impartiality refusal of a newly named examiner or invigilator, with the reason (issue 43). */
  override: overrideField,
});
export type ScheduleSaveRequest = z.input<typeof ScheduleSaveRequest>;

export type ScheduleField = 'examKind' | 'scheduledLocal' | 'scheduleTimeZone' | 'durationMinutes' | 'venueId' | 'examinerId' | 'invigilatorId' | 'examDefinitionId';

/**
 * What is wrong with one module's schedule, per field (spec section 9 kinds; the issue's rules):
 * date and time required, readable, existing in the zone and not in the past; kind; duration of
 * whole minutes; a venue or test centre for every kind but Online (one, not both); examiner; an
 * invigilator when the module is invigilated; for Online the published test. Server and form alike.
 */
export function scheduleRowIssues(
  row: Pick<ScheduleModuleValues, 'examKind' | 'scheduledLocal' | 'scheduleTimeZone' | 'durationMinutes' | 'venueId' | 'testingAgencyId' | 'examinerId' | 'invigilatorId' | 'examDefinitionId'>,
  module: { invigilated: boolean },
  now: Date,
): Partial<Record<ScheduleField, string>> {
  const issues: Partial<Record<ScheduleField, string>> = {};
  const local = row.scheduledLocal?.trim() ?? '';
  if (!local) issues.scheduledLocal = SCHEDULE_MESSAGES.dateRequired;
  else {
    const reading = instantOfLocal(local, row.scheduleTimeZone);
    if ('problem' in reading) {
      issues.scheduledLocal = reading.problem === 'gap' ? SCHEDULE_MESSAGES.nonExistentTime(local, row.scheduleTimeZone) : SCHEDULE_MESSAGES.dateInvalid;
    } else if (reading.instant.getTime() <= now.getTime()) issues.scheduledLocal = SCHEDULE_MESSAGES.inPast;
  }
  if (!row.examKind) issues.examKind = SCHEDULE_MESSAGES.kindRequired;
  if (row.durationMinutes === null || row.durationMinutes === undefined) issues.durationMinutes = SCHEDULE_MESSAGES.durationRequired;
  else if (!Number.isInteger(row.durationMinutes) || row.durationMinutes < 1 || row.durationMinutes > DURATION_MAX_MINUTES) issues.durationMinutes = SCHEDULE_MESSAGES.durationRange;
  if (row.venueId && row.testingAgencyId) issues.venueId = SCHEDULE_MESSAGES.placeBoth;
  else if (needsPlace(row.examKind) && !row.venueId && !row.testingAgencyId) issues.venueId = SCHEDULE_MESSAGES.placeRequired(row.examKind ?? '');
  if (!row.examinerId) issues.examinerId = SCHEDULE_MESSAGES.examinerRequired;
  if (module.invigilated && !row.invigilatorId) issues.invigilatorId = SCHEDULE_MESSAGES.invigilatorRequired;
  if (row.examKind === 'Online' && !row.examDefinitionId) issues.examDefinitionId = SCHEDULE_MESSAGES.testRequired;
  if (row.examKind && row.examKind !== 'Online' && row.examDefinitionId) issues.examDefinitionId = SCHEDULE_MESSAGES.testOnlyOnline;
  return issues;
}

/**
 * What a candidate should bring to each kind of exam; the mail and the applicant's page say it. An
 * Online sitting that is not recorded needs no camera; a recorded one is read by `whatToBring`.
 */
export const WHAT_TO_BRING: Record<ExamKind, string> = {
  Online: 'Photo identification, a computer, and a reliable internet connection.',
  Practical: 'Photo identification, and your welding helmet, gloves, safety boots and protective clothing.',
  Oral: 'Photo identification.',
  'Pen & Paper': 'Photo identification, pens, and a non-programmable calculator.',
  'Practical & Oral': 'Photo identification, and your welding helmet, gloves, safety boots and protective clothing.',
};

/**
 * A recorded Online sitting records the camera and the entire screen of one monitor (the system
 * check refuses two). No sound is recorded (decision 028), so no microphone is asked for.
 */
export const WHAT_TO_BRING_RECORDED_ONLINE = 'Photo identification, a computer with a camera, one monitor, and a reliable internet connection.';

/** What to bring to a sitting, following what it records (issue 45): the words of the mail and the applicant's pages. */
export function whatToBring(kind: ExamKind, isRecorded: boolean): string {
  return kind === 'Online' && isRecorded ? WHAT_TO_BRING_RECORDED_ONLINE : WHAT_TO_BRING[kind];
}

// ---- Results -------------------------------------------------------------------------------

export const MODULE_RESULTS = ['Pass', 'Fail', 'Absent'] as const;
export type ModuleResult = (typeof MODULE_RESULTS)[number];
export const OVERALL_RESULTS = ['Awarded', 'Failed'] as const;
export type OverallResult = (typeof OVERALL_RESULTS)[number];

/** A percentage as typed: 0 to 100 with up to two decimals (like a module's pass percentage). */
export const Percentage = z
  .union([z.number(), z.string()], { error: RESULT_MESSAGES.percentage })
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((text) => /^\d{1,3}(\.\d{1,2})?$/.test(text) && Number(text) <= 100, RESULT_MESSAGES.percentage)
  .transform(Number);

/** Pass when the percentage reaches the module's pass percentage; a suggestion the examiner may overrule. */
export function suggestedResult(percentage: number | null | undefined, passPercentage: number): 'Pass' | 'Fail' | null {
  if (percentage === null || percentage === undefined || Number.isNaN(percentage)) return null;
  return percentage >= passPercentage ? 'Pass' : 'Fail';
}

export const ModuleResultRequest = z
  .strictObject({
    applicationModuleId: z.uuid(),
    result: z.enum(MODULE_RESULTS, { error: RESULT_MESSAGES.resultRequired }),
    resultPercentage: Percentage.nullable().default(null),
    resultNotes: z.string().trim().max(RESULT_NOTES_MAX, RESULT_MESSAGES.notesMax).default(''),
    resultEvidenceId: z.uuid().nullable().default(null),
  })
  .superRefine((row, ctx) => {
    if (row.result === 'Absent' && row.resultPercentage !== null) ctx.addIssue({ code: 'custom', path: ['resultPercentage'], message: RESULT_MESSAGES.absentNoPercentage });
  });
export type ModuleResultRequest = z.input<typeof ModuleResultRequest>;

export const PostExamUpdateRequest = z.strictObject({
  modules: z
    .array(ModuleResultRequest)
    .min(1, RESULT_MESSAGES.nothingToSave)
    .max(50)
    .refine((rows) => new Set(rows.map((row) => row.applicationModuleId)).size === rows.length, SCHEDULE_MESSAGES.duplicateModule),
  /** A manager's override of an impartiality refusal of the person entering the results, with the reason (issue 43). */
  override: overrideField,
});
export type PostExamUpdateRequest = z.input<typeof PostExamUpdateRequest>;

export const ResultStageRequest = z
  .strictObject({
    overallResult: z.enum(OVERALL_RESULTS, { error: RESULT_MESSAGES.overallRequired }),
    note: z.string().trim().max(RESULT_NOTES_MAX, RESULT_MESSAGES.noteMax).default(''),
    /**
     * The day the awarding body decided the award (YYYY-MM-DD); absent means today in the body's
     * zone. The server refuses a future day or one before the application was submitted.
     */
    awardedOn: awardedOnField,
    /** A manager's override of the decision's impartiality refusal (the program separates decision and examination), with the reason (issue 43). */
    override: overrideField,
  })
  .superRefine((request, ctx) => {
    if (request.awardedOn && request.overallResult !== 'Awarded') ctx.addIssue({ code: 'custom', path: ['awardedOn'], message: RESULT_MESSAGES.awardedOnOnlyAwarded });
  });
export type ResultStageRequest = z.input<typeof ResultStageRequest>;

/** Awarded only when every module passed: the codes of those that did not (empty when it may be awarded). */
export function modulesNotPassed(modules: readonly { moduleCode: string; result: ModuleResult | null }[]): string[] {
  return modules.filter((module) => module.result !== 'Pass').map((module) => module.moduleCode);
}

// ---- The staff's view ----------------------------------------------------------------------

export const Person = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof Person>;

export const TestCentreChoice = z.object({ id: z.string(), name: z.string(), address: z.string() });
export type TestCentreChoice = z.infer<typeof TestCentreChoice>;

export const ScheduledModule = z.object({
  id: z.string(),
  programModuleId: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  /** The module's own examination type, the kind the form starts from. */
  examinationType: z.string(),
  invigilated: z.boolean(),
  passPercentage: z.number(),
  isRequired: z.boolean(),
  examKind: z.enum(EXAM_KINDS).nullable(),
  scheduledAt: z.string().nullable(),
  scheduleTimeZone: z.string().nullable(),
  /** scheduledAt as wall-clock time in its zone (YYYY-MM-DDTHH:mm), for the form. */
  scheduledLocal: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  venue: Person.nullable(),
  testCentre: TestCentreChoice.nullable(),
  examiner: Person.nullable(),
  invigilator: Person.nullable(),
  examDefinition: Person.nullable(),
  /** The module's own recording setting (issue 19): null follows the test's. */
  recordExam: z.boolean().nullable(),
  scheduleNote: z.string(),
  isScheduleComplete: z.boolean(),
  scheduleSentOn: z.string().nullable(),
  hasTakenPlace: z.boolean(),
  result: z.enum(MODULE_RESULTS).nullable(),
  resultPercentage: z.number().nullable(),
  resultNotes: z.string(),
  resultEvidence: z.object({ id: z.string(), name: z.string(), resourceKey: z.string() }).nullable(),
  resultEnteredOn: z.string().nullable(),
  /** Who entered the result: a member of staff by name, or the online exam. */
  resultEnteredBy: z.string().nullable(),
  resultSource: z.enum(['staff', 'onlineExam']).nullable(),
  canEnterResult: z.boolean(),
});
export type ScheduledModule = z.infer<typeof ScheduledModule>;

export const ScheduleChoices = z.object({
  kinds: z.array(z.enum(EXAM_KINDS)),
  zones: z.array(z.string()),
  /** The zone a new schedule starts in: the program's awarding body's (Auckland for a New Zealand body). */
  defaultZone: z.string(),
  venues: z.array(Person),
  testCentres: z.array(TestCentreChoice),
  examiners: z.array(Person),
  invigilators: z.array(Person),
  /** Published module tests, by the program module they examine. */
  tests: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      programModuleId: z.string(),
      /** The test's recording setting. */
      recordExam: z.boolean(),
      /** The test's own time in minutes: the form's starting duration and hint; the schedule's duration wins (decision 041). */
      overallTime: z.number().int(),
    }),
  ),
});
export type ScheduleChoices = z.infer<typeof ScheduleChoices>;

export const ExamSchedule = z.object({
  applicationId: z.string(),
  applicationNumber: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  workflowStage: z.enum(WORKFLOW_STAGES).nullable(),
  overallResult: z.enum(OVERALL_RESULTS).nullable(),
  resultRecordedOn: z.string().nullable(),
  candidate: z.object({ name: z.string(), timeZone: z.string() }),
  modules: z.array(ScheduledModule),
  choices: ScheduleChoices.nullable(),
  permissions: z.object({
    canSchedule: z.boolean(),
    canSend: z.boolean(),
    canEnterResults: z.boolean(),
    canRecordResult: z.boolean(),
  }),
  /**
   * To those who may record the result: the first and last day the award date may take (the
   * submission day and today, in the awarding body's zone), YYYY-MM-DD.
   */
  awardDateRange: AwardDateRange.nullable().default(null),
});
export type ExamSchedule = z.infer<typeof ExamSchedule>;

// ---- The applicant's view ------------------------------------------------------------------

export const MyExamModule = z.object({
  id: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  examKind: z.enum(EXAM_KINDS),
  scheduledAt: z.string(),
  durationMinutes: z.number().int(),
  venue: z.string().nullable(),
  testCentre: TestCentreChoice.nullable(),
  /** Online exams are sat in the applicant area, at this path. */
  sitPath: z.string().nullable(),
  whatToBring: z.string(),
  note: z.string(),
});
export type MyExamModule = z.infer<typeof MyExamModule>;

export const MyExaminations = z.object({
  modules: z.array(MyExamModule),
  /** Modules whose new schedule is still to be sent. */
  beingRescheduled: z.array(z.object({ moduleCode: z.string(), moduleTitle: z.string() })),
  result: z
    .object({
      overallResult: z.enum(OVERALL_RESULTS),
      resultRecordedOn: z.string(),
      modules: z.array(z.object({ moduleCode: z.string(), moduleTitle: z.string(), result: z.enum(MODULE_RESULTS).nullable(), resultPercentage: z.number().nullable() })),
    })
    .nullable(),
});
export type MyExaminations = z.infer<typeof MyExaminations>;

/** Where a candidate sits an Online exam (issue 7 builds the page). */
export const SIT_EXAM_PATH = '/student/examinations';
/** The candidate's system check for recorded exams (issue 19), linked from the schedule mail. */
export const SYSTEM_CHECK_PATH = `${SIT_EXAM_PATH}/system-check`;

/** A test centre's address on one line. */
export function testCentreAddress(centre: { streetNumber: string; streetName: string; city: string; state: string; postalCode: string; country: string }): string {
  const street = [centre.streetNumber, centre.streetName].filter(Boolean).join(' ');
  return [street, `${centre.city} ${centre.state} ${centre.postalCode}`.trim(), centre.country].filter(Boolean).join(', ');
}

/** "21-Nov-2026" for a schedule day (YYYY-MM-DD); noon UTC falls on the same day in Sydney. */
export function scheduleDayLabel(day: string): string {
  return formatDate(`${day}T12:00:00Z`, 'day', DEFAULT_TIME_ZONE);
}
