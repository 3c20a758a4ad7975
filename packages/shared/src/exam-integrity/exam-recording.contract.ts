import { z } from 'zod';
import { CANDIDATE_EVENT_KINDS } from './exam-event';

/**
 * The candidate's side of a recorded exam (issue 19, decision 028): consent, the system check,
 * the recording record (spec section 3: Exam recording record) with its chunk manifest, keystroke
 * batches (spec section 3: Keystroke record) and the events the browser reports. Paths:
 *
 * - GET  api/examrecording/module/{applicationModuleId}   whether the module is recorded, consent, last system check
 * - POST api/examrecording/module/{applicationModuleId}/consent
 * - PUT  api/examrecording/module/{applicationModuleId}/setting   staff who schedule: recorded or not
 * - GET|PUT api/examrecording/test/{testId}/setting        staff who build the test: its sittings recorded or not
 * - POST api/examrecording/events                          candidate events (idempotent by clientEventId)
 * - POST api/examrecording/recordinfo                      save recording info (creates the record once per sitting)
 * - POST api/examrecording/recordinfo/update               update recording info (duration, status, ...)
 * - POST api/examrecording/chunks                          upload URLs for new chunks, and chunks PUT entered in the manifest (size and SHA-256)
 * - GET  api/examrecording/{examInstanceId}/manifest       the record and its manifest (the candidate's own)
 * - POST api/examrecording/snapshot/presign                an upload URL for a camera snapshot (logged as `snapshot`)
 * - POST api/examrecording/keystrokes                      save keystrokes (one batch, idempotent by batchId)
 * - POST api/examrecording/speedtest/presign               an upload URL for the system check's upload speed (swept with uploads/)
 */

/** Spec section 9 and issue 19: what the recorder asks for and how often the page reports. */
export const RECORDING_SETTINGS = {
  camera: { width: 180, height: 180, frameRate: 10 },
  screen: { width: 1280, height: 800, frameRate: 5 },
  /** 120 + 480 kbit/s: an hour of both is about 270 MB, under the ~300 MB asked for. */
  cameraBitsPerSecond: 120_000,
  screenBitsPerSecond: 480_000,
  /** MediaRecorder timeslice: each chunk is about 30 s of one stream. */
  chunkMilliseconds: 30_000,
  /** Spec section 9: "Screen check repeats every 15 s". */
  screenCheckMilliseconds: 15_000,
  /** Spec sections 7 and 9: keystrokes are sent every 300000 ms. */
  keystrokeBatchMilliseconds: 300_000,
  snapshotMilliseconds: 30_000,
  snapshotMaxBytes: 64 * 1024,
  /** Largest chunk accepted: 30 s at both bitrates is about 2.3 MB; a slow tab may give longer slices. */
  chunkMaxBytes: 16 * 1024 * 1024,
} as const;

/**
 * Days a recording, its snapshots and keystroke logs are kept after the result is final and any
 * review window has closed (Australian Privacy Principle 11.2). The retention job (invigilation's
 * engineer) reads this default; the consent tells the candidate the same number.
 */
export const RECORDING_RETENTION_DAYS = 180;

export const RECORDING_STREAMS = ['screen', 'camera'] as const;
export type RecordingStream = (typeof RECORDING_STREAMS)[number];

