import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { inScope, rowsOf, type ProgramScope } from '../report/staff-scope';

/** The wall-clock now and this month's first day in the account's zone (its days, not Sydney's). */
const localNow = (scope: ProgramScope) => sql`(now() at time zone ${scope.timeZone})`;
const monthStart = (scope: ProgramScope) => sql`date_trunc('month', ${localNow(scope)})::date`;

/** The dashboard's counts; each uses the same conditions as the list it summarises. */
export class DashboardRepository {
  constructor(private readonly db: Database) {}

  private async all<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  private async one<T>(query: SQL): Promise<T> {
    return (await this.all<T>(query))[0]!;
  }

  async applications(scope: ProgramScope) {
    // The queues list submitted applications only (application-workflow.repository findQueue).
    const submitted = sql`submitted_on is not null and ${inScope(sql`program_id`, scope)}`;
    const [byStatus, byType, byStage] = await Promise.all([
      this.all<{ label: string; count: number }>(sql`select status as label, count(*)::int as count from applications where ${submitted} group by 1`),
      this.all<{ programType: number; count: number }>(sql`select program_type::int as "programType", count(*)::int as count from applications where ${submitted} group by 1 order by 1`),
      this.all<{ stage: string | null; count: number }>(
        sql`select workflow_stage as stage, count(*)::int as count from applications where ${submitted} and status in ('Examinations Stage', 'Applied for re-sit') group by 1`,
      ),
    ]);
    return { byStatus, byType, byStage };
  }

  async examsAhead(scope: ProgramScope, days: number) {
    return this.all<{ day: string; count: number }>(sql`
      select to_char(am.scheduled_at at time zone ${scope.timeZone}, 'YYYY-MM-DD') as day, count(*)::int as count
      from application_modules am join applications ap on ap.id = am.application_id
      where am.scheduled_at >= now() and am.scheduled_at < now() + make_interval(days => ${days}) and ${inScope(sql`ap.program_id`, scope)}
      group by 1 order by 1`);
  }

  async paymentsThisMonth(scope: ProgramScope) {
    return this.one<{ count: number; amountCents: number; from: string; to: string }>(sql`
      select count(*)::int as count, coalesce(sum(pay.amount_cents), 0)::int as "amountCents",
             ${monthStart(scope)}::text as "from", ${localNow(scope)}::date::text as "to"
      from payments pay join applications ap on ap.id = pay.application_id
      where pay.status = 'Success' and (pay.paid_on at time zone ${scope.timeZone})::date >= ${monthStart(scope)} and ${inScope(sql`ap.program_id`, scope)}`);
  }

  async awards(scope: ProgramScope, expiringWithinDays: number) {
    return this.one<{ issuedThisMonth: number; current: number; expiringSoon: number }>(sql`
      select count(*) filter (where awarded_on >= ${monthStart(scope)})::int as "issuedThisMonth",
             count(*) filter (where status = 'current')::int as current,
             count(*) filter (where status = 'current' and expires_on between ${localNow(scope)}::date and ${localNow(scope)}::date + ${expiringWithinDays}::int)::int as "expiringSoon"
      from awards where ${inScope(sql`program_id`, scope)}`);
  }

  async pending(scope: ProgramScope) {
    return this.one<{ awaitingAssessor: number; resultsToRecord: number; answersToMark: number }>(sql`
      select
        (select count(*) from applications where status = 'Application Submitted' and assessor_id is null and submitted_on is not null and ${inScope(sql`program_id`, scope)})::int as "awaitingAssessor",
        (select count(*) from application_modules am join applications ap on ap.id = am.application_id
          where am.schedule_sent_on is not null and am.scheduled_at < now() and am.result is null and ${inScope(sql`ap.program_id`, scope)})::int as "resultsToRecord",
        (select count(*) from question_instances qi join exam_instances e on e.id = qi.exam_instance_id
          join application_modules am on am.id = e.application_module_id join applications ap on ap.id = am.application_id
          where e.status <> 'InProgress' and qi.actual_marks is null and ${inScope(sql`ap.program_id`, scope)})::int as "answersToMark"`);
  }

  // A member of staff's own work, within the account they work in now (a super user's duties in
  // another account show there, once switched to it).
  async assignedApplications(userId: string, accountId: string) {
    return this.all<{ id: string; applicationNumber: string; programId: string; programCode: string; programTitle: string; programType: number; status: string; firstName: string; lastName: string }>(sql`
      select ap.id, ap.application_number as "applicationNumber", p.id as "programId", p.program_code as "programCode", p.program_title as "programTitle",
             ap.program_type::int as "programType", ap.status, u.first_name as "firstName", u.last_name as "lastName"
      from applications ap join programs p on p.id = ap.program_id join applicants a on a.id = ap.applicant_id join users u on u.id = a.user_id
      where ap.assessor_id = ${userId}::uuid and ap.status = 'Being Assessed' and p.account_id = ${accountId}
      order by ap.submitted_on nulls last`);
  }

  async sittings(userId: string, accountId: string) {
    return this.all<{ applicationModuleId: string; scheduledAt: Date; timeZone: string | null; programCode: string; moduleTitle: string; examKind: string | null; firstName: string; lastName: string; isExaminer: boolean }>(sql`
      select am.id as "applicationModuleId", am.scheduled_at as "scheduledAt", am.schedule_time_zone as "timeZone", p.program_code as "programCode",
             pm.module_title as "moduleTitle", am.exam_kind as "examKind", u.first_name as "firstName", u.last_name as "lastName",
             (am.examiner_id = ${userId}::uuid) as "isExaminer"
      from application_modules am join program_modules pm on pm.id = am.program_module_id join programs p on p.id = pm.program_id
      join applications ap on ap.id = am.application_id join applicants a on a.id = ap.applicant_id join users u on u.id = a.user_id
      where (am.examiner_id = ${userId}::uuid or am.invigilator_id = ${userId}::uuid) and am.scheduled_at is not null and am.result is null
        and am.scheduled_at > now() - interval '1 day' and p.account_id = ${accountId}
      order by am.scheduled_at limit 50`);
  }

  async answersToMark(userId: string, accountId: string) {
    return this.all<{ examInstanceId: string; programCode: string; moduleTitle: string; firstName: string; lastName: string; waiting: number }>(sql`
      select e.id as "examInstanceId", p.program_code as "programCode", pm.module_title as "moduleTitle", u.first_name as "firstName", u.last_name as "lastName",
             count(*)::int as waiting
      from question_instances qi join exam_instances e on e.id = qi.exam_instance_id
      join application_modules am on am.id = e.application_module_id join program_modules pm on pm.id = am.program_module_id join programs p on p.id = pm.program_id
      join applicants a on a.id = e.applicant_id join users u on u.id = a.user_id
      where am.examiner_id = ${userId}::uuid and e.status <> 'InProgress' and qi.actual_marks is null and p.account_id = ${accountId}
      group by 1, 2, 3, 4, 5 order by min(e.submitted_on) nulls last`);
  }
}
