import { z } from 'zod';

/**
 * What can happen around one sitting that an invigilator or examiner needs to see (issue 19).
 * Candidates' browsers report the first group; invigilators' actions and the server's own
 * observations are the others. One list, so the candidate's page, the console and the review
 * timeline name events alike. Stored in `exam_sitting_events`; each insert is announced on the
 * PostgreSQL channel `EXAM_SITTING_EVENT_CHANNEL` so every instance's console sees it.
 */
export const CANDIDATE_EVENT_KINDS = [
  'consentGiven',
  'systemCheckPassed',
  'systemCheckFailed',
  'recordingStarted',
  'recordingSegmentStarted',
  'recordingStopped',
  'screenCaptureStopped',
  'screenCaptureResumed',
  'captureError',
  'monitorPermissionPrompt',
  'monitorPermissionDenied',
  'monitorCheckError',
  'monitorZeroScreens',
  'multipleMonitors',
  'focusLost',
  'focusRegained',
  'fullScreenLeft',
  'fullScreenEntered',
  'copy',
  'paste',
  'secondTab',
  'offline',
  'online',
  'pageReloaded',
  'snapshot',
] as const;

export const INVIGILATOR_EVENT_KINDS = [
  'message',
  'extraTime',
  'paused',
  'resumed',
  'endedForMisconduct',
  'irregularityReport',
  'recordingHeld',
] as const;

export const SYSTEM_EVENT_KINDS = ['launched', 'submitted', 'recordingGap', 'recordingDeleted'] as const;

export const EXAM_EVENT_KINDS = [...CANDIDATE_EVENT_KINDS, ...INVIGILATOR_EVENT_KINDS, ...SYSTEM_EVENT_KINDS] as const;
export type ExamEventKind = (typeof EXAM_EVENT_KINDS)[number];
export type CandidateEventKind = (typeof CANDIDATE_EVENT_KINDS)[number];

export const EXAM_EVENT_SOURCES = ['candidate', 'invigilator', 'system'] as const;
export type ExamEventSource = (typeof EXAM_EVENT_SOURCES)[number];

/** The NOTIFY channel of migration 0019's trigger; its payload is `ExamSittingEventNotice` as JSON. */
export const EXAM_SITTING_EVENT_CHANNEL = 'exam_sitting_event';

export const ExamSittingEventNotice = z.object({
  id: z.number().int(),
  examInstanceId: z.string().uuid().nullable(),
  applicationModuleId: z.string().uuid().nullable(),
  applicantId: z.string().uuid(),
  kind: z.string(),
});
export type ExamSittingEventNotice = z.infer<typeof ExamSittingEventNotice>;

/** Words a person reads for each kind (screens show these, never the stored kind). */
export const EXAM_EVENT_LABELS: Record<ExamEventKind, string> = {
  consentGiven: 'Agreed to recording',
  systemCheckPassed: 'System check passed',
  systemCheckFailed: 'System check failed',
  recordingStarted: 'Recording started',
  recordingSegmentStarted: 'Recording resumed (new segment)',
  recordingStopped: 'Recording stopped',
  screenCaptureStopped: 'Screen capture stopped',
  screenCaptureResumed: 'Screen capture resumed',
  captureError: 'Capture error',
  monitorPermissionPrompt: 'Asked for screen permission',
  monitorPermissionDenied: 'Screen permission denied',
  monitorCheckError: 'Screen check failed',
  monitorZeroScreens: 'No screen found',
  multipleMonitors: 'More than one monitor',
  focusLost: 'Left the exam window',
  focusRegained: 'Back in the exam window',
  fullScreenLeft: 'Left full screen',
  fullScreenEntered: 'Full screen',
  copy: 'Copied text',
  paste: 'Pasted text',
  secondTab: 'Exam open in a second tab',
  offline: 'Connection lost',
  online: 'Connection back',
  pageReloaded: 'Page reloaded',
  snapshot: 'Camera snapshot',
  message: 'Message from the invigilator',
  extraTime: 'Extra time given',
  paused: 'Clock paused',
  resumed: 'Clock resumed',
  endedForMisconduct: 'Ended for misconduct',
  irregularityReport: 'Irregularity report',
  recordingHeld: 'Recording held past retention',
  launched: 'Exam started',
  submitted: 'Submitted',
  recordingGap: 'Gap in the recording',
  recordingDeleted: 'Recording deleted (retention)',
};
