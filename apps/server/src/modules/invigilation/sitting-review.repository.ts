import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { toDate } from './invigilation.repository';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

export interface ReviewedSittingRow {
  examInstanceId: string;
  applicationModuleId: string;
  applicationId: string;
  applicationNumber: string;
  applicantId: string;
  applicantName: string;
  programId: string;
  moduleCode: string;
  moduleTitle: string;
  examinerId: string | null;
  invigilatorId: string | null;
  status: string;
  startedOn: Date;
  submittedOn: Date | null;
  resultRecordedOn: Date | null;
  reviewWindowDays: number;
  hasOpenReview: boolean;
  lastReviewDecidedOn: Date | null;
  /** The program's awarding body's zone: retention days are its days. */
  timeZone: string;
}

/** What the retention job needs to erase one sitting's media and logs. */
export interface ErasableSitting {
  examInstanceId: string;
  applicationModuleId: string;
  applicantId: string;
  resultRecordedOn: Date;
  reviewWindowDays: number;
  hasOpenReview: boolean;
  lastReviewDecidedOn: Date | null;
  timeZone: string;
}

const SITTING_FACTS = sql.raw(`
  e.id as "examInstanceId", am.id as "applicationModuleId", a.id as "applicationId", a.application_number as "applicationNumber",
  a.applicant_id as "applicantId", trim(u.first_name || ' ' || u.last_name) as "applicantName", a.program_id as "programId",
  pm.module_code as "moduleCode", pm.module_title as "moduleTitle", am.examiner_id as "examinerId", am.invigilator_id as "invigilatorId",
  e.status, e.started_on as "startedOn", e.submitted_on as "submittedOn", a.result_recorded_on as "resultRecordedOn",
  p.review_window_days as "reviewWindowDays", (select acz.time_zone from accounts acz where acz.id = p.account_id) as "timeZone",
  exists (select 1 from application_reviews rv where rv.application_id = a.id and rv.status = 'open') as "hasOpenReview",
  (select max(rv.decided_on) from application_reviews rv where rv.application_id = a.id) as "lastReviewDecidedOn"`);

const SITTING_JOINS = sql.raw(`
  from exam_instances e
  join application_modules am on am.id = e.application_module_id
  join applications a on a.id = am.application_id
  join applicants ap on ap.id = a.applicant_id
  join users u on u.id = ap.user_id
  join programs p on p.id = a.program_id
  join program_modules pm on pm.id = am.program_module_id`);

/**
 * The review's and the retention job's database access: the examiner's flags and decision, holds,
 * and (read and erase only) the recording side's chunk manifest and keystroke batches, which the
 * retention job deletes when their time comes (decision 029).
 */
