import { sql, type SQL } from 'drizzle-orm';
import type { ExamEventKind, ExamEventSource } from '@certs/shared/exam-integrity/exam-event';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';

/** Rows of a raw statement, whichever driver ran it (both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const at = (date: Date): SQL => sql`${date.toISOString()}::timestamptz`;
const uuids = (ids: readonly string[]): SQL => sql.join(
  ids.map((id) => sql`${id}::uuid`),
  sql`, `,
);
/** Timestamps arrive as Date from a column and as text from inside JSON. */
export const toDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : toDate(value).toISOString());

/** One candidate of a sitting as the schedule has them. */
export interface SittingModuleRow {
  applicationModuleId: string;
  applicationId: string;
  applicationNumber: string;
  applicantId: string;
  applicantName: string;
  programId: string;
  programCode: string;
  moduleCode: string;
  moduleTitle: string;
  testTitle: string | null;
  examDefinitionId: string;
  scheduledAt: Date;
  durationMinutes: number;
  scheduleTimeZone: string;
  invigilatorId: string | null;
  examinerId: string | null;
}

/** The engine's side of one candidate: the sitting (if launched), progress and the last sign of life. */
export interface EngineRow {
  applicationModuleId: string;
  examInstanceId: string;
  status: 'InProgress' | 'Submitted' | 'TimedOut';
  deadline: Date;
  extraSeconds: number;
  questions: number;
  answered: number;
  lastSeenOn: Date | null;
}

export interface EventRow {
  id: number;
  examInstanceId: string | null;
  applicationModuleId: string | null;
  applicantId: string;
  kind: string;
  source: ExamEventSource;
  detail: Record<string, unknown>;
  occurredOn: Date;
  actorName: string | null;
}

export interface NewEvent {
  examInstanceId: string | null;
  applicationModuleId: string;
  applicantId: string;
  kind: ExamEventKind;
  source: ExamEventSource;
  detail: Record<string, unknown>;
  occurredOn: Date;
  actorUserId: string | null;
}

export interface MySittingRow {
  sittingId: string;
  programCode: string;
  moduleCode: string;
  moduleTitle: string;
  testTitle: string | null;
  scheduledAt: Date;
  durationMinutes: number;
  scheduleTimeZone: string;
  candidates: number;
  isInvigilator: boolean;
}

const EVENT_COLUMNS = sql.raw(`
  ev.id::int as id, ev.exam_instance_id as "examInstanceId", ev.application_module_id as "applicationModuleId",
  ev.applicant_id as "applicantId", ev.kind, ev.source, ev.detail, ev.occurred_on as "occurredOn",
  nullif(trim(coalesce(au.first_name, '') || ' ' || coalesce(au.last_name, '')), '') as "actorName"`);

function toEvent(row: EventRow): EventRow {
  return { ...row, id: Number(row.id), occurredOn: toDate(row.occurredOn) };
}

const SITTING_MODULE_COLUMNS = sql.raw(`
  am.id as "applicationModuleId", a.id as "applicationId", a.application_number as "applicationNumber",
  a.applicant_id as "applicantId", trim(u.first_name || ' ' || u.last_name) as "applicantName",
  a.program_id as "programId", p.program_code as "programCode", pm.module_code as "moduleCode", pm.module_title as "moduleTitle",
  ed.title as "testTitle", am.exam_definition_id as "examDefinitionId", am.scheduled_at as "scheduledAt",
  am.duration_minutes as "durationMinutes", coalesce(am.schedule_time_zone, 'Australia/Sydney') as "scheduleTimeZone",
  am.invigilator_id as "invigilatorId", am.examiner_id as "examinerId"`);

/** What makes a module part of an online sitting: sent, online, on a test, at a time. */
const IS_ONLINE_SITTING = sql.raw(`am.exam_kind = 'Online' and am.schedule_sent_on is not null and am.scheduled_at is not null
  and am.exam_definition_id is not null and am.duration_minutes is not null`);

