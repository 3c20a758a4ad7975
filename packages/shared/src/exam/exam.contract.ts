import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { EXAM_TYPES } from '../program/program-type';
import { QUESTION_TYPES } from '../question-bank/question-type';
import { EXAM_INSTANCE_STATUSES, SUBMITTED_HOW } from './exam-rules';
import { overrideField } from '../impartiality/assignment-check.contract';

/**
 * The online exam engine's API (spec section 7, Exams; issue 7). Times are ISO strings in UTC,
 * durations whole seconds; the server's clock decides every limit.
 *
 * Candidate (applicant token; another applicant's sitting is 404):
 *   GET  api/launchexam/servertime                      ServerTimeResponse (no token needed)
 *   POST api/launchexam/inittrial {testId, sessionId?}  LaunchedExam (new, or the one in progress)
 *   POST api/launchexam/init {applicationModuleId, sessionId?}  LaunchedExam (idempotent, within the window)
 *   POST api/launchexam/initresit {resitModuleId, sessionId?}   the same for a re-sit: a new sitting (issue 17)
 *     (with `sessionId`, the launch also holds the sitting for that session when it can: `session`)
 *   GET  api/{trial|module}examinstance/{id}            CandidateExam
 *   PUT  api/isexaminprogress                           ExamSessionRequest -> ExamSessionResponse (409 open elsewhere)
 *   POST api/updateInstances                            UpdateInstancesRequest -> UpdateInstancesResponse (409 after deadline + grace, submission, takeover)
 *   POST api/remainingtime                              RemainingTimeRequest -> ExamTimer
 *   POST api/{trial|module}examinstance/{id}/submit     SubmitExamResponse (409 before the minimum time)
 *   GET  api/trialexaminstance/{id}/review              ExamReview (after submission; module exams: 403)
 *   GET  api/{trial|module}examinstance/{id}/qrcode/{questionInstanceId}   AnswerPaperQrResponse
 *   GET  api/examinations/my?filter&kind&page&pageSize  MyExaminationsPage
 *   GET  api/examinations/trials                        AvailableTrialList
 * Phone, no sign-in (the QR token):
 *   GET  unauth/dependent_data/uploadanswerpaper?token  AnswerPaperPage
 *   POST unauth/answerpaper/presigned-upload            AnswerPaperPresignRequest -> PresignUploadResponse
 *   POST unauth/update/answerpaper                      AttachAnswerPaperRequest -> AnswerPaperPage
 * Staff:
 *   GET  api/examinations/pagination                    SittingsQuery -> SittingsPage
 *   POST api/moduleexaminstance/{applicationModuleId}/extratime   ExtraTimeRequest -> ExtraTimeResponse
 *   GET  api/moduleexaminstance/{id}/marking            ExamMarking
 *   POST api/moduleexaminstance/{id}/verifymarks        VerifyMarksRequest -> ExamMarking
 */
export const EXAM_MESSAGES = {
  /** Spec section 8: shown when the questions cannot be loaded. */
  loadFailed: '**Error: Something went wrong while loading exam Questions.',
  notFound: 'Exam not found',
  trialNotFound: 'This trial exam is not available',
  notScheduled: 'This exam is not scheduled for you',
  notOnline: 'This module is not sat as an online exam',
  notOpenYet: 'This exam has not opened yet',
  windowClosed: 'The time to start this exam has passed',
  noTest: 'No test has been set for this exam yet',
  timeOver: 'The time for this exam is over; it is submitted with the answers saved before then',
  alreadySubmitted: 'This exam has already been submitted',
  openElsewhere: 'This exam is open in another browser or tab',
  takenOver: 'This exam was opened in another browser or tab; answers are saved there now',
  noSession: 'Open the exam again to continue saving answers',
  minimumTime: 'You cannot submit before the minimum time',
  reviewNotAvailable: 'The answers of this exam are not shown',
  notSubmitted: 'This exam has not been submitted yet',
  marksOver: (max: number) => `Marks must be between 0 and ${max}`,
  marksDecimals: 'Use at most two decimals',
  unmarked: (count: number) => `${count} ${count === 1 ? 'question is' : 'questions are'} not marked yet`,
  notInExam: 'This question is not part of the exam',
  alreadyMarked: "The marks of this exam are final: the application's result has been recorded",
  answerPaperNotAllowed: 'Answer papers cannot be uploaded for this question',
  answerPaperLinkInvalid: 'This upload link is not valid',
  answerPaperLinkExpired: 'This upload link has expired: the exam has ended',
  extraTimeMax: 'Extra time must be between 0 and 1440 minutes',
  extraTimeEnded: 'This exam has already ended',
  extraTimeFactor: 'Time factor must be between 1 and 3',
  extraTimeOneWay: 'Give either extra minutes or a time factor',
  extraTimeNoTest: 'Choose the online test of this module before giving a time factor',
  extraTimeResultRecorded: 'The result of this module has been recorded: there is no exam to give extra time for',
  noPassPercentage: 'The module has no pass percentage',
  correctionNeedsReason: 'Marking is complete: give a reason to correct the marks',
  resultRecorded: 'The result of this module has been recorded: the exam can no longer be started',
} as const;

