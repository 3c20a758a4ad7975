/**
 * The welder qualification record of an application (spec section 3) and its workflow (issue 18,
 * decision 025): `POST wpq` (save a draft), `wpq/submit`, populate and preview, the examiner's
 * tests (`{id}/details`, `{id}/examiner/submit`) and the assessor's outcome (`{id}/result/submit`).
 * One schema serves the form and the API; the test-piece rules are the range engine's own
 * (`validateTestPiece`), so a record that submits is a record the engine can range.
 */
import { z } from 'zod';
import { AwardDateRange, awardedOnField } from '../award/award-date';
import { ScheduleModuleRequest } from '../exam-schedule/exam-schedule.contract';
import { type FieldErrors, WPQ_MESSAGES } from './wpq-messages';
import { validateTestPiece, type RangeInput, type RangeResult, type RequiredTest } from './wpq-range';
import {
  ADDITIONAL_JOINT_TYPE_CODES,
  BACKING_TYPE_CODES,
  BRANCH_TYPE_CODES,
  CURRENT_TYPE_CODES,
  DIRECTION_OF_WELDING_CODES,
  FILLER_GROUP_CODES,
  FILLER_TYPE_CODES,
  JOINT_TYPE_CODES,
  LAYER_TECHNIQUE_CODES,
  MATERIAL_GROUP_NUMBERS,
  MATERIAL_SUBGROUP_CODES,
  PRODUCT_TYPE_CODES,
  TEST_METHODS,
  TEST_METHOD_CODES,
  TRANSFER_MODE_CODES,
  WELDING_POSITION_CODES,
  WELD_PROCESS_CODES,
  WPQ_STANDARDS,
  groupOfSubgroup,
  type MaterialGroup,
  type MaterialSubgroup,
  type TestMethod,
  type ValidityOption,
  type WpqStandard,
} from './wpq-reference';
import { rulesFor } from './wpq-rules';
import { overrideField } from '../impartiality/assignment-check.contract';

export const WPQ_RECORD_MESSAGES = {
  notFound: 'Welder qualification record not found',
  applicationNotFound: 'Application not found',
  notWelderQualification: 'Only a Welder Qualification application has a welder qualification record',
  notEditable: (status: string) => `This record is ${status}; it can no longer be changed`,
  applicationClosed: (status: string) => `An application that is ${status} cannot have its record changed`,
  required: (label: string) => `${label} is required`,
  textMax: (label: string, max: number) => `${label} must be at most ${max} characters`,
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  dateOfBirthFuture: 'Date of birth must be in the past',
  validityOptionInvalid: 'Validity option must be 9.3 a), b) or c)',
  optionCNotAllowed: (standard: string) => `Option 9.3 c) is not allowed under ${standard}`,
  // The examiner's test.
  notExaminer: 'Only an examiner of this program records the test',
  notReadyForTest: 'The test can be recorded once the record is submitted and the test is scheduled and sent to the welder',
  testsClosed: 'The test has been submitted; its results can no longer be changed',
  testNameInvalid: 'Test must be one of the test methods',
  resultRequired: 'Result is required',
  calculatedValueNumber: 'Calculated value must be a number',
  calculatedValueNotUsed: (test: string) => `${test} has no calculated value`,
  duplicateTest: (test: string) => `${test} is listed twice`,
  visualFirst: 'Visual testing comes first',
  visualRequired: 'Record the visual test first',
  stoppedByVisual: 'The visual test failed: the remaining tests are not made',
  retestOnlyAfterFail: (test: string) => `A retest of ${test} is made only after it failed`,
  oneRetest: 'One retest is allowed',
  requiredTestMissing: (methods: string) => `Record one of: ${methods}`,
  evidenceUnknown: 'Evidence must be files you uploaded',
  jobKnowledgeRequired: 'Job knowledge is required (Acceptable or Not tested)',
  testResultFileRequired: 'Test result file is required',
  testCentreUnknown: 'Test centre not found',
  messageMax: 'Message to examiner must be at most 2000 characters',
  // The schedule of the test.
  notPaid: 'The test can be scheduled once the invoice is paid',
  scheduleClosed: 'The test has been recorded; its schedule can no longer be changed',
  sentForTest: 'The test has been sent to the welder; the record it tests can no longer be changed',
  examinerNotInProgram: 'The examiner must hold the examiner role in this program',
  // The assessor's outcome.
  approvedRequired: 'Choose whether the welder qualification is approved',
  reasonsRequired: 'Reasons are required when the qualification is not approved',
  awardedOnOnlyApproved: 'An award date is given only when the qualification is approved',
  notesMax: 'Assessor notes must be at most 2000 characters',
  notExamined: 'The outcome is recorded once the examiner has submitted the test',
  testsNotPassed: 'The tests were not all passed: the qualification cannot be approved',
  resultRecorded: 'The outcome has already been recorded',
} as const;

