import { describe, expect, it } from 'vitest';
import { QUESTION_MESSAGES, QuestionRequest, QuestionSearchRequest, optionIssues } from './question.contract';
import { questionLabel } from './question-type';
import { ReferenceRequest, referenceInUseMessage } from './reference.contract';

const SUBJECT = '7d9a4c52-2d44-4b7e-9a3c-5c0b8f6a1e01';
const TAG = '1f3b2a10-8c7d-4e5f-a6b7-c8d9e0f1a2b3';

const question = (overrides: Record<string, unknown> = {}) => ({
  content: '<p>Which gas shields GTAW?</p>',
  questionType: 'General Single Answer',
  subjects: [SUBJECT],
  tags: [TAG],
  options: [
    { option: 'Argon', correctAnswer: true },
    { option: 'Oxygen', correctAnswer: false },
  ],
  ...overrides,
});

function firstIssues(input: object): Record<string, string> {
  const result = QuestionRequest.safeParse(input);
  if (result.success) return {};
  const issues: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in issues)) issues[key] = issue.message;
  }
  return issues;
}

describe('the question form', () => {
  it('accepts a complete question and fills the defaults', () => {
    const parsed = QuestionRequest.parse(question());
    expect(parsed).toMatchObject({ difficulty: 'Medium', canUploadAnswerPaper: false });
  });

  it('gives the spec messages for content, type, subjects, tags and option text', () => {
    expect(firstIssues(question({ content: '<p></p>', questionType: undefined, subjects: [], tags: [], options: [{ option: '' }, { option: 'B' }] }))).toEqual({
      content: QUESTION_MESSAGES.contentRequired,
      questionType: QUESTION_MESSAGES.questionTypeRequired,
      subjects: QUESTION_MESSAGES.subjectsRequired,
      tags: QUESTION_MESSAGES.tagsRequired,
      'options.0.option': QUESTION_MESSAGES.optionRequired,
    });
  });

  it('applies the option rules of each type', () => {
    const one = { option: 'A', correctAnswer: true };
    const other = { option: 'B', correctAnswer: false };
    expect(optionIssues('General Single Answer', [one, { ...other, correctAnswer: true }])).toEqual([{ path: ['options'], message: QUESTION_MESSAGES.singleCorrect }]);
    expect(optionIssues('General Single Answer', [one, other])).toEqual([]);
    expect(optionIssues('Multiple Answer', [{ ...one, correctAnswer: false }, other])).toEqual([{ path: ['options'], message: QUESTION_MESSAGES.multipleCorrect }]);
    expect(optionIssues('Multiple Answer', [one, { ...other, correctAnswer: true }])).toEqual([]);
    expect(optionIssues('Multiple Answer', [one])).toEqual([{ path: ['options'], message: QUESTION_MESSAGES.choicesRequired }]);
    expect(optionIssues('Fill In The Blank', [])).toEqual([{ path: ['options'], message: QUESTION_MESSAGES.acceptedAnswersRequired }]);
    expect(optionIssues('Fill In The Blank', [{ option: 'flat', correctAnswer: false }])).toEqual([]);
    expect(optionIssues('Descriptive', [one])).toEqual([{ path: ['options'], message: QUESTION_MESSAGES.descriptiveNoOptions }]);
    expect(optionIssues('Descriptive', [])).toEqual([]);
    expect(optionIssues('General Single Answer', [one, { option: ' a ', correctAnswer: false }])).toEqual([{ path: ['options', 1, 'option'], message: QUESTION_MESSAGES.optionsDiffer }]);
  });
});

describe('the question search', () => {
  it('takes days in the spec formats and refuses a range that runs backwards', () => {
    expect(QuestionSearchRequest.safeParse({ createdFrom: '01/02/2026', createdTo: '2026-02-03' }).success).toBe(true);
    expect(QuestionSearchRequest.safeParse({ createdFrom: '   ' }).success).toBe(true);
    const wrong = QuestionSearchRequest.safeParse({ modifiedFrom: 'soon' });
    expect(wrong.error?.issues[0]?.message).toBe(QUESTION_MESSAGES.invalidDate);
    const backwards = QuestionSearchRequest.safeParse({ modifiedFrom: '2026-02-03', modifiedTo: '2026-02-01' });
    expect(backwards.error?.issues[0]).toMatchObject({ path: ['modifiedTo'], message: QUESTION_MESSAGES.dateOrder });
  });
});

describe('subjects and tags', () => {
  it('requires a title and names the questions using one', () => {
    expect(ReferenceRequest.safeParse({ title: '  ' }).error?.issues[0]?.message).toBe('Title is required');
    expect(referenceInUseMessage('subject', [questionLabel(4)], 1)).toBe('This subject is used by question Q-4 and cannot be removed. Remove it from that question first.');
    expect(referenceInUseMessage('tag', ['Q-1', 'Q-2', 'Q-3'], 3)).toBe('This tag is used by 3 questions Q-1, Q-2 and Q-3 and cannot be removed. Remove it from those questions first.');
    expect(referenceInUseMessage('tag', ['Q-1', 'Q-2'], 12)).toBe('This tag is used by 12 questions Q-1, Q-2 and 10 more and cannot be removed. Remove it from those questions first.');
  });
});
