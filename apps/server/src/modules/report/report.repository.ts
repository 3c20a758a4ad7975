import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inScope, rowsOf, withinDays, type ProgramScope } from './staff-scope';

export interface Period {
  from?: string;
  to?: string;
}

/** Today in the account's zone. */
const todayIn = (timeZone: string) => sql`(now() at time zone ${timeZone})::date`;

/** The reports' aggregate queries: every one counts only the programs of the caller's scope. */
export class ReportRepository {
  constructor(private readonly db: Database) {}

  private async all<T>(query: ReturnType<typeof sql>): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  /**
   * Applicants registered in the period with an application in the scope's programs: applicants
   * belong to the platform, and an account counts those who applied to it.
   */
  async applicantCounts(scope: ProgramScope, period: Period) {
    const where = sql`${withinDays(sql`u.created_on`, period.from, period.to, scope.timeZone)}
      and exists (select 1 from applications ap where ap.applicant_id = a.id and ${inScope(sql`ap.program_id`, scope)})`;
    const base = sql`from applicants a join users u on u.id = a.user_id where ${where}`;
    const [byState, byMembership, byMonth] = await Promise.all([
      this.all<{ label: string; count: number }>(sql`select coalesce(nullif(trim(a.home_address->>'state'), ''), '') as label, count(*)::int as count ${base} group by 1 order by 2 desc, 1`),
      this.all<{ label: string; count: number }>(sql`select a.membership_type as label, count(*)::int as count ${base} group by 1 order by 1`),
      this.all<{ label: string; count: number }>(sql`select to_char(u.created_on at time zone ${scope.timeZone}, 'YYYY-MM') as label, count(*)::int as count ${base} group by 1 order by 1`),
    ]);
    return { byState, byMembership, byMonth };
  }

  /** Active staff by role: the account's for the account-wide; for scoped staff, those serving on the same programs. */
  async staffByRole(scope: ProgramScope) {
    const served = scope.all
      ? sql`u.account_id = ${scope.accountId}`
      : sql`(u.id in (select user_id from program_users where ${inScope(sql`program_id`, scope)}) or u.id in (select program_manager_id from programs where ${inScope(sql`id`, scope)}))`;
    return this.all<{ role: number; count: number }>(sql`select u.role, count(*)::int as count from users u where u.user_type = 'admin' and u.active and ${served} group by 1 order by 1`);
  }

  async applicationHistory(scope: ProgramScope, filters: Period & { status?: string; staffId?: string }) {
    return this.all<{ programId: string; programCode: string; programTitle: string; status: string; staffId: string | null; firstName: string | null; lastName: string | null; userType: string | null; moves: number }>(sql`
      select p.id as "programId", p.program_code as "programCode", p.program_title as "programTitle", h.to_status as status,
             h.created_by as "staffId", u.first_name as "firstName", u.last_name as "lastName", u.user_type as "userType", count(*)::int as moves
      from application_history h
      join applications ap on ap.id = h.application_id
      join programs p on p.id = ap.program_id
      left join users u on u.id = h.created_by
      where ${inScope(sql`ap.program_id`, scope)} and ${withinDays(sql`h.created_on`, filters.from, filters.to, scope.timeZone)}
        and ${filters.status ? sql`h.to_status = ${filters.status}` : sql`true`}
        and ${filters.staffId ? sql`h.created_by = ${filters.staffId}::uuid` : sql`true`}
      group by 1, 2, 3, 4, 5, 6, 7, 8
      order by 2, 4, 7, 6`);
  }