export const WPQ_RECORD_STATUSES = ['draft', 'submitted', 'examined', 'approved', 'failed'] as const;
export type WpqRecordStatus = (typeof WPQ_RECORD_STATUSES)[number];
export const WPQ_RECORD_STATUS_LABELS: Record<WpqRecordStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  examined: 'Tested',
  approved: 'Approved',
  failed: 'Not approved',
};
/** Mantine colours whose light variants pass WCAG AA in the theme. */
export const WPQ_RECORD_STATUS_COLORS: Record<WpqRecordStatus, string> = { draft: 'gray', submitted: 'blue', examined: 'violet', approved: 'green', failed: 'red' };

/** ISO 9606-1 9.3 a), b) and c) as the record stores them; `validityOptionOf` gives the shared rules' letter. */
export const WPQ_VALIDITY_OPTIONS = [
  { value: '9.3a', label: '9.3 a): a new test every 3 years' },
  { value: '9.3b', label: '9.3 b): two welds tested every 2 years' },
  { value: '9.3c', label: '9.3 c): valid while confirmed every 6 months by the same manufacturer' },
] as const;
export type WpqValidityOption = (typeof WPQ_VALIDITY_OPTIONS)[number]['value'];
export const WPQ_VALIDITY_OPTION_CODES = WPQ_VALIDITY_OPTIONS.map((o) => o.value) as [WpqValidityOption, ...WpqValidityOption[]];
export function validityOptionOf(option: WpqValidityOption): ValidityOption {
  return option.slice(3) as ValidityOption;
}

export const JOB_KNOWLEDGE_VALUES = ['Acceptable', 'Not tested'] as const;
export type JobKnowledge = (typeof JOB_KNOWLEDGE_VALUES)[number];

export const WPQ_TEST_RESULTS = ['Pass', 'Fail', 'Not tested'] as const;
export type WpqTestResultValue = (typeof WPQ_TEST_RESULTS)[number];

/** The methods the examiner records (job knowledge is its own field); each in the standard's order. */
export const RECORDED_TEST_METHODS = TEST_METHOD_CODES.filter((m) => m !== 'job-knowledge') as Exclude<TestMethod, 'job-knowledge'>[];
export type RecordedTestMethod = (typeof RECORDED_TEST_METHODS)[number];
/** Methods with a measured figure: the bend test's open discontinuities summed (mm), the notched tensile strength (MPa). */
export const CALCULATED_VALUE_LABELS: Partial<Record<RecordedTestMethod, string>> = {
  bend: 'Sum of open discontinuities of 1 to 3 mm (mm)',
  'notched-tensile': 'Tensile strength (MPa)',
};
export function testMethodLabel(method: string): string {
  return TEST_METHODS.find((m) => m.value === method)?.label ?? method;
}

// ---------------------------------------------------------------------------------------------
// The record

const text = (max: number, label: string) => z.string({ error: WPQ_RECORD_MESSAGES.required(label) }).trim().max(max, WPQ_RECORD_MESSAGES.textMax(label, max));
const optionalText = (max: number, label: string) => text(max, label).nullish();
const day = (label: string) => z.iso.date(WPQ_RECORD_MESSAGES.dateInvalid(label)).nullish();
const millimetres = (messages: { number: string; positive: string; max: string }, max: number) =>
  z.number({ error: messages.number }).positive(messages.positive).max(max, messages.max).nullish();

