import { z } from 'zod';
import { EXAM_EVENT_SOURCES } from '../exam-integrity/exam-event';
import { RECORDING_STREAMS, RecordingManifest } from '../exam-integrity/exam-recording.contract';

/**
 * Invigilation (issue 19, decision 029): the invigilator's home and console, their actions on a
 * candidate's sitting, the examiner's review and the recording's retention. A sitting is every
 * candidate scheduled on the same test at the same time; it is named by any of its application
 * modules (`sittingId`, the first by id). Paths (all under `api/invigilation/`):
 * `mysittings`; `sittings/{id}` and `sittings/{id}/stream` (Server-Sent Events);
 * `sittings/{id}/candidates/{applicationModuleId}/snapshot`; actions
 * `candidates/{applicationModuleId}/message|extratime|pause|resume|end|reports`;
 * `applications/{applicationId}/reports`; the candidate's `mine/{examInstanceId}/checkin`;
 * `review/{examInstanceId}` with `/flags`, `/decision`, `/hold`, `/chunk/{stream}/{segment}/{sequence}`.
 */

export const INVIGILATION_TEXT_MAX = 2000;

export const INVIGILATION_MESSAGES = {
  notFound: 'Sitting not found',
  reasonRequired: 'Reason is required',
  reasonMax: `Reason must be at most ${INVIGILATION_TEXT_MAX} characters`,
  messageRequired: 'Message is required',
  messageMax: `Message must be at most ${INVIGILATION_TEXT_MAX} characters`,
  minutesRange: 'Extra time must be between 1 and 240 minutes',
  categoryRequired: 'Category is required',
  descriptionRequired: 'Description is required',
  descriptionMax: `Description must be at most ${INVIGILATION_TEXT_MAX} characters`,
  evidenceTimeInvalid: 'Evidence times must be dates and times',
  evidenceTimesMax: 'At most 20 evidence times',
  noteRequired: 'Note is required',
  noteMax: `Note must be at most ${INVIGILATION_TEXT_MAX} characters`,
  decisionRequired: 'Decision is required',
  atRequired: 'Choose the moment to flag',
  notLaunched: 'The candidate has not started this exam',
  notInProgress: 'The exam is no longer in progress',
  /** Issue 45 item 5: no message, extra time, pause or end once the candidate has submitted or the sitting has ended. */
  alreadySubmitted: 'The candidate has already submitted this exam',
  timedOut: "The candidate's time has already run out",
  alreadyEnded: 'This sitting was already ended for misconduct',
  alreadyPaused: "The candidate's clock is already paused",
  notPaused: "The candidate's clock is not paused",
  noSnapshot: 'No camera snapshot yet',
  noRecording: 'No recording for this sitting',
  recordingDeleted: 'The recording was deleted at the end of its retention period',
} as const;

const reason = z
  .string({ error: INVIGILATION_MESSAGES.reasonRequired })
  .trim()
  .min(1, INVIGILATION_MESSAGES.reasonRequired)
  .max(INVIGILATION_TEXT_MAX, INVIGILATION_MESSAGES.reasonMax);

export const ReasonRequest = z.strictObject({ reason });
export type ReasonRequest = z.input<typeof ReasonRequest>;

export const MessageRequest = z.strictObject({
  text: z
    .string({ error: INVIGILATION_MESSAGES.messageRequired })
    .trim()
    .min(1, INVIGILATION_MESSAGES.messageRequired)
    .max(INVIGILATION_TEXT_MAX, INVIGILATION_MESSAGES.messageMax),
  reason,
});
export type MessageRequest = z.input<typeof MessageRequest>;

export const INVIGILATOR_EXTRA_MINUTES_MAX = 240;
export const AddTimeRequest = z.strictObject({
  minutes: z
    .number({ error: INVIGILATION_MESSAGES.minutesRange })
    .int(INVIGILATION_MESSAGES.minutesRange)
    .min(1, INVIGILATION_MESSAGES.minutesRange)
    .max(INVIGILATOR_EXTRA_MINUTES_MAX, INVIGILATION_MESSAGES.minutesRange),
  reason,
});
export type AddTimeRequest = z.input<typeof AddTimeRequest>;

export const IRREGULARITY_CATEGORIES = ['Identity', 'Unauthorised material', 'Communication', 'Left the exam', 'Technical', 'Other'] as const;
export type IrregularityCategory = (typeof IRREGULARITY_CATEGORIES)[number];

