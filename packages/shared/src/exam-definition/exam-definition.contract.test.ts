import { describe, expect, it } from 'vitest';
import { TEST_MESSAGES, TestRequest } from './exam-definition.contract';
import { MIXED_SECTIONS_WARNING, formatMarks, publishProblems, sumMarks, testWarnings } from './exam-definition-rules';
import { canChangeExamDefinition, isExamContentLocked } from './exam-definition-status';
import { AddSectionQuestionsRequest, SECTION_MESSAGES } from './exam-section.contract';

const test = (overrides: Record<string, unknown> = {}) => ({
  title: 'IWI module 1',
  testType: 'module',
  programType: 1,
  overallTime: 60,
  minimumTime: 20,
  totalTestMarks: 20,
  description: 'Welding processes.',
  instruction: '<p>Answer all questions.</p>',
  ...overrides,
});

describe('the test form', () => {
  it('says "Too less" for times and marks under 1', () => {
    const result = TestRequest.safeParse(test({ overallTime: 0, minimumTime: 0, totalTestMarks: 0.5 }));
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ overallTime: TEST_MESSAGES.tooLess, minimumTime: TEST_MESSAGES.tooLess, totalTestMarks: TEST_MESSAGES.tooLess });
  });

  it('requires title, types, description and instruction', () => {
    const result = TestRequest.safeParse({ overallTime: 10, minimumTime: 5, totalTestMarks: 10 });
    const fields = new Set((result.error?.issues ?? []).map((issue) => issue.path.join('.')));
    expect([...fields].sort()).toEqual(['description', 'instruction', 'programType', 'testType', 'title']);
  });

  it('keeps the minimum time within the overall time and defaults the flags', () => {
    expect(TestRequest.safeParse(test({ minimumTime: 61 })).error?.issues[0]).toMatchObject({ path: ['minimumTime'], message: TEST_MESSAGES.minimumOverOverall });
    expect(TestRequest.parse(test())).toMatchObject({ isSectionSplit: false, canUploadAnswerPaper: false, programModuleId: null });
  });
});

describe('marks, warnings and publishing', () => {
  it('adds marks in hundredths', () => {
    expect(sumMarks([0.1, 0.2])).toBe(0.3);
    expect(formatMarks(2.5)).toBe('2.5');
    expect(formatMarks(3)).toBe('3');
  });

  it('warns about a mix of sectioned and unsectioned questions without blocking', () => {
    const shape = { totalTestMarks: 2, isSectionSplit: false, sections: [{ title: 'Safety', numOfQuestions: 1 }], numOfUnsectioned: 1, marksTotal: 2 };
    expect(testWarnings(shape)).toEqual([MIXED_SECTIONS_WARNING]);
    expect(publishProblems(shape)).toEqual([]);
  });

  it('blocks publishing on a marks mismatch, an empty section or no questions', () => {
    expect(publishProblems({ totalTestMarks: 10, isSectionSplit: false, sections: [], numOfUnsectioned: 2, marksTotal: 4 })).toEqual([
      'The question marks total 4 but Total Test Marks is 10: make them equal before publishing',
    ]);
    expect(publishProblems({ totalTestMarks: 1, isSectionSplit: false, sections: [{ title: 'Empty', numOfQuestions: 0 }], numOfUnsectioned: 1, marksTotal: 1 })).toEqual([
      'Section "Empty" has no questions',
    ]);
    expect(publishProblems({ totalTestMarks: 1, isSectionSplit: false, sections: [], numOfUnsectioned: 0, marksTotal: 0 })).toEqual([TEST_MESSAGES.noQuestions]);
  });

  it('moves drafts and unpublished tests to published, and locks content once published', () => {
    expect(canChangeExamDefinition('publish', 'draft')).toBe(true);
    expect(canChangeExamDefinition('publish', 'unpublished')).toBe(true);
    expect(canChangeExamDefinition('publish', 'published')).toBe(false);
    expect(canChangeExamDefinition('unpublish', 'draft')).toBe(false);
    expect(isExamContentLocked('draft')).toBe(false);
    expect(isExamContentLocked('unpublished')).toBe(true);
  });

  it('checks question marks', () => {
    const base = { testId: '7d9a4c52-2d44-4b7e-9a3c-5c0b8f6a1e01', sectionId: 'default' };
    const questionId = '1f3b2a10-8c7d-4e5f-a6b7-c8d9e0f1a2b3';
    expect(AddSectionQuestionsRequest.safeParse({ ...base, questions: [{ questionId, marks: 0 }] }).error?.issues[0]?.message).toBe(SECTION_MESSAGES.marksMin);
    expect(AddSectionQuestionsRequest.safeParse({ ...base, questions: [] }).error?.issues[0]?.message).toBe(SECTION_MESSAGES.questionsRequired);
    expect(AddSectionQuestionsRequest.safeParse({ ...base, sectionId: 'other', questions: [{ questionId, marks: 1 }] }).success).toBe(false);
  });
});
