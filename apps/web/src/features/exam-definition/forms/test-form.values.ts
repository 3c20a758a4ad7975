import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { TestRequest, type ExamDefinition, type TestValues } from '@certs/shared/exam-definition/exam-definition.contract';

/** What the test form edits; selects hold text, number inputs hold a number or '' while empty. */
export interface TestFormValues {
  title: string;
  testType: string;
  programType: string;
  programModuleId: string;
  overallTime: number | string;
  minimumTime: number | string;
  totalTestMarks: number | string;
  description: string;
  instruction: string;
  isSectionSplit: boolean;
  canUploadAnswerPaper: boolean;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  partialMarks: boolean;
}

export function emptyTestValues(): TestFormValues {
  return {
    title: '',
    testType: '',
    programType: '',
    programModuleId: '',
    overallTime: '',
    minimumTime: '',
    totalTestMarks: '',
    description: '',
    instruction: '',
    isSectionSplit: false,
    canUploadAnswerPaper: false,
    shuffleQuestions: false,
    shuffleOptions: false,
    partialMarks: false,
  };
}

export function testValuesOf(test: ExamDefinition): TestFormValues {
  return {
    title: test.title,
    testType: test.testType,
    programType: String(test.programType),
    programModuleId: test.programModule?.id ?? '',
    overallTime: test.overallTime,
    minimumTime: test.minimumTime,
    totalTestMarks: test.totalTestMarks,
    description: test.description,
    instruction: test.instruction,
    isSectionSplit: test.isSectionSplit,
    canUploadAnswerPaper: test.canUploadAnswerPaper,
    shuffleQuestions: test.shuffleQuestions,
    shuffleOptions: test.shuffleOptions,
    partialMarks: test.partialMarks,
  };
}

/** An empty number input is "required", text that is not a number is left for the schema to refuse. */
function numberOf(value: number | string): number | undefined | string {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const parsed = Number(trimmed);
  return Number.isNaN(parsed) ? trimmed : parsed;
}

function requestShapeOf(values: TestFormValues): Record<string, unknown> {
  return {
    ...values,
    testType: values.testType || undefined,
    programType: values.programType ? Number(values.programType) : undefined,
    programModuleId: values.programModuleId || null,
    overallTime: numberOf(values.overallTime),
    minimumTime: numberOf(values.minimumTime),
    totalTestMarks: numberOf(values.totalTestMarks),
  };
}

const resolve = zod4Resolver(TestRequest, { errorPriority: 'first' });

/** The shared contract's messages ("Too less", ...) at each field before anything is sent. */
export function validateTestValues(values: TestFormValues): FormErrors {
  return resolve(requestShapeOf(values));
}

export function toTestRequest(values: TestFormValues): TestValues {
  return TestRequest.parse(requestShapeOf(values));
}
