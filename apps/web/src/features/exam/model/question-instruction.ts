import type { QuestionType } from '@certs/shared/question-bank/question-type';

/**
 * What a candidate reads for each question type: how to answer, in plain words. The spec's type
 * names ("General Single Answer", ...) stay the values (`data-question-type`); candidates never read them.
 */
export const QUESTION_INSTRUCTIONS: Record<QuestionType, string> = {
  'General Single Answer': 'Choose one answer',
  'Multiple Answer': 'Choose all answers that apply',
  'Fill In The Blank': 'Type your answer: the missing word or words',
  Descriptive: 'Write your answer: it is saved while you type and when you leave the question',
};
