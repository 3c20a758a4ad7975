import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applicationModules } from './application-module';
import { examInstances } from './exam-instance';
import { applicants } from './user';

/**
 * The recording of one recorded sitting (spec section 3: Exam recording record; issue 19, decision
 * 028). The bytes are chunks in storage under `url` (a prefix); the manifest below says which
 * chunks exist. One record per sitting: a reload adds a segment, never a second record.
 */
export const examRecordings = pgTable('exam_recordings', {
  id: uuid('id').primaryKey().defaultRandom(),
  examInstanceId: uuid('exam_instance_id')
    .notNull()
    .unique()
    .references(() => examInstances.id),
  applicantId: uuid('applicant_id')
    .notNull()
    .references(() => applicants.id),
  /** The spec's four module ids; only the one of the sitting's program type is set. */
  qualificationModuleId: uuid('qualification_module_id').references(() => applicationModules.id),
  qualificationResitModuleId: uuid('qualification_resit_module_id'),
  aicipModuleId: uuid('aicip_module_id').references(() => applicationModules.id),
  aicipResitModuleId: uuid('aicip_resit_module_id'),
  /** The storage prefix of the chunks (`recordings/{id}/`). */
  url: text('url').notNull(),
  name: text('name').notNull(),
  /** Bytes of every chunk stored so far. */
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  /** The exam page's session that started the latest segment. */
  sessionId: text('session_id').notNull(),
  /** The camera's, as recorded (spec: 180x180). */
  resolution: text('resolution').notNull(),
  /** Seconds recorded, over every segment. */
  duration: real('duration').notNull().default(0),
  hasAudio: boolean('has_audio').notNull(),
  hasVideo: boolean('has_video').notNull(),
  status: text('status', { enum: ['recording', 'stopped', 'uploaded'] }).notNull().default('recording'),
  videoCreatedOn: timestamp('video_created_on', { withTimezone: true, mode: 'date' }).notNull(),
  screenResolution: text('screen_resolution').notNull(),
  userAgent: text('user_agent').notNull(),
  recordTimezone: text('record_timezone').notNull(),
  mimeType: text('mime_type').notNull(),
  ...auditColumns,
});

/** A run of the recorder in one page: the first, then one per reload or resumed capture. */
export const examRecordingSegments = pgTable(
  'exam_recording_segments',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => examRecordings.id),
    segment: integer('segment').notNull(),
    reason: text('reason', { enum: ['start', 'reload', 'captureResumed'] }).notNull(),
    sessionId: text('session_id').notNull(),
    startedOn: timestamp('started_on', { withTimezone: true, mode: 'date' }).notNull(),
    endedOn: timestamp('ended_on', { withTimezone: true, mode: 'date' }),
    duration: real('duration').notNull().default(0),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.segment] })],
);

/** The manifest: one row per stored chunk of one stream, numbered within its segment. */
export const examRecordingChunks = pgTable(
  'exam_recording_chunks',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => examRecordings.id),
    stream: text('stream', { enum: ['screen', 'camera'] }).notNull(),
    segment: integer('segment').notNull(),
    sequence: integer('sequence').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The candidate's clock: when the chunk's recording began and ended. */
    startedOn: timestamp('started_on', { withTimezone: true, mode: 'date' }).notNull(),
    endedOn: timestamp('ended_on', { withTimezone: true, mode: 'date' }).notNull(),
    storedOn: timestamp('stored_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordingId, t.stream, t.segment, t.sequence] })],
);

/** Spec section 3: Keystroke record. One row per batch the page sends (every 300000 ms and at submission). */
export const examKeystrokeBatches = pgTable(
  'exam_keystroke_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The page's id for the batch: a retried batch is stored once. */
    batchId: text('batch_id').notNull(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    examInstanceId: uuid('exam_instance_id')
      .notNull()
      .references(() => examInstances.id),
    moduleExamInstanceRecordId: uuid('module_exam_instance_record_id').references(() => examRecordings.id),
    keys: jsonb('keys').$type<{ k: string; t: number; q?: string }[]>().notNull(),
    keyCount: integer('key_count').notNull(),
    clientTimeZone: text('client_time_zone').notNull(),
    startDate: timestamp('start_date', { withTimezone: true, mode: 'date' }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true, mode: 'date' }).notNull(),
    networkData: jsonb('network_data').$type<Record<string, unknown>>().notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('exam_keystroke_batches_batch_unique').on(t.applicantId, t.batchId), index('exam_keystroke_batches_instance_idx').on(t.examInstanceId, t.startDate)],
);

/** The candidate's agreement to a recorded sitting, given before it opens (kept with the module sitting). */
export const examRecordingConsents = pgTable('exam_recording_consents', {
  applicationModuleId: uuid('application_module_id')
    .primaryKey()
    .references(() => applicationModules.id),
  applicantId: uuid('applicant_id')
    .notNull()
    .references(() => applicants.id),
  consentVersion: integer('consent_version').notNull(),
  retentionDays: integer('retention_days').notNull(),
  agreedOn: timestamp('agreed_on', { withTimezone: true, mode: 'date' }).notNull(),
  ...auditColumns,
});
