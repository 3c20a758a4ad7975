import { sql, type SQL } from 'drizzle-orm';
import type { ExamType } from '@certs/shared/program/program-type';
import type { Database } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { at, INSTANCE_COLUMNS, toInstance, type InstanceRow } from './exam.repository';

/**
 * Whether the update `i` fits its question (choice questions take options of the question's version,
 * text questions take text): one rule for the single and the batched answer save.
 */
function answerIsValid(questionType: string, versionId: string): SQL {
  return sql.raw(`(case
    when ${questionType} in ('General Single Answer', 'Multiple Answer') then
      coalesce(i.answer, '') = ''
      and (i.options is null or (
        (${questionType} = 'Multiple Answer' or jsonb_array_length(i.options) <= 1)
        and not exists (
          select 1 from jsonb_array_elements_text(i.options) o(id)
          where not exists (select 1 from question_options qo where qo.question_version_id = ${versionId} and qo.id::text = o.id))))
    else i.options is null or jsonb_array_length(i.options) = 0
  end)`);
}

/**
 * What an applied update `c` writes to its question instance `qi` (all but the time): totals only
 * grow, so a retried update never counts twice. Shared by the single and the batched answer save.
 */
const ANSWER_COLUMNS_SET = sql.raw(`
  last_sequence = c.seq,
  time_taken = greatest(qi.time_taken, c."timeTaken"),
  num_of_attempts = greatest(qi.num_of_attempts, c.attempts),
  answer_option_given_by_user = coalesce(c.options, qi.answer_option_given_by_user),
  answer_value_given_by_user = coalesce(c.answer, qi.answer_value_given_by_user),
  is_marked = c."isMarked",
  is_attempted = qi.is_attempted or c."isAttempted",
  is_answered = btrim(coalesce(c.answer, qi.answer_value_given_by_user)) <> ''
    or jsonb_array_length(coalesce(c.options, qi.answer_option_given_by_user)) > 0
    or coalesce(qi.actual_marks = 0, false)`);

export interface UpdateItem {
  id: string;
  seq: number;
  timeTaken: number;
  attempts: number;
  options: string[] | null;
  answer: string | null;
  isMarked: boolean;
  isAttempted: boolean;
}

/** One request's answer updates for one sitting, as the candidate's browser sent them. */
export interface AnswerSave {
  examInstanceId: string;
  applicantId: string;
  examType: ExamType;
  sessionId: string;
  /** When the request arrived: its deadline check and the answers' modification time. */
  now: Date;
  graceSeconds: number;
  items: UpdateItem[];
}

/**
 * A candidate's sitting as the answer-save queue and a batch tell them apart: PostgreSQL reads an id
 * in either case as the same sitting, and another candidate's save naming it writes nothing (it is
 * not theirs), so it must not hold up the owner's.
 */
export function sittingKeyOf(save: AnswerSave): string {
  return `${save.applicantId}:${save.examInstanceId.toLowerCase()}`;
}

export interface UpdateOutcome {
  /** The sitting as it was before the updates (its deadline and session decide them). */
  instance: InstanceRow | null;
  applied: { id: string; seq: number; isAnswered: boolean }[];
  /** Each question updated, with the sequence the server held before this request. */
  checked: { id: string; seq: number; isValid: boolean; serverSeq: number }[];
}

/**
 * Answer saves, the hot path: each save (or batch of saves) is ONE prepared statement on the answer
 * lane's connections, applied only where the client's sequence is higher (decisions 011, 032).
 */
export class ExamAnswerRepository {
  constructor(
    /** Answer saves only (DatabaseHandle.answerDb): the statement thousands of candidates wait on. */
    private readonly answerDb: Database,
  ) {}

  /**
   * Applies a batch of answer updates in ONE statement. Each item is applied only when its sequence
   * is above the question's last applied one, the sitting is in progress, within deadline + grace,
   * held by this browser session, and the options belong to the question (choice questions take
   * options, text questions take text). The items are first reduced to the highest sequence per
   * question, so a batch never applies an older item after a newer one.
   */
  async applyUpdates(input: AnswerSave): Promise<UpdateOutcome> {
    const rows = await executePrepared<{ inst: InstanceRow | null; applied: UpdateOutcome['applied']; checked: UpdateOutcome['checked'] }>(
      this.answerDb,
      'exam_apply_updates',
      sql`
        with inst as (
          -- FOR SHARE: a submission (which locks the sitting FOR UPDATE and then marks the answers it
          -- reads) and an update never overlap; an update waiting for a submission sees it submitted.
          select ${INSTANCE_COLUMNS} from exam_instances e
          where e.id = ${input.examInstanceId} and e.applicant_id = ${input.applicantId} and e.exam_type = ${input.examType}
          for share
        ), items as (
          select distinct on (x.id) x.* from jsonb_to_recordset(${JSON.stringify(input.items)}::jsonb)
            as x(id uuid, seq int, "timeTaken" int, attempts int, options jsonb, answer text, "isMarked" boolean, "isAttempted" boolean)
          order by x.id, x.seq desc
        ), checked as (
          select i.*, qi.id as qi_id, qi.last_sequence as server_seq,
            ${answerIsValid('v.question_type', 'v.id')} as is_valid
          from items i
          join question_instances qi on qi.id = i.id and qi.exam_instance_id = ${input.examInstanceId}
          join question_versions v on v.id = qi.question_version_id
        ), upd as (
          update question_instances qi set
            ${ANSWER_COLUMNS_SET},
            modified_on = ${at(input.now)}
          from checked c, inst
          where qi.id = c.qi_id and c.is_valid and qi.last_sequence < c.seq
            and inst.status = 'InProgress'
            and inst.deadline + make_interval(secs => ${input.graceSeconds}) >= ${at(input.now)}
            and inst."activeSessionId" = ${input.sessionId}
          returning qi.id, qi.last_sequence as seq, qi.is_answered as "isAnswered"
        )
        select (select row_to_json(inst) from inst) as inst,
          coalesce((select json_agg(upd) from upd), '[]'::json) as applied,
          coalesce((select json_agg(json_build_object('id', c.id, 'seq', c.seq, 'isValid', c.is_valid, 'serverSeq', c.server_seq)) from checked c), '[]'::json) as checked`,
    );
    const row = rows[0];
    return { instance: row?.inst ? toInstance(row.inst) : null, applied: row?.applied ?? [], checked: row?.checked ?? [] };
  }

