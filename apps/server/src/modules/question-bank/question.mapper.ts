import type { Question, QuestionListRow, QuestionOption } from '@certs/shared/question-bank/question.contract';
import type { Difficulty, QuestionType } from '@certs/shared/question-bank/question-type';
import type { QuestionDetail, QuestionListItem, QuestionOptionRow } from './question.repository';

const EXCERPT_LENGTH = 240;

/** The start of a question's text, for lists and messages. */
export function excerpt(plainText: string, length = EXCERPT_LENGTH): string {
  return plainText.length > length ? `${plainText.slice(0, length - 1).trimEnd()}…` : plainText;
}

export function toQuestionOption(row: QuestionOptionRow): QuestionOption {
  return { id: row.id, option: row.option, correctAnswer: row.correctAnswer, order: row.sortOrder };
}

export function toQuestionListRow(item: QuestionListItem): QuestionListRow {
  return {
    id: item.question.id,
    questionNumber: item.question.questionNumber,
    version: item.version.version,
    contentText: excerpt(item.version.plainText),
    questionType: item.version.questionType as QuestionType,
    difficulty: item.version.difficulty as Difficulty,
    canUploadAnswerPaper: item.version.canUploadAnswerPaper,
    numOfOptions: item.numOfOptions,
    subjects: item.subjects,
    tags: item.tags,
    createdOn: item.question.createdOn.toISOString(),
    modifiedOn: item.question.modifiedOn.toISOString(),
  };
}

export function toQuestion(detail: QuestionDetail): Question {
  return {
    id: detail.question.id,
    questionNumber: detail.question.questionNumber,
    version: detail.version.version,
    versionId: detail.version.id,
    content: detail.version.content,
    questionType: detail.version.questionType as QuestionType,
    difficulty: detail.version.difficulty as Difficulty,
    canUploadAnswerPaper: detail.version.canUploadAnswerPaper,
    subjects: detail.subjects,
    tags: detail.tags,
    options: detail.options.map(toQuestionOption),
    usedInTests: detail.usedInTests,
    createdOn: detail.question.createdOn.toISOString(),
    modifiedOn: detail.question.modifiedOn.toISOString(),
    createdBy: detail.createdByName ?? '-',
    modifiedBy: detail.modifiedByName ?? '-',
  };
}