export class SittingReviewRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findSitting(examInstanceId: string): Promise<ReviewedSittingRow | null> {
    const rows = rowsOf<ReviewedSittingRow>(await this.db.execute(sql`select ${SITTING_FACTS} ${SITTING_JOINS} where e.id = ${examInstanceId}`));
    const row = rows[0];
    if (!row) return null;
    return {
      ...row,
      startedOn: toDate(row.startedOn),
      submittedOn: row.submittedOn ? toDate(row.submittedOn) : null,
      resultRecordedOn: row.resultRecordedOn ? toDate(row.resultRecordedOn) : null,
      lastReviewDecidedOn: row.lastReviewDecidedOn ? toDate(row.lastReviewDecidedOn) : null,
    };
  }

  async findFlags(examInstanceId: string): Promise<{ id: string; atOn: Date; note: string; createdBy: string; createdOn: Date }[]> {
    const rows = rowsOf<{ id: string; atOn: Date; note: string; createdBy: string; createdOn: Date }>(
      await this.db.execute(sql`
        select f.id, f.at_on as "atOn", f.note, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as "createdBy", f.created_on as "createdOn"
        from sitting_review_flags f left join users u on u.id = f.created_by
        where f.exam_instance_id = ${examInstanceId} order by f.at_on, f.created_on`),
    );
    return rows.map((row) => ({ ...row, atOn: toDate(row.atOn), createdOn: toDate(row.createdOn) }));
  }

  async insertFlag(examInstanceId: string, atOn: Date, note: string, actorId: string): Promise<void> {
    await this.db.execute(sql`
      insert into sitting_review_flags (exam_instance_id, at_on, note, created_by, modified_by) values (${examInstanceId}, ${at(atOn)}, ${note}, ${actorId}, ${actorId})`);
  }

  async findDecision(examInstanceId: string): Promise<{ decision: 'noConcern' | 'concernReferred'; note: string; decidedBy: string; decidedOn: Date } | null> {
    const rows = rowsOf<{ decision: 'noConcern' | 'concernReferred'; note: string; decidedBy: string; decidedOn: Date }>(
      await this.db.execute(sql`
        select d.decision, d.note, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as "decidedBy", d.modified_on as "decidedOn"
        from sitting_review_decisions d left join users u on u.id = d.modified_by where d.exam_instance_id = ${examInstanceId}`),
    );
    return rows[0] ? { ...rows[0], decidedOn: toDate(rows[0].decidedOn) } : null;
  }

  /** One decision per sitting; a later one replaces it (the events keep each). */
  async saveDecision(tx: Executor, examInstanceId: string, decision: string, note: string, actorId: string, now: Date): Promise<void> {
    await tx.execute(sql`
      insert into sitting_review_decisions (exam_instance_id, decision, note, created_by, modified_by, created_on, modified_on)
      values (${examInstanceId}, ${decision}, ${note}, ${actorId}, ${actorId}, ${at(now)}, ${at(now)})
      on conflict (exam_instance_id) do update set decision = excluded.decision, note = excluded.note, modified_by = excluded.modified_by, modified_on = excluded.modified_on`);
  }

  async findHold(examInstanceId: string): Promise<{ reason: string; heldBy: string; heldOn: Date } | null> {
    const rows = rowsOf<{ reason: string; heldBy: string; heldOn: Date }>(
      await this.db.execute(sql`
        select h.reason, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as "heldBy", h.modified_on as "heldOn"
        from recording_holds h left join users u on u.id = h.modified_by where h.exam_instance_id = ${examInstanceId}`),
    );
    return rows[0] ? { ...rows[0], heldOn: toDate(rows[0].heldOn) } : null;
  }

  async saveHold(tx: Executor, examInstanceId: string, reason: string, actorId: string, now: Date): Promise<void> {
    await tx.execute(sql`
      insert into recording_holds (exam_instance_id, reason, created_by, modified_by, created_on, modified_on)
      values (${examInstanceId}, ${reason}, ${actorId}, ${actorId}, ${at(now)}, ${at(now)})
      on conflict (exam_instance_id) do update set reason = excluded.reason, modified_by = excluded.modified_by, modified_on = excluded.modified_on`);
  }

  async deleteHold(tx: Executor, examInstanceId: string): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(await tx.execute(sql`delete from recording_holds where exam_instance_id = ${examInstanceId} returning exam_instance_id as id`));
    return rows.length > 0;
  }

  /** The storage key of one chunk of the sitting's recording (the recording side's manifest). */
  async findChunkKey(examInstanceId: string, stream: string, segment: number, sequence: number): Promise<{ storageKey: string; mimeType: string } | null> {
    const rows = rowsOf<{ storageKey: string; mimeType: string }>(
      await this.db.execute(sql`
        select c.storage_key as "storageKey", r.mime_type as "mimeType"
        from exam_recording_chunks c join exam_recordings r on r.id = c.recording_id
        where r.exam_instance_id = ${examInstanceId} and c.stream = ${stream} and c.segment = ${segment} and c.sequence = ${sequence}`),
    );
    return rows[0] ?? null;
  }

  // Retention.

  /**
   * Closed sittings of applications with a final result, not held, not erased yet, that still have
   * chunks, keystroke batches or snapshots; the result recorded at least `minimumDays` ago (the
   * retention date itself, with review windows, is decided by the shared rule).
   */
  async findErasable(now: Date, minimumDays: number, limit: number): Promise<ErasableSitting[]> {
    const rows = rowsOf<ErasableSitting>(
      await this.db.execute(sql`
        select e.id as "examInstanceId", am.id as "applicationModuleId", e.applicant_id as "applicantId",
          a.result_recorded_on as "resultRecordedOn", p.review_window_days as "reviewWindowDays", acz.time_zone as "timeZone",
          exists (select 1 from application_reviews rv where rv.application_id = a.id and rv.status = 'open') as "hasOpenReview",
          (select max(rv.decided_on) from application_reviews rv where rv.application_id = a.id) as "lastReviewDecidedOn"
        from exam_instances e
        join application_modules am on am.id = e.application_module_id
        join applications a on a.id = am.application_id
        join programs p on p.id = a.program_id
        join accounts acz on acz.id = p.account_id
        where e.status <> 'InProgress' and a.result_recorded_on is not null
          and a.result_recorded_on < ${at(now)} - make_interval(days => ${minimumDays})
          and not exists (select 1 from recording_holds h where h.exam_instance_id = e.id)
          and not exists (select 1 from exam_sitting_events d where d.exam_instance_id = e.id and d.kind = 'recordingDeleted')
          and (exists (select 1 from exam_recordings r join exam_recording_chunks c on c.recording_id = r.id where r.exam_instance_id = e.id)
            or exists (select 1 from exam_keystroke_batches k where k.exam_instance_id = e.id)
            or exists (select 1 from exam_sitting_events s where s.exam_instance_id = e.id and s.kind = 'snapshot'))
        order by a.result_recorded_on
        limit ${limit}`),
    );
    return rows.map((row) => ({ ...row, resultRecordedOn: toDate(row.resultRecordedOn), lastReviewDecidedOn: row.lastReviewDecidedOn ? toDate(row.lastReviewDecidedOn) : null }));
  }

  /** The storage keys of the sitting's chunks and snapshots. */
  async findStoredKeys(examInstanceId: string): Promise<{ chunkKeys: string[]; snapshotKeys: string[] }> {
    const chunks = rowsOf<{ key: string }>(
      await this.db.execute(sql`
        select c.storage_key as key from exam_recording_chunks c join exam_recordings r on r.id = c.recording_id where r.exam_instance_id = ${examInstanceId}`),
    );
    const snapshots = rowsOf<{ key: string | null }>(
      await this.db.execute(sql`
        select coalesce(s.detail->>'storageKey', s.detail->>'key', s.detail->>'resourceKey') as key
        from exam_sitting_events s where s.exam_instance_id = ${examInstanceId} and s.kind = 'snapshot'`),
    );
    return { chunkKeys: chunks.map((row) => row.key), snapshotKeys: snapshots.flatMap((row) => (row.key ? [row.key] : [])) };
  }

  /** Deletes the chunk manifest and keystroke batches (the recording record stays, with its segments: no media, no keys). */
  async eraseRows(tx: Executor, examInstanceId: string): Promise<{ chunks: number; keystrokeBatches: number }> {
    const chunks = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with gone as (delete from exam_recording_chunks c using exam_recordings r where r.id = c.recording_id and r.exam_instance_id = ${examInstanceId} returning 1)
        select count(*)::int as n from gone`),
    );
    const batches = rowsOf<{ n: number }>(
      await tx.execute(sql`with gone as (delete from exam_keystroke_batches where exam_instance_id = ${examInstanceId} returning 1) select count(*)::int as n from gone`),
    );
    return { chunks: chunks[0]?.n ?? 0, keystrokeBatches: batches[0]?.n ?? 0 };
  }
}
