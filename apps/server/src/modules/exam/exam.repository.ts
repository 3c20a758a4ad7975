import { sql, type SQL } from 'drizzle-orm';
import type { ExamType } from '@certs/shared/program/program-type';
import type { QuestionType } from '@certs/shared/question-bank/question-type';
import type { ExamInstanceStatus, SubmittedHow } from '@certs/shared/exam/exam-rules';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { executePrepared } from '../../db/prepared';

/** Rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** Timestamps arrive as Date from a column and as text from inside JSON. */
const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const toDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : toDate(value));

export interface InstanceRow {
  id: string;
  examType: ExamType;
  examDefinitionId: string;
  applicantId: string;
  applicationModuleId: string | null;
  /** The re-sit a re-sit sitting is sat for (issue 17); null otherwise. */
  resitModuleId: string | null;
  status: ExamInstanceStatus;
  totalSeconds: number;
  minimumSeconds: number;
  extraSeconds: number;
  startedOn: Date;
  deadline: Date;
  submittedOn: Date | null;
  submittedHow: SubmittedHow | null;
  activeSessionId: string | null;
  recordExam: boolean;
  /** The test's settings, copied when the sitting began. */
  shuffleOptions: boolean;
  partialMarks: boolean;
  totalMarks: number;
  score: number | null;
  percentage: number | null;
  result: 'Pass' | 'Fail' | null;
  markedOn: Date | null;
  marksReleased: boolean;
}

/** The instance's columns under the names above, numbers as numbers. */
const INSTANCE_COLUMNS = sql.raw(`
  e.id, e.exam_type as "examType", e.exam_definition_id as "examDefinitionId", e.applicant_id as "applicantId",
  e.application_module_id as "applicationModuleId", e.resit_module_id as "resitModuleId", e.status, e.total_seconds as "totalSeconds",
  e.minimum_seconds as "minimumSeconds", e.extra_seconds as "extraSeconds", e.started_on as "startedOn",
  e.deadline, e.submitted_on as "submittedOn", e.submitted_how as "submittedHow",
  e.active_session_id as "activeSessionId", e.record_exam as "recordExam", e.shuffle_options as "shuffleOptions",
  e.partial_marks as "partialMarks", e.total_marks::float8 as "totalMarks",
  e.score::float8 as score, e.percentage::float8 as percentage, e.result, e.marked_on as "markedOn",
  e.marks_released as "marksReleased"`);

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

function toInstance(row: InstanceRow): InstanceRow {
  return { ...row, startedOn: toDate(row.startedOn), deadline: toDate(row.deadline), submittedOn: toDateOrNull(row.submittedOn), markedOn: toDateOrNull(row.markedOn) };
}

export interface InstanceHeader extends InstanceRow {
  title: string;
  instruction: string;
  isSectionSplit: boolean;
  programId: string | null;
  programTitle: string | null;
  programCode: string | null;
  moduleCode: string | null;
  moduleTitle: string | null;
  numOfQuestions: number;
}

export interface QuestionStateRow {
  id: string;
  questionVersionId: string;
  sectionId: string | null;
  sectionTitle: string | null;
  sectionOrder: number | null;
  sortOrder: number;
  maxMarks: number;
  isAnswered: boolean;
  isAttempted: boolean;
  isMarked: boolean;
  timeTaken: number;
  numOfAttempts: number;
  answerOptionGivenByUser: string[];
  answerValueGivenByUser: string;
  lastSequence: number;
  actualMarks: number | null;
  markedOn: Date | null;
  answerPaperCount: number;
}

export interface VersionContent {
  id: string;
  questionType: QuestionType;
  content: string;
  canUploadAnswerPaper: boolean;
  options: { id: string; option: string; order: number; correctAnswer: boolean }[];
}

export interface TestForLaunch {
  id: string;
  title: string;
  overallTime: number;
  minimumTime: number;
  totalTestMarks: number;
}

export interface ScheduledModule {
  applicationModuleId: string;
  applicantId: string;
  applicationId: string;
  examKind: string | null;
  scheduledAt: Date | null;
  durationMinutes: number | null;
  scheduleSentOn: Date | null;
  examDefinitionId: string | null;
  testStatus: string | null;
  overallTime: number | null;
  minimumTime: number | null;
  totalTestMarks: number | null;
  extraSeconds: number;
  instanceId: string | null;
  /** The module's result is recorded, or the application's overall result: no sitting can start. */
  isClosed: boolean;
  /** Recorded (issue 19): the module's setting, else its test's; copied to the sitting at launch. */
  recordExam: boolean;
  hasRecordingConsent: boolean;
}

/** What a scheduled sitting is sat for: a module (first sitting) or a re-sit of it (issue 17). */
export type SittingTarget = { applicationModuleId: string; resitModuleId: null } | { applicationModuleId: null; resitModuleId: string };

/** What a module sitting was launched for: the application's module, or a re-sit of it. */
export function sittingTargetOf(instance: { applicationModuleId: string | null; resitModuleId: string | null }): SittingTarget {
  if (instance.resitModuleId) return { applicationModuleId: null, resitModuleId: instance.resitModuleId };
  if (instance.applicationModuleId) return { applicationModuleId: instance.applicationModuleId, resitModuleId: null };
  throw new Error('A module sitting without its module or re-sit');
}

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