const examType = z.enum(EXAM_TYPES);
const isoDate = z.string();

export const ServerTimeResponse = z.object({ serverTime: z.number().int() });
export type ServerTimeResponse = z.infer<typeof ServerTimeResponse>;

/** A browser tab's exam session (the web app's `exam-session.ts`): the one that holds a sitting. */
export const examSessionId = z.string().min(8).max(100);

export const InitTrialRequest = z.strictObject({ testId: z.uuid(), sessionId: examSessionId.optional() });
export type InitTrialRequest = z.infer<typeof InitTrialRequest>;
export const InitModuleRequest = z.strictObject({ applicationModuleId: z.uuid(), sessionId: examSessionId.optional() });
export type InitModuleRequest = z.infer<typeof InitModuleRequest>;

/**
 * Spec section 3, Timer. `totalTime`, `minimumTime` and `extraTime` are seconds (the test's
 * minutes x 60, fixed at the first initialisation). `remainingTime` is the server's; a browser counts
 * down from `deadline` with its measured offset to `serverTime`.
 */
export const ExamTimer = z.object({
  examInstanceId: z.string(),
  examType,
  totalTime: z.number().int(),
  minimumTime: z.number().int(),
  extraTime: z.number().int(),
  remainingTime: z.number().int(),
  isTimedOut: z.boolean(),
  startedOn: isoDate,
  deadline: isoDate,
  /** From this moment the candidate may submit. */
  canSubmitFrom: isoDate,
  serverTime: z.number().int(),
});
export type ExamTimer = z.infer<typeof ExamTimer>;

export const CandidateOption = z.object({ id: z.string(), option: z.string(), order: z.number().int() });

/** A question as the candidate sees it during the exam: nothing that tells a right answer. */
export const CandidateQuestionInstance = z.object({
  id: z.string(),
  /** 1-based across the whole exam. */
  order: z.number().int(),
  questionType: z.enum(QUESTION_TYPES),
  content: z.string(),
  marks: z.number(),
  canUploadAnswerPaper: z.boolean(),
  /** Choices of single and multiple answer questions; empty for the text types. */
  options: z.array(CandidateOption),
  isAnswered: z.boolean(),
  isAttempted: z.boolean(),
  isMarked: z.boolean(),
  timeTaken: z.number().int(),
  numOfAttempts: z.number().int(),
  answerOptionGivenByUser: z.array(z.string()),
  answerValueGivenByUser: z.string(),
  /** The highest update sequence the server applied: a browser continues above it. */
  lastSequence: z.number().int(),
  answerPaperCount: z.number().int(),
});
export type CandidateQuestionInstance = z.infer<typeof CandidateQuestionInstance>;

export const CandidateSection = z.object({
  id: z.string(),
  title: z.string(),
  order: z.number().int(),
  questions: z.array(CandidateQuestionInstance),
});

