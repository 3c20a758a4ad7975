import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import {
  RECORDING_CONSENT,
  RECORDING_MESSAGES,
  RECORDING_RETENTION_DAYS,
  RECORDING_STREAMS,
  SPEED_TEST_BYTES,
  missingSequences,
  recordModuleIds,
  type CandidateEvent,
  type CandidateEventsResponse,
  type ConsentRequest,
  type ExamRecording,
  type ModuleRecordingState,
  type PresignSnapshotResponse,
  type PresignSpeedTestResponse,
  type RecordingGap,
  type RecordingManifest,
  type SaveKeystrokesRequest,
  type SaveKeystrokesResponse,
  type SaveRecordInfoRequest,
  type SaveRecordInfoResponse,
  type SyncChunksRequest,
  type SyncChunksResponse,
  type SyncedChunkResult,
  type TestRecordingSetting,
  type UpdateRecordInfoRequest,
} from '@certs/shared/exam-integrity/exam-recording.contract';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { Storage } from '../../platform/storage/storage';
import { UPLOADS_PREFIX } from '../../platform/storage/upload-sweep';
import { canScheduleExams } from '../exam-schedule/exam-schedule.policy';
import type { ProgramService } from '../program/program.service';
import type { ChunkPlace, ChunkRow, ExamRecordingRepository, EventInsert, RecordingRow, SegmentRow, SittingRow } from './exam-recording.repository';
import { recordingChunks } from '../../platform/metrics/metrics';

/** Chunks are WebM whatever codec string the browser gave: one content type, so the signed URL and the PUT agree. */
const CHUNK_CONTENT_TYPE = 'video/webm';
const SNAPSHOT_CONTENT_TYPE = 'image/jpeg';
const UPLOAD_URL_SECONDS = 10 * 60;
const placeOf = (chunk: ChunkPlace): ChunkPlace => ({ stream: chunk.stream, segment: chunk.segment, sequence: chunk.sequence });
const keyOfPlace = (chunk: ChunkPlace): string => `${chunk.stream}:${chunk.segment}:${chunk.sequence}`;

/** A pause shorter than this between two segments is a reload's normal start-up, not worth a mark. */
const GAP_MARK_SECONDS = 1;

