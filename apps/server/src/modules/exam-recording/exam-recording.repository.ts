import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { RecordingStatus, RecordingStream } from '@certs/shared/exam-integrity/exam-recording.contract';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const at = (value: Date | string): SQL => sql`${new Date(value).toISOString()}::timestamptz`;
const toIso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A scheduled module with what the recording needs to know of it, and who sits it. */
export interface ModuleRow {
  applicationModuleId: string;
  applicantId: string;
  programId: string;
  moduleSetting: boolean | null;
  testSetting: boolean;
  consentGivenOn: string | null;
  examInstanceId: string | null;
}

/** The sitting, its candidate and its recording (when started). */
export interface SittingRow {
  examInstanceId: string;
  applicantId: string;
  applicationModuleId: string | null;
  programType: number | null;
  status: string;
  recordExam: boolean;
  recordingId: string | null;
}

export interface RecordingRow {
  id: string;
  examInstanceId: string;
  applicantId: string;
  qualificationModuleId: string | null;
  qualificationResitModuleId: string | null;
  aicipModuleId: string | null;
  aicipResitModuleId: string | null;
  url: string;
  name: string;
  size: number;
  sessionId: string;
  resolution: string;
  duration: number;
  hasAudio: boolean;
  hasVideo: boolean;
  status: RecordingStatus;
  videoCreatedOn: string;
  screenResolution: string;
  userAgent: string;
  recordTimezone: string;
  mimeType: string;
}

export interface ChunkRow {
  stream: RecordingStream;
  segment: number;
  sequence: number;
  size: number;
  sha256: string;
  storageKey: string;
  startedOn: string;
  endedOn: string;
  storedOn: string;
}

export interface ChunkPlace {
  stream: RecordingStream;
  segment: number;
  sequence: number;
}

export interface RecordingChunks {
  id: string;
  applicantId: string;
  /** The storage prefix of the recording's chunks. */
  url: string;
  /** The asked-for places already in the manifest. */
  existing: (ChunkPlace & { sha256: string })[];
}

export interface SegmentRow {
  segment: number;
  reason: string;
  startedOn: string;
  endedOn: string | null;
}

export interface EventInsert {
  examInstanceId: string | null;
  applicationModuleId: string | null;
  applicantId: string;
  kind: string;
  source: 'candidate' | 'system';
  detail: Record<string, unknown>;
  occurredOn: Date;
  clientEventId: string | null;
}

const RECORDING_COLUMNS = sql.raw(`
  r.id, r.exam_instance_id as "examInstanceId", r.applicant_id as "applicantId",
  r.qualification_module_id as "qualificationModuleId", r.qualification_resit_module_id as "qualificationResitModuleId",
  r.aicip_module_id as "aicipModuleId", r.aicip_resit_module_id as "aicipResitModuleId", r.url, r.name, r.size::float8 as size,
  r.session_id as "sessionId", r.resolution, r.duration::float8 as duration, r.has_audio as "hasAudio", r.has_video as "hasVideo",
  r.status, r.video_created_on as "videoCreatedOn", r.screen_resolution as "screenResolution", r.user_agent as "userAgent",
  r.record_timezone as "recordTimezone", r.mime_type as "mimeType"`);

function toRecording(row: RecordingRow): RecordingRow {
  return { ...row, videoCreatedOn: toIso(row.videoCreatedOn) ?? '' };
}

type NewRecording = Omit<RecordingRow, 'id' | 'size' | 'duration' | 'status' | 'url' | 'videoCreatedOn'> & { videoCreatedOn: Date };

/** The record's insert, once per sitting. The id is made here because the storage prefix names it. */
function insertRecordingOnce(values: NewRecording): SQL {
  const id = randomUUID();
  return sql`
    insert into exam_recordings (id, exam_instance_id, applicant_id, qualification_module_id, qualification_resit_module_id, aicip_module_id,
      aicip_resit_module_id, url, name, session_id, resolution, has_audio, has_video, video_created_on, screen_resolution, user_agent,
      record_timezone, mime_type, created_by, modified_by)
    values (${id}, ${values.examInstanceId}, ${values.applicantId}, ${values.qualificationModuleId}, ${values.qualificationResitModuleId}, ${values.aicipModuleId},
      ${values.aicipResitModuleId}, ${`recordings/${id}/`}, ${values.name}, ${values.sessionId}, ${values.resolution}, ${values.hasAudio}, ${values.hasVideo},
      ${at(values.videoCreatedOn)}, ${values.screenResolution}, ${values.userAgent}, ${values.recordTimezone}, ${values.mimeType}, null, null)
    on conflict (exam_instance_id) do nothing`;
}