/** Labels of the record's fields, for the required messages and the preview. */
export const WPQ_RECORD_LABELS = {
  dateOfBirth: 'Date of birth',
  placeOfBirth: 'Place of birth',
  identificationNumber: 'Identification number',
  methodOfIdentification: 'Method of identification',
  employer: 'Employer',
  userId: 'Welder ID at the employer',
  company: 'Company',
  wpsNumber: 'WPS number',
  wpsRevision: 'WPS revision',
  wpsDate: 'WPS date',
  qualificationType: 'Qualification type',
  placeOfTesting: 'Place of testing',
  testDate: 'Test date',
  testingAcceptanceCriteria: 'Testing acceptance criteria',
  validityOption: 'Validity option',
  parentMaterial1Specification: 'Parent material 1 specification',
  parentMaterial1Group: 'Parent material 1 group',
  parentMaterial1Subgroup: 'Parent material 1 subgroup',
  parentMaterial2Specification: 'Parent material 2 specification',
  parentMaterial2Group: 'Parent material 2 group',
  parentMaterial2Subgroup: 'Parent material 2 subgroup',
  productType: 'Product type',
  jointType: 'Joint type',
  branch: 'Branch connection',
  additionalJointTypeTest: 'Additional joint type test',
  testPieceThickness: 'Test piece thickness (mm)',
  pipeOD: 'Pipe outside diameter (mm)',
  weldingProcess: 'Welding process',
  directionOfWelding: 'Direction of welding',
  transferMode: 'Transfer mode',
  weldingPosition: 'Welding position',
  productTypeForAdditionalJointType: 'Product type of the additional joint type test',
  weldingPositionForAdditionalJointType: 'Welding position of the additional joint type test',
  fillerMaterialGroup: 'Filler material group',
  fillerMaterialType: 'Filler material type',
  fillerMaterialTradeName: 'Filler material trade name',
  backingAndConsumableInsert: 'Backing and consumable insert',
  depositThickness: 'Deposited thickness (mm)',
  layerTechnique: 'Layer technique',
  shieldingGas: 'Shielding gas',
  typeOfCurrentAndPolarity: 'Type of current and polarity',
  auxiliaries: 'Auxiliaries',
} as const;
type RecordField = keyof typeof WPQ_RECORD_LABELS;
const L = WPQ_RECORD_LABELS;

/**
 * Every field a draft may carry: types and lengths are checked on every save, what is required
 * only on submit (`wpqRecordIssues`). Job knowledge is the examiner's and the issue date is the
 * award's, so neither is entered here.
 */
