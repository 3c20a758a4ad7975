import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { at, rowsOf, type SittingTarget } from './exam.repository';

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

/** Marking and results: who marks a sitting, its marks and score, and the module's result they decide. */
export class ExamResultRepository {
  constructor(private readonly db: Database) {}

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

  // Marks and results.

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

}