/** The only database access of the recording module (issue 19). */
export class ExamRecordingRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findModule(applicationModuleId: string): Promise<ModuleRow | null> {
    const rows = rowsOf<ModuleRow>(
      await this.db.execute(sql`
        select am.id as "applicationModuleId", a.applicant_id as "applicantId", a.program_id as "programId",
          am.record_exam as "moduleSetting", coalesce(ed.record_exam, false) as "testSetting",
          c.agreed_on as "consentGivenOn", e.id as "examInstanceId"
        from application_modules am
        join applications a on a.id = am.application_id
        left join exam_definitions ed on ed.id = am.exam_definition_id
        left join exam_recording_consents c on c.application_module_id = am.id
        left join exam_instances e on e.application_module_id = am.id
        where am.id = ${applicationModuleId}`),
    );
    const row = rows[0];
    return row ? { ...row, consentGivenOn: toIso(row.consentGivenOn) } : null;
  }

  async setModuleSetting(applicationModuleId: string, recordExam: boolean | null, actorId: string): Promise<void> {
    await this.db.execute(sql`update application_modules set record_exam = ${recordExam}, modified_on = now(), modified_by = ${actorId} where id = ${applicationModuleId}`);
  }

  async findTestSetting(testId: string): Promise<boolean> {
    const rows = rowsOf<{ recordExam: boolean }>(await this.db.execute(sql`select record_exam as "recordExam" from exam_definitions where id = ${testId}`));
    return rows[0]?.recordExam ?? false;
  }

  async setTestSetting(testId: string, recordExam: boolean, actorId: string): Promise<void> {
    await this.db.execute(sql`update exam_definitions set record_exam = ${recordExam}, modified_on = now(), modified_by = ${actorId} where id = ${testId}`);
  }

  /** The latest system check logged for the module (before launch) or its sitting. */
  async findLastSystemCheck(applicantId: string, applicationModuleId: string): Promise<{ passed: boolean; occurredOn: string } | null> {
    const rows = rowsOf<{ kind: string; occurredOn: Date | string }>(
      await this.db.execute(sql`
        select kind, occurred_on as "occurredOn" from exam_sitting_events
        where application_module_id = ${applicationModuleId} and applicant_id = ${applicantId}
          and kind in ('systemCheckPassed', 'systemCheckFailed')
        order by occurred_on desc, id desc limit 1`),
    );
    const row = rows[0];
    return row ? { passed: row.kind === 'systemCheckPassed', occurredOn: toIso(row.occurredOn) ?? '' } : null;
  }

  async insertConsent(tx: Executor, values: { applicationModuleId: string; applicantId: string; consentVersion: number; retentionDays: number; agreedOn: Date; actorId: string }): Promise<void> {
    await tx.execute(sql`
      insert into exam_recording_consents (application_module_id, applicant_id, consent_version, retention_days, agreed_on, created_by, modified_by)
      values (${values.applicationModuleId}, ${values.applicantId}, ${values.consentVersion}, ${values.retentionDays}, ${at(values.agreedOn)}, ${values.actorId}, ${values.actorId})
      on conflict (application_module_id) do nothing`);
  }

  async findSitting(examInstanceId: string, executor: Executor = this.db): Promise<SittingRow | null> {
    const rows = rowsOf<SittingRow>(
      await executor.execute(sql`
        select e.id as "examInstanceId", e.applicant_id as "applicantId", e.application_module_id as "applicationModuleId",
          a.program_type as "programType", e.status, e.record_exam as "recordExam", r.id as "recordingId"
        from exam_instances e
        left join application_modules am on am.id = e.application_module_id
        left join applications a on a.id = am.application_id
        left join exam_recordings r on r.exam_instance_id = e.id
        where e.id = ${examInstanceId}`),
    );
    return rows[0] ?? null;
  }

  /** The module a candidate event names, with its candidate (events before launch carry only it). */
  async findModuleApplicant(applicationModuleId: string): Promise<string | null> {
    const rows = rowsOf<{ applicantId: string }>(
      await this.db.execute(sql`select a.applicant_id as "applicantId" from application_modules am join applications a on a.id = am.application_id where am.id = ${applicationModuleId}`),
    );
    return rows[0]?.applicantId ?? null;
  }

  /** Inserts events; one already stored under its client id is left as it is. Returns the client ids now stored (new or old) with their kind. */
  async insertEvents(executor: Executor, events: EventInsert[]): Promise<void> {
    if (events.length === 0) return;
    const values = events.map(
      (e) => sql`(${e.examInstanceId}::uuid, ${e.applicationModuleId}::uuid, ${e.applicantId}::uuid, ${e.kind}, ${e.source}, ${JSON.stringify(e.detail)}::jsonb, ${at(e.occurredOn)}, ${e.clientEventId})`,
    );
    await executor.execute(sql`
      insert into exam_sitting_events (exam_instance_id, application_module_id, applicant_id, kind, source, detail, occurred_on, client_event_id)
      values ${sql.join(values, sql`, `)}
      on conflict (applicant_id, client_event_id) where client_event_id is not null do nothing`);
  }

  /**
   * Inserts the candidate's events and answers, in the same statement, what each client id holds
   * now: the rows just inserted, and for ids stored before, the earlier row (so a reused id is seen).
   */
  async insertEventsReadBack(events: EventInsert[]): Promise<{ clientEventId: string; kind: string; examInstanceId: string | null }[]> {
    if (events.length === 0) return [];
    const values = events.map(
      (e) => sql`(${e.examInstanceId}::uuid, ${e.applicationModuleId}::uuid, ${e.applicantId}::uuid, ${e.kind}, ${e.source}, ${JSON.stringify(e.detail)}::jsonb, ${at(e.occurredOn)}, ${e.clientEventId})`,
    );
    const applicantId = events[0]!.applicantId;
    const ids = sql.join(events.map((e) => sql`${e.clientEventId}`), sql`, `);
    // The outer select sees the table as it was before this statement: the earlier rows only.
    return rowsOf(
      await this.db.execute(sql`
        with inserted as (
          insert into exam_sitting_events (exam_instance_id, application_module_id, applicant_id, kind, source, detail, occurred_on, client_event_id)
          values ${sql.join(values, sql`, `)}
          on conflict (applicant_id, client_event_id) where client_event_id is not null do nothing
          returning client_event_id, kind, exam_instance_id)
        select client_event_id as "clientEventId", kind, exam_instance_id as "examInstanceId" from inserted
        union all
        select client_event_id, kind, exam_instance_id from exam_sitting_events where applicant_id = ${applicantId} and client_event_id in (${ids})`),
    );
  }

  async findEventsByClientIds(applicantId: string, clientEventIds: string[]): Promise<{ clientEventId: string; kind: string; examInstanceId: string | null; applicationModuleId: string | null }[]> {
    if (clientEventIds.length === 0) return [];
    return rowsOf(
      await this.db.execute(sql`
        select client_event_id as "clientEventId", kind, exam_instance_id as "examInstanceId", application_module_id as "applicationModuleId"
        from exam_sitting_events where applicant_id = ${applicantId} and client_event_id in (${sql.join(clientEventIds.map((id) => sql`${id}`), sql`, `)})`),
    );
  }

  // The recording record.

  async lockRecordingOfSitting(tx: Executor, examInstanceId: string): Promise<RecordingRow | null> {
    const rows = rowsOf<RecordingRow>(await tx.execute(sql`select ${RECORDING_COLUMNS} from exam_recordings r where r.exam_instance_id = ${examInstanceId} for update`));
    return rows[0] ? toRecording(rows[0]) : null;
  }

  async findRecording(id: string, executor: Executor = this.db): Promise<RecordingRow | null> {
    const rows = rowsOf<RecordingRow>(await executor.execute(sql`select ${RECORDING_COLUMNS} from exam_recordings r where r.id = ${id}`));
    return rows[0] ? toRecording(rows[0]) : null;
  }

  async findRecordingOfSitting(examInstanceId: string): Promise<RecordingRow | null> {
    const rows = rowsOf<RecordingRow>(await this.db.execute(sql`select ${RECORDING_COLUMNS} from exam_recordings r where r.exam_instance_id = ${examInstanceId}`));
    return rows[0] ? toRecording(rows[0]) : null;
  }

  /**
   * The sitting's first save in one statement: the record (its storage prefix named by its id),
   * segment 1 and the `recordingStarted` event. Null when the sitting already has a record (a
   * reload, or capture shared again): the caller then starts the next segment under the lock.
   */
  async startRecording(values: NewRecording & { applicationModuleId: string | null }): Promise<RecordingRow | null> {
    const rows = rowsOf<RecordingRow>(
      await this.db.execute(sql`
        with r as (
          ${insertRecordingOnce(values)}
          returning *),
        segment as (
          insert into exam_recording_segments (recording_id, segment, reason, session_id, started_on)
          select r.id, 1, 'start', r.session_id, r.video_created_on from r),
        started as (
          insert into exam_sitting_events (exam_instance_id, application_module_id, applicant_id, kind, source, detail, occurred_on, client_event_id)
          select r.exam_instance_id, ${values.applicationModuleId}::uuid, r.applicant_id, 'recordingStarted', 'candidate',
            jsonb_build_object('recordingId', r.id, 'segment', 1, 'reason', 'start'), r.video_created_on, 'rec-' || r.id || '-1'
          from r)
        select ${RECORDING_COLUMNS} from r`),
    );
    return rows[0] ? toRecording(rows[0]) : null;
  }

  /** Creates the record once per sitting (a simultaneous first save meets the unique index and is read back). */
  async insertRecording(tx: Executor, values: NewRecording): Promise<void> {
    await tx.execute(insertRecordingOnce(values));
  }

  async updateRecordingForSegment(tx: Executor, id: string, values: { sessionId: string; userAgent: string; screenResolution: string; resolution: string; recordTimezone: string }): Promise<void> {
    await tx.execute(sql`
      update exam_recordings set session_id = ${values.sessionId}, user_agent = ${values.userAgent}, screen_resolution = ${values.screenResolution},
        resolution = ${values.resolution}, record_timezone = ${values.recordTimezone}, status = 'recording', modified_on = now()
      where id = ${id}`);
  }

  async findSegments(recordingId: string, executor: Executor = this.db): Promise<SegmentRow[]> {
    const rows = rowsOf<SegmentRow>(
      await executor.execute(sql`
        select segment, reason, started_on as "startedOn", ended_on as "endedOn" from exam_recording_segments
        where recording_id = ${recordingId} order by segment`),
    );
    return rows.map((row) => ({ ...row, startedOn: toIso(row.startedOn) ?? '', endedOn: toIso(row.endedOn) }));
  }

  async insertSegment(tx: Executor, values: { recordingId: string; segment: number; reason: string; sessionId: string; startedOn: Date }): Promise<void> {
    await tx.execute(sql`
      insert into exam_recording_segments (recording_id, segment, reason, session_id, started_on)
      values (${values.recordingId}, ${values.segment}, ${values.reason}, ${values.sessionId}, ${at(values.startedOn)})`);
  }

  /** When the recording last had anything: the latest chunk's end, else the segment's end or start. */
  async lastRecordedOn(tx: Executor, recordingId: string, segment: number): Promise<string | null> {
    const rows = rowsOf<{ last: Date | string | null }>(
      await tx.execute(sql`
        select coalesce(
          (select max(ended_on) from exam_recording_chunks where recording_id = ${recordingId} and segment = ${segment}),
          (select coalesce(ended_on, started_on) from exam_recording_segments where recording_id = ${recordingId} and segment = ${segment})) as last`),
    );
    return toIso(rows[0]?.last ?? null);
  }

  async updateSegment(tx: Executor, values: { recordingId: string; segment: number; duration: number; endedOn: Date | null; status: RecordingStatus | null }): Promise<boolean> {
    const updated = rowsOf<{ segment: number }>(
      await tx.execute(sql`
        update exam_recording_segments set duration = greatest(duration, ${values.duration}), ended_on = coalesce(${values.endedOn ? at(values.endedOn) : null}, ended_on), modified_on = now()
        where recording_id = ${values.recordingId} and segment = ${values.segment} returning segment`),
    );
    if (updated.length === 0) return false;
    await tx.execute(sql`
      update exam_recordings set duration = (select coalesce(sum(duration), 0) from exam_recording_segments where recording_id = ${values.recordingId}),
        status = coalesce(${values.status}, status), modified_on = now()
      where id = ${values.recordingId}`);
    return true;
  }

  // The manifest.

  /**
   * The chunk sync's one read: who owns the recording, its storage prefix, and which of the given
   * places already hold a chunk (with its hash). Null when there is no such recording.
   */
  async findRecordingChunks(recordingId: string, places: readonly ChunkPlace[], executor: Executor = this.db): Promise<RecordingChunks | null> {
    const rows = rowsOf<{ id: string; applicantId: string; url: string; existing: (ChunkPlace & { sha256: string })[] }>(
      await executor.execute(sql`
        select r.id, r.applicant_id as "applicantId", r.url,
          coalesce((
            select json_agg(json_build_object('stream', c.stream, 'segment', c.segment, 'sequence', c.sequence, 'sha256', c.sha256))
            from exam_recording_chunks c
            join jsonb_to_recordset(${JSON.stringify(places)}::jsonb) as k(stream text, segment int, sequence int)
              on k.stream = c.stream and k.segment = c.segment and k.sequence = c.sequence
            where c.recording_id = r.id), '[]'::json) as existing
        from exam_recordings r where r.id = ${recordingId}`),
    );
    return rows[0] ?? null;
  }

  /**
   * Enters chunks in the manifest once, and their bytes in the record's size, in one statement
   * (atomic without a transaction, and no lock on the record beyond the row update). Returns the
   * places this call added; a place already taken is left as it was.
   */
  async insertChunks(recordingId: string, chunks: readonly Omit<ChunkRow, 'storedOn'>[]): Promise<ChunkPlace[]> {
    return rowsOf<ChunkPlace>(
      await this.db.execute(sql`
        with inserted as (
          insert into exam_recording_chunks (recording_id, stream, segment, sequence, size, sha256, storage_key, started_on, ended_on)
          select ${recordingId}, k.stream, k.segment, k.sequence, k.size, k.sha256, k."storageKey", k."startedOn"::timestamptz, k."endedOn"::timestamptz
          from jsonb_to_recordset(${JSON.stringify(chunks)}::jsonb)
            as k(stream text, segment int, sequence int, size int, sha256 text, "storageKey" text, "startedOn" text, "endedOn" text)
          on conflict do nothing
          returning stream, segment, sequence, size),
        grown as (
          update exam_recordings set size = size + (select sum(size) from inserted), modified_on = now()
          where id = ${recordingId} and exists (select 1 from inserted))
        select stream, segment, sequence from inserted`),
    );
  }

  async findChunks(recordingId: string): Promise<ChunkRow[]> {
    const rows = rowsOf<ChunkRow>(
      await this.db.execute(sql`
        select stream, segment, sequence, size, sha256, storage_key as "storageKey", started_on as "startedOn", ended_on as "endedOn", stored_on as "storedOn"
        from exam_recording_chunks where recording_id = ${recordingId} order by segment, stream, sequence`),
    );
    return rows.map((row) => ({ ...row, startedOn: toIso(row.startedOn) ?? '', endedOn: toIso(row.endedOn) ?? '', storedOn: toIso(row.storedOn) ?? '' }));
  }

  // Keystrokes.

  /** Stores the batch once per candidate and batch id; returns the stored batch's facts when it already existed. */
  async insertKeystrokes(values: {
    batchId: string;
    applicantId: string;
    examInstanceId: string;
    recordingId: string | null;
    keys: unknown[];
    clientTimeZone: string;
    startDate: Date;
    endDate: Date;
    networkData: Record<string, unknown>;
    actorId: string;
  }): Promise<{ isNew: boolean; examInstanceId: string; keyCount: number; startDate: string }> {
    const inserted = rowsOf<{ id: string }>(
      await this.db.execute(sql`
        insert into exam_keystroke_batches (batch_id, applicant_id, exam_instance_id, module_exam_instance_record_id, keys, key_count,
          client_time_zone, start_date, end_date, network_data, created_by, modified_by)
        values (${values.batchId}, ${values.applicantId}, ${values.examInstanceId}, ${values.recordingId}, ${JSON.stringify(values.keys)}::jsonb,
          ${values.keys.length}, ${values.clientTimeZone}, ${at(values.startDate)}, ${at(values.endDate)}, ${JSON.stringify(values.networkData)}::jsonb,
          ${values.actorId}, ${values.actorId})
        on conflict (applicant_id, batch_id) do nothing returning id`),
    );
    if (inserted.length > 0) return { isNew: true, examInstanceId: values.examInstanceId, keyCount: values.keys.length, startDate: values.startDate.toISOString() };
    const rows = rowsOf<{ examInstanceId: string; keyCount: number; startDate: Date | string }>(
      await this.db.execute(sql`
        select exam_instance_id as "examInstanceId", key_count as "keyCount", start_date as "startDate"
        from exam_keystroke_batches where applicant_id = ${values.applicantId} and batch_id = ${values.batchId}`),
    );
    const row = rows[0]!;
    return { isNew: false, examInstanceId: row.examInstanceId, keyCount: row.keyCount, startDate: toIso(row.startDate) ?? '' };
  }
}