function applicantOf(actor: CurrentUser): string {
  if (!actor.applicantId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  return actor.applicantId;
}

function toRecording(row: RecordingRow): ExamRecording {
  const { applicantId: _applicant, ...rest } = row;
  return rest;
}

/** Stretches between segments with nothing recorded: the previous segment's last chunk to the next one's start. */
export function gapsOf(segments: readonly SegmentRow[], chunks: readonly ChunkRow[]): RecordingGap[] {
  const gaps: RecordingGap[] = [];
  for (let i = 1; i < segments.length; i++) {
    const previous = segments[i - 1]!;
    const next = segments[i]!;
    const ends = chunks.filter((c) => c.segment === previous.segment).map((c) => Date.parse(c.endedOn));
    const from = ends.length > 0 ? Math.max(...ends) : Date.parse(previous.endedOn ?? previous.startedOn);
    const to = Date.parse(next.startedOn);
    const seconds = Math.round((to - from) / 100) / 10;
    if (seconds >= GAP_MARK_SECONDS) gaps.push({ afterSegment: previous.segment, from: new Date(from).toISOString(), to: next.startedOn, seconds });
  }
  return gaps;
}

/** The manifest as the reviewer and the tests read it: segments with their holes, chunks in order, gaps. */
export function manifestOf(recording: RecordingRow | null, segments: readonly SegmentRow[], chunks: readonly ChunkRow[]): RecordingManifest {
  const withHoles = segments.map((segment) => {
    const missing: Record<string, number[]> = {};
    for (const stream of RECORDING_STREAMS) {
      missing[stream] = missingSequences(chunks.filter((c) => c.segment === segment.segment && c.stream === stream).map((c) => c.sequence));
    }
    return { segment: segment.segment, reason: segment.reason, startedOn: segment.startedOn, endedOn: segment.endedOn, missing };
  });
  const isComplete =
    segments.length > 0 &&
    withHoles.every((segment) => Object.values(segment.missing).every((holes) => holes.length === 0)) &&
    segments.every((segment) => RECORDING_STREAMS.every((stream) => chunks.some((c) => c.segment === segment.segment && c.stream === stream)));
  return {
    recording: recording ? toRecording(recording) : null,
    segments: withHoles,
    chunks: chunks.map(({ storageKey: _key, ...chunk }) => chunk),
    gaps: gapsOf(segments, chunks),
    isComplete,
  };
}

/**
 * The candidate's side of a recorded exam (issue 19, decision 028): whether a module is recorded,
 * consent, events, the recording record, its chunk manifest, snapshots and keystrokes. Every call
 * is for the caller's own module or sitting: another applicant's id answers 404, as if it did not exist.
 */
export class ExamRecordingService {
  constructor(
    private readonly repository: ExamRecordingRepository,
    private readonly storage: Storage,
    private readonly programs: ProgramService,
    /** The tests' own reader: it refuses (403/404) staff who do not build the test's program's tests. */
    private readonly tests: { findTest(actor: CurrentUser, id: string): Promise<unknown> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async testSetting(actor: CurrentUser, testId: string): Promise<TestRecordingSetting> {
    await this.tests.findTest(actor, testId);
    return { testId, recordExam: await this.repository.findTestSetting(testId) };
  }

  /** Not the test's content (what candidates answer), so it may change after publishing; sittings already launched keep theirs. */
  async setTestSetting(actor: CurrentUser, testId: string, recordExam: boolean): Promise<TestRecordingSetting> {
    await this.tests.findTest(actor, testId);
    await this.repository.setTestSetting(testId, recordExam, actor.id);
    return { testId, recordExam };
  }

  async moduleState(actor: CurrentUser, applicationModuleId: string): Promise<ModuleRecordingState> {
    const applicantId = applicantOf(actor);
    const module = await this.repository.findModule(applicationModuleId);
    if (!module || module.applicantId !== applicantId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
    return this.stateOf(module.applicationModuleId, module.applicantId);
  }

  /** Staff who schedule the module (administrators, the program's manager) set whether its sitting is recorded. */
  async setModuleSetting(actor: CurrentUser, applicationModuleId: string, recordExam: boolean | null): Promise<ModuleRecordingState> {
    const module = await this.repository.findModule(applicationModuleId);
    if (!module) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
    const standing = await this.programs.programPrivilege(actor, module.programId);
    if (!canScheduleExams(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    await this.repository.setModuleSetting(applicationModuleId, recordExam, actor.id);
    return this.stateOf(module.applicationModuleId, module.applicantId);
  }

  private async stateOf(applicationModuleId: string, applicantId: string): Promise<ModuleRecordingState> {
    const [module, lastSystemCheck] = await Promise.all([this.repository.findModule(applicationModuleId), this.repository.findLastSystemCheck(applicantId, applicationModuleId)]);
    if (!module) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
    return {
      applicationModuleId,
      recordExam: module.moduleSetting ?? module.testSetting,
      moduleSetting: module.moduleSetting,
      testSetting: module.testSetting,
      retentionDays: RECORDING_RETENTION_DAYS,
      consentVersion: RECORDING_CONSENT.version,
      consentGivenOn: module.consentGivenOn,
      lastSystemCheck,
      examInstanceId: module.examInstanceId,
    };
  }

  /** The candidate agrees before the recorded sitting opens: a consent row and a `consentGiven` event, once. */
  async giveConsent(actor: CurrentUser, applicationModuleId: string, input: ConsentRequest): Promise<ModuleRecordingState> {
    const applicantId = applicantOf(actor);
    const module = await this.repository.findModule(applicationModuleId);
    if (!module || module.applicantId !== applicantId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
    if (!(module.moduleSetting ?? module.testSetting)) throw new AppError('CONFLICT', RECORDING_MESSAGES.notRecorded);
    const agreedOn = this.now();
    await this.repository.transaction(async (tx) => {
      await this.repository.insertConsent(tx, { applicationModuleId, applicantId, consentVersion: input.consentVersion, retentionDays: RECORDING_RETENTION_DAYS, agreedOn, actorId: actor.id });
      await this.repository.insertEvents(tx, [
        {
          examInstanceId: module.examInstanceId,
          applicationModuleId,
          applicantId,
          kind: 'consentGiven',
          source: 'candidate',
          detail: { consentVersion: input.consentVersion, retentionDays: RECORDING_RETENTION_DAYS },
          occurredOn: new Date(input.occurredOn),
          clientEventId: input.clientEventId,
        },
      ]);
    });
    return this.stateOf(applicationModuleId, applicantId);
  }

  /**
   * Events the candidate's page reports, each for the caller's own module or sitting; a retried
   * event (same client id) is stored once. A snapshot must name a stored picture of that sitting.
   */
  async logEvents(actor: CurrentUser, events: readonly CandidateEvent[]): Promise<CandidateEventsResponse> {
    const applicantId = applicantOf(actor);
    const sittings = new Map<string, SittingRow>();
    const modules = new Map<string, string | null>();
    const rows: EventInsert[] = [];
    for (const event of events) {
      let examInstanceId: string | null = null;
      let applicationModuleId: string | null = null;
      if (event.examInstanceId) {
        if (!sittings.has(event.examInstanceId)) {
          const found = await this.repository.findSitting(event.examInstanceId);
          if (found) sittings.set(event.examInstanceId, found);
        }
        const sitting = sittings.get(event.examInstanceId);
        if (!sitting || sitting.applicantId !== applicantId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
        examInstanceId = sitting.examInstanceId;
        applicationModuleId = sitting.applicationModuleId;
        if (event.applicationModuleId && event.applicationModuleId !== applicationModuleId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
      } else if (event.applicationModuleId) {
        if (!modules.has(event.applicationModuleId)) modules.set(event.applicationModuleId, await this.repository.findModuleApplicant(event.applicationModuleId));
        if (modules.get(event.applicationModuleId) !== applicantId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
        applicationModuleId = event.applicationModuleId;
      } else {
        throw new AppError('BAD_REQUEST', RECORDING_MESSAGES.notFound);
      }
      if (event.kind === 'snapshot') await this.checkSnapshot(examInstanceId, event.detail?.key);
      rows.push({ examInstanceId, applicationModuleId, applicantId, kind: event.kind, source: 'candidate', detail: event.detail ?? {}, occurredOn: new Date(event.occurredOn), clientEventId: event.clientEventId });
    }
    // A client id reused for another event would otherwise be acknowledged and the event lost.
    let stored = await this.repository.insertEventsReadBack(rows);
    // An id stored by a request running at the same moment is not in that statement's view: read again.
    if (stored.length < rows.length) stored = await this.repository.findEventsByClientIds(applicantId, rows.map((row) => row.clientEventId!));
    const byId = new Map(stored.map((row) => [row.clientEventId, row]));
    for (const row of rows) {
      const found = byId.get(row.clientEventId!);
      if (!found || found.kind !== row.kind || found.examInstanceId !== row.examInstanceId) throw new AppError('CONFLICT', RECORDING_MESSAGES.eventConflict);
    }
    return { stored: rows.map((row) => row.clientEventId!) };
  }

  private async checkSnapshot(examInstanceId: string | null, key: unknown): Promise<void> {
    if (!examInstanceId || typeof key !== 'string' || !key.startsWith(`snapshots/${examInstanceId}/`)) throw new AppError('BAD_REQUEST', RECORDING_MESSAGES.chunkMissing);
    if ((await this.storage.sizeOf(key)) === null) throw new AppError('CONFLICT', RECORDING_MESSAGES.chunkMissing);
  }

  /** The candidate's own recorded sitting, still open (a recording starts only while the exam runs). */
  private async ownSitting(actor: CurrentUser, examInstanceId: string): Promise<SittingRow> {
    const applicantId = applicantOf(actor);
    const sitting = await this.repository.findSitting(examInstanceId);
    if (!sitting || sitting.applicantId !== applicantId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
    return sitting;
  }

  private async ownRecording(actor: CurrentUser, recordingId: string): Promise<RecordingRow> {
    const applicantId = applicantOf(actor);
    const recording = await this.repository.findRecording(recordingId);
    if (!recording || recording.applicantId !== applicantId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
    return recording;
  }

  /**
   * Save recording info: the first call of a sitting creates its record (every field of spec
   * section 3); each call starts the next segment (a reload, or capture shared again), logged as
   * `recordingStarted` or `recordingSegmentStarted`, with a `recordingGap` when time went unrecorded.
   */
  async saveRecordInfo(actor: CurrentUser, input: SaveRecordInfoRequest): Promise<SaveRecordInfoResponse> {
    const sitting = await this.ownSitting(actor, input.examInstanceId);
    if (!sitting.recordExam) throw new AppError('CONFLICT', RECORDING_MESSAGES.notRecorded);
    if (sitting.status !== 'InProgress') throw new AppError('CONFLICT', RECORDING_MESSAGES.sittingClosed);
    const startedOn = new Date(input.segmentStartedOn);
    const record = {
      examInstanceId: sitting.examInstanceId,
      applicantId: sitting.applicantId,
      ...recordModuleIds(sitting.programType, sitting.applicationModuleId),
      name: `Exam recording ${sitting.examInstanceId}`,
      sessionId: input.sessionId,
      resolution: input.resolution,
      hasAudio: input.hasAudio,
      hasVideo: input.hasVideo,
      videoCreatedOn: startedOn,
      screenResolution: input.screenResolution,
      userAgent: input.userAgent,
      recordTimezone: input.recordTimezone,
      mimeType: input.mimeType,
    };
    // Every sitting's first save, at launch: one statement (the launch minute is the exam day's busiest).
    if (!sitting.recordingId) {
      const started = await this.repository.startRecording({ ...record, applicationModuleId: sitting.applicationModuleId });
      if (started) return { recording: toRecording(started), segment: 1 };
    }
    return this.repository.transaction(async (tx) => {
      await this.repository.insertRecording(tx, record);
      // The lock orders two pages starting segments at once: each gets its own number.
      const recording = (await this.repository.lockRecordingOfSitting(tx, sitting.examInstanceId))!;
      const segments = await this.repository.findSegments(recording.id, tx);
      const previous = segments.at(-1);
      const segment = (previous?.segment ?? 0) + 1;
      await this.repository.insertSegment(tx, { recordingId: recording.id, segment, reason: previous ? input.segmentReason : 'start', sessionId: input.sessionId, startedOn });
      if (previous) await this.repository.updateRecordingForSegment(tx, recording.id, input);
      const events: EventInsert[] = [
        {
          examInstanceId: sitting.examInstanceId,
          applicationModuleId: sitting.applicationModuleId,
          applicantId: sitting.applicantId,
          kind: previous ? 'recordingSegmentStarted' : 'recordingStarted',
          source: 'candidate',
          detail: { recordingId: recording.id, segment, reason: previous ? input.segmentReason : 'start' },
          occurredOn: startedOn,
          clientEventId: `rec-${recording.id}-${segment}`,
        },
      ];
      if (previous) {
        const last = await this.repository.lastRecordedOn(tx, recording.id, previous.segment);
        const seconds = last ? Math.round((startedOn.getTime() - Date.parse(last)) / 100) / 10 : 0;
        if (last && seconds >= GAP_MARK_SECONDS) {
          events.push({
            examInstanceId: sitting.examInstanceId,
            applicationModuleId: sitting.applicationModuleId,
            applicantId: sitting.applicantId,
            kind: 'recordingGap',
            source: 'system',
            detail: { recordingId: recording.id, afterSegment: previous.segment, from: last, to: startedOn.toISOString(), seconds },
            occurredOn: new Date(last),
            clientEventId: `gap-${recording.id}-${segment}`,
          });
        }
      }
      await this.repository.insertEvents(tx, events);
      return { recording: toRecording((await this.repository.findRecording(recording.id, tx))!), segment };
    });
  }

  /** Update recording info: the segment's duration and end, the record's total duration and status. */
  async updateRecordInfo(actor: CurrentUser, input: UpdateRecordInfoRequest): Promise<ExamRecording> {
    const recording = await this.ownRecording(actor, input.recordingId);
    await this.repository.transaction(async (tx) => {
      const found = await this.repository.updateSegment(tx, {
        recordingId: recording.id,
        segment: input.segment,
        duration: input.segmentDuration,
        endedOn: input.segmentEndedOn ? new Date(input.segmentEndedOn) : null,
        status: input.status ?? null,
      });
      if (!found) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.noRecording);
      if (input.status === 'stopped') {
        const sitting = await this.repository.findSitting(recording.examInstanceId, tx);
        await this.repository.insertEvents(tx, [
          {
            examInstanceId: recording.examInstanceId,
            applicationModuleId: sitting?.applicationModuleId ?? null,
            applicantId: recording.applicantId,
            kind: 'recordingStopped',
            source: 'candidate',
            detail: { recordingId: recording.id, segment: input.segment, duration: input.segmentDuration },
            occurredOn: input.segmentEndedOn ? new Date(input.segmentEndedOn) : this.now(),
            clientEventId: `rec-${recording.id}-${input.segment}-stopped`,
          },
        ]);
      }
    });
    return toRecording((await this.repository.findRecording(recording.id))!);
  }

  /** The storage key of one chunk: the record's prefix, the chunk's place and the start of its hash. */
  private chunkKey(recording: { url: string }, input: { stream: string; segment: number; sequence: number; sha256: string }): string {
    return `${recording.url}${input.stream}-${input.segment}-${input.sequence}-${input.sha256.slice(0, 16)}.webm`;
  }

  /**
   * Both halves of a chunk's upload for any few chunks of one recording, in one request (decision
   * 028): a chunk not yet sent gets an upload URL straight to storage (on S3 the server never carries
   * the bytes); a chunk the page has PUT is checked in storage and entered in the manifest once. A
   * chunk already stored with the same hash is acknowledged again; under another hash it is a
   * conflict; said to be uploaded but not in storage with its size, it gets a new URL.
   */
  async syncChunks(actor: CurrentUser, input: SyncChunksRequest): Promise<SyncChunksResponse> {
    const applicantId = applicantOf(actor);
    const recording = await this.repository.findRecordingChunks(input.recordingId, input.chunks.map(placeOf));
    if (!recording || recording.applicantId !== applicantId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.notFound);
    const stored = new Map(recording.existing.map((chunk) => [keyOfPlace(chunk), chunk.sha256]));
    const results: SyncedChunkResult[] = [];
    const arrived: (Omit<ChunkRow, 'storedOn'> & { index: number })[] = [];
    await Promise.all(
      input.chunks.map(async (chunk, index) => {
        const place = placeOf(chunk);
        const storedHash = stored.get(keyOfPlace(chunk));
        if (storedHash !== undefined) {
          results[index] = { ...place, status: storedHash === chunk.sha256 ? 'acknowledged' : 'conflict', url: null, headers: {} };
          return;
        }
        const storageKey = this.chunkKey(recording, chunk);
        if (chunk.isUploaded && (await this.storage.sizeOf(storageKey)) === chunk.size) {
          arrived.push({ index, ...place, size: chunk.size, sha256: chunk.sha256, storageKey, startedOn: chunk.startedOn, endedOn: chunk.endedOn });
          return;
        }
        const { url, headers } = await this.storage.presignUpload(storageKey, CHUNK_CONTENT_TYPE, UPLOAD_URL_SECONDS);
        results[index] = { ...place, status: 'upload', url, headers };
      }),
    );
    if (arrived.length > 0) {
      const added = new Set((await this.repository.insertChunks(recording.id, arrived.map(({ index: _index, ...row }) => row))).map(keyOfPlace));
      recordingChunks.inc(added.size);
      // A place another request took a moment ago: the same chunk (a retry), or a conflict.
      const raced = arrived.filter((chunk) => !added.has(keyOfPlace(chunk)));
      const now = raced.length > 0 ? new Map((await this.repository.findRecordingChunks(recording.id, raced.map(placeOf)))!.existing.map((c) => [keyOfPlace(c), c.sha256])) : new Map<string, string>();
      for (const chunk of arrived) {
        const isTheSame = added.has(keyOfPlace(chunk)) || now.get(keyOfPlace(chunk)) === chunk.sha256;
        results[chunk.index] = { ...placeOf(chunk), status: isTheSame ? 'acknowledged' : 'conflict', url: null, headers: {} };
      }
    }
    return { chunks: results };
  }

  /** The record and its manifest, for the candidate's own sitting (the page checks what arrived). */
  async manifest(actor: CurrentUser, examInstanceId: string): Promise<RecordingManifest> {
    await this.ownSitting(actor, examInstanceId);
    return this.manifestOfSitting(examInstanceId);
  }

  /** The manifest of any sitting, for a caller who has already checked the reader's right (the review screen). */
  async manifestOfSitting(examInstanceId: string): Promise<RecordingManifest> {
    const recording = await this.repository.findRecordingOfSitting(examInstanceId);
    if (!recording) return manifestOf(null, [], []);
    const [segments, chunks] = await Promise.all([this.repository.findSegments(recording.id), this.repository.findChunks(recording.id)]);
    return manifestOf(recording, segments, chunks);
  }

  /** An upload URL for one small camera picture of the candidate's recorded sitting; the page then logs a `snapshot` event naming its key. */
  async presignSnapshot(actor: CurrentUser, input: { examInstanceId: string; clientEventId: string; size: number }): Promise<PresignSnapshotResponse> {
    const sitting = await this.ownSitting(actor, input.examInstanceId);
    if (!sitting.recordExam) throw new AppError('CONFLICT', RECORDING_MESSAGES.notRecorded);
    if (sitting.status !== 'InProgress') throw new AppError('CONFLICT', RECORDING_MESSAGES.sittingClosed);
    const key = `snapshots/${sitting.examInstanceId}/${randomUUID()}.jpg`;
    const { url, headers } = await this.storage.presignUpload(key, SNAPSHOT_CONTENT_TYPE, UPLOAD_URL_SECONDS);
    return { key, url, headers };
  }

  /**
   * An upload URL for the system check's speed test: bytes that mean nothing, under `uploads/`, so the
   * hourly upload sweep deletes them (decision 015); any applicant may measure their connection.
   */
  async presignSpeedTest(actor: CurrentUser): Promise<PresignSpeedTestResponse> {
    applicantOf(actor);
    const { url, headers } = await this.storage.presignUpload(`${UPLOADS_PREFIX}speedtest-${randomUUID()}.bin`, 'application/octet-stream', 120);
    return { url, headers, size: SPEED_TEST_BYTES };
  }

  /** Save keystrokes: one batch, stored once by its id (a retry answers isDuplicate; another batch under the id is refused). */
  async saveKeystrokes(actor: CurrentUser, input: SaveKeystrokesRequest): Promise<SaveKeystrokesResponse> {
    const sitting = await this.ownSitting(actor, input.examInstanceId);
    if (input.moduleExamInstanceRecordId && input.moduleExamInstanceRecordId !== sitting.recordingId) throw new AppError('NOT_FOUND', RECORDING_MESSAGES.noRecording);
    const startDate = new Date(input.startDate);
    const stored = await this.repository.insertKeystrokes({
      batchId: input.batchId,
      applicantId: sitting.applicantId,
      examInstanceId: sitting.examInstanceId,
      recordingId: input.moduleExamInstanceRecordId,
      keys: input.keys,
      clientTimeZone: input.clientTimeZone,
      startDate,
      endDate: new Date(input.endDate),
      networkData: input.networkData,
      actorId: actor.id,
    });
    if (!stored.isNew && (stored.examInstanceId !== sitting.examInstanceId || stored.keyCount !== input.keys.length || stored.startDate !== startDate.toISOString())) {
      throw new AppError('CONFLICT', RECORDING_MESSAGES.batchConflict);
    }
    return { batchId: input.batchId, isDuplicate: !stored.isNew };
  }
}