export const RECORDING_STATUSES = ['recording', 'stopped', 'uploaded'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** What the candidate reads and agrees to before a recorded exam opens (version kept with the consent). */
export const RECORDING_CONSENT = {
  version: 1,
  title: 'This exam is recorded',
  what: 'Your camera (video only, no sound), your entire screen, the number of screens connected, the keys you press (not the text of your answers), and when you leave the exam window, leave full screen, copy or paste, open the exam in another tab or lose your connection. A small camera picture is taken about every 30 seconds.',
  why: 'So that the awarding body can show that the exam was sat fairly, by you, without help.',
  who: 'The invigilators of your sitting while it runs, and the examiners and program staff who review it. Nobody else.',
  howLong: (days: number) => `It is kept for ${days} days after your result is final and any review window has closed, then deleted. Staff may keep it longer only for a recorded reason.`,
  agree: 'I agree to this exam being recorded',
} as const;

export const RECORDING_MESSAGES = {
  notRecorded: 'This exam is not recorded',
  notFound: 'Exam not found',
  consentNeeded: 'Agree to the recording before the exam opens',
  sittingClosed: 'This exam is over: nothing more is recorded',
  noRecording: 'The recording of this exam has not started',
  chunkConflict: 'A different chunk was already stored under this number',
  chunkMissing: 'The chunk was not stored: upload it again',
  batchConflict: 'A different keystroke batch was already stored under this id',
  eventConflict: 'A different event was already stored under this id',
  snapshotTooLarge: 'The camera picture is too large',
  screenCaptureStopped: 'Screen capture stopped',
  screenCaptureStoppedHelp: 'The exam is paused until you share your entire screen again. Your answers and your time are kept by the server.',
  resumeCapture: 'Share my entire screen again',
  multipleMonitors: 'More than one monitor is connected. Disconnect every screen but one: the exam must be sat on a single screen.',
  zeroScreens: 'No screen was found. Check your display settings and reload the page.',
  monitorPermissionDenied: 'The browser did not allow the screen check. Allow "Window management" for this site in the browser settings, then reload the page.',
  monitorCheckError: 'The screen check could not run. Reload the page; if it happens again, use an up-to-date Chrome or Edge.',
  monitorPermissionPrompt: 'Allow the browser to check how many screens are connected when it asks.',
} as const;

const clientId = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);
const isoDate = z.iso.datetime({ offset: true });
const zone = z.string().min(1).max(64);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** navigator.connection where the browser has it (Chromium); nothing else of the network. */
export const NetworkData = z.strictObject({
  effectiveType: z.string().max(16).optional(),
  downlink: z.number().min(0).max(100_000).optional(),
  rtt: z.number().min(0).max(600_000).optional(),
  saveData: z.boolean().optional(),
  online: z.boolean().optional(),
});
export type NetworkData = z.infer<typeof NetworkData>;

// The system check.

export const SYSTEM_CHECK_ITEMS = ['camera', 'screen', 'monitors', 'browser', 'upload'] as const;
export type SystemCheckItem = (typeof SYSTEM_CHECK_ITEMS)[number];

export const SYSTEM_CHECK_LABELS: Record<SystemCheckItem, string> = {
  camera: 'Camera',
  screen: 'Sharing your entire screen',
  monitors: 'One screen only',
  browser: 'Browser support',
  upload: 'Upload speed',
};

/** The fix a person reads when an item fails, in plain words. */
export const SYSTEM_CHECK_FIXES: Record<SystemCheckItem, string> = {
  camera: 'Connect a camera, close other programs that use it, and allow this site to use the camera when the browser asks.',
  screen: 'When the browser asks what to share, choose "Entire screen" (not a window or a tab) and press Share.',
  monitors: 'Disconnect every screen but one, and allow "Window management" for this site when the browser asks.',
  browser: 'Use an up-to-date Chrome or Edge on a computer: this browser cannot record the exam.',
  upload: 'Your upload is too slow for the recording. Move closer to the Wi-Fi router, use a cable, or stop other uploads.',
};

/** About 1 Mbit/s: twice the recording's bitrate, so a lost minute catches up. */
export const MIN_UPLOAD_BITS_PER_SECOND = 1_000_000;

export const SystemCheckResult = z.strictObject({
  item: z.enum(SYSTEM_CHECK_ITEMS),
  passed: z.boolean(),
  /** What was measured: e.g. "1 screen", "2.4 Mbit/s", the browser's error name. */
  detail: z.string().max(300),
});
export type SystemCheckResult = z.infer<typeof SystemCheckResult>;