export const wpqRecordShape = {
  dateOfBirth: day(L.dateOfBirth),
  placeOfBirth: optionalText(200, L.placeOfBirth),
  identificationNumber: optionalText(100, L.identificationNumber),
  methodOfIdentification: optionalText(200, L.methodOfIdentification),
  employer: optionalText(200, L.employer),
  userId: optionalText(100, L.userId),
  company: optionalText(200, L.company),
  wpsNumber: optionalText(100, L.wpsNumber),
  wpsRevision: optionalText(50, L.wpsRevision),
  wpsDate: day(L.wpsDate),
  qualificationType: optionalText(200, L.qualificationType),
  placeOfTesting: optionalText(200, L.placeOfTesting),
  testDate: day(L.testDate),
  testingAcceptanceCriteria: optionalText(200, L.testingAcceptanceCriteria),
  validityOption: z.enum(WPQ_VALIDITY_OPTION_CODES, { error: WPQ_RECORD_MESSAGES.validityOptionInvalid }).nullish(),
  parentMaterial1Specification: optionalText(200, L.parentMaterial1Specification),
  parentMaterial1Group: z.literal(MATERIAL_GROUP_NUMBERS, { error: WPQ_MESSAGES.parentGroupInvalid }).nullish(),
  parentMaterial1Subgroup: z.enum(MATERIAL_SUBGROUP_CODES, { error: WPQ_MESSAGES.parentSubgroupInvalid }).nullish(),
  parentMaterial2Specification: optionalText(200, L.parentMaterial2Specification),
  parentMaterial2Group: z.literal(MATERIAL_GROUP_NUMBERS, { error: WPQ_MESSAGES.parentGroupInvalid }).nullish(),
  parentMaterial2Subgroup: z.enum(MATERIAL_SUBGROUP_CODES, { error: WPQ_MESSAGES.parentSubgroupInvalid }).nullish(),
  productType: z.enum(PRODUCT_TYPE_CODES, { error: WPQ_MESSAGES.productTypeRequired }).nullish(),
  jointType: z.enum(JOINT_TYPE_CODES, { error: WPQ_MESSAGES.jointTypeRequired }).nullish(),
  branch: z.enum(BRANCH_TYPE_CODES, { error: WPQ_MESSAGES.branchRequired }).nullish(),
  additionalJointTypeTest: z.enum(ADDITIONAL_JOINT_TYPE_CODES, { error: WPQ_MESSAGES.additionalJointTypeInvalid }).nullish(),
  testPieceThickness: millimetres({ number: WPQ_MESSAGES.thicknessNumber, positive: WPQ_MESSAGES.thicknessPositive, max: WPQ_MESSAGES.thicknessMax }, 500),
  pipeOD: millimetres({ number: WPQ_MESSAGES.pipeODNumber, positive: WPQ_MESSAGES.pipeODPositive, max: WPQ_MESSAGES.pipeODMax }, 5000),
  weldingProcess: z.enum(WELD_PROCESS_CODES, { error: WPQ_MESSAGES.weldingProcessRequired }).nullish(),
  directionOfWelding: z.enum(DIRECTION_OF_WELDING_CODES, { error: WPQ_MESSAGES.directionRequired }).nullish(),
  transferMode: z.enum(TRANSFER_MODE_CODES, { error: WPQ_MESSAGES.transferModeRequired }).nullish(),
  weldingPosition: z.enum(WELDING_POSITION_CODES, { error: WPQ_MESSAGES.weldingPositionRequired }).nullish(),
  productTypeForAdditionalJointType: z.enum(PRODUCT_TYPE_CODES, { error: WPQ_MESSAGES.supplementaryProductRequired }).nullish(),
  weldingPositionForAdditionalJointType: z.enum(WELDING_POSITION_CODES, { error: WPQ_MESSAGES.supplementaryPositionRequired }).nullish(),
  fillerMaterialGroup: z.enum(FILLER_GROUP_CODES, { error: WPQ_MESSAGES.fillerMaterialGroupRequired }).nullish(),
  fillerMaterialType: z.enum(FILLER_TYPE_CODES, { error: WPQ_MESSAGES.fillerMaterialTypeRequired }).nullish(),
  fillerMaterialTradeName: optionalText(200, L.fillerMaterialTradeName),
  backingAndConsumableInsert: z.enum(BACKING_TYPE_CODES, { error: WPQ_MESSAGES.backingRequired }).nullish(),
  depositThickness: millimetres({ number: WPQ_MESSAGES.depositNumber, positive: WPQ_MESSAGES.depositPositive, max: WPQ_MESSAGES.depositMax }, 500),
  layerTechnique: z.enum(LAYER_TECHNIQUE_CODES, { error: WPQ_MESSAGES.layerTechniqueRequired }).nullish(),
  shieldingGas: optionalText(200, L.shieldingGas),
  typeOfCurrentAndPolarity: z.enum(CURRENT_TYPE_CODES, { error: WPQ_MESSAGES.currentTypeInvalid }).nullish(),
  auxiliaries: optionalText(200, L.auxiliaries),
};
export const WpqRecordFields = z.strictObject(wpqRecordShape);
export type WpqRecordFields = z.output<typeof WpqRecordFields>;

/**
 * Required on submit (spec section 5): every listed field except userId, company, branch, pipeOD
 * and the nullable welding fields (direction, transfer mode, the additional joint type test's
 * product and position, filler group, backing, deposited thickness, layer technique, shielding
 * gas, auxiliaries), which the engine requires where the process or joint needs them.
 */