export interface MarkingContext {
  applicationModuleId: string;
  applicationId: string;
  applicationNumber: string;
  applicantName: string;
  /** The candidate as a user: conflicts of interest are declared against the person (issue 43). */
  applicantUserId: string;
  programId: string;
  moduleCode: string;
  moduleTitle: string;
  passPercentage: number;
  examinerId: string | null;
  /** The marks are final: the application's result is recorded or, for a re-sit, the re-sit's result. */
  isClosed: boolean;
}

export interface AnswerPaperRow {
  questionInstanceId: string;
  attachmentId: string;
  resourceKey: string;
  name: string;
  contentType: string;
  createdOn: Date;
}

const INSTANCE_NOT_FOUND = null;

/**
 * The only file of the exam module that touches the database. The hot paths (launch, answer
 * updates, submission) are single set-based statements: no per-question query loop.
 */
export class ExamRepository {
  constructor(
    private readonly db: Database,
    /** Answer saves only (DatabaseHandle.answerDb): the statement thousands of candidates wait on. */
    private readonly answerDb: Database = db,
  ) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  // Launch.

  async findPublishedTrial(testId: string): Promise<TestForLaunch | null> {
    const rows = rowsOf<TestForLaunch>(
      await this.db.execute(sql`
        select id, title, overall_time as "overallTime", minimum_time as "minimumTime", total_test_marks::float8 as "totalTestMarks"
        from exam_definitions where id = ${testId} and test_type = 'trial' and status = 'published'`),
    );
    return rows[0] ?? null;
  }

  async findInProgressTrial(applicantId: string, testId: string): Promise<InstanceRow | null> {
    const rows = rowsOf<InstanceRow>(
      await this.db.execute(sql`
        select ${INSTANCE_COLUMNS} from exam_instances e
        where e.applicant_id = ${applicantId} and e.exam_definition_id = ${testId} and e.exam_type = 'trial' and e.status = 'InProgress'`),
    );
    return rows[0] ? toInstance(rows[0]) : INSTANCE_NOT_FOUND;
  }

  /** A scheduled module with what launching it needs: its candidate, schedule, test, extra time and sitting. */
  async findScheduledModule(applicationModuleId: string): Promise<ScheduledModule | null> {
    const rows = await executePrepared<ScheduledModule>(
      this.db,
      'exam_find_scheduled_module',
      sql`
        select am.id as "applicationModuleId", a.applicant_id as "applicantId", a.id as "applicationId", am.exam_kind as "examKind",
          am.scheduled_at as "scheduledAt", am.duration_minutes as "durationMinutes", am.schedule_sent_on as "scheduleSentOn",
          am.exam_definition_id as "examDefinitionId", ed.status as "testStatus", ed.overall_time as "overallTime",
          ed.minimum_time as "minimumTime", ed.total_test_marks::float8 as "totalTestMarks",
          coalesce(x.extra_seconds, 0) as "extraSeconds", e.id as "instanceId",
          (am.result is not null or a.overall_result is not null) as "isClosed",
          coalesce(am.record_exam, ed.record_exam, false) as "recordExam",
          exists (select 1 from exam_recording_consents c where c.application_module_id = am.id) as "hasRecordingConsent"
        from application_modules am
        join applications a on a.id = am.application_id
        left join exam_definitions ed on ed.id = am.exam_definition_id
        left join exam_time_extensions x on x.application_module_id = am.id
        left join exam_instances e on e.application_module_id = am.id
        where am.id = ${applicationModuleId}`,
    );
    const row = rows[0];
    return row ? { ...row, scheduledAt: toDateOrNull(row.scheduledAt), scheduleSentOn: toDateOrNull(row.scheduleSentOn) } : null;
  }

  /**
   * Creates the sitting and a question instance for every question of the test in ONE statement
   * (INSERT ... SELECT): default-section questions first (order -1), then sections in order. Returns
   * null when another launch created it first (the unique indexes meet concurrent launches).
   */
  async createInstance(values: {
    examType: ExamType;
    examDefinitionId: string;
    applicantId: string;
    applicationModuleId: string | null;
    resitModuleId?: string | null;
    totalSeconds: number;
    minimumSeconds: number;
    extraSeconds: number;
    startedOn: Date;
    deadline: Date;
    totalMarks: number;
    actorUserId: string;
    recordExam?: boolean;
  }, executor: Executor = this.db): Promise<string | null> {
    const rows = await executePrepared<{ id: string }>(
      executor,
      'exam_create_instance',
      sql`
        with inst as (
          insert into exam_instances (exam_type, exam_definition_id, applicant_id, application_module_id, resit_module_id, total_seconds, minimum_seconds,
            extra_seconds, started_on, deadline, total_marks, shuffle_options, partial_marks, record_exam, created_by, modified_by)
          select ${values.examType}, ed.id, ${values.applicantId}, ${values.applicationModuleId}, ${values.resitModuleId ?? null}::uuid, ${values.totalSeconds},
            ${values.minimumSeconds}, ${values.extraSeconds}, ${at(values.startedOn)}, ${at(values.deadline)}, ${values.totalMarks},
            ed.shuffle_options, ed.partial_marks, ${values.recordExam ?? false}, ${values.actorUserId}, ${values.actorUserId}
          from exam_definitions ed where ed.id = ${values.examDefinitionId}
          on conflict do nothing
          returning id
        ), questions as (
          -- With shuffleQuestions each candidate draws their own order inside every section; the
          -- sections themselves (and the default section first) keep the test's order.
          insert into question_instances (exam_instance_id, question_version_id, section_id, sort_order, max_marks)
          select inst.id, q.question_version_id, q.section_id,
            row_number() over (order by coalesce(s.sort_order, -1), case when ed.shuffle_questions then random() end, q.sort_order, q.id), q.marks
          from inst
          join exam_definitions ed on ed.id = ${values.examDefinitionId}
          cross join exam_section_questions q
          left join exam_sections s on s.id = q.section_id
          where q.exam_definition_id = ${values.examDefinitionId}
          returning 1
        )
        select id, (select count(*) from questions) as n from inst`,
    );
    return rows[0]?.id ?? null;
  }