  /**
   * Several sittings' answer saves in ONE statement (natural batching, `answer-save-queue.ts`), each
   * with exactly the checks and effects of `applyUpdates` on its own sitting. The caller puts a
   * sitting in at most one save of a batch. Returns the outcomes in the order of the saves.
   *
   * The plan must stay on the indexes whatever the batch's size: the inputs are JSON (estimated at
   * 100 rows whatever they hold, so the cached generic plan is as cheap as a planned one and is
   * used, where arrays' exact lengths made PostgreSQL plan every call anew), each sitting and
   * question is read by a lateral lookup on its key, and the update finds its rows through the
   * primary key (`= any`), never a scan of `question_instances`.
   */
  async applyUpdateBatch(saves: readonly AnswerSave[]): Promise<UpdateOutcome[]> {
    // Two saves of one sitting would both reach its rows, and PostgreSQL would apply only one of them.
    const sittings = new Set(saves.map(sittingKeyOf));
    if (sittings.size < saves.length) throw new Error('A batch of answer saves names a sitting twice');
    const requests = saves.map((save, k) => ({
      k,
      sitting: save.examInstanceId,
      applicant: save.applicantId,
      examType: save.examType,
      session: save.sessionId,
      now: save.now.toISOString(),
      grace: save.graceSeconds,
    }));
    const items = saves.flatMap((save, k) => save.items.map((item) => ({ k, ...item })));
    const rows = await executePrepared<{ k: number; inst: InstanceRow | null; applied: UpdateOutcome['applied']; checked: UpdateOutcome['checked'] }>(
      this.answerDb,
      'exam_apply_update_batch',
      sql`
        with reqs as (
          select * from jsonb_to_recordset(${JSON.stringify(requests)}::jsonb)
            as r(k int, sitting uuid, applicant uuid, "examType" text, session text, now timestamptz, grace int)
        ), inst as (
          -- FOR SHARE, as in applyUpdates: a submission and an update never overlap.
          select r.k, r.session as "requestSession", r.now as "requestNow", r.grace as "requestGrace", e.*
          from reqs r cross join lateral (
            select ${INSTANCE_COLUMNS} from exam_instances e
            where e.id = r.sitting and e.applicant_id = r.applicant and e.exam_type = r."examType"
            for share) e
        ), items as (
          select distinct on (x.k, x.id) x.k, r.sitting, x.id, x.seq, x."timeTaken", x.attempts, x.options, x.answer, x."isMarked", x."isAttempted"
          from jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
            as x(k int, id uuid, seq int, "timeTaken" int, attempts int, options jsonb, answer text, "isMarked" boolean, "isAttempted" boolean)
          join reqs r on r.k = x.k
          order by x.k, x.id, x.seq desc
        ), checked as (
          select i.*, q.id as qi_id, q.last_sequence as server_seq,
            ${answerIsValid('q.question_type', 'q.version_id')} as is_valid
          from items i cross join lateral (
            -- offset 0 keeps this a lookup per item: pulled up into a join, it was planned as a hash join over a scan.
            select qi.id, qi.last_sequence, v.id as version_id, v.question_type
            from question_instances qi join question_versions v on v.id = qi.question_version_id
            where qi.id = i.id and qi.exam_instance_id = i.sitting
            offset 0) q
        ), upd as (
          update question_instances qi set
            ${ANSWER_COLUMNS_SET},
            modified_on = inst."requestNow"
          from checked c join inst on inst.k = c.k
          where qi.id = any(array(select qi_id from checked)) and qi.id = c.qi_id
            and c.is_valid and qi.last_sequence < c.seq
            and inst.status = 'InProgress'
            and inst.deadline + make_interval(secs => inst."requestGrace") >= inst."requestNow"
            and inst."activeSessionId" = inst."requestSession"
          returning c.k, qi.id, qi.last_sequence as seq, qi.is_answered as "isAnswered"
        )
        select r.k,
          (select to_jsonb(inst) - 'k' - 'requestSession' - 'requestNow' - 'requestGrace' from inst where inst.k = r.k) as inst,
          coalesce((select json_agg(json_build_object('id', u.id, 'seq', u.seq, 'isAnswered', u."isAnswered")) from upd u where u.k = r.k), '[]'::json) as applied,
          coalesce((select json_agg(json_build_object('id', c.id, 'seq', c.seq, 'isValid', c.is_valid, 'serverSeq', c.server_seq)) from checked c where c.k = r.k), '[]'::json) as checked
        from reqs r`,
    );
    const byRequest = new Map(rows.map((row) => [row.k, row]));
    return saves.map((_, k) => {
      const row = byRequest.get(k);
      return { instance: row?.inst ? toInstance(row.inst) : null, applied: row?.applied ?? [], checked: row?.checked ?? [] };
    });
  }
}
