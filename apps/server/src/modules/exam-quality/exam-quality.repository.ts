import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf, withinDays } from '../report/staff-scope';

export interface QualityTestRow {
  id: string;
  accountId: string;
  title: string;
  testNumber: number;
  status: 'draft' | 'published' | 'unpublished';
  testType: 'trial' | 'module';
  totalMarks: number;
  createdBy: string | null;
  programId: string | null;
  programCode: string | null;
  programTitle: string | null;
  moduleCode: string | null;
  moduleTitle: string | null;
  passPercentage: number | null;
}

export interface QualityItemRow {
  questionId: string;
  questionNumber: number;
  authorId: string | null;
  versionId: string;
  questionType: string;
  plainText: string;
  marks: number;
  sectionTitle: string | null;
}

export interface QualityOptionRow {
  id: string;
  questionId: string;
  option: string;
  correctAnswer: boolean;
}

export interface QualitySittingRow {
  id: string;
  totalMarks: number;
  result: 'Pass' | 'Fail' | null;
}

export interface QualityAnswerRow {
  examInstanceId: string;
  questionId: string;
  actualMarks: number | null;
  chosen: string[];
}

export interface Period {
  from?: string;
  to?: string;
  timeZone: string;
}

/** A module sitting counts once every answer is marked: its score is written only then (decision 011). */
const MARKED = sql`e.exam_type = 'module' and e.score is not null`;

/** The queries of the exam quality report: a test, its questions, and its marked sittings in a period. */
export class ExamQualityRepository {
  constructor(private readonly db: Database) {}

  private async all<T>(query: SQL): Promise<T[]> {
    return rowsOf<T>(await this.db.execute(query));
  }

  private testColumns() {
    return sql`t.id, t.account_id as "accountId", t.title, t.test_number as "testNumber", t.status, t.test_type as "testType", t.total_test_marks::float8 as "totalMarks",
      t.created_by as "createdBy", pm.program_id as "programId", p.program_code as "programCode", p.program_title as "programTitle",
      pm.module_code as "moduleCode", pm.module_title as "moduleTitle", pm.pass_percentage::float8 as "passPercentage"
      from exam_definitions t
      left join program_modules pm on pm.id = t.program_module_id
      left join programs p on p.id = pm.program_id`;
  }

  /** A test of the account; another account's is not found. */
  async findTest(testId: string, accountId: string): Promise<QualityTestRow | undefined> {
    const [row] = await this.all<QualityTestRow>(sql`select ${this.testColumns()} where t.id = ${testId}::uuid and t.account_id = ${accountId}`);
    return row;
  }

  /** The account's programs the user manages: named program manager, or the manager role. */
  async findManagedProgramIds(userId: string, accountId: string): Promise<string[]> {
    const rows = await this.all<{ id: string }>(sql`
      select id from programs
      where account_id = ${accountId}
        and (program_manager_id = ${userId} or id in (select program_id from program_users where user_id = ${userId} and role = ${PROGRAM_USER_ROLES.manager}))`);
    return rows.map((row) => row.id);
  }

  /** The account's module tests with their marked sittings: of every program (`programIds` null) or of these programs. */
  async findModuleTests(accountId: string, programIds: readonly string[] | null) {
    if (programIds && programIds.length === 0) return [];
    const inPrograms = programIds
      ? sql`pm.program_id in (${sql.join(
          programIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`true`;
    return this.all<{ id: string; title: string; testNumber: number; status: 'draft' | 'published' | 'unpublished'; programCode: string | null; moduleCode: string | null; markedSittings: number }>(sql`
      select * from (
        select t.id, t.title, t.test_number as "testNumber", t.status, p.program_code as "programCode", pm.module_code as "moduleCode",
               (select count(*) from exam_instances e where e.exam_definition_id = t.id and ${MARKED})::int as "markedSittings"
        from exam_definitions t
        left join program_modules pm on pm.id = t.program_module_id
        left join programs p on p.id = pm.program_id
        where t.account_id = ${accountId} and t.test_type = 'module' and ${inPrograms}
      ) tests
      -- Tests with sittings first: those are the ones with a report to read.
      order by "markedSittings" = 0, title`);
  }

  /** The test's questions in the order candidates meet them (the default section first), with the marks each is worth. */
  async findItems(testId: string): Promise<QualityItemRow[]> {
    return this.all<QualityItemRow>(sql`
      select esq.question_id as "questionId", q.question_number as "questionNumber", q.created_by as "authorId", esq.question_version_id as "versionId",
             v.question_type as "questionType", v.plain_text as "plainText", esq.marks::float8 as marks, s.title as "sectionTitle"
      from exam_section_questions esq
      join questions q on q.id = esq.question_id
      join question_versions v on v.id = esq.question_version_id
      left join exam_sections s on s.id = esq.section_id
      where esq.exam_definition_id = ${testId}::uuid
      order by coalesce(s.sort_order, -1), s.created_on nulls first, esq.sort_order, q.question_number`);
  }

  /** The options of the versions given, in the order the test shows them. */
  async findOptions(versionIds: readonly string[]): Promise<QualityOptionRow[]> {
    if (versionIds.length === 0) return [];
    return this.all<QualityOptionRow>(sql`
      select o.id, v.question_id as "questionId", o.option, o.correct_answer as "correctAnswer"
      from question_options o join question_versions v on v.id = o.question_version_id
      where o.question_version_id in (${sql.join(
        versionIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      order by o.sort_order, o.created_on`);
  }

  private sittingsOf(testId: string, period: Period): SQL {
    return sql`e.exam_definition_id = ${testId}::uuid and ${MARKED} and ${withinDays(sql`e.submitted_on`, period.from, period.to, period.timeZone)}`;
  }

  /** The test's marked sittings submitted in the period (days in the account's zone). */
  async findSittings(testId: string, period: Period): Promise<QualitySittingRow[]> {
    return this.all<QualitySittingRow>(sql`
      select e.id, e.total_marks::float8 as "totalMarks", e.result from exam_instances e where ${this.sittingsOf(testId, period)} order by e.submitted_on, e.id`);
  }

  /** Every answer of those sittings, by question (a sitting keeps the version it was given; the question is what the report counts). */
  async findAnswers(testId: string, period: Period): Promise<QualityAnswerRow[]> {
    return this.all<QualityAnswerRow>(sql`
      select qi.exam_instance_id as "examInstanceId", v.question_id as "questionId", qi.actual_marks::float8 as "actualMarks", qi.answer_option_given_by_user as chosen
      from question_instances qi
      join exam_instances e on e.id = qi.exam_instance_id
      join question_versions v on v.id = qi.question_version_id
      where ${this.sittingsOf(testId, period)}`);
  }

  /**
   * The account's published module tests that hold a question the user wrote, or that the user
   * wrote: where an author is shown their questions' flags.
   */
  async findLiveTestsOfAuthor(userId: string, accountId: string, questionId?: string): Promise<string[]> {
    const onlyQuestion = questionId ? sql`and esq.question_id = ${questionId}::uuid` : sql``;
    const rows = await this.all<{ id: string }>(sql`
      select distinct t.id from exam_definitions t
      join exam_section_questions esq on esq.exam_definition_id = t.id
      join questions q on q.id = esq.question_id
      where t.account_id = ${accountId} and t.test_type = 'module' and t.status = 'published'
        and (q.created_by = ${userId} or t.created_by = ${userId}) ${onlyQuestion}
        and exists (select 1 from exam_instances e where e.exam_definition_id = t.id and ${MARKED})`);
    return rows.map((row) => row.id);
  }
}