  /**
   * A re-sit (issue 17) as a scheduled module: its own schedule, test and sitting; closed once its
   * result is recorded. The module's extra time (the candidate's accommodation) holds for its re-sits
   * too; recording follows the test's setting.
   */
  async findScheduledResit(resitModuleId: string): Promise<ScheduledModule | null> {
    const rows = rowsOf<ScheduledModule>(
      await this.db.execute(sql`
        select r.application_module_id as "applicationModuleId", a.applicant_id as "applicantId", a.id as "applicationId", r.exam_kind as "examKind",
          r.scheduled_at as "scheduledAt", r.duration_minutes as "durationMinutes", r.schedule_sent_on as "scheduleSentOn",
          r.exam_definition_id as "examDefinitionId", ed.status as "testStatus", ed.overall_time as "overallTime",
          ed.minimum_time as "minimumTime", ed.total_test_marks::float8 as "totalTestMarks", coalesce(x.extra_seconds, 0) as "extraSeconds", e.id as "instanceId",
          (r.result is not null or r.stage = 'Resit Result') as "isClosed", coalesce(ed.record_exam, false) as "recordExam",
          exists (select 1 from exam_recording_consents c where c.application_module_id = r.application_module_id) as "hasRecordingConsent"
        from resit_modules r
        join applications a on a.id = r.application_id
        left join exam_definitions ed on ed.id = r.exam_definition_id
        left join exam_instances e on e.resit_module_id = r.id
        left join exam_time_extensions x on x.application_module_id = r.application_module_id
        where r.id = ${resitModuleId}`),
    );
    const row = rows[0];
    return row ? { ...row, scheduledAt: toDateOrNull(row.scheduledAt), scheduleSentOn: toDateOrNull(row.scheduleSentOn) } : null;
  }

  /** The launch's lock on what the sitting is for: the module (with its extra time) or the re-sit. */
  async lockScheduledTarget(tx: Executor, target: SittingTarget): Promise<{ extraSeconds: number; isClosed: boolean }> {
    if (target.applicationModuleId !== null) return this.lockScheduledModule(tx, target.applicationModuleId);
    const rows = rowsOf<{ closed: boolean; extra: number }>(
      await tx.execute(sql`select (r.result is not null or r.stage = 'Resit Result') as closed, coalesce(x.extra_seconds, 0) as extra
        from resit_modules r left join exam_time_extensions x on x.application_module_id = r.application_module_id
        where r.id = ${target.resitModuleId} for no key update of r`),
    );
    return { extraSeconds: rows[0]?.extra ?? 0, isClosed: rows[0]?.closed ?? false };
  }

  /**
   * The sitting a module's extra time applies to now: its open re-sit (still to be sat or marked; at
   * most one, `resit_modules_one_open`), else the module's own.
   */
  async currentTargetOf(applicationModuleId: string, executor: Executor = this.db): Promise<SittingTarget> {
    const rows = rowsOf<{ id: string }>(
      await executor.execute(sql`select id from resit_modules where application_module_id = ${applicationModuleId} and stage <> 'Resit Result' and result is null`),
    );
    return rows[0] ? { applicationModuleId: null, resitModuleId: rows[0].id } : { applicationModuleId, resitModuleId: null };
  }

  async findInstanceIdOfTarget(target: SittingTarget, executor: Executor = this.db): Promise<string | null> {
    if (target.applicationModuleId !== null) return this.findInstanceIdOfModule(target.applicationModuleId, executor);
    const rows = rowsOf<{ id: string }>(await executor.execute(sql`select id from exam_instances where resit_module_id = ${target.resitModuleId}`));
    return rows[0]?.id ?? null;
  }

  async findInstanceIdOfModule(applicationModuleId: string, executor: Executor = this.db): Promise<string | null> {
    const rows = rowsOf<{ id: string }>(await executor.execute(sql`select id from exam_instances where application_module_id = ${applicationModuleId}`));
    return rows[0]?.id ?? null;
  }

  // Reading a sitting.

  async findInstance(id: string, executor: Executor = this.db): Promise<InstanceRow | null> {
    const rows = await executePrepared<InstanceRow>(executor, 'exam_find_instance', sql`select ${INSTANCE_COLUMNS} from exam_instances e where e.id = ${id}`);
    return rows[0] ? toInstance(rows[0]) : INSTANCE_NOT_FOUND;
  }

  /** Locks the sitting for the rest of the transaction. */
  async lockInstance(tx: Executor, id: string): Promise<InstanceRow | null> {
    const rows = rowsOf<InstanceRow>(await tx.execute(sql`select ${INSTANCE_COLUMNS} from exam_instances e where e.id = ${id} for update`));
    return rows[0] ? toInstance(rows[0]) : INSTANCE_NOT_FOUND;
  }

