import { sql, type SQL } from 'drizzle-orm';
import type { ExamType } from '@certs/shared/program/program-type';
import type { ExamInstanceStatus, SubmittedHow } from '@certs/shared/exam/exam-rules';
import type { Database } from '../../db/client';
import { at, rowsOf } from './exam.repository';

/** The lists: the trials an applicant may sit, and the sittings the applicant and staff see. */
export class ExamListRepository {
  constructor(private readonly db: Database) {}

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