// Events.

export const CandidateEvent = z.strictObject({
  clientEventId: clientId,
  kind: z.enum(CANDIDATE_EVENT_KINDS),
  occurredOn: isoDate,
  /** The sitting once launched; before launch the module alone (system check, consent). */
  examInstanceId: z.uuid().optional(),
  applicationModuleId: z.uuid().optional(),
  detail: z.record(z.string().max(40), z.union([z.string().max(500), z.number(), z.boolean(), z.null(), z.array(SystemCheckResult).max(10)])).optional(),
});
export type CandidateEvent = z.infer<typeof CandidateEvent>;

export const CandidateEventsRequest = z.strictObject({ events: z.array(CandidateEvent).min(1).max(50) });
export type CandidateEventsRequest = z.infer<typeof CandidateEventsRequest>;
export const CandidateEventsResponse = z.object({ stored: z.array(z.string()) });
export type CandidateEventsResponse = z.infer<typeof CandidateEventsResponse>;

// Settings and consent.

export const RecordingSettingRequest = z.strictObject({
  /** null: follow the test's setting. */
  recordExam: z.boolean().nullable(),
});
export type RecordingSettingRequest = z.infer<typeof RecordingSettingRequest>;

export const TestRecordingSettingRequest = z.strictObject({ recordExam: z.boolean() });
export const TestRecordingSetting = z.object({ testId: z.string(), recordExam: z.boolean() });
export type TestRecordingSetting = z.infer<typeof TestRecordingSetting>;

export const ConsentRequest = z.strictObject({ consentVersion: z.number().int().positive(), clientEventId: clientId, occurredOn: isoDate });
export type ConsentRequest = z.infer<typeof ConsentRequest>;

export const ModuleRecordingState = z.object({
  applicationModuleId: z.string(),
  /** What the sitting will take at launch (or took): the module's setting, else its test's. */
  recordExam: z.boolean(),
  /** The module's own setting; null when it follows the test. */
  moduleSetting: z.boolean().nullable(),
  testSetting: z.boolean(),
  retentionDays: z.number().int(),
  consentVersion: z.number().int(),
  consentGivenOn: z.string().nullable(),
  lastSystemCheck: z.object({ passed: z.boolean(), occurredOn: z.string() }).nullable(),
  examInstanceId: z.string().nullable(),
});
export type ModuleRecordingState = z.infer<typeof ModuleRecordingState>;

// The recording record.

export const SaveRecordInfoRequest = z.strictObject({
  examInstanceId: z.uuid(),
  /** The exam page's session (exam-session.ts): a reload keeps it, a second tab has its own. */
  sessionId: z.string().min(8).max(100),
  /** The segment this page starts: the page asks for the next number and uses it. */
  segmentStartedOn: isoDate,
  segmentReason: z.enum(['start', 'reload', 'captureResumed']),
  resolution: z.string().max(20),
  screenResolution: z.string().max(20),
  hasAudio: z.boolean(),
  hasVideo: z.boolean(),
  userAgent: z.string().max(500),
  recordTimezone: zone,
  mimeType: z.string().max(100),
});
export type SaveRecordInfoRequest = z.infer<typeof SaveRecordInfoRequest>;

export const UpdateRecordInfoRequest = z.strictObject({
  recordingId: z.uuid(),
  status: z.enum(RECORDING_STATUSES).optional(),
  /** Seconds recorded so far by this page (added to earlier segments' on the server). */
  segment: z.number().int().min(1).max(10_000),
  segmentDuration: z.number().min(0).max(24 * 3600),
  segmentEndedOn: isoDate.optional(),
});
export type UpdateRecordInfoRequest = z.infer<typeof UpdateRecordInfoRequest>;

