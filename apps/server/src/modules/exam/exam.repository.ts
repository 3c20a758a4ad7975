import { sql, type SQL } from 'drizzle-orm';
import type { ExamType } from '@certs/shared/program/program-type';
import type { ExamInstanceStatus, SubmittedHow } from '@certs/shared/exam/exam-rules';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { executePrepared } from '../../db/prepared';

// The row helpers and the sitting's columns are shared with the exam module's other repositories:
// answers (exam-answer.repository.ts), questions delivered (exam-question.repository.ts), marks and
// results (exam-result.repository.ts) and the lists (exam-list.repository.ts).

/** Rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;

/** Timestamps arrive as Date from a column and as text from inside JSON. */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
export const toDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : toDate(value));

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
export const INSTANCE_COLUMNS = sql.raw(`
  e.id, e.exam_type as "examType", e.exam_definition_id as "examDefinitionId", e.applicant_id as "applicantId",
  e.application_module_id as "applicationModuleId", e.resit_module_id as "resitModuleId", e.status, e.total_seconds as "totalSeconds",
  e.minimum_seconds as "minimumSeconds", e.extra_seconds as "extraSeconds", e.started_on as "startedOn",
  e.deadline, e.submitted_on as "submittedOn", e.submitted_how as "submittedHow",
  e.active_session_id as "activeSessionId", e.record_exam as "recordExam", e.shuffle_options as "shuffleOptions",
  e.partial_marks as "partialMarks", e.total_marks::float8 as "totalMarks",
  e.score::float8 as score, e.percentage::float8 as percentage, e.result, e.marked_on as "markedOn",
  e.marks_released as "marksReleased"`);

export function toInstance(row: InstanceRow): InstanceRow {
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

const INSTANCE_NOT_FOUND = null;

/**
 * The sitting itself: launch, reading and locking it, its browser session, closing it, and its
 * deadline and extra time. The hot paths (launch, submission) are single set-based statements: no
 * per-question query loop.
 */
export class ExamRepository {
  constructor(private readonly db: Database) {}

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

}