  /** The sitting with its test's wording and its program and module, for the candidate's screen. */
  async findHeader(id: string, executor: Executor = this.db): Promise<InstanceHeader | null> {
    const rows = await executePrepared<InstanceHeader>(
      executor,
      'exam_find_header',
      sql`
        select ${INSTANCE_COLUMNS}, ed.title, ed.instruction, ed.is_section_split as "isSectionSplit",
          p.id as "programId", p.program_title as "programTitle", p.program_code as "programCode",
          pm.module_code as "moduleCode", pm.module_title as "moduleTitle",
          (select count(*)::int from question_instances qi where qi.exam_instance_id = e.id) as "numOfQuestions"
        from exam_instances e
        join exam_definitions ed on ed.id = e.exam_definition_id
        left join application_modules am on am.id = coalesce(e.application_module_id, (select r.application_module_id from resit_modules r where r.id = e.resit_module_id))
        left join program_modules pm on pm.id = coalesce(am.program_module_id, ed.program_module_id)
        left join programs p on p.id = pm.program_id
        where e.id = ${id}`,
    );
    const row = rows[0];
    return row ? { ...row, ...toInstance(row) } : null;
  }

  async findQuestionStates(examInstanceId: string, executor: Executor = this.db): Promise<QuestionStateRow[]> {
    const rows = await executePrepared<QuestionStateRow>(
      executor,
      'exam_find_question_states',
      sql`
        select qi.id, qi.question_version_id as "questionVersionId", qi.section_id as "sectionId", s.title as "sectionTitle",
          s.sort_order as "sectionOrder", qi.sort_order as "sortOrder", qi.max_marks::float8 as "maxMarks",
          qi.is_answered as "isAnswered", qi.is_attempted as "isAttempted", qi.is_marked as "isMarked", qi.time_taken as "timeTaken",
          qi.num_of_attempts as "numOfAttempts", qi.answer_option_given_by_user as "answerOptionGivenByUser",
          qi.answer_value_given_by_user as "answerValueGivenByUser", qi.last_sequence as "lastSequence",
          qi.actual_marks::float8 as "actualMarks", qi.marked_on as "markedOn",
          (select count(*)::int from answer_papers ap where ap.question_instance_id = qi.id) as "answerPaperCount"
        from question_instances qi
        left join exam_sections s on s.id = qi.section_id
        where qi.exam_instance_id = ${examInstanceId}
        order by qi.sort_order`,
    );
    return rows.map((row) => ({ ...row, markedOn: toDateOrNull(row.markedOn) }));
  }

