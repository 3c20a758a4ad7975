import { sql, type SQL } from 'drizzle-orm';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Database } from '../../db/client';

/**
 * What one review covers: programs of one account, the year's first and last day in that account's
 * zone, and whether it is the whole account (then the account's complaints without a program, its
 * declarations, agreements and impartiality events without a program count too).
 */
export interface ReviewScope {
  accountId: string;
  programIds: readonly string[];
  isAllPrograms: boolean;
  timeZone: string;
  year: number;
  from: string;
  to: string;
}

export interface ProgramRow {
  id: string;
  programCode: string;
  programTitle: string;
  programType: number;
}

export interface CaseRowData {
  reference: string;
  programId: string | null;
  programCode: string | null;
  subject: string;
  status: string;
  outcome: string | null;
  handlerName: string | null;
  receivedDay: string;
  acknowledgedDay: string | null;
  decidedDay: string | null;
  acknowledgeBy: string;
  decideBy: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `column in (programs)`; false for none. */
function inPrograms(column: SQL, scope: ReviewScope): SQL {
  if (scope.programIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.programIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** A timestamp's day in the account's zone. */
const dayOf = (column: SQL, scope: ReviewScope) => sql`(${column} at time zone ${scope.timeZone})::date`;
/** Whether a timestamp falls in the review's year, in the account's zone. */
const inYear = (column: SQL, scope: ReviewScope) => sql`${dayOf(column, scope)} between ${scope.from}::date and ${scope.to}::date`;
const dayText = (column: SQL, scope: ReviewScope) => sql`to_char(${dayOf(column, scope)}, 'YYYY-MM-DD')`;
const nameOf = (alias: string) => sql.raw(`nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), '')`);

/** The management review's queries: each reads only the scope's programs of the scope's account. */
export class ManagementReviewRepository {
  constructor(private readonly db: Database) {}

  private async all<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  async accountName(accountId: string): Promise<string> {
    const [row] = await this.all<{ name: string }>(sql`select name from accounts where id = ${accountId}::uuid`);
    return row?.name ?? '';
  }

  /** Every program of the account (administrators), or those the user manages: named as its manager, or holding the manager role. */
  async programsOf(accountId: string, managerId: string | null): Promise<ProgramRow[]> {
    const managed = managerId
      ? sql`and (p.program_manager_id = ${managerId}::uuid or exists (select 1 from program_users pu where pu.program_id = p.id and pu.user_id = ${managerId}::uuid and pu.role = ${PROGRAM_USER_ROLES.manager}))`
      : sql``;
    return this.all<ProgramRow>(sql`
      select p.id, p.program_code as "programCode", p.program_title as "programTitle", p.program_type::int as "programType"
      from programs p where p.account_id = ${accountId}::uuid ${managed}
      order by p.program_code`);
  }

  async applicationsByProgram(scope: ReviewScope) {
    return this.all<{ programId: string; started: number; submitted: number }>(sql`
      select ap.program_id as "programId",
             count(*) filter (where ${inYear(sql`ap.created_on`, scope)})::int as started,
             count(*) filter (where ap.submitted_on is not null and ${inYear(sql`ap.submitted_on`, scope)})::int as submitted
      from applications ap
      where ${inPrograms(sql`ap.program_id`, scope)}
      group by 1`);
  }

  /** The status today of the applications started in the year. */
  async applicationStatuses(scope: ReviewScope) {
    return this.all<{ status: string; count: number }>(sql`
      select ap.status, count(*)::int as count from applications ap
      where ${inPrograms(sql`ap.program_id`, scope)} and ${inYear(sql`ap.created_on`, scope)}
      group by 1`);
  }

  async awardsMade(scope: ReviewScope) {
    return this.all<{ programId: string; awardType: string; count: number }>(sql`
      select w.program_id as "programId", w.award_type as "awardType", count(*)::int as count from awards w
      where ${inPrograms(sql`w.program_id`, scope)} and w.awarded_on between ${scope.from}::date and ${scope.to}::date
      group by 1, 2`);
  }

  /** Awards' status changes recorded in the year, from and to. */
  async awardMoves(scope: ReviewScope) {
    return this.all<{ programId: string; fromStatus: string | null; toStatus: string; count: number }>(sql`
      select w.program_id as "programId", h.from_status as "fromStatus", h.to_status as "toStatus", count(*)::int as count
      from award_history h join awards w on w.id = h.award_id
      where ${inPrograms(sql`w.program_id`, scope)} and ${inYear(sql`h.created_on`, scope)}
      group by 1, 2, 3`);
  }

  /** Appeals of the programs received or decided in the year, oldest first. */
  async appeals(scope: ReviewScope): Promise<CaseRowData[]> {
    return this.all<CaseRowData>(sql`
      select a.reference, a.program_id as "programId", p.program_code as "programCode", a.subject, a.status, a.outcome,
             ${nameOf('hu')} as "handlerName",
             ${dayText(sql`a.received_on`, scope)} as "receivedDay",
             case when a.acknowledged_on is null then null else ${dayText(sql`a.acknowledged_on`, scope)} end as "acknowledgedDay",
             case when a.decided_on is null then null else ${dayText(sql`a.decided_on`, scope)} end as "decidedDay",
             to_char(a.acknowledge_by, 'YYYY-MM-DD') as "acknowledgeBy", to_char(a.decide_by, 'YYYY-MM-DD') as "decideBy"
      from appeals a
      join programs p on p.id = a.program_id
      left join users hu on hu.id = a.handler_id
      where a.account_id = ${scope.accountId}::uuid and ${inPrograms(sql`a.program_id`, scope)}
        and (${inYear(sql`a.received_on`, scope)} or (a.decided_on is not null and ${inYear(sql`a.decided_on`, scope)}))
      order by a.received_on, a.reference`);
  }

  /** Complaints about the programs (and, for the whole account, about no program) received or decided in the year. */
  async complaints(scope: ReviewScope): Promise<CaseRowData[]> {
    const about = scope.isAllPrograms ? sql`(c.program_id is null or ${inPrograms(sql`c.program_id`, scope)})` : inPrograms(sql`c.program_id`, scope);
    return this.all<CaseRowData>(sql`
      select c.reference, c.program_id as "programId", p.program_code as "programCode", c.about as subject, c.status, c.outcome,
             ${nameOf('hu')} as "handlerName",
             ${dayText(sql`c.received_on`, scope)} as "receivedDay",
             case when c.acknowledged_on is null then null else ${dayText(sql`c.acknowledged_on`, scope)} end as "acknowledgedDay",
             case when c.decided_on is null then null else ${dayText(sql`c.decided_on`, scope)} end as "decidedDay",
             to_char(c.acknowledge_by, 'YYYY-MM-DD') as "acknowledgeBy", to_char(c.decide_by, 'YYYY-MM-DD') as "decideBy"
      from complaints c
      left join programs p on p.id = c.program_id
      left join users hu on hu.id = c.handler_id
      where c.account_id = ${scope.accountId}::uuid and ${about}
        and (${inYear(sql`c.received_on`, scope)} or (c.decided_on is not null and ${inYear(sql`c.decided_on`, scope)}))
      order by c.received_on, c.reference`);
  }

  /** Staff of the review: the account's active staff, or those serving on the programs (a program role, or named manager). */
  private staffSql(scope: ReviewScope): SQL {
    if (scope.isAllPrograms) return sql`select u.id from users u where u.account_id = ${scope.accountId}::uuid and u.user_type = 'admin' and u.active`;
    return sql`select u.id from users u where u.user_type = 'admin' and u.active and (
      u.id in (select pu.user_id from program_users pu where ${inPrograms(sql`pu.program_id`, scope)})
      or u.id in (select p.program_manager_id from programs p where ${inPrograms(sql`p.id`, scope)}))`;
  }

  async conflicts(scope: ReviewScope) {
    const [counts] = await this.all<{ declared: number; ended: number }>(sql`
      select count(*) filter (where ${inYear(sql`sc.declared_on`, scope)})::int as declared,
             count(*) filter (where sc.ended_on is not null and ${inYear(sql`sc.ended_on`, scope)})::int as ended
      from staff_conflicts sc
      where sc.account_id = ${scope.accountId}::uuid and sc.staff_user_id in (${this.staffSql(scope)})`);
    const byKind = await this.all<{ kind: string; count: number }>(sql`
      select sc.kind, count(*)::int as count from staff_conflicts sc
      where sc.account_id = ${scope.accountId}::uuid and sc.staff_user_id in (${this.staffSql(scope)}) and ${inYear(sql`sc.declared_on`, scope)}
      group by 1 order by 2 desc, 1`);
    return { declared: counts?.declared ?? 0, ended: counts?.ended ?? 0, byKind };
  }

  /** Refusals and overrides of assignments in the year (for the whole account, those of no program too). */
  async impartialityEvents(scope: ReviewScope) {
    const ofScope = scope.isAllPrograms ? sql`(ie.program_id is null or ${inPrograms(sql`ie.program_id`, scope)})` : inPrograms(sql`ie.program_id`, scope);
    return this.all<{ on: string; programCode: string | null; role: string; outcome: string; reasons: string[]; overrideReason: string | null; staffName: string | null; byName: string | null }>(sql`
      select ${dayText(sql`ie.created_on`, scope)} as "on", p.program_code as "programCode", ie.role, ie.outcome, ie.reasons, ie.override_reason as "overrideReason",
             ${nameOf('su')} as "staffName", ${nameOf('bu')} as "byName"
      from impartiality_events ie
      left join programs p on p.id = ie.program_id
      left join users su on su.id = ie.staff_user_id
      left join users bu on bu.id = ie.actor_id
      where ie.account_id = ${scope.accountId}::uuid and ${ofScope} and ${inYear(sql`ie.created_on`, scope)}
      order by ie.created_on, ie.id`);
  }

  /** The review's staff, each with whether they signed the year's impartiality and confidentiality agreement. */
  async agreements(scope: ReviewScope) {
    return this.all<{ name: string; hasSigned: boolean }>(sql`
      select coalesce(${nameOf('u')}, u.email) as name,
             exists (select 1 from staff_agreements sa where sa.account_id = ${scope.accountId}::uuid and sa.staff_user_id = u.id and sa.year = ${scope.year}) as "hasSigned"
      from users u where u.id in (${this.staffSql(scope)})
      order by u.last_name, u.first_name, u.email`);
  }

  /** Module sittings (first sittings and re-sits) marked in the year, per program module and test. */
  async examSittings(scope: ReviewScope) {
    return this.all<{ programId: string; programCode: string; moduleCode: string; moduleTitle: string; testTitle: string; sittings: number; passed: number; meanScore: number | null }>(sql`
      select p.id as "programId", p.program_code as "programCode", pm.module_code as "moduleCode", pm.module_title as "moduleTitle", d.title as "testTitle",
             count(*)::int as sittings, count(*) filter (where e.result = 'Pass')::int as passed, round(avg(e.percentage), 1)::float8 as "meanScore"
      from exam_instances e
      left join resit_modules rm on rm.id = e.resit_module_id
      join application_modules am on am.id = coalesce(e.application_module_id, rm.application_module_id)
      join program_modules pm on pm.id = am.program_module_id
      join programs p on p.id = pm.program_id
      join exam_definitions d on d.id = e.exam_definition_id
      where e.exam_type = 'module' and e.score is not null and ${inPrograms(sql`p.id`, scope)} and ${inYear(sql`coalesce(e.marked_on, e.submitted_on)`, scope)}
      group by 1, 2, 3, 4, 5
      order by 2, 3, 5`);
  }
}