export const WPQ_RECORD_REQUIRED: readonly RecordField[] = [
  'dateOfBirth',
  'placeOfBirth',
  'identificationNumber',
  'methodOfIdentification',
  'employer',
  'wpsNumber',
  'wpsRevision',
  'wpsDate',
  'qualificationType',
  'placeOfTesting',
  'testDate',
  'testingAcceptanceCriteria',
  'validityOption',
  'parentMaterial1Specification',
  'parentMaterial1Group',
  'parentMaterial1Subgroup',
  'parentMaterial2Specification',
  'parentMaterial2Group',
  'parentMaterial2Subgroup',
  'productType',
  'jointType',
  'additionalJointTypeTest',
  'testPieceThickness',
  'weldingProcess',
  'weldingPosition',
  'fillerMaterialType',
  'fillerMaterialTradeName',
  'typeOfCurrentAndPolarity',
];

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The engine's input for a record whose test-piece fields are all there; parent material 1 is the tested one. */
export function rangeInputOf(record: WpqRecordFields, standard: WpqStandard): RangeInput | null {
  const { weldingProcess, productType, jointType, testPieceThickness, weldingPosition, fillerMaterialType } = record;
  if (!weldingProcess || !productType || !jointType || testPieceThickness === null || testPieceThickness === undefined || !weldingPosition || !fillerMaterialType) return null;
  return {
    standard,
    weldingProcess,
    transferMode: record.transferMode ?? null,
    directionOfWelding: record.directionOfWelding ?? null,
    productType,
    jointType,
    branch: record.branch ?? null,
    testPieceThickness,
    depositThickness: record.depositThickness ?? null,
    pipeOD: record.pipeOD ?? null,
    weldingPosition,
    fillerMaterialGroup: record.fillerMaterialGroup ?? null,
    fillerMaterialType,
    backingAndConsumableInsert: record.backingAndConsumableInsert ?? null,
    layerTechnique: record.layerTechnique ?? null,
    parentMaterialGroup: (record.parentMaterial1Group ?? null) as MaterialGroup | null,
    parentMaterialSubgroup: (record.parentMaterial1Subgroup ?? null) as MaterialSubgroup | null,
    typeOfCurrentAndPolarity: record.typeOfCurrentAndPolarity ?? null,
    additionalJointTypeTest: record.additionalJointTypeTest ?? null,
    productTypeForAdditionalJointType: record.productTypeForAdditionalJointType ?? null,
    weldingPositionForAdditionalJointType: record.weldingPositionForAdditionalJointType ?? null,
  };
}

/** Every reason a record cannot be submitted, per field (form and API alike); empty when it can. */
export function wpqRecordIssues(record: WpqRecordFields, standard: WpqStandard, today?: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of WPQ_RECORD_REQUIRED) {
    if (isBlank(record[field])) errors[field] = WPQ_RECORD_MESSAGES.required(L[field]);
  }
  if (record.dateOfBirth && today && record.dateOfBirth >= today) errors.dateOfBirth ??= WPQ_RECORD_MESSAGES.dateOfBirthFuture;
  if (record.validityOption === '9.3c' && !rulesFor(standard).validity.isOptionCAllowed) errors.validityOption ??= WPQ_RECORD_MESSAGES.optionCNotAllowed(standard);
  if (record.parentMaterial2Subgroup && record.parentMaterial2Group && groupOfSubgroup(record.parentMaterial2Subgroup) !== record.parentMaterial2Group) {
    errors.parentMaterial2Subgroup ??= WPQ_MESSAGES.subgroupNotInGroup(record.parentMaterial2Subgroup, record.parentMaterial2Group);
  }
  const input = rangeInputOf(record, standard);
  if (input) {
    const engine = validateTestPiece(input, rulesFor(standard));
    const fieldOf: Record<string, string> = { parentMaterialGroup: 'parentMaterial1Group', parentMaterialSubgroup: 'parentMaterial1Subgroup' };
    for (const [field, message] of Object.entries(engine)) errors[fieldOf[field] ?? field] ??= message;
  }
  return errors;
}

/** `POST wpq`: the application's record saved as a draft (by the welder, or staff for them). */
export const WpqRecordSaveRequest = z.strictObject({ applicationId: z.uuid({ error: WPQ_RECORD_MESSAGES.applicationNotFound }), ...wpqRecordShape });
export type WpqRecordSaveRequest = z.input<typeof WpqRecordSaveRequest>;

/** `POST wpq/submit`: saved and submitted; the whole record is checked (`wpqRecordIssues`) by the service against the program's standard. */
export const WpqRecordSubmitRequest = WpqRecordSaveRequest;

// ---------------------------------------------------------------------------------------------
// The examiner's test

