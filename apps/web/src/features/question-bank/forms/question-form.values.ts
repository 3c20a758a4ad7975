import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { QuestionRequest, optionIssues, type Question, type QuestionValues } from '@certs/shared/question-bank/question.contract';
import { DEFAULT_DIFFICULTY, QUESTION_TYPES, QUESTION_TYPE_INFO, type Difficulty, type QuestionType } from '@certs/shared/question-bank/question-type';

export interface OptionRow {
  /** Keeps React's rows apart while options are added, removed and moved. */
  key: string;
  option: string;
  correctAnswer: boolean;
}

/** What the question form edits; the type is '' until chosen. */
export interface QuestionFormValues {
  content: string;
  questionType: QuestionType | '';
  difficulty: Difficulty;
  subjects: string[];
  tags: string[];
  canUploadAnswerPaper: boolean;
  options: OptionRow[];
}

let nextKey = 0;
export function newOptionRow(option = '', correctAnswer = false): OptionRow {
  nextKey += 1;
  return { key: `option-${nextKey}`, option, correctAnswer };
}

export function emptyQuestionValues(): QuestionFormValues {
  return {
    content: '',
    questionType: '',
    difficulty: DEFAULT_DIFFICULTY,
    subjects: [],
    tags: [],
    canUploadAnswerPaper: false,
    options: [newOptionRow(), newOptionRow()],
  };
}

export function questionValuesOf(question: Question): QuestionFormValues {
  return {
    content: question.content,
    questionType: question.questionType,
    difficulty: question.difficulty,
    subjects: question.subjects.map((subject) => subject.id),
    tags: question.tags.map((tag) => tag.id),
    canUploadAnswerPaper: question.canUploadAnswerPaper,
    options: question.options.map((option) => newOptionRow(option.option, option.correctAnswer)),
  };
}

function isQuestionType(value: string): value is QuestionType {
  return (QUESTION_TYPES as readonly string[]).includes(value);
}

/** The request as the API takes it: a descriptive question sends no options; accepted answers are all correct. */
function requestShapeOf(values: QuestionFormValues): Record<string, unknown> {
  const type = isQuestionType(values.questionType) ? values.questionType : undefined;
  const info = type ? QUESTION_TYPE_INFO[type] : undefined;
  const options = info && !info.hasChoices && !info.hasAcceptedAnswers ? [] : values.options;
  return {
    ...values,
    questionType: type,
    options: options.map((row, index) => ({ option: row.option, correctAnswer: info?.hasAcceptedAnswers ? true : row.correctAnswer, order: index + 1 })),
  };
}

const resolve = zod4Resolver(QuestionRequest, { errorPriority: 'first' });

/**
 * The shared contract's messages at each field before anything is sent. The option rules are
 * asked for directly too: zod leaves an object's own rules out while another field is wrong.
 */
export function validateQuestionValues(values: QuestionFormValues): FormErrors {
  const shape = requestShapeOf(values);
  const errors: FormErrors = { ...resolve(shape) };
  if (isQuestionType(values.questionType)) {
    for (const issue of optionIssues(values.questionType, shape.options as { option: string; correctAnswer: boolean }[])) {
      const key = issue.path.join('.');
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  return errors;
}

export function toQuestionRequest(values: QuestionFormValues): QuestionValues {
  return QuestionRequest.parse(requestShapeOf(values));
}