/** The only database access of invigilation: its own tables, and reads of the schedule, the sittings and their events. */
export class InvigilationRepository {
  constructor(readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /**
   * Every candidate of the sitting a module belongs to: the same test at the same time in the same
   * program (an online sitting that was sent). Empty when the module is no such sitting.
   */
  async findSittingModules(applicationModuleId: string, executor: Executor = this.db): Promise<SittingModuleRow[]> {
    const rows = rowsOf<SittingModuleRow>(
      await executor.execute(sql`
        with anchor as (
          select am.exam_definition_id, am.scheduled_at, a.program_id
          from application_modules am join applications a on a.id = am.application_id
          where am.id = ${applicationModuleId} and ${IS_ONLINE_SITTING}
        )
        select ${SITTING_MODULE_COLUMNS}
        from anchor
        join application_modules am on am.exam_definition_id = anchor.exam_definition_id and am.scheduled_at = anchor.scheduled_at
        join applications a on a.id = am.application_id and a.program_id = anchor.program_id
        join applicants ap on ap.id = a.applicant_id
        join users u on u.id = ap.user_id
        join program_modules pm on pm.id = am.program_module_id
        join programs p on p.id = a.program_id
        left join exam_definitions ed on ed.id = am.exam_definition_id
        where ${IS_ONLINE_SITTING}
        order by u.first_name, u.last_name, am.id`),
    );
    return rows.map((row) => ({ ...row, scheduledAt: toDate(row.scheduledAt) }));
  }

  /** One module with its schedule, sitting or not (for actions and reports on one candidate). */
  async findModule(applicationModuleId: string): Promise<(SittingModuleRow & { examInstanceId: string | null }) | null> {
    const rows = rowsOf<SittingModuleRow & { examInstanceId: string | null }>(
      await this.db.execute(sql`
        select ${SITTING_MODULE_COLUMNS}, e.id as "examInstanceId"
        from application_modules am
        join applications a on a.id = am.application_id
        join applicants ap on ap.id = a.applicant_id
        join users u on u.id = ap.user_id
        join program_modules pm on pm.id = am.program_module_id
        join programs p on p.id = a.program_id
        left join exam_definitions ed on ed.id = am.exam_definition_id
        left join exam_instances e on e.application_module_id = am.id
        where am.id = ${applicationModuleId}`),
    );
    const row = rows[0];
    return row ? { ...row, scheduledAt: row.scheduledAt ? toDate(row.scheduledAt) : row.scheduledAt } : null;
  }

  /**
   * The sittings of these modules with their progress and when the candidate was last heard from: the
   * last check-in or saved answer, else the launch (a page that never checked in is silent since then).
   */
  async findEngineRows(applicationModuleIds: readonly string[]): Promise<EngineRow[]> {
    if (applicationModuleIds.length === 0) return [];
    const rows = rowsOf<EngineRow>(
      await this.db.execute(sql`
        select e.application_module_id as "applicationModuleId", e.id as "examInstanceId", e.status, e.deadline,
          e.extra_seconds as "extraSeconds", q.questions, q.answered,
          nullif(greatest(coalesce(pr.last_seen_on, '-infinity'), coalesce(q.last_answer_on, '-infinity'), e.started_on), '-infinity') as "lastSeenOn"
        from exam_instances e
        left join invigilation_presence pr on pr.exam_instance_id = e.id
        cross join lateral (
          select count(*)::int as questions, (count(*) filter (where qi.is_answered))::int as answered,
            max(qi.modified_on) filter (where qi.last_sequence > 0) as last_answer_on
          from question_instances qi where qi.exam_instance_id = e.id
        ) q
        where e.application_module_id in (${uuids(applicationModuleIds)})`),
    );
    return rows.map((row) => ({ ...row, deadline: toDate(row.deadline), lastSeenOn: row.lastSeenOn ? toDate(row.lastSeenOn) : null }));
  }

  /** Events of these modules (and their sittings), oldest first; only those after `afterId` when given. */
  async findEvents(applicationModuleIds: readonly string[], options: { afterId?: number; kinds?: readonly string[] } = {}): Promise<EventRow[]> {
    if (applicationModuleIds.length === 0) return [];
    const kinds = options.kinds?.length ? sql`and ev.kind in (${sql.join(options.kinds.map((kind) => sql`${kind}`), sql`, `)})` : sql``;
    const rows = rowsOf<EventRow>(
      await this.db.execute(sql`
        select ${EVENT_COLUMNS}
        from exam_sitting_events ev
        left join users au on au.id = ev.actor_user_id
        where (ev.application_module_id in (${uuids(applicationModuleIds)})
          or ev.exam_instance_id in (select e.id from exam_instances e where e.application_module_id in (${uuids(applicationModuleIds)})))
          and ev.id > ${options.afterId ?? 0} ${kinds}
        order by ev.id`),
    );
    return rows.map(toEvent);
  }

  async findEvent(id: number): Promise<EventRow | null> {
    const rows = rowsOf<EventRow>(
      await this.db.execute(sql`
        select ${EVENT_COLUMNS}, coalesce(ev.application_module_id, e.application_module_id) as "applicationModuleId"
        from exam_sitting_events ev
        left join users au on au.id = ev.actor_user_id
        left join exam_instances e on e.id = ev.exam_instance_id
        where ev.id = ${id}`),
    );
    return rows[0] ? toEvent(rows[0]) : null;
  }

  async insertEvent(tx: Executor, event: NewEvent): Promise<number> {
    const rows = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into exam_sitting_events (exam_instance_id, application_module_id, applicant_id, kind, source, detail, occurred_on, actor_user_id)
        values (${event.examInstanceId}, ${event.applicationModuleId}, ${event.applicantId}, ${event.kind}, ${event.source},
          ${JSON.stringify(event.detail)}::jsonb, ${at(event.occurredOn)}, ${event.actorUserId})
        returning id::int as id`),
    );
    return Number(rows[0]?.id);
  }

  /** Online sittings not yet over where the user is named invigilator or examiner of at least one candidate. */
  /** The sittings where the user is named, of the account they work in (a super user's duties in another account show there). */
  async findMySittings(userId: string, accountId: string, now: Date): Promise<MySittingRow[]> {
    const rows = rowsOf<MySittingRow & { moduleIds: string[] }>(
      await this.db.execute(sql`
        with mine as (
          select distinct am.exam_definition_id, am.scheduled_at, a.program_id,
            bool_or(am.invigilator_id = ${userId}) over (partition by am.exam_definition_id, am.scheduled_at, a.program_id) as is_invigilator
          from application_modules am join applications a on a.id = am.application_id
          where (am.invigilator_id = ${userId} or am.examiner_id = ${userId}) and ${IS_ONLINE_SITTING}
            and a.program_id in (select id from programs where account_id = ${accountId})
            -- Until the sitting ends (sittingEndsAt), and while a candidate given extra time still sits it.
            and (am.scheduled_at + make_interval(mins => am.duration_minutes) > ${at(now)}
              or exists (select 1 from exam_instances e where e.application_module_id = am.id and e.status = 'InProgress'))
        )
        select array_agg(am.id::text order by am.id::text) as "moduleIds", p.program_code as "programCode",
          min(pm.module_code) as "moduleCode", min(pm.module_title) as "moduleTitle", min(ed.title) as "testTitle",
          mine.scheduled_at as "scheduledAt", max(am.duration_minutes)::int as "durationMinutes",
          min(coalesce(am.schedule_time_zone, 'Australia/Sydney')) as "scheduleTimeZone", count(*)::int as candidates,
          mine.is_invigilator as "isInvigilator"
        from mine
        join application_modules am on am.exam_definition_id = mine.exam_definition_id and am.scheduled_at = mine.scheduled_at
        join applications a on a.id = am.application_id and a.program_id = mine.program_id
        join programs p on p.id = a.program_id
        join program_modules pm on pm.id = am.program_module_id
        left join exam_definitions ed on ed.id = am.exam_definition_id
        where ${IS_ONLINE_SITTING}
        group by mine.exam_definition_id, mine.scheduled_at, mine.program_id, mine.is_invigilator, p.program_code
        order by mine.scheduled_at
        limit 50`),
    );
    return rows.map((row) => ({ ...row, sittingId: row.moduleIds[0] ?? '', scheduledAt: toDate(row.scheduledAt) }));
  }

  // The candidate's check-in.

  /** The candidate's own sitting (null for another applicant's, or a trial). */
  async findOwnSitting(examInstanceId: string, applicantId: string): Promise<{ id: string; applicationModuleId: string; status: string } | null> {
    const rows = rowsOf<{ id: string; applicationModuleId: string; status: string }>(
      await this.db.execute(sql`
        select e.id, e.application_module_id as "applicationModuleId", e.status from exam_instances e
        where e.id = ${examInstanceId} and e.applicant_id = ${applicantId} and e.application_module_id is not null`),
    );
    return rows[0] ?? null;
  }

  /**
   * Records a check-in (at most one write per `minGapSeconds`). Returns the previous check-in (the
   * launch, for the first) when this one ends a silence: the conditional update lets only one of two
   * simultaneous check-ins see it.
   */
  async checkIn(examInstanceId: string, now: Date, minGapSeconds: number): Promise<{ previous: Date | null; isFirst: boolean }> {
    const updated = rowsOf<{ previous: Date | string }>(
      await this.db.execute(sql`
        update invigilation_presence set last_seen_on = ${at(now)}
        where exam_instance_id = ${examInstanceId} and last_seen_on < ${at(now)} - make_interval(secs => ${minGapSeconds})
        returning (select p.last_seen_on from invigilation_presence p where p.exam_instance_id = ${examInstanceId}) as previous`),
    );
    if (updated[0]) return { previous: toDate(updated[0].previous), isFirst: false };
    // The first check-in: the silence before it runs from the launch.
    const inserted = rowsOf<{ launchedOn: Date | string }>(
      await this.db.execute(sql`
        insert into invigilation_presence (exam_instance_id, last_seen_on) values (${examInstanceId}, ${at(now)})
        on conflict (exam_instance_id) do nothing
        returning (select e.started_on from exam_instances e where e.id = ${examInstanceId}) as "launchedOn"`),
    );
    return { previous: inserted[0] ? toDate(inserted[0].launchedOn) : null, isFirst: inserted.length > 0 };
  }

  /** What the candidate's page shows: an open pause, the invigilators' messages, the newest action. */
  async findNotices(examInstanceId: string): Promise<{ pause: { pausedOn: Date; remainingSeconds: number } | null; messages: EventRow[]; lastActionId: number }> {
    const [pauses, messages, last] = [
      rowsOf<{ pausedOn: Date | string; remainingSeconds: number }>(
        await this.db.execute(sql`select paused_on as "pausedOn", remaining_seconds as "remainingSeconds" from invigilation_pauses where exam_instance_id = ${examInstanceId} and resumed_on is null`),
      ),
      rowsOf<EventRow>(
        await this.db.execute(sql`
          select ${EVENT_COLUMNS} from exam_sitting_events ev left join users au on au.id = ev.actor_user_id
          where ev.exam_instance_id = ${examInstanceId} and ev.kind = 'message' order by ev.id`),
      ),
      rowsOf<{ id: number | null }>(
        await this.db.execute(sql`select max(id)::int as id from exam_sitting_events where exam_instance_id = ${examInstanceId} and source = 'invigilator'`),
      ),
    ];
    const pause = pauses[0];
    return {
      pause: pause ? { pausedOn: toDate(pause.pausedOn), remainingSeconds: pause.remainingSeconds } : null,
      messages: messages.map(toEvent),
      lastActionId: Number(last[0]?.id ?? 0),
    };
  }

  // Pauses.

  async findOpenPause(tx: Executor, examInstanceId: string): Promise<{ id: string; pausedOn: Date; holdSeconds: number; remainingSeconds: number } | null> {
    const rows = rowsOf<{ id: string; pausedOn: Date | string; holdSeconds: number; remainingSeconds: number }>(
      await tx.execute(sql`
        select id, paused_on as "pausedOn", hold_seconds as "holdSeconds", remaining_seconds as "remainingSeconds"
        from invigilation_pauses where exam_instance_id = ${examInstanceId} and resumed_on is null`),
    );
    return rows[0] ? { ...rows[0], pausedOn: toDate(rows[0].pausedOn) } : null;
  }

  async insertPause(tx: Executor, pause: { examInstanceId: string; pausedOn: Date; remainingSeconds: number; holdSeconds: number; reason: string; actorId: string }): Promise<void> {
    await tx.execute(sql`
      insert into invigilation_pauses (exam_instance_id, paused_on, remaining_seconds, hold_seconds, pause_reason, paused_by)
      values (${pause.examInstanceId}, ${at(pause.pausedOn)}, ${pause.remainingSeconds}, ${pause.holdSeconds}, ${pause.reason}, ${pause.actorId})`);
  }

  async closePause(tx: Executor, id: string, resume: { resumedOn: Date; reason: string; actorId: string }): Promise<void> {
    await tx.execute(sql`
      update invigilation_pauses set resumed_on = ${at(resume.resumedOn)}, resume_reason = ${resume.reason}, resumed_by = ${resume.actorId}
      where id = ${id} and resumed_on is null`);
  }

  // Irregularity reports.

  async insertReport(tx: Executor, report: { applicationModuleId: string; examInstanceId: string | null; category: string; description: string; evidenceTimes: string[]; actorId: string }): Promise<string> {
    const rows = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into irregularity_reports (application_module_id, exam_instance_id, category, description, evidence_times, created_by, modified_by)
        values (${report.applicationModuleId}, ${report.examInstanceId}, ${report.category}, ${report.description},
          ${JSON.stringify(report.evidenceTimes)}::jsonb, ${report.actorId}, ${report.actorId})
        returning id`),
    );
    return rows[0]!.id;
  }

  async findReports(where: { applicationId?: string; examInstanceId?: string }): Promise<ReportRow[]> {
    const filter = where.applicationId ? sql`am.application_id = ${where.applicationId}` : sql`r.exam_instance_id = ${where.examInstanceId ?? null}`;
    const rows = rowsOf<ReportRow>(
      await this.db.execute(sql`
        select r.id, r.application_module_id as "applicationModuleId", r.exam_instance_id as "examInstanceId", pm.module_code as "moduleCode",
          r.category, r.description, r.evidence_times as "evidenceTimes", r.created_on as "createdOn",
          trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as "createdBy"
        from irregularity_reports r
        join application_modules am on am.id = r.application_module_id
        join program_modules pm on pm.id = am.program_module_id
        left join users u on u.id = r.created_by
        where ${filter}
        order by r.created_on, r.id`),
    );
    return rows.map((row) => ({ ...row, createdOn: toDate(row.createdOn) }));
  }

  /** The application's program and its modules' invigilators and examiners (who may read its reports). */
  async findApplicationStaff(applicationId: string): Promise<{ programId: string; namedStaff: string[] } | null> {
    const rows = rowsOf<{ programId: string; namedStaff: (string | null)[] | null }>(
      await this.db.execute(sql`
        select a.program_id as "programId",
          (select array_agg(x) from application_modules am, unnest(array[am.invigilator_id::text, am.examiner_id::text]) x where am.application_id = a.id) as "namedStaff"
        from applications a where a.id = ${applicationId}`),
    );
    const row = rows[0];
    return row ? { programId: row.programId, namedStaff: (row.namedStaff ?? []).filter((id): id is string => !!id) } : null;
  }
}

export interface ReportRow {
  id: string;
  applicationModuleId: string;
  examInstanceId: string | null;
  moduleCode: string;
  category: string;
  description: string;
  evidenceTimes: string[];
  createdOn: Date;
  createdBy: string;
}