export const WpqTestResultRequest = z.strictObject({
  testName: z.enum(RECORDED_TEST_METHODS as [RecordedTestMethod, ...RecordedTestMethod[]], { error: WPQ_RECORD_MESSAGES.testNameInvalid }),
  result: z.enum(WPQ_TEST_RESULTS, { error: WPQ_RECORD_MESSAGES.resultRequired }),
  calculatedValue: z.number({ error: WPQ_RECORD_MESSAGES.calculatedValueNumber }).min(0, WPQ_RECORD_MESSAGES.calculatedValueNumber).max(99_999_999, WPQ_RECORD_MESSAGES.calculatedValueNumber).nullish(),
  evidenceAttachmentIds: z.array(z.uuid({ error: WPQ_RECORD_MESSAGES.evidenceUnknown })).max(20).default([]),
  isRetest: z.boolean().default(false),
  notes: z.string().trim().max(1000).default(''),
});
export type WpqTestResultRequest = z.input<typeof WpqTestResultRequest>;
type TestRow = z.output<typeof WpqTestResultRequest>;

/** `{id}/details`: the examiner's tests so far and job knowledge; saved as often as needed until submitted. */
export const WpqDetailsRequest = z.strictObject({
  jobKnowledge: z.enum(JOB_KNOWLEDGE_VALUES, { error: WPQ_RECORD_MESSAGES.jobKnowledgeRequired }).nullish(),
  tests: z.array(WpqTestResultRequest).max(20),
});
export type WpqDetailsRequest = z.input<typeof WpqDetailsRequest>;

/** `{id}/examiner/submit`: the exam submission (spec section 3), with the details when sent. */
export const WpqExaminerSubmitRequest = z.strictObject({
  applicationTestingAgency: z.uuid({ error: WPQ_RECORD_MESSAGES.testCentreUnknown }).nullish(),
  testResultFile: z.uuid({ error: WPQ_RECORD_MESSAGES.testResultFileRequired }),
  messageToExaminer: z.string().trim().max(2000, WPQ_RECORD_MESSAGES.messageMax).default(''),
  details: WpqDetailsRequest.optional(),
  /** A manager's override of the impartiality refusal of an examiner taking the test over, with the reason (issue 43). */
  override: overrideField,
});
export type WpqExaminerSubmitRequest = z.input<typeof WpqExaminerSubmitRequest>;

/** The result that counts for a method: its retest's when there is one. */
export function effectiveResults(tests: readonly Pick<TestRow, 'testName' | 'result' | 'isRetest'>[]): Map<string, WpqTestResultValue> {
  const results = new Map<string, WpqTestResultValue>();
  for (const test of tests) if (!test.isRetest) results.set(test.testName, test.result);
  for (const test of tests) if (test.isRetest) results.set(test.testName, test.result);
  return results;
}

/**
 * The rules of the test (ISO 9606-1 6.4 and 7): visual testing first; when it fails the other
 * tests are not made; a retest only of a failed method, and one retest in all; a calculated value
 * only where the method has one. Keys are `tests.<i>.<field>`.
 */