  async examResults(scope: ProgramScope, period: Period) {
    return this.all<{ programId: string; programCode: string; programTitle: string; moduleCode: string; moduleTitle: string; attempts: number; passed: number; failed: number; absent: number; averagePercentage: number | null }>(sql`
      select p.id as "programId", p.program_code as "programCode", p.program_title as "programTitle", pm.module_code as "moduleCode", pm.module_title as "moduleTitle",
             count(*)::int as attempts,
             count(*) filter (where am.result = 'Pass')::int as passed,
             count(*) filter (where am.result = 'Fail')::int as failed,
             count(*) filter (where am.result = 'Absent')::int as absent,
             round(avg(am.result_percentage) filter (where am.result <> 'Absent'), 1)::float8 as "averagePercentage"
      from application_modules am
      join program_modules pm on pm.id = am.program_module_id
      join programs p on p.id = pm.program_id
      where am.result is not null and ${inScope(sql`p.id`, scope)} and ${withinDays(sql`am.result_entered_on`, period.from, period.to, scope.timeZone)}
      group by 1, 2, 3, 4, 5
      order by 2, 4`);
  }

  async awards(scope: ProgramScope, period: Period, expiringWithinDays: number) {
    const issuedIn = sql`${period.from ? sql`w.awarded_on >= ${period.from}::date` : sql`true`} and ${period.to ? sql`w.awarded_on <= ${period.to}::date` : sql`true`}`;
    return this.all<{ programId: string; programCode: string; programTitle: string; issued: number; current: number; expiringSoon: number; expired: number }>(sql`
      select p.id as "programId", p.program_code as "programCode", p.program_title as "programTitle",
             count(*) filter (where ${issuedIn})::int as issued,
             count(*) filter (where w.status = 'current')::int as current,
             count(*) filter (where w.status = 'current' and w.expires_on between ${todayIn(scope.timeZone)} and ${todayIn(scope.timeZone)} + ${expiringWithinDays}::int)::int as "expiringSoon",
             count(*) filter (where w.status = 'expired')::int as expired
      from awards w join programs p on p.id = w.program_id
      where ${inScope(sql`w.program_id`, scope)}
      group by 1, 2, 3
      order by 2`);
  }

  /** Every marked answer of the marked module sittings in scope (and period, test, program). */
  async markedAnswers(scope: ProgramScope, filters: Period & { examDefinitionId?: string }) {
    return this.all<{ examInstanceId: string; questionVersionId: string; actualMarks: number; maxMarks: number; timeTaken: number; isAttempted: boolean; chosen: string[] }>(sql`
      select qi.exam_instance_id as "examInstanceId", qi.question_version_id as "questionVersionId", qi.actual_marks::float8 as "actualMarks",
             qi.max_marks::float8 as "maxMarks", qi.time_taken as "timeTaken", qi.is_attempted as "isAttempted", qi.answer_option_given_by_user as chosen
      from question_instances qi
      join exam_instances e on e.id = qi.exam_instance_id
      join application_modules am on am.id = e.application_module_id
      join applications ap on ap.id = am.application_id
      where e.exam_type = 'module' and e.score is not null and qi.actual_marks is not null
        and ${inScope(sql`ap.program_id`, scope)}
        and ${withinDays(sql`e.submitted_on`, filters.from, filters.to, scope.timeZone)}
        and ${filters.examDefinitionId ? sql`e.exam_definition_id = ${filters.examDefinitionId}::uuid` : sql`true`}`);
  }

  async questionVersions(ids: readonly string[]) {
    if (ids.length === 0) return [];
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    return this.all<{ id: string; questionNumber: number; questionType: string; plainText: string; options: { id: string; option: string; correctAnswer: boolean; sortOrder: number }[] | null }>(sql`
      select v.id, q.question_number as "questionNumber", v.question_type as "questionType", v.plain_text as "plainText",
             (select json_agg(json_build_object('id', o.id, 'option', o.option, 'correctAnswer', o.correct_answer, 'sortOrder', o.sort_order) order by o.sort_order)
                from question_options o where o.question_version_id = v.id) as options
      from question_versions v join questions q on q.id = v.question_id
      where v.id in (${list})
      order by q.question_number`);
  }

  /** Programs the caller may filter by. */
  async programs(scope: ProgramScope) {
    return this.all<{ id: string; programCode: string; programTitle: string; programType: number }>(sql`
      select id, program_code as "programCode", program_title as "programTitle", program_type::int as "programType" from programs where ${inScope(sql`id`, scope)} order by program_code`);
  }
}