/** One numbered, hashed chunk of one stream, as the page holds it. */
export const SyncedChunk = z.strictObject({
  stream: z.enum(RECORDING_STREAMS),
  segment: z.number().int().min(1).max(10_000),
  sequence: z.number().int().min(0).max(100_000),
  sha256,
  size: z.number().int().positive().max(RECORDING_SETTINGS.chunkMaxBytes),
  startedOn: isoDate,
  endedOn: isoDate,
  /** The page has PUT the bytes to the URL it was given: check storage and enter it in the manifest. */
  isUploaded: z.boolean(),
});
export type SyncedChunk = z.infer<typeof SyncedChunk>;

/** Most chunks one sync carries: both streams' slices, and what a lost minute or two left waiting. */
export const CHUNK_SYNC_MAX = 16;

const placeOf = (chunk: { stream: string; segment: number; sequence: number }) => `${chunk.stream}:${chunk.segment}:${chunk.sequence}`;

/**
 * One request for both halves of a chunk's upload (decision 028): upload URLs for chunks not yet
 * sent, and the manifest rows of chunks already PUT, for any number of chunks of one recording.
 */
export const SyncChunksRequest = z
  .strictObject({ recordingId: z.uuid(), chunks: z.array(SyncedChunk).min(1).max(CHUNK_SYNC_MAX) })
  .refine((body) => new Set(body.chunks.map(placeOf)).size === body.chunks.length, { message: 'A chunk appears twice in the request', path: ['chunks'] });
export type SyncChunksRequest = z.infer<typeof SyncChunksRequest>;

/**
 * What became of each chunk, in the request's order: `upload` (PUT the bytes to `url`, then send it
 * again as uploaded; also the answer when storage does not hold what was said to be uploaded),
 * `acknowledged` (in the manifest: the page may forget it), `conflict` (another chunk is stored
 * under its number: it will never be taken).
 */
export const CHUNK_SYNC_STATUSES = ['upload', 'acknowledged', 'conflict'] as const;
export const SyncedChunkResult = z.object({
  stream: z.enum(RECORDING_STREAMS),
  segment: z.number().int(),
  sequence: z.number().int(),
  status: z.enum(CHUNK_SYNC_STATUSES),
  url: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
});
export type SyncedChunkResult = z.infer<typeof SyncedChunkResult>;
export const SyncChunksResponse = z.object({ chunks: z.array(SyncedChunkResult) });
export type SyncChunksResponse = z.infer<typeof SyncChunksResponse>;

export const ManifestChunk = z.object({
  stream: z.enum(RECORDING_STREAMS),
  segment: z.number().int(),
  sequence: z.number().int(),
  size: z.number().int(),
  sha256: z.string(),
  startedOn: z.string(),
  endedOn: z.string(),
  storedOn: z.string(),
});
export type ManifestChunk = z.infer<typeof ManifestChunk>;

export const ManifestSegment = z.object({
  segment: z.number().int(),
  reason: z.string(),
  startedOn: z.string(),
  endedOn: z.string().nullable(),
  /** Sequences missing below the highest one stored, per stream: a hole inside the segment. */
  missing: z.record(z.string(), z.array(z.number().int())),
});

/** A stretch of the sitting with no recording, between two segments: shown, never joined. */
export const RecordingGap = z.object({ afterSegment: z.number().int(), from: z.string(), to: z.string(), seconds: z.number() });
export type RecordingGap = z.infer<typeof RecordingGap>;

