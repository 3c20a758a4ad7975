import { TEST_MESSAGES } from './exam-definition.contract';
import { DEFAULT_SECTION } from './exam-section.contract';

/** Marks are compared in hundredths, so 0.1 + 0.2 equals 0.3. */
export function marksInHundredths(marks: number): number {
  return Math.round(marks * 100);
}

export function sumMarks(marks: readonly number[]): number {
  return marks.reduce((total, value) => total + marksInHundredths(value), 0) / 100;
}

/** 2 -> "2", 2.5 -> "2.5", 2.25 -> "2.25". */
export function formatMarks(marks: number): string {
  return String(marksInHundredths(marks) / 100);
}

export function marksMismatchMessage(marksTotal: number, totalTestMarks: number): string {
  return `The question marks total ${formatMarks(marksTotal)} but Total Test Marks is ${formatMarks(totalTestMarks)}: make them equal before publishing`;
}

export function emptySectionMessage(title: string): string {
  return `Section "${title}" has no questions`;
}

export const MIXED_SECTIONS_WARNING = `Some questions are in sections and some are not: candidates see the unsectioned ones first, under "${DEFAULT_SECTION.title}".`;
export const SPLIT_WITHOUT_SECTIONS_WARNING = 'Split by section is on, but the test has no sections: candidates see one list.';

export interface TestShape {
  totalTestMarks: number;
  isSectionSplit: boolean;
  /** Named sections with their number of questions. */
  sections: readonly { title: string; numOfQuestions: number }[];
  /** Questions in the default section. */
  numOfUnsectioned: number;
  marksTotal: number;
}

/** Shown beside the test; never blocking (spec section 4: a mix gives a warning only). */
export function testWarnings(test: TestShape): string[] {
  const warnings: string[] = [];
  const sectioned = test.sections.reduce((n, section) => n + section.numOfQuestions, 0);
  if (sectioned > 0 && test.numOfUnsectioned > 0) warnings.push(MIXED_SECTIONS_WARNING);
  if (test.isSectionSplit && test.sections.length === 0) warnings.push(SPLIT_WITHOUT_SECTIONS_WARNING);
  return warnings;
}

/** What stops a test from being published; the same list the server checks under its lock. */
export function publishProblems(test: TestShape): string[] {
  const problems: string[] = [];
  const count = test.numOfUnsectioned + test.sections.reduce((n, section) => n + section.numOfQuestions, 0);
  if (count === 0) problems.push(TEST_MESSAGES.noQuestions);
  for (const section of test.sections) if (section.numOfQuestions === 0) problems.push(emptySectionMessage(section.title));
  if (count > 0 && marksInHundredths(test.marksTotal) !== marksInHundredths(test.totalTestMarks)) {
    problems.push(marksMismatchMessage(test.marksTotal, test.totalTestMarks));
  }
  return problems;
}