export function wpqTestIssues(tests: readonly TestRow[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (key: string, message: string) => {
    errors[key] ??= message;
  };
  const seen = new Set<string>();
  tests.forEach((test, index) => {
    const key = `${test.testName}${test.isRetest ? ':retest' : ''}`;
    if (seen.has(key)) add(`tests.${index}.testName`, WPQ_RECORD_MESSAGES.duplicateTest(testMethodLabel(test.testName)));
    seen.add(key);
    if (test.calculatedValue !== null && test.calculatedValue !== undefined && !CALCULATED_VALUE_LABELS[test.testName]) {
      add(`tests.${index}.calculatedValue`, WPQ_RECORD_MESSAGES.calculatedValueNotUsed(testMethodLabel(test.testName)));
    }
  });
  if (tests.length === 0) return errors;
  const first = tests[0];
  if (first && first.testName !== 'visual') add('tests.0.testName', WPQ_RECORD_MESSAGES.visualFirst);
  const retests = tests.filter((t) => t.isRetest);
  if (retests.length > 1) add(`tests.${tests.lastIndexOf(retests[1] as TestRow)}.isRetest`, WPQ_RECORD_MESSAGES.oneRetest);
  tests.forEach((test, index) => {
    if (!test.isRetest) return;
    const original = tests.find((t) => t.testName === test.testName && !t.isRetest);
    if (!original || original.result !== 'Fail') add(`tests.${index}.isRetest`, WPQ_RECORD_MESSAGES.retestOnlyAfterFail(testMethodLabel(test.testName)));
  });
  const visual = effectiveResults(tests).get('visual');
  if (visual !== 'Pass') {
    tests.forEach((test, index) => {
      if (test.testName !== 'visual' && test.result !== 'Not tested') add(`tests.${index}.result`, visual === undefined ? WPQ_RECORD_MESSAGES.visualRequired : WPQ_RECORD_MESSAGES.stoppedByVisual);
    });
  }
  return errors;
}

/**
 * What is still missing before the examiner may submit: visual recorded, and each of the engine's
 * required-test rules met (unless the visual test failed, which ends the test). Messages by key.
 */
export function wpqSubmissionIssues(tests: readonly TestRow[], required: readonly RequiredTest[], jobKnowledge: JobKnowledge | null | undefined): FieldErrors {
  const errors: FieldErrors = { ...wpqTestIssues(tests) };
  if (!jobKnowledge) errors.jobKnowledge = WPQ_RECORD_MESSAGES.jobKnowledgeRequired;
  const results = effectiveResults(tests);
  if (!results.has('visual')) {
    errors.tests ??= WPQ_RECORD_MESSAGES.visualRequired;
    return errors;
  }
  if (results.get('visual') === 'Fail') return errors;
  const made = (method: string) => {
    const result = results.get(method);
    return result === 'Pass' || result === 'Fail';
  };
  for (const rule of required) {
    if (rule.appliesTo !== 'test piece') continue;
    const methods = rule.methods.filter((m) => m !== 'job-knowledge');
    if (methods.length === 0) continue;
    const needed =
      rule.rule === 'one of' || (rule.rule === 'also after radiography' && (made('radiographic') || made('ultrasonic'))) || (rule.rule === 'always' && methods[0] !== 'visual');
    if (needed && !methods.some(made)) errors.tests ??= WPQ_RECORD_MESSAGES.requiredTestMissing(methods.map(testMethodLabel).join(', '));
  }
  return errors;
}

/** Whether every test made was passed (retests counting) and the visual test was among them. */
export function hasPassedTests(tests: readonly Pick<TestRow, 'testName' | 'result' | 'isRetest'>[]): boolean {
  const results = effectiveResults(tests);
  if (results.get('visual') !== 'Pass') return false;
  return [...results.values()].every((r) => r !== 'Fail');
}

// ---------------------------------------------------------------------------------------------
// Scheduling and the assessor's outcome

/** The test's schedule: a practical sitting at a venue or a test centre with an examiner of the program (shared rules of `exam-schedule`). */
export const WpqScheduleRequest = z.strictObject({
  scheduledLocal: ScheduleModuleRequest.shape.scheduledLocal,
  scheduleTimeZone: ScheduleModuleRequest.shape.scheduleTimeZone,
  durationMinutes: ScheduleModuleRequest.shape.durationMinutes,
  venueId: ScheduleModuleRequest.shape.venueId,
  testingAgencyId: ScheduleModuleRequest.shape.testingAgencyId,
  examinerId: ScheduleModuleRequest.shape.examinerId,
  scheduleNote: ScheduleModuleRequest.shape.scheduleNote,
  /** A manager's override of an impartiality refusal of the examiner, with the reason (issue 43). */
  override: overrideField,
});
export type WpqScheduleRequest = z.input<typeof WpqScheduleRequest>;

/** What the schedule form offers: venues, test centres and the program's examiners. */
export const WpqScheduleChoices = z.object({
  venues: z.array(z.object({ id: z.string(), name: z.string() })),
  testCentres: z.array(z.object({ id: z.string(), name: z.string() })),
  examiners: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type WpqScheduleChoices = z.infer<typeof WpqScheduleChoices>;

export const WpqResultSubmitRequest = z
  .strictObject({
    welderQualificationApproved: z.boolean({ error: WPQ_RECORD_MESSAGES.approvedRequired }),
    programAssessorNotes: z.string().trim().max(2000, WPQ_RECORD_MESSAGES.notesMax).default(''),
    /** Approved only: the day the body decided the award (issue 41), the certificate's issue date; absent means today. */
    awardedOn: awardedOnField,
    /** A manager's override of the decision's impartiality refusal (the program separates decision and examination), with the reason (issue 43). */
    override: overrideField,
  })
  .superRefine((value, ctx) => {
    if (!value.welderQualificationApproved && !value.programAssessorNotes) ctx.addIssue({ code: 'custom', path: ['programAssessorNotes'], message: WPQ_RECORD_MESSAGES.reasonsRequired });
    if (value.awardedOn && value.welderQualificationApproved === false) ctx.addIssue({ code: 'custom', path: ['awardedOn'], message: WPQ_RECORD_MESSAGES.awardedOnOnlyApproved });
  });
export type WpqResultSubmitRequest = z.input<typeof WpqResultSubmitRequest>;

// ---------------------------------------------------------------------------------------------
// What the API answers

export const WpqTestResult = z.object({
  id: z.string(),
  testName: z.enum(RECORDED_TEST_METHODS as [RecordedTestMethod, ...RecordedTestMethod[]]),
  order: z.number().int(),
  result: z.enum(WPQ_TEST_RESULTS),
  calculatedValue: z.number().nullable(),
  isRetest: z.boolean(),
  notes: z.string(),
  evidence: z.array(z.object({ id: z.string(), name: z.string(), resourceKey: z.string() })),
});
export type WpqTestResult = z.infer<typeof WpqTestResult>;

export const WpqRecord = z.object({
  id: z.string().nullable().meta({ description: 'null: no record saved yet (populate answers a blank one)' }),
  applicationId: z.string(),
  applicationNumber: z.string(),
  applicationStatus: z.string(),
  workflowStage: z.string().nullable(),
  applicantId: z.string(),
  applicantName: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  standard: z.enum(WPQ_STANDARDS),
  status: z.enum(WPQ_RECORD_STATUSES),
  ...wpqRecordShape,
  jobKnowledge: z.enum(JOB_KNOWLEDGE_VALUES).nullable(),
  issueDate: z.string().nullable(),
  submittedOn: z.string().nullable(),
  schedule: z
    .object({
      scheduledAt: z.string(),
      scheduleTimeZone: z.string(),
      durationMinutes: z.number().int(),
      venue: z.object({ id: z.string(), title: z.string() }).nullable(),
      testCentre: z.object({ id: z.string(), name: z.string() }).nullable(),
      examiner: z.object({ id: z.string(), name: z.string() }),
      note: z.string(),
      sentOn: z.string().nullable(),
    })
    .nullable(),
  tests: z.array(WpqTestResult),
  examSubmission: z
    .object({
      testCentre: z.object({ id: z.string(), name: z.string() }).nullable(),
      testResultFile: z.object({ id: z.string(), name: z.string(), resourceKey: z.string() }).nullable(),
      messageToExaminer: z.string(),
      submittedOn: z.string(),
    })
    .nullable(),
  welderQualificationApproved: z.boolean().nullable(),
  programAssessorNotes: z.string(),
  resultSubmittedOn: z.string().nullable(),
  awardId: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  rangeOfQualification: z.record(z.string(), z.unknown()).nullable().meta({ description: "The engine's RangeResult stored at approval" }),
  /** The tests the engine requires for this record's test piece (empty until the test piece can be ranged). */
  requiredTests: z.array(z.object({ rule: z.string(), methods: z.array(z.string()), note: z.string(), clause: z.string() })),
  can: z.object({ edit: z.boolean(), schedule: z.boolean(), examine: z.boolean(), decide: z.boolean() }),
  /** To who may decide: the days the award date of an approval may take (submission day to today, the body's zone). */
  awardDateRange: AwardDateRange.nullable().default(null),
});
export type WpqRecord = z.infer<typeof WpqRecord>;

/** The stored range, as the engine gave it at approval. */
export function storedRangeOf(record: Pick<WpqRecord, 'rangeOfQualification'>): RangeResult | null {
  return (record.rangeOfQualification as RangeResult | null) ?? null;
}