/** Spec section 3: Exam recording record, every field, and the manifest of its chunks. */
export const ExamRecording = z.object({
  id: z.string(),
  examInstanceId: z.string(),
  qualificationModuleId: z.string().nullable(),
  qualificationResitModuleId: z.string().nullable(),
  aicipModuleId: z.string().nullable(),
  aicipResitModuleId: z.string().nullable(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  sessionId: z.string(),
  resolution: z.string(),
  duration: z.number(),
  hasAudio: z.boolean(),
  hasVideo: z.boolean(),
  status: z.enum(RECORDING_STATUSES),
  videoCreatedOn: z.string(),
  screenResolution: z.string(),
  userAgent: z.string(),
  recordTimezone: z.string(),
  mimeType: z.string(),
});
export type ExamRecording = z.infer<typeof ExamRecording>;

export const SaveRecordInfoResponse = z.object({ recording: ExamRecording, segment: z.number().int() });
export type SaveRecordInfoResponse = z.infer<typeof SaveRecordInfoResponse>;

export const RecordingManifest = z.object({
  recording: ExamRecording.nullable(),
  segments: z.array(ManifestSegment),
  chunks: z.array(ManifestChunk),
  gaps: z.array(RecordingGap),
  /** Every segment's chunks run from 0 to its highest with none missing. */
  isComplete: z.boolean(),
});
export type RecordingManifest = z.infer<typeof RecordingManifest>;

// Snapshots.

export const PresignSnapshotRequest = z.strictObject({
  examInstanceId: z.uuid(),
  clientEventId: clientId,
  size: z.number().int().positive().max(RECORDING_SETTINGS.snapshotMaxBytes),
});
export const PresignSnapshotResponse = z.object({ key: z.string(), url: z.string(), headers: z.record(z.string(), z.string()) });
export type PresignSnapshotResponse = z.infer<typeof PresignSnapshotResponse>;

/** The system check sends this many bytes to storage to measure the upload speed. */
export const SPEED_TEST_BYTES = 256 * 1024;
export const PresignSpeedTestResponse = z.object({ url: z.string(), headers: z.record(z.string(), z.string()), size: z.number().int() });
export type PresignSpeedTestResponse = z.infer<typeof PresignSpeedTestResponse>;

// Keystrokes.

/**
 * One key: `k` is the key's name for keys that are not text (Backspace, Enter, Tab, arrows,
 * shortcuts as "Ctrl+C") and "char" for any character typed, so the log never copies what a
 * free-text answer says (the answer itself is the question instance's); `t` milliseconds after
 * the batch's start; `q` the question instance shown.
 */
export const KeystrokeEntry = z.strictObject({
  k: z.string().min(1).max(20),
  t: z.number().int().min(0).max(24 * 3600_000),
  q: z.string().max(40).optional(),
});
export type KeystrokeEntry = z.infer<typeof KeystrokeEntry>;

/** Spec section 3: Keystroke record (keys, clientTimeZone, startDate, endDate, moduleExamInstanceRecordId, examInstanceId, network data). */
export const SaveKeystrokesRequest = z.strictObject({
  batchId: clientId,
  examInstanceId: z.uuid(),
  moduleExamInstanceRecordId: z.uuid().nullable(),
  keys: z.array(KeystrokeEntry).max(20_000),
  clientTimeZone: zone,
  startDate: isoDate,
  endDate: isoDate,
  networkData: NetworkData,
});
export type SaveKeystrokesRequest = z.infer<typeof SaveKeystrokesRequest>;
export const SaveKeystrokesResponse = z.object({ batchId: z.string(), isDuplicate: z.boolean() });
export type SaveKeystrokesResponse = z.infer<typeof SaveKeystrokesResponse>;

/** The four module ids of the record from the program type of the sitting's application (spec section 9: 1 Q, 4 AICIP). */
export function recordModuleIds(programType: number | null, applicationModuleId: string | null) {
  return {
    qualificationModuleId: programType === 1 ? applicationModuleId : null,
    qualificationResitModuleId: null as string | null,
    aicipModuleId: programType === 4 ? applicationModuleId : null,
    aicipResitModuleId: null as string | null,
  };
}

/** Sequences missing below the highest stored one (a hole a retry has not filled yet). */
export function missingSequences(sequences: readonly number[]): number[] {
  if (sequences.length === 0) return [];
  const seen = new Set(sequences);
  const highest = Math.max(...sequences);
  const missing: number[] = [];
  for (let n = 0; n <= highest; n++) if (!seen.has(n)) missing.push(n);
  return missing;
}
