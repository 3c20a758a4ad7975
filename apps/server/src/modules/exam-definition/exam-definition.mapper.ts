import type { ExamDefinition, ExamDefinitionListRow } from '@certs/shared/exam-definition/exam-definition.contract';
import { publishProblems, sumMarks, testWarnings, type TestShape } from '@certs/shared/exam-definition/exam-definition-rules';
import type { ExamDefinitionStatus } from '@certs/shared/exam-definition/exam-definition-status';
import { DEFAULT_SECTION, type Section, type SectionQuestion } from '@certs/shared/exam-definition/exam-section.contract';
import type { Difficulty, QuestionType } from '@certs/shared/question-bank/question-type';
import type { EntryDetail, ExamDefinitionDetail, ExamDefinitionListItem, ExamSectionRow } from './exam-definition.repository';

const EXCERPT_LENGTH = 240;

function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

export function toListRow(item: ExamDefinitionListItem): ExamDefinitionListRow {
  const { test } = item;
  return {
    id: test.id,
    testNumber: test.testNumber,
    title: test.title,
    testType: test.testType,
    programType: test.programType,
    programModule: item.programModule
      ? { id: item.programModule.id, moduleCode: item.programModule.moduleCode, moduleTitle: item.programModule.moduleTitle, programCode: item.programModule.programCode }
      : null,
    overallTime: test.overallTime,
    totalTestMarks: test.totalTestMarks,
    status: test.status,
    published: test.status === 'published',
    unPublished: test.status === 'unpublished',
    publishedOn: test.publishedOn?.toISOString() ?? null,
    isCloned: test.isCloned,
    numOfQuestions: item.numOfQuestions,
    marksTotal: item.marksTotal,
    modifiedOn: test.modifiedOn.toISOString(),
  };
}

/** Sections as staff and candidates see them: the default one (when it holds questions) first. */
export function toSections(sections: readonly ExamSectionRow[], entries: readonly EntryDetail[]): Section[] {
  const of = (sectionId: string | null) => entries.filter((item) => item.entry.sectionId === sectionId);
  const unsectioned = of(null);
  const named = sections.map((section, index) => {
    const inside = of(section.id);
    return { id: section.id, title: section.title, order: index + 1, isDefault: false, numOfQuestions: inside.length, marks: sumMarks(inside.map((item) => item.entry.marks)) };
  });
  // With no named sections the default one is where questions go, so it is always listed then.
  const withDefault = unsectioned.length > 0 || sections.length === 0;
  const defaultSection = { ...DEFAULT_SECTION, isDefault: true, numOfQuestions: unsectioned.length, marks: sumMarks(unsectioned.map((item) => item.entry.marks)) };
  return withDefault ? [defaultSection, ...named] : named;
}

export function shapeOf(totalTestMarks: number, isSectionSplit: boolean, sections: readonly Section[]): TestShape {
  const named = sections.filter((section) => !section.isDefault);
  return {
    totalTestMarks,
    isSectionSplit,
    sections: named.map((section) => ({ title: section.title, numOfQuestions: section.numOfQuestions })),
    numOfUnsectioned: sections.find((section) => section.isDefault)?.numOfQuestions ?? 0,
    marksTotal: sumMarks(sections.map((section) => section.marks)),
  };
}

export function toExamDefinition(detail: ExamDefinitionDetail, sections: readonly Section[]): ExamDefinition {
  const { test } = detail;
  const shape = shapeOf(test.totalTestMarks, test.isSectionSplit, sections);
  const status = test.status as ExamDefinitionStatus;
  return {
    ...toListRow(detail),
    description: test.description,
    instruction: test.instruction,
    minimumTime: test.minimumTime,
    isSectionSplit: test.isSectionSplit,
    canUploadAnswerPaper: test.canUploadAnswerPaper,
    shuffleQuestions: test.shuffleQuestions,
    shuffleOptions: test.shuffleOptions,
    partialMarks: test.partialMarks,
    isTrialExam: test.isTrialExam,
    clonedFrom: detail.clonedFrom,
    numOfQuestions: sections.reduce((n, section) => n + section.numOfQuestions, 0),
    marksTotal: shape.marksTotal,
    sectionInfo: sections.map(({ id, title, order, numOfQuestions, marks }) => ({ id, title, order, numOfQuestions, marks })),
    warnings: testWarnings(shape),
    // A published test has passed these; listing them again would only confuse.
    publishProblems: status === 'published' ? [] : publishProblems(shape),
    createdOn: test.createdOn.toISOString(),
    createdBy: detail.createdByName ?? '-',
    modifiedBy: detail.modifiedByName ?? '-',
  };
}

export function toSectionQuestion(item: EntryDetail, isDraft: boolean): SectionQuestion {
  // A draft takes each question's current version at publication, so that is the one to show.
  const shown = isDraft ? item.current : item.pinned;
  return {
    id: item.entry.id,
    sectionId: item.entry.sectionId ?? DEFAULT_SECTION.id,
    questionId: item.entry.questionId,
    questionNumber: item.questionNumber,
    version: shown.version,
    currentVersion: item.currentVersion,
    contentText: excerpt(shown.plainText),
    questionType: shown.questionType as QuestionType,
    difficulty: shown.difficulty as Difficulty,
    marks: item.entry.marks,
    order: item.entry.sortOrder,
  };
}