export const IrregularityReportRequest = z.strictObject({
  category: z.enum(IRREGULARITY_CATEGORIES, { error: INVIGILATION_MESSAGES.categoryRequired }),
  description: z
    .string({ error: INVIGILATION_MESSAGES.descriptionRequired })
    .trim()
    .min(1, INVIGILATION_MESSAGES.descriptionRequired)
    .max(INVIGILATION_TEXT_MAX, INVIGILATION_MESSAGES.descriptionMax),
  evidenceTimes: z.array(z.iso.datetime({ offset: true, error: INVIGILATION_MESSAGES.evidenceTimeInvalid })).max(20, INVIGILATION_MESSAGES.evidenceTimesMax).default([]),
});
export type IrregularityReportRequest = z.input<typeof IrregularityReportRequest>;

export const IrregularityReport = z.object({
  id: z.string(),
  applicationModuleId: z.string(),
  examInstanceId: z.string().nullable(),
  moduleCode: z.string(),
  category: z.string(),
  description: z.string(),
  evidenceTimes: z.array(z.string()),
  createdOn: z.string(),
  createdBy: z.string(),
});
export type IrregularityReport = z.infer<typeof IrregularityReport>;
export const IrregularityReportList = z.array(IrregularityReport);

/** One entry of a sitting's story, as the console and the review show it. */
export const SittingEvent = z.object({
  id: z.number(),
  applicationModuleId: z.string().nullable(),
  examInstanceId: z.string().nullable(),
  kind: z.string(),
  label: z.string(),
  source: z.enum(EXAM_EVENT_SOURCES),
  detail: z.record(z.string(), z.unknown()),
  occurredOn: z.string(),
  actorName: z.string().nullable(),
});
export type SittingEvent = z.infer<typeof SittingEvent>;

export const SittingSummary = z.object({
  sittingId: z.string(),
  programCode: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  testTitle: z.string().nullable(),
  scheduledAt: z.string(),
  windowClosesAt: z.string(),
  scheduleTimeZone: z.string(),
  candidates: z.number(),
  /** What the caller is on this sitting: invigilator, examiner, or staff who oversee the program. */
  myRole: z.enum(['invigilator', 'examiner', 'staff']),
});
export type SittingSummary = z.infer<typeof SittingSummary>;
export const MySittings = z.object({ today: z.array(SittingSummary), next: z.array(SittingSummary) });
export type MySittings = z.infer<typeof MySittings>;

export const CANDIDATE_STATES = ['notLaunched', 'systemCheckFailed', 'inProgress', 'offline', 'paused', 'submitted', 'endedForMisconduct'] as const;
export type CandidateState = (typeof CANDIDATE_STATES)[number];
export const CANDIDATE_STATE_LABELS: Record<CandidateState, string> = {
  notLaunched: 'Not started',
  systemCheckFailed: 'System check failed',
  inProgress: 'In progress',
  offline: 'Offline',
  paused: 'Paused',
  submitted: 'Submitted',
  endedForMisconduct: 'Ended for misconduct',
};
export const CANDIDATE_STATE_COLORS: Record<CandidateState, string> = {
  notLaunched: 'gray',
  systemCheckFailed: 'red',
  inProgress: 'blue',
  offline: 'orange',
  paused: 'yellow',
  submitted: 'green',
  endedForMisconduct: 'red',
};

/** What the console shows of one candidate; the state words are computed on the screen from these facts and the time. */
export const ConsoleCandidate = z.object({
  applicationModuleId: z.string(),
  examInstanceId: z.string().nullable(),
  applicantName: z.string(),
  applicationNumber: z.string(),
  applicationId: z.string(),
  status: z.enum(['notLaunched', 'InProgress', 'Submitted', 'TimedOut']),
  answered: z.number(),
  questions: z.number(),
  deadline: z.string().nullable(),
  extraMinutes: z.number(),
  /** The last sign of life from the exam page (check-in or saved answer). */
  lastSeenOn: z.string().nullable(),
  systemCheck: z.enum(['passed', 'failed']).nullable(),
  pausedSince: z.string().nullable(),
  endedForMisconduct: z.boolean(),
  recordingGaps: z.number(),
  /** Monitor, focus, full-screen, copy/paste, second-tab and capture events. */
  attentionEvents: z.number(),
  latestAttention: z.object({ kind: z.string(), label: z.string(), occurredOn: z.string() }).nullable(),
  /** Reported offline by the page itself (between an offline and the next online event). */
  reportedOfflineSince: z.string().nullable(),
  latestSnapshotOn: z.string().nullable(),
  lastEventId: z.number(),
});
export type ConsoleCandidate = z.infer<typeof ConsoleCandidate>;

export const SittingConsole = z.object({
  sitting: SittingSummary,
  candidates: z.array(ConsoleCandidate),
  /** The latest events of the whole sitting, newest first (at most 50); camera snapshots are not events here (the Camera column shows them). */
  events: z.array(SittingEvent),
  serverTime: z.number(),
  /** Seconds without a check-in after which an open sitting counts as offline. */
  offlineAfterSeconds: z.number(),
});
export type SittingConsole = z.infer<typeof SittingConsole>;