/** `trialexaminstance/{id}`, `moduleexaminstance/{id}` and the answer of `init`/`inittrial`. */
export const CandidateExam = z.object({
  id: z.string(),
  examType,
  status: z.enum(EXAM_INSTANCE_STATUSES),
  title: z.string(),
  instruction: z.string(),
  isSectionSplit: z.boolean(),
  totalTestMarks: z.number(),
  numOfQuestions: z.number().int(),
  recordExam: z.boolean(),
  programTitle: z.string().nullable(),
  moduleCode: z.string().nullable(),
  timer: ExamTimer,
  sections: z.array(CandidateSection),
  submittedOn: isoDate.nullable(),
});
export type CandidateExam = z.infer<typeof CandidateExam>;

/** What one answer update may carry; the browser keeps its values within these before sending. */
export const UPDATE_LIMITS = { maxSeconds: 7 * 24 * 3600, maxAttempts: 100_000, maxText: 50_000, maxOptions: 10, maxPerRequest: 200 } as const;

const sequence = z.number().int().min(1).max(2_000_000_000);
const seconds = z.number().int().min(0).max(UPDATE_LIMITS.maxSeconds);

/**
 * One question's state after the candidate left it (or while typing). Values are cumulative
 * totals, never increments, and `sequence` rises with every update of the question, so a retried
 * or reordered request never counts twice and an older one never overwrites a newer one. Free text
 * is sent only when no option is chosen (spec section 5).
 */
export const QuestionInstanceUpdate = z
  .strictObject({
    questionInstanceId: z.uuid(),
    sequence,
    timeTaken: seconds,
    numOfAttempts: z.number().int().min(0).max(UPDATE_LIMITS.maxAttempts),
    answerOptionGivenByUser: z.array(z.uuid()).max(UPDATE_LIMITS.maxOptions).optional(),
    answerValueGivenByUser: z.string().max(UPDATE_LIMITS.maxText).optional(),
    isMarked: z.boolean(),
    isAttempted: z.boolean(),
  })
  .refine((u) => !(u.answerOptionGivenByUser?.length && u.answerValueGivenByUser?.trim()), {
    message: 'Free text is sent only when no option is chosen',
    path: ['answerValueGivenByUser'],
  });
export type QuestionInstanceUpdate = z.infer<typeof QuestionInstanceUpdate>;

export const UpdateInstancesRequest = z.strictObject({
  examInstanceId: z.uuid(),
  examType,
  /** The browser session that holds the exam (`isexaminprogress`). */
  sessionId: examSessionId,
  updates: z.array(QuestionInstanceUpdate).min(1).max(UPDATE_LIMITS.maxPerRequest),
});
export type UpdateInstancesRequest = z.infer<typeof UpdateInstancesRequest>;

/**
 * applied: saved now; stale: the server already has this or a newer update (`serverSequence` is the
 * one it holds); invalid: options not of this question.
 */
export const UPDATE_OUTCOMES = ['applied', 'stale', 'invalid'] as const;
export const UpdateInstancesResponse = z.object({
  results: z.array(
    z.object({
      questionInstanceId: z.string(),
      sequence: z.number().int(),
      outcome: z.enum(UPDATE_OUTCOMES),
      isAnswered: z.boolean().nullable(),
      serverSequence: z.number().int().optional(),
    }),
  ),
  timer: ExamTimer,
});
export type UpdateInstancesResponse = z.infer<typeof UpdateInstancesResponse>;

/** `remainingtime`: what a browser claims (`remainingTime`) is accepted and ignored. */
export const RemainingTimeRequest = z.strictObject({
  examInstanceId: z.uuid(),
  examType,
  remainingTime: z.number().optional(),
});
export type RemainingTimeRequest = z.infer<typeof RemainingTimeRequest>;

/** `isexaminprogress`: claims the exam for this browser session; `takeOver` after the candidate confirmed. */
export const ExamSessionRequest = z.strictObject({
  examInstanceId: z.uuid(),
  examType,
  sessionId: examSessionId,
  takeOver: z.boolean().optional(),
});
export type ExamSessionRequest = z.infer<typeof ExamSessionRequest>;
export const ExamSessionResponse = z.object({ isExamInProgress: z.boolean(), sessionId: z.string(), isTakenOver: z.boolean(), timer: ExamTimer });
export type ExamSessionResponse = z.infer<typeof ExamSessionResponse>;

