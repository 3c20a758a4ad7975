import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor';
import { applicationHistory, applications } from '../../../db/schema/application';
import { applicationModules } from '../../../db/schema/application-module';
import { resitModules } from '../../../db/schema/resit';
import { rowsOf } from '../../report/staff-scope';

/** A program of the account whose modules have results, with its (first-application, not renewal) modules by lower-case code. */
export interface ResultsProgram {
  id: string;
  programCode: string;
  programType: number;
  modules: Map<string, { id: string; moduleCode: string; sortOrder: number }>;
}

/** An application the import hangs results on: an imported award's, or one an earlier results row made. */
export interface ImportedApplication {
  id: string;
  status: string;
  hasAward: boolean;
}

/** One sitting of a module: the first (on `application_modules`) or a re-sit (`resit_modules`, in attempt order). */
export interface Sitting {
  id: string;
  kind: 'first' | 'resit';
  result: string | null;
  percentage: number | null;
  stage: string | null;
  attempt: number;
  scheduledAt: Date | null;
}

/** What a results row may change on the application it made: kept on the row (as text, to the microsecond) so undo puts it back exactly. */
export interface ApplicationState {
  status: string;
  workflowStage: string | null;
  overallResult: string | null;
  resultRecordedOn: string | null;
  submittedOn: string | null;
  modifiedOn: string;
  modifiedBy: string | null;
}

function inList(values: readonly string[]) {
  return sql.join(
    values.map((value) => sql`${value.toLowerCase()}`),
    sql`, `,
  );
}

const since = (rowId: number) => sql`(select r.modified_on from migration_import_rows r where r.id = ${rowId})`;

export async function findResultsPrograms(executor: Executor, accountId: string, codes: readonly string[]): Promise<Map<string, ResultsProgram>> {
  if (codes.length === 0) return new Map();
  const rows = rowsOf<{ id: string; programCode: string; programType: number; moduleId: string | null; moduleCode: string | null; sortOrder: number | null }>(
    await executor.execute(sql`
      select p.id, p.program_code as "programCode", p.program_type as "programType", m.id as "moduleId", m.module_code as "moduleCode", m.sort_order as "sortOrder"
      from programs p left join program_modules m on m.program_id = p.id and not m.is_renewal
      where p.account_id = ${accountId}::uuid and lower(p.program_code) in (${inList(codes)})`),
  );
  const programs = new Map<string, ResultsProgram>();
  for (const row of rows) {
    const key = row.programCode.toLowerCase();
    const program = programs.get(key) ?? { id: row.id, programCode: row.programCode, programType: row.programType, modules: new Map() };
    if (row.moduleId && row.moduleCode) program.modules.set(row.moduleCode.toLowerCase(), { id: row.moduleId, moduleCode: row.moduleCode, sortOrder: row.sortOrder ?? 0 });
    programs.set(key, program);
  }
  return programs;
}

/**
 * The imported application of this person in this program (number `{prefix}-IMP-...`): one that
 * holds imported results already, else the newest imported award's, else none.
 */
export async function findImportedApplication(tx: Executor, applicantId: string, programId: string, prefix: string): Promise<ImportedApplication | undefined> {
  const [row] = rowsOf<ImportedApplication>(
    await tx.execute(sql`
      select ap.id, ap.status, exists (select 1 from awards aw where aw.application_id = ap.id) as "hasAward"
      from applications ap
      where ap.applicant_id = ${applicantId}::uuid and ap.program_id = ${programId}::uuid and ap.application_number like ${`${prefix}-IMP-%`}
      order by exists (select 1 from application_modules am where am.application_id = ap.id) desc,
               (select max(aw.awarded_on) from awards aw where aw.application_id = ap.id) desc nulls last, ap.created_on desc
      limit 1`),
  );
  return row;
}