  /** Question versions with their options (and correct flags: the caller decides what leaves the server). */
  async findVersions(versionIds: readonly string[], executor: Executor = this.db): Promise<VersionContent[]> {
    if (versionIds.length === 0) return [];
    const list = sql.join(
      versionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    return rowsOf<VersionContent>(
      await executor.execute(sql`
        select v.id, v.question_type as "questionType", v.content, v.can_upload_answer_paper as "canUploadAnswerPaper",
          coalesce((select json_agg(json_build_object('id', o.id, 'option', o.option, 'order', o.sort_order, 'correctAnswer', o.correct_answer)
                    order by o.sort_order) from question_options o where o.question_version_id = v.id), '[]'::json) as options
        from question_versions v where v.id in (${list})`),
    );
  }

  // Answers.

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

  // Session, time, submission.

  /**
   * `isexaminprogress` in one statement: reads the sitting (locked) and hands it to this session when
   * it is open, within deadline + grace, and free, already this session's, or taken over. Returns the
   * sitting as it was, for the caller to say why nothing changed.
   */
  async claimSession(input: { id: string; applicantId: string; examType: ExamType; sessionId: string; takeOver: boolean; now: Date; graceSeconds: number }): Promise<InstanceRow | null> {
    const rows = await executePrepared<InstanceRow>(
      this.db,
      'exam_claim_session',
      sql`
        with cur as (
          select ${INSTANCE_COLUMNS} from exam_instances e
          where e.id = ${input.id} and e.applicant_id = ${input.applicantId} and e.exam_type = ${input.examType}
          for update
        ), claimed as (
          update exam_instances e set active_session_id = ${input.sessionId}, modified_on = ${at(input.now)}
          from cur
          where e.id = cur.id and cur.status = 'InProgress'
            and cur.deadline + make_interval(secs => ${input.graceSeconds}) >= ${at(input.now)}
            and cur."activeSessionId" is distinct from ${input.sessionId}
            and (cur."activeSessionId" is null or ${input.takeOver})
          returning e.id
        )
        select cur.* from cur left join claimed on claimed.id = cur.id`,
    );
    return rows[0] ? toInstance(rows[0]) : INSTANCE_NOT_FOUND;
  }

  /**
   * Ends a sitting once: a conditional UPDATE on `status = 'InProgress'`, so of any number of
   * simultaneous submissions exactly one changes the state. A candidate's submission after the
   * deadline (within the grace) is recorded as a time-out. `when` adds the caller's conditions.
   */
  async closeInstance(tx: Executor, id: string, how: 'candidate' | 'timeout' | 'job' | 'invigilator', now: Date, when: SQL = sql`true`): Promise<InstanceRow | null> {
    // An invigilator's end (misconduct) is a submission, whatever the clock says.
    const isLate = how === 'candidate' ? sql`e.deadline < ${at(now)}` : how === 'invigilator' ? sql`false` : sql`true`;
    const rows = rowsOf<InstanceRow>(
      await tx.execute(sql`
        update exam_instances e set
          status = case when ${isLate} then 'TimedOut' else 'Submitted' end,
          submitted_how = case when ${isLate} then ${how === 'candidate' ? 'timeout' : how} else ${how === 'invigilator' ? how : 'candidate'} end,
          submitted_on = ${at(now)}, modified_on = ${at(now)}
        where e.id = ${id} and e.status = 'InProgress' and ${when}
        returning ${INSTANCE_COLUMNS}`),
    );
    return rows[0] ? toInstance(rows[0]) : INSTANCE_NOT_FOUND;
  }

  /** Takes one sitting past its deadline + grace that no other worker holds (FOR UPDATE SKIP LOCKED). */
  async claimOverdue(tx: Executor, now: Date, graceSeconds: number, excluding: readonly string[] = []): Promise<string | null> {
    const skip = excluding.length > 0 ? sql`and id not in (${sql.join(excluding.map((id) => sql`${id}::uuid`), sql`, `)})` : sql``;
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select id from exam_instances
        where status = 'InProgress' and deadline + make_interval(secs => ${graceSeconds}) < ${at(now)} ${skip}
        order by deadline limit 1
        for update skip locked`),
    );
    return rows[0]?.id ?? null;
  }

  async writeMarks(tx: Executor, marks: { id: string; marks: number }[], markedBy: string | null, now: Date): Promise<void> {
    if (marks.length === 0) return;
    await tx.execute(sql`
      update question_instances qi set actual_marks = m.marks, marked_by = ${markedBy}, marked_on = ${at(now)}, modified_on = ${at(now)},
        modified_by = coalesce(${markedBy}::uuid, qi.modified_by)
      from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as m(id uuid, marks numeric)
      where qi.id = m.id`);
  }

  async writeScore(
    tx: Executor,
    id: string,
    values: { score: number | null; percentage: number | null; result: 'Pass' | 'Fail' | null; marksReleased: boolean; markedBy: string | null; now: Date | null },
  ): Promise<void> {
    await tx.execute(sql`
      update exam_instances set score = ${values.score}, percentage = ${values.percentage}, result = ${values.result},
        marks_released = ${values.marksReleased}, marked_by = ${values.markedBy}, marked_on = ${values.now ? at(values.now) : null}
      where id = ${id}`);
  }

  /** A correction of complete marks, in the application's history at its current status and stage. */
  async insertMarkingCorrection(tx: Executor, values: { applicationId: string; note: string; actorId: string }): Promise<void> {
    await tx.execute(sql`
      insert into application_history (application_id, from_status, to_status, from_stage, to_stage, note, created_by, modified_by)
      select a.id, a.status, a.status, a.workflow_stage, a.workflow_stage, ${values.note}, ${values.actorId}, ${values.actorId}
      from applications a where a.id = ${values.applicationId}`);
  }

  /** The module's result on the candidate's application, written with the marks that decide it. */
  async writeModuleResult(tx: Executor, applicationModuleId: string, values: { result: 'Pass' | 'Fail'; percentage: number; enteredBy: string | null; now: Date }): Promise<void> {
    await tx.execute(sql`
      update application_modules set result = ${values.result}, result_percentage = ${values.percentage},
        result_entered_on = ${at(values.now)}, result_entered_by = ${values.enteredBy}, modified_on = ${at(values.now)},
        modified_by = coalesce(${values.enteredBy}::uuid, modified_by)
      where id = ${applicationModuleId}`);
  }

  async findApplicationOfModule(tx: Executor, applicationModuleId: string): Promise<string | null> {
    const rows = rowsOf<{ id: string }>(await tx.execute(sql`select application_id as id from application_modules where id = ${applicationModuleId}`));
    return rows[0]?.id ?? null;
  }

  async findModuleResults(tx: Executor, applicationId: string): Promise<{ moduleCode: string; result: string | null }[]> {
    return rowsOf<{ moduleCode: string; result: string | null }>(
      await tx.execute(sql`
        select pm.module_code as "moduleCode", am.result from application_modules am
        join program_modules pm on pm.id = am.program_module_id where am.application_id = ${applicationId} order by am."order"`),
    );
  }

  async findPassPercentage(tx: Executor, applicationModuleId: string): Promise<number | null> {
    const rows = rowsOf<{ passPercentage: number }>(
      await tx.execute(sql`
        select pm.pass_percentage::float8 as "passPercentage" from application_modules am
        join program_modules pm on pm.id = am.program_module_id where am.id = ${applicationModuleId}`),
    );
    return rows[0]?.passPercentage ?? null;
  }

  // Extra time.

  /**
   * The module for a grant of extra time: `sittingMinutes` is what a time factor multiplies, the
   * sitting's length (the schedule's duration, decision 041; the test's time before one is set),
   * and null without an online test.
   */
  async findModuleForStaff(applicationModuleId: string): Promise<{ applicationModuleId: string; programId: string; examinerId: string | null; sittingMinutes: number | null } | null> {
    const rows = rowsOf<{ applicationModuleId: string; programId: string; examinerId: string | null; sittingMinutes: number | null }>(
      await this.db.execute(sql`
        select am.id as "applicationModuleId", a.program_id as "programId", am.examiner_id as "examinerId",
          case when ed.id is null then null else coalesce(am.duration_minutes, ed.overall_time) end as "sittingMinutes"
        from application_modules am join applications a on a.id = am.application_id
        left join exam_definitions ed on ed.id = am.exam_definition_id
        where am.id = ${applicationModuleId}`),
    );
    return rows[0] ?? null;
  }

  async saveExtraTime(tx: Executor, applicationModuleId: string, extraSeconds: number, actorId: string, now: Date): Promise<void> {
    await tx.execute(sql`
      insert into exam_time_extensions (application_module_id, extra_seconds, created_by, modified_by)
      values (${applicationModuleId}, ${extraSeconds}, ${actorId}, ${actorId})
      on conflict (application_module_id) do update set extra_seconds = excluded.extra_seconds, modified_by = excluded.modified_by, modified_on = ${at(now)}`);
  }

  /** Moves the open sitting's deadline with its extra time; null when there is no open sitting. */
  async extendOpenInstance(tx: Executor, target: SittingTarget, extraSeconds: number, actorId: string, now: Date): Promise<{ id: string; deadline: Date } | null> {
    const rows = rowsOf<{ id: string; deadline: Date }>(
      await tx.execute(sql`
        update exam_instances set extra_seconds = ${extraSeconds},
          -- Moved by the change only, so time an invigilator's pause added to the deadline stays (issue 19).
          deadline = deadline + make_interval(secs => ${extraSeconds} - extra_seconds), modified_on = ${at(now)}, modified_by = ${actorId}
        where ${target.resitModuleId === null ? sql`application_module_id = ${target.applicationModuleId}` : sql`resit_module_id = ${target.resitModuleId}`} and status = 'InProgress'
        returning id, deadline`),
    );
    return rows[0] ? { id: rows[0].id, deadline: toDate(rows[0].deadline) } : null;
  }

  /** Moves an open sitting's deadline by `seconds` (an invigilator's pause, issue 19); null when it is not open. */
  async moveOpenDeadline(tx: Executor, id: string, seconds: number, actorId: string, now: Date): Promise<Date | null> {
    const rows = rowsOf<{ deadline: Date | string }>(
      await tx.execute(sql`
        update exam_instances set deadline = deadline + make_interval(secs => ${seconds}::float8), modified_on = ${at(now)}, modified_by = ${actorId}
        where id = ${id} and status = 'InProgress'
        returning deadline`),
    );
    return rows[0] ? toDate(rows[0].deadline) : null;
  }

  /**
   * The scheduled module's row lock: a launch and a grant of extra time take it, so whichever comes
   * second sees the other (a launch reads the extra time after it; a grant then finds the sitting).
   * Returns the extra seconds granted, read after the lock in a statement of its own (a fresh
   * snapshot under READ COMMITTED).
   */
  /** Locks the module; its extra time, and whether a result recorded meanwhile closed it, are read after the lock. */
  async lockScheduledModule(tx: Executor, applicationModuleId: string): Promise<{ extraSeconds: number; isClosed: boolean }> {
    const locked = rowsOf<{ closed: boolean }>(
      await tx.execute(sql`select (am.result is not null or a.overall_result is not null) as closed
        from application_modules am join applications a on a.id = am.application_id where am.id = ${applicationModuleId} for no key update of am`),
    );
    const rows = rowsOf<{ extra: number }>(await tx.execute(sql`select extra_seconds as extra from exam_time_extensions where application_module_id = ${applicationModuleId}`));
    return { extraSeconds: rows[0]?.extra ?? 0, isClosed: locked[0]?.closed ?? false };
  }

  async lockInstanceOfTarget(tx: Executor, target: SittingTarget): Promise<InstanceRow | null> {
    const where = target.resitModuleId === null ? sql`e.application_module_id = ${target.applicationModuleId}` : sql`e.resit_module_id = ${target.resitModuleId}`;
    const rows = rowsOf<InstanceRow>(await tx.execute(sql`select ${INSTANCE_COLUMNS} from exam_instances e where ${where} for update`));
    return rows[0] ? toInstance(rows[0]) : INSTANCE_NOT_FOUND;
  }

  // Marking.

  /**
   * Who may mark a sitting and whether its marks are still open. A re-sit sitting (decision 024) is
   * marked by the re-sit's examiner and stays open until the re-sit's result is submitted.
   */
  async findMarkingContext(target: SittingTarget, executor: Executor = this.db): Promise<MarkingContext | null> {
    const rows = rowsOf<MarkingContext>(
      await executor.execute(sql`
        select am.id as "applicationModuleId", a.id as "applicationId", a.application_number as "applicationNumber",
          trim(u.first_name || ' ' || u.last_name) as "applicantName", u.id as "applicantUserId", a.program_id as "programId",
          pm.module_code as "moduleCode", pm.module_title as "moduleTitle", pm.pass_percentage::float8 as "passPercentage",
          ${target.resitModuleId === null ? sql`am.examiner_id` : sql`r.examiner_id`} as "examinerId",
          ${target.resitModuleId === null ? sql`a.overall_result is not null` : sql`r.stage = 'Resit Result'`} as "isClosed"
        from application_modules am
        join applications a on a.id = am.application_id
        join applicants ap on ap.id = a.applicant_id
        join users u on u.id = ap.user_id
        join program_modules pm on pm.id = am.program_module_id
        ${target.resitModuleId === null ? sql`where am.id = ${target.applicationModuleId}` : sql`join resit_modules r on r.application_module_id = am.id where r.id = ${target.resitModuleId}`}`),
    );
    return rows[0] ?? null;
  }

  async findAnswerPapers(examInstanceId: string, questionInstanceId?: string): Promise<AnswerPaperRow[]> {
    const rows = rowsOf<AnswerPaperRow>(
      await this.db.execute(sql`
        select ap.question_instance_id as "questionInstanceId", at.id as "attachmentId", at.resource_key as "resourceKey", at.name,
          coalesce(at.content_type, at.declared_content_type) as "contentType", ap.created_on as "createdOn"
        from answer_papers ap
        join question_instances qi on qi.id = ap.question_instance_id
        join attachments at on at.id = ap.attachment_id
        where qi.exam_instance_id = ${examInstanceId} ${questionInstanceId ? sql`and qi.id = ${questionInstanceId}` : sql``}
        order by ap.created_on`),
    );
    return rows.map((row) => ({ ...row, createdOn: toDate(row.createdOn) }));
  }

  // Answer papers.

  async findApplicantUser(applicantId: string): Promise<{ userId: string; email: string } | null> {
    const rows = rowsOf<{ userId: string; email: string }>(
      await this.db.execute(sql`select u.id as "userId", u.email from applicants a join users u on u.id = a.user_id where a.id = ${applicantId}`),
    );
    return rows[0] ?? null;
  }

  async addAnswerPaper(questionInstanceId: string, attachmentId: string, userId: string): Promise<void> {
    await this.db.execute(sql`
      insert into answer_papers (question_instance_id, attachment_id, created_by, modified_by)
      values (${questionInstanceId}, ${attachmentId}, ${userId}, ${userId}) on conflict do nothing`);
  }

  // Lists.

  async findAvailableTrials(applicantId: string) {
    return rowsOf<{
      testId: string;
      title: string;
      description: string;
      programCode: string | null;
      programTitle: string | null;
      overallTime: number;
      minimumTime: number;
      numOfQuestions: number;
      inProgressInstanceId: string | null;
      attempts: number;
    }>(
      await this.db.execute(sql`
        select ed.id as "testId", ed.title, ed.description, p.program_code as "programCode", p.program_title as "programTitle",
          ed.overall_time as "overallTime", ed.minimum_time as "minimumTime",
          (select count(*)::int from exam_section_questions q where q.exam_definition_id = ed.id) as "numOfQuestions",
          (select e.id from exam_instances e where e.exam_definition_id = ed.id and e.applicant_id = ${applicantId}
             and e.exam_type = 'trial' and e.status = 'InProgress' limit 1) as "inProgressInstanceId",
          (select count(*)::int from exam_instances e where e.exam_definition_id = ed.id and e.applicant_id = ${applicantId}) as attempts
        from exam_definitions ed
        left join program_modules pm on pm.id = ed.program_module_id
        left join programs p on p.id = pm.program_id
        where ed.test_type = 'trial' and ed.status = 'published' and (p.id is null or p.status = 2)
        order by p.program_code nulls last, ed.title`),
    );
  }

  /**
   * Sittings: trial instances, and scheduled online modules with or without their instance. One
   * query for the applicant's list and the staff's, with the spec's filters applied in SQL.
   */
  async findSittings(options: {
    applicantId?: string;
    /** Staff who are not account administrators see only their programs' sittings. */
    staffUserId?: string;
    /** Staff see only the sittings of their account's programs. */
    accountId?: string;
    filter: 'All' | 'Upcoming' | 'Completed' | 'Resits';
    kind?: ExamType;
    programId?: string;
    searchTerm?: string;
    needsMarking?: boolean;
    now: Date;
    page: number;
    pageSize: number;
  }): Promise<{ rows: SittingDbRow[]; totalRows: number }> {
    const conditions: SQL[] = [sql`true`];
    if (options.applicantId) conditions.push(sql`s.applicant_id = ${options.applicantId}`);
    if (options.accountId) conditions.push(sql`s.program_id in (select id from programs where account_id = ${options.accountId})`);
    if (options.kind) conditions.push(sql`s.kind = ${options.kind}`);
    if (options.programId) conditions.push(sql`s.program_id = ${options.programId}`);
    if (options.needsMarking !== undefined) conditions.push(options.needsMarking ? sql`s.needs_marking` : sql`not s.needs_marking`);
    if (options.filter === 'Upcoming') {
      // A module whose result is recorded (by hand) will not be sat: not upcoming (issue 45).
      conditions.push(sql`(s.status = 'InProgress' or (s.status = 'NotStarted' and not s.is_closed and s.window_closes_at >= ${at(options.now)}))`);
    } else if (options.filter === 'Completed') {
      conditions.push(sql`s.status in ('Submitted', 'TimedOut')`);
    } else if (options.filter === 'Resits') {
      conditions.push(sql`s.is_resit`);
    }
    if (options.searchTerm) {
      const like = `%${options.searchTerm.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`(s.applicant_name ilike ${like} or s.applicant_email ilike ${like} or s.application_number ilike ${like} or s.title ilike ${like})`);
    }
    if (options.staffUserId) {
      conditions.push(sql`(exists (select 1 from programs p where p.id = s.program_id and p.program_manager_id = ${options.staffUserId})
        or exists (select 1 from program_users pu where pu.program_id = s.program_id and pu.user_id = ${options.staffUserId})
        or s.examiner_id = ${options.staffUserId})`);
    }
    const sittings = sql`
        with s as (
          select e.id as exam_instance_id, 'trial' as kind, e.applicant_id, ed.id as test_id, ed.title, p.id as program_id,
            p.program_code, p.program_title, pm.module_code, pm.module_title, null::uuid as application_module_id,
            null::uuid as application_id, null::text as application_number, null::timestamptz as scheduled_at,
            null::timestamptz as window_closes_at, null::text as schedule_time_zone, ed.overall_time, e.status,
            e.started_on, e.deadline, e.submitted_on, e.submitted_how, e.extra_seconds, e.score::float8 as score,
            e.percentage::float8 as percentage, e.result, e.marks_released, false as needs_marking, null::uuid as examiner_id,
            false as is_resit, e.applicant_id as applicant_ref, null::text as module_result, null::float8 as module_result_percentage,
            false as is_released, false as is_closed, null::uuid as resit_module_id
          from exam_instances e
          join exam_definitions ed on ed.id = e.exam_definition_id
          left join program_modules pm on pm.id = ed.program_module_id
          left join programs p on p.id = pm.program_id
          where e.exam_type = 'trial'
          union all
          select e.id, 'module', a.applicant_id, ed.id, ed.title, p.id, p.program_code, p.program_title, pm.module_code, pm.module_title,
            am.id, a.id, a.application_number, am.scheduled_at,
            -- The end of the sitting: sittingEndsAt (packages/shared/src/exam-schedule/sitting-time.ts) in SQL.
            am.scheduled_at + make_interval(mins => coalesce(am.duration_minutes, 0)), am.schedule_time_zone, ed.overall_time,
            coalesce(e.status, 'NotStarted'), e.started_on, e.deadline, e.submitted_on, e.submitted_how,
            coalesce(e.extra_seconds, x.extra_seconds, 0), e.score::float8, e.percentage::float8, e.result, coalesce(e.marks_released, false),
            (e.status in ('Submitted', 'TimedOut') and exists (select 1 from question_instances qi where qi.exam_instance_id = e.id and qi.actual_marks is null)),
            am.examiner_id, false, a.applicant_id, am.result, am.result_percentage::float8, a.overall_result is not null,
            am.result is not null or a.overall_result is not null, null::uuid
          from application_modules am
          join applications a on a.id = am.application_id
          join exam_definitions ed on ed.id = am.exam_definition_id
          join program_modules pm on pm.id = am.program_module_id
          join programs p on p.id = pm.program_id
          left join exam_instances e on e.application_module_id = am.id
          left join exam_time_extensions x on x.application_module_id = am.id
          where am.exam_kind = 'Online' and am.schedule_sent_on is not null and am.scheduled_at is not null
          union all
          -- Re-sits (issue 17): each sent online re-sit with its own sitting, a new instance beside the first attempt's.
          -- It carries its module (extra time is granted on the module and goes to the open re-sit).
          select e.id, 'module', a.applicant_id, ed.id, ed.title, p.id, p.program_code, p.program_title, pm.module_code, pm.module_title,
            am.id, a.id, a.application_number, r.scheduled_at,
            r.scheduled_at + make_interval(mins => coalesce(r.duration_minutes, 0)), r.schedule_time_zone, ed.overall_time,
            coalesce(e.status, 'NotStarted'), e.started_on, e.deadline, e.submitted_on, e.submitted_how,
            coalesce(e.extra_seconds, 0), e.score::float8, e.percentage::float8, e.result, coalesce(e.marks_released, false),
            (e.status in ('Submitted', 'TimedOut') and exists (select 1 from question_instances qi where qi.exam_instance_id = e.id and qi.actual_marks is null)),
            r.examiner_id, true, a.applicant_id, r.result, r.result_percentage::float8, r.stage = 'Resit Result',
            r.result is not null or r.stage = 'Resit Result', r.id
          from resit_modules r
          join applications a on a.id = r.application_id
          join application_modules am on am.id = r.application_module_id
          join exam_definitions ed on ed.id = r.exam_definition_id
          join program_modules pm on pm.id = am.program_module_id
          join programs p on p.id = pm.program_id
          left join exam_instances e on e.resit_module_id = r.id
          where r.exam_kind = 'Online' and r.schedule_sent_on is not null and r.scheduled_at is not null
        ), named as (
          select s.*, trim(u.first_name || ' ' || u.last_name) as applicant_name, u.email as applicant_email
          from s join applicants ap on ap.id = s.applicant_ref join users u on u.id = ap.user_id
        )`;
    const where = sql.join(conditions, sql` and `);
    const rows = rowsOf<SittingDbRow & { total: number }>(
      await this.db.execute(sql`${sittings}
        select s.*, count(*) over ()::int as total from named s where ${where}
        order by coalesce(s.scheduled_at, s.started_on) desc nulls last, s.exam_instance_id
        limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`),
    );
    if (rows[0] || options.page === 1) return { rows, totalRows: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the total.
    const counted = rowsOf<{ total: number }>(await this.db.execute(sql`${sittings} select count(*)::int as total from named s where ${where}`));
    return { rows, totalRows: counted[0]?.total ?? 0 };
  }
}

export interface SittingDbRow {
  exam_instance_id: string | null;
  kind: ExamType;
  applicant_id: string;
  test_id: string;
  title: string;
  program_id: string | null;
  program_code: string | null;
  program_title: string | null;
  module_code: string | null;
  module_title: string | null;
  application_module_id: string | null;
  application_id: string | null;
  application_number: string | null;
  scheduled_at: Date | string | null;
  window_closes_at: Date | string | null;
  schedule_time_zone: string | null;
  overall_time: number;
  status: 'NotStarted' | ExamInstanceStatus;
  started_on: Date | string | null;
  deadline: Date | string | null;
  submitted_on: Date | string | null;
  submitted_how: SubmittedHow | null;
  extra_seconds: number;
  score: number | null;
  percentage: number | null;
  result: 'Pass' | 'Fail' | null;
  marks_released: boolean;
  needs_marking: boolean;
  applicant_name: string;
  applicant_email: string;
  is_resit: boolean;
  /** The re-sit of a re-sit sitting (issue 17), launched by it. */
  resit_module_id: string | null;
  module_result: 'Pass' | 'Fail' | 'Absent' | null;
  module_result_percentage: number | null;
  /** The application's overall result is recorded: module results are shown to the candidate. */
  is_released: boolean;
  is_closed: boolean;
}
