import { sql } from 'drizzle-orm';
import type { QuestionType } from '@certs/shared/question-bank/question-type';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { executePrepared } from '../../db/prepared';
import { rowsOf, toDate, toDateOrNull } from './exam.repository';

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

export interface AnswerPaperRow {
  questionInstanceId: string;
  attachmentId: string;
  resourceKey: string;
  name: string;
  contentType: string;
  createdOn: Date;
}

/** The questions delivered in a sitting, their versions' content, and the answer papers uploaded for them. */
export class ExamQuestionRepository {
  constructor(private readonly db: Database) {}

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

  // Answer papers.

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

}