/** The console's stream: a full picture first (and after the server lost its LISTEN), then changes. */
export type ConsoleStreamMessage =
  | { type: 'console'; console: SittingConsole }
  | { type: 'candidates'; candidates: ConsoleCandidate[]; serverTime: number }
  | { type: 'event'; event: SittingEvent };

export const SnapshotLink = z.object({ url: z.string(), takenOn: z.string() });
export type SnapshotLink = z.infer<typeof SnapshotLink>;

/** The candidate's page checks in: it learns of a pause and of messages, and the console knows it is there. */
export const CandidateNotices = z.object({
  pausedSince: z.string().nullable(),
  /** What was left on the clock when it was paused. */
  remainingAtPause: z.number().nullable(),
  messages: z.array(z.object({ id: z.number(), text: z.string(), sentOn: z.string() })),
  /** The newest invigilator action's event id: the page reads its timer again when it changes (extra time, resume). */
  lastActionId: z.number(),
});
export type CandidateNotices = z.infer<typeof CandidateNotices>;

export const ActionResponse = z.object({ eventId: z.number(), deadline: z.string().nullable() });
export type ActionResponse = z.infer<typeof ActionResponse>;

// Review.

export const REVIEW_DECISIONS = ['noConcern', 'concernReferred'] as const;
export type SittingReviewDecisionKind = (typeof REVIEW_DECISIONS)[number];
export const REVIEW_DECISION_LABELS: Record<SittingReviewDecisionKind, string> = { noConcern: 'No concern', concernReferred: 'Concern referred' };

export const FlagRequest = z.strictObject({
  atOn: z.iso.datetime({ offset: true, error: INVIGILATION_MESSAGES.atRequired }),
  note: z.string({ error: INVIGILATION_MESSAGES.noteRequired }).trim().min(1, INVIGILATION_MESSAGES.noteRequired).max(INVIGILATION_TEXT_MAX, INVIGILATION_MESSAGES.noteMax),
});
export type FlagRequest = z.input<typeof FlagRequest>;

export const DecisionRequest = z.strictObject({
  decision: z.enum(REVIEW_DECISIONS, { error: INVIGILATION_MESSAGES.decisionRequired }),
  note: z.string().trim().max(INVIGILATION_TEXT_MAX, INVIGILATION_MESSAGES.noteMax).default(''),
});
export type DecisionRequest = z.input<typeof DecisionRequest>;

/** The recording as the review plays it: the recording side's manifest (segments, chunks, gaps), or why there is none. */
export const ReviewRecording = z.object({
  status: z.enum(['none', 'available', 'deleted']),
  manifest: RecordingManifest.nullable(),
});
export type ReviewRecording = z.infer<typeof ReviewRecording>;

/** One camera picture of the sitting (about every 30 s): a short-lived link, none once the recording was deleted. */
export const ReviewSnapshot = z.object({ id: z.number(), takenOn: z.string(), url: z.string().nullable() });
export type ReviewSnapshot = z.infer<typeof ReviewSnapshot>;

export const SittingReview = z.object({
  examInstanceId: z.string(),
  applicationModuleId: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  applicantName: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  startedOn: z.string(),
  endedOn: z.string().nullable(),
  status: z.string(),
  /** Every event but the camera snapshots, oldest first. */
  events: z.array(SittingEvent),
  /** The camera snapshots, apart from the events (issue 45 item 12: sixty a half-hour would bury them). */
  snapshots: z.array(ReviewSnapshot),
  flags: z.array(z.object({ id: z.string(), atOn: z.string(), note: z.string(), createdBy: z.string(), createdOn: z.string() })),
  decision: z.object({ decision: z.enum(REVIEW_DECISIONS), note: z.string(), decidedBy: z.string(), decidedOn: z.string() }).nullable(),
  reports: z.array(IrregularityReport),
  hold: z.object({ reason: z.string(), heldBy: z.string(), heldOn: z.string() }).nullable(),
  /** When the recording, snapshots and keystrokes are deleted unless held (null: the result is not final yet). */
  retentionDueOn: z.string().nullable(),
  recording: ReviewRecording,
});
export type SittingReview = z.infer<typeof SittingReview>;

export const ChunkLink = z.object({ url: z.string(), contentType: z.string() });
export type ChunkLink = z.infer<typeof ChunkLink>;
export const REVIEW_STREAMS = RECORDING_STREAMS;

export const HoldRequest = ReasonRequest;
export type HoldRequest = ReasonRequest;