/** Every sitting of one module of the application, first then re-sits by attempt. */
export async function sittingsOf(tx: Executor, applicationId: string, programModuleId?: string): Promise<(Sitting & { programModuleId: string })[]> {
  return rowsOf<Sitting & { programModuleId: string }>(
    await tx.execute(sql`
      select id, kind, result, percentage, stage, attempt, scheduled_at as "scheduledAt", program_module_id as "programModuleId" from (
        select am.id, 'first' as kind, am.result, am.result_percentage::float8 as percentage, null::text as stage, 0 as attempt, am.scheduled_at, am.program_module_id
        from application_modules am where am.application_id = ${applicationId}::uuid
        union all
        select rm.id, 'resit', rm.result, rm.result_percentage::float8, rm.stage, rm.attempt, rm.scheduled_at, am.program_module_id
        from resit_modules rm join application_modules am on am.id = rm.application_module_id where rm.application_id = ${applicationId}::uuid
      ) s
      where ${programModuleId ?? null}::uuid is null or s.program_module_id = ${programModuleId ?? null}::uuid
      order by s.program_module_id, s.attempt`),
  ).map((row) => ({ ...row, scheduledAt: row.scheduledAt ? new Date(row.scheduledAt) : null }));
}

/**
 * A minimal application for results with no imported award to hang on (decision in `results.kind.ts`):
 * marked as imported by its number and its history note.
 */
export async function insertResultsApplication(
  tx: Executor,
  values: { applicationNumber: string; applicantId: string; programId: string; programType: number; submittedOn: Date; note: string; actorId: string },
): Promise<string> {
  const [application] = await tx
    .insert(applications)
    .values({
      applicationNumber: values.applicationNumber,
      applicantId: values.applicantId,
      programId: values.programId,
      programType: values.programType,
      status: 'Examinations Stage',
      workflowStage: 'Exam Modules Evaluation Completed',
      declarationAccepted: true,
      submittedOn: values.submittedOn,
      createdBy: values.actorId,
      modifiedBy: values.actorId,
    })
    .returning({ id: applications.id });
  await tx.insert(applicationHistory).values({ applicationId: application!.id, fromStatus: null, toStatus: 'Examinations Stage', note: values.note, createdBy: values.actorId, modifiedBy: values.actorId });
  return application!.id;
}

interface NewSitting {
  applicationId: string;
  result: 'Pass' | 'Fail' | 'Absent';
  percentage: number | null;
  satAt: Date;
  timeZone: string;
  note: string;
  actorId: string;
}

export async function insertFirstSitting(tx: Executor, values: NewSitting & { programModuleId: string; order: number }): Promise<string> {
  const [row] = await tx
    .insert(applicationModules)
    .values({
      applicationId: values.applicationId,
      programModuleId: values.programModuleId,
      isRequired: true,
      // Paid in the old system: nothing is owed here.
      feeCents: 0,
      feeBasis: 'nonMember',
      order: values.order,
      scheduledAt: values.satAt,
      scheduleTimeZone: values.timeZone,
      result: values.result,
      resultPercentage: values.percentage,
      resultNotes: values.note,
      resultEnteredOn: values.satAt,
      resultEnteredBy: values.actorId,
      createdBy: values.actorId,
      modifiedBy: values.actorId,
    })
    .returning({ id: applicationModules.id });
  return row!.id;
}

/** A past re-sit, decided (Resit Result): the re-sit cap counts it, and its result is the module's current one. */
export async function insertResitSitting(tx: Executor, values: NewSitting & { applicationModuleId: string; attempt: number }): Promise<string> {
  const [row] = await tx
    .insert(resitModules)
    .values({
      applicationId: values.applicationId,
      applicationModuleId: values.applicationModuleId,
      attempt: values.attempt,
      stage: 'Resit Result',
      feeCents: 0,
      feeBasis: 'nonMember',
      scheduledAt: values.satAt,
      scheduleTimeZone: values.timeZone,
      result: values.result,
      resultPercentage: values.percentage,
      resultNotes: values.note,
      resultEnteredOn: values.satAt,
      resultEnteredBy: values.actorId,
      assessmentSubmittedOn: values.satAt,
      resultSubmittedOn: values.satAt,
      createdBy: values.actorId,
      modifiedBy: values.actorId,
    })
    .returning({ id: resitModules.id });
  return row!.id;
}