/**
 * A launch's answer: the sitting, and `session` when the launch was given the page's `sessionId`
 * and held the sitting for it (`isexaminprogress`'s answer, one round trip fewer before the first
 * question: issue 22). Without it (held by another session, over, no id) the page claims as before,
 * and that claim says why; a launch never takes a sitting over.
 */
export const LaunchedExam = CandidateExam.extend({ session: ExamSessionResponse.optional() });
export type LaunchedExam = z.infer<typeof LaunchedExam>;

/**
 * The body of a submission, optional: a browser sends the session that holds the sitting, and a
 * window whose sitting was taken over cannot submit it from under the one that holds it now.
 */
export const SubmitExamRequest = z.strictObject({ sessionId: examSessionId.optional() }).nullish();
export type SubmitExamRequest = z.infer<typeof SubmitExamRequest>;

export const SubmitExamResponse = z.object({
  id: z.string(),
  examType,
  status: z.enum(EXAM_INSTANCE_STATUSES),
  submittedOn: isoDate,
  submittedHow: z.enum(SUBMITTED_HOW),
  marksReleased: z.boolean(),
  /** Only once released (trials at submission); null otherwise. */
  score: z.number().nullable(),
  totalMarks: z.number(),
  percentage: z.number().nullable(),
});
export type SubmitExamResponse = z.infer<typeof SubmitExamResponse>;

/** A trial after submission: the candidate's answers beside the right ones. */
export const ReviewQuestion = CandidateQuestionInstance.extend({
  options: z.array(CandidateOption.extend({ correctAnswer: z.boolean() })),
  /** Fill in the blank: what was accepted. */
  acceptedAnswers: z.array(z.string()),
  actualMarks: z.number().nullable(),
});
export type ReviewQuestion = z.infer<typeof ReviewQuestion>;
export const ExamReview = z.object({
  id: z.string(),
  examType,
  status: z.enum(EXAM_INSTANCE_STATUSES),
  title: z.string(),
  submittedOn: isoDate.nullable(),
  score: z.number().nullable(),
  totalMarks: z.number(),
  percentage: z.number().nullable(),
  sections: z.array(CandidateSection.extend({ questions: z.array(ReviewQuestion) })),
});
export type ExamReview = z.infer<typeof ExamReview>;

// Staff: extra time, marking.

/**
 * The whole extra time granted (not added to an earlier grant), as minutes or as a time factor of
 * the test's overall time (1.25 = a quarter more), which the server turns into whole minutes.
 */
export const ExtraTimeRequest = z
  .strictObject({
    minutes: z.number({ error: EXAM_MESSAGES.extraTimeMax }).int(EXAM_MESSAGES.extraTimeMax).min(0, EXAM_MESSAGES.extraTimeMax).max(1440, EXAM_MESSAGES.extraTimeMax).optional(),
    timeFactor: z.number({ error: EXAM_MESSAGES.extraTimeFactor }).min(1, EXAM_MESSAGES.extraTimeFactor).max(3, EXAM_MESSAGES.extraTimeFactor).optional(),
  })
  .refine((request) => (request.minutes === undefined) !== (request.timeFactor === undefined), { message: EXAM_MESSAGES.extraTimeOneWay });
export type ExtraTimeRequest = z.infer<typeof ExtraTimeRequest>;
export const ExtraTimeResponse = z.object({
  applicationModuleId: z.string(),
  extraMinutes: z.number().int(),
  /** The sitting's new deadline, when it has started. */
  examInstanceId: z.string().nullable(),
  deadline: isoDate.nullable(),
});
export type ExtraTimeResponse = z.infer<typeof ExtraTimeResponse>;

export const MarkingAnswerPaper = z.object({ attachmentId: z.string(), resourceKey: z.string(), name: z.string(), contentType: z.string(), createdOn: isoDate });
export const MarkingQuestion = z.object({
  id: z.string(),
  order: z.number().int(),
  sectionTitle: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  content: z.string(),
  maxMarks: z.number(),
  actualMarks: z.number().nullable(),
  /** Set for questions an examiner marks (descriptive); objective ones were marked at submission. */
  needsExaminer: z.boolean(),
  isAnswered: z.boolean(),
  answerValueGivenByUser: z.string(),
  options: z.array(CandidateOption.extend({ correctAnswer: z.boolean() })),
  answerOptionGivenByUser: z.array(z.string()),
  answerPapers: z.array(MarkingAnswerPaper),
  markedOn: isoDate.nullable(),
});
export type MarkingQuestion = z.infer<typeof MarkingQuestion>;
export const ExamMarking = z.object({
  id: z.string(),
  status: z.enum(EXAM_INSTANCE_STATUSES),
  title: z.string(),
  applicantName: z.string(),
  applicationNumber: z.string(),
  applicationModuleId: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  passPercentage: z.number(),
  totalMarks: z.number(),
  submittedOn: isoDate.nullable(),
  score: z.number().nullable(),
  percentage: z.number().nullable(),
  result: z.enum(['Pass', 'Fail']).nullable(),
  markedOn: isoDate.nullable(),
  /** Every question has marks and the result is written: the marks are read-only, a change is a correction with a reason. */
  isMarkingComplete: z.boolean(),
  questions: z.array(MarkingQuestion),
});
export type ExamMarking = z.infer<typeof ExamMarking>;

const marksValue = z
  .number({ error: 'Marks are required' })
  .min(0)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, EXAM_MESSAGES.marksDecimals);

/** `verifymarks`: marks for some or all questions; the result completes once none is unmarked. */
export const VerifyMarksRequest = z.strictObject({
  marks: z
    .array(z.strictObject({ questionInstanceId: z.uuid(), actualMarks: marksValue }))
    .min(1)
    .max(500),
  /** Required once marking is complete: why the marks are corrected (kept in the application's history). */
  correctionReason: z.string().trim().min(1, 'Give a reason for the correction').max(1000).optional(),
  /** A manager's override of the marker's impartiality refusal, with the reason (issue 43). */
  override: overrideField,
});
export type VerifyMarksRequest = z.infer<typeof VerifyMarksRequest>;

// Answer papers (QR code and the phone's upload page).

export const AnswerPaperQrResponse = z.object({ dataUrl: z.string(), url: z.string(), expiresOn: isoDate });
export type AnswerPaperQrResponse = z.infer<typeof AnswerPaperQrResponse>;
export const AnswerPaperTokenQuery = z.strictObject({ token: z.string().min(10).max(2000) });
export const AnswerPaperPage = z.object({
  examTitle: z.string(),
  questionOrder: z.number().int(),
  questionText: z.string(),
  expiresOn: isoDate,
  pages: z.array(z.object({ attachmentId: z.string(), name: z.string(), createdOn: isoDate })),
});
export type AnswerPaperPage = z.infer<typeof AnswerPaperPage>;
/** The phone asks for an upload URL with the token (instead of a sign-in)... */
export const AnswerPaperPresignRequest = z.strictObject({
  token: z.string().min(10).max(2000),
  fileName: z.string().trim().min(1).max(255),
  contentType: z.string(),
  size: z.number().int().min(1),
});
/** ...PUTs the photo there, then attaches it to the question (`unauth/update/answerpaper`). */
export const AttachAnswerPaperRequest = z.strictObject({ token: z.string().min(10).max(2000), resourceKey: z.string().min(1) });

// Lists.

export const EXAMINATION_FILTERS = ['All', 'Upcoming', 'Completed', 'Resits'] as const;
export type ExaminationFilter = (typeof EXAMINATION_FILTERS)[number];
/** Spec section 2: Examination filters and their labels. */
export const EXAMINATION_FILTER_LABELS: Record<ExaminationFilter, string> = {
  All: 'All Examinations',
  Upcoming: 'Upcoming',
  Completed: 'Completed',
  Resits: 'Re-sits',
};
export const EXAM_KIND_LABELS = { trial: 'Trial', module: 'Module' } as const;

/** A sitting's state in lists: a scheduled module not launched yet is NotStarted. */
export const SITTING_STATUSES = ['NotStarted', ...EXAM_INSTANCE_STATUSES] as const;

export const MyExaminationsQuery = z.strictObject({
  ...pagingShape,
  filter: z.enum(EXAMINATION_FILTERS).default('All'),
  kind: examType.optional(),
});
export type MyExaminationsQuery = z.input<typeof MyExaminationsQuery>;