export async function applicationState(tx: Executor, id: string): Promise<ApplicationState> {
  const [row] = rowsOf<ApplicationState>(
    await tx.execute(sql`
      select status, workflow_stage as "workflowStage", overall_result as "overallResult", result_recorded_on::text as "resultRecordedOn",
             submitted_on::text as "submittedOn", modified_on::text as "modifiedOn", modified_by as "modifiedBy"
      from applications where id = ${id}::uuid`),
  );
  return row!;
}

/** The application's result as its sittings decide it (a row's change); `modifiedOn` is the transaction's time. */
export async function setApplicationResult(
  tx: Executor,
  id: string,
  values: { status: string; overallResult: 'Failed' | null; resultRecordedOn: Date | null; submittedOn: Date; actorId: string },
): Promise<void> {
  await tx
    .update(applications)
    .set({
      status: values.status,
      overallResult: values.overallResult,
      resultRecordedOn: values.resultRecordedOn,
      submittedOn: sql`least(${applications.submittedOn}, ${values.submittedOn.toISOString()}::timestamptz)`,
      modifiedOn: sql`now()`,
      modifiedBy: values.actorId,
    })
    .where(eq(applications.id, id));
}

/** Puts the application back as it stood before a row, stamps included, so the rows undone before it do not read as a change. */
export async function restoreApplicationState(tx: Executor, id: string, state: ApplicationState): Promise<void> {
  await tx.execute(sql`
    update applications set status = ${state.status}, workflow_stage = ${state.workflowStage}, overall_result = ${state.overallResult},
      result_recorded_on = ${state.resultRecordedOn}::timestamptz, submitted_on = ${state.submittedOn}::timestamptz,
      modified_on = ${state.modifiedOn}::timestamptz, modified_by = ${state.modifiedBy}::uuid
    where id = ${id}::uuid`);
}

/**
 * Whether anything changed the sitting or its application after the row wrote them: the sitting
 * edited, the application moved (a re-sit or review asked for moves it), a history line added.
 * Records that refer to them (a re-sit of the module, an exam, an invoice) stop the delete itself.
 */
export async function isSittingTouched(tx: Executor, sitting: { id: string; kind: 'first' | 'resit' }, applicationId: string, rowId: number, checkApplication: boolean): Promise<boolean> {
  const table = sitting.kind === 'first' ? sql`application_modules` : sql`resit_modules`;
  const [row] = rowsOf<{ touched: boolean }>(
    await tx.execute(sql`
      select (coalesce((select s.modified_on > ${since(rowId)} from ${table} s where s.id = ${sitting.id}::uuid), false)
              or (${checkApplication} and (ap.modified_on > ${since(rowId)}
                  or exists (select 1 from application_history h where h.application_id = ap.id and h.created_on > ${since(rowId)})))) as touched
      from applications ap where ap.id = ${applicationId}::uuid`),
  );
  return row?.touched ?? false;
}

export async function deleteSitting(tx: Executor, sitting: { id: string; kind: 'first' | 'resit' }): Promise<void> {
  if (sitting.kind === 'first') await tx.delete(applicationModules).where(eq(applicationModules.id, sitting.id));
  else await tx.delete(resitModules).where(eq(resitModules.id, sitting.id));
}

export async function deleteResultsApplication(tx: Executor, id: string): Promise<void> {
  await tx.delete(applicationHistory).where(eq(applicationHistory.applicationId, id));
  await tx.delete(applications).where(eq(applications.id, id));
}