export const MyExaminationRow = z.object({
  /** The sitting, or null for a scheduled module exam not launched yet. */
  examInstanceId: z.string().nullable(),
  kind: examType,
  testId: z.string(),
  title: z.string(),
  programCode: z.string().nullable(),
  programTitle: z.string().nullable(),
  moduleCode: z.string().nullable(),
  moduleTitle: z.string().nullable(),
  applicationModuleId: z.string().nullable(),
  applicationNumber: z.string().nullable(),
  scheduledAt: isoDate.nullable(),
  /** The last moment a scheduled exam can be started. */
  windowClosesAt: isoDate.nullable(),
  scheduleTimeZone: z.string().nullable(),
  overallTime: z.number().int(),
  status: z.enum(SITTING_STATUSES),
  startedOn: isoDate.nullable(),
  submittedOn: isoDate.nullable(),
  /** Released marks only (trials). */
  score: z.number().nullable(),
  percentage: z.number().nullable(),
  isResit: z.boolean(),
  /** A re-sit sitting is launched with `launchexam/initresit` by this id (issue 17). */
  resitModuleId: z.string().nullable().optional(),
  /** A module's result once released to the candidate (the application's overall result is recorded). */
  result: z.enum(['Pass', 'Fail', 'Absent']).nullable(),
  resultPercentage: z.number().nullable(),
  /** A module whose result is recorded, or whose application has its final result: it cannot be started. */
  isClosed: z.boolean(),
});
export type MyExaminationRow = z.infer<typeof MyExaminationRow>;
export const MyExaminationsPage = pagedResponse(MyExaminationRow);
export type MyExaminationsPage = z.infer<typeof MyExaminationsPage>;

/** Published trial tests an applicant can start at any time. */
export const AvailableTrial = z.object({
  testId: z.string(),
  title: z.string(),
  description: z.string(),
  programCode: z.string().nullable(),
  programTitle: z.string().nullable(),
  overallTime: z.number().int(),
  minimumTime: z.number().int(),
  numOfQuestions: z.number().int(),
  inProgressInstanceId: z.string().nullable(),
  attempts: z.number().int(),
});
export type AvailableTrial = z.infer<typeof AvailableTrial>;
export const AvailableTrialList = z.array(AvailableTrial);

export const SittingsQuery = z.strictObject({
  ...pagingShape,
  filter: z.enum(EXAMINATION_FILTERS).default('All'),
  kind: examType.optional(),
  programId: z.uuid().optional(),
  /** Applicant name or email, application number or test title. */
  searchTerm: z.string().max(200).optional(),
  needsMarking: z.enum(['true', 'false']).optional(),
});
export type SittingsQuery = z.input<typeof SittingsQuery>;

export const SittingRow = z.object({
  examInstanceId: z.string().nullable(),
  kind: examType,
  applicantName: z.string(),
  applicantEmail: z.string(),
  title: z.string(),
  programId: z.string().nullable(),
  programCode: z.string().nullable(),
  moduleCode: z.string().nullable(),
  applicationId: z.string().nullable(),
  applicationNumber: z.string().nullable(),
  applicationModuleId: z.string().nullable(),
  scheduledAt: isoDate.nullable(),
  startedOn: isoDate.nullable(),
  deadline: isoDate.nullable(),
  submittedOn: isoDate.nullable(),
  status: z.enum(SITTING_STATUSES),
  submittedHow: z.enum(SUBMITTED_HOW).nullable(),
  extraMinutes: z.number().int(),
  score: z.number().nullable(),
  percentage: z.number().nullable(),
  result: z.enum(['Pass', 'Fail']).nullable(),
  /** Submitted with questions still waiting for an examiner. */
  needsMarking: z.boolean(),
  /** A module whose result is recorded (by hand or by marking) or whose application has its final result: not to be sat, no extra time. */
  isClosed: z.boolean(),
});
export type SittingRow = z.infer<typeof SittingRow>;
export const SittingsPage = pagedResponse(SittingRow);
export type SittingsPage = z.infer<typeof SittingsPage>;
