import { describe, expect, it } from 'vitest';
import { WPQ_MESSAGES } from './wpq-messages';
import { calculateRange } from './wpq-range';
import {
  WPQ_RECORD_MESSAGES,
  WpqRecordFields,
  WpqResultSubmitRequest,
  WpqTestResultRequest,
  hasPassedTests,
  rangeInputOf,
  validityOptionOf,
  wpqRecordIssues,
  wpqSubmissionIssues,
  wpqTestIssues,
} from './wpq-record.contract';

const complete = WpqRecordFields.parse({
  dateOfBirth: '1990-04-12',
  placeOfBirth: 'Newcastle',
  identificationNumber: 'DL-1',
  methodOfIdentification: 'Driver licence',
  employer: 'Hunter Fabrication',
  wpsNumber: 'WPS-1',
  wpsRevision: 'A',
  wpsDate: '2026-01-15',
  qualificationType: 'Initial',
  placeOfTesting: 'Newcastle',
  testDate: '2026-11-20',
  testingAcceptanceCriteria: 'ISO 5817 B',
  validityOption: '9.3a',
  parentMaterial1Specification: 'AS/NZS 3678-350',
  parentMaterial1Group: 1,
  parentMaterial1Subgroup: '1.2',
  parentMaterial2Specification: 'AS/NZS 3678-350',
  parentMaterial2Group: 1,
  parentMaterial2Subgroup: '1.2',
  productType: 'Plate',
  jointType: 'BW',
  additionalJointTypeTest: 'Not-applicable',
  testPieceThickness: 10,
  weldingProcess: '135',
  transferMode: 'spray',
  weldingPosition: 'PA',
  fillerMaterialGroup: 'FM1',
  fillerMaterialType: 'S',
  fillerMaterialTradeName: 'ER70S-6',
  backingAndConsumableInsert: 'ss nb',
  depositThickness: 10,
  layerTechnique: 'ml',
  typeOfCurrentAndPolarity: 'DC+',
});
const ISO = 'ISO 9606-1:2017' as const;
const tests = (rows: object[]) => rows.map((row) => WpqTestResultRequest.parse(row));

describe('the record', () => {
  it('a complete record has no issues, and its range is the engine answer', () => {
    expect(wpqRecordIssues(complete, ISO, '2026-11-26')).toEqual({});
    const outcome = calculateRange(rangeInputOf(complete, ISO)!);
    expect(outcome.ok && outcome.range.designations).toEqual(['ISO 9606-1 135 P BW FM1 S s10 PA ss nb']);
  });

  it('requires every listed field except userId, company, branch, pipeOD and the nullable welding fields', () => {
    const issues = wpqRecordIssues(WpqRecordFields.parse({}), ISO);
    expect(issues).toMatchObject({ dateOfBirth: 'Date of birth is required', wpsDate: 'WPS date is required', validityOption: 'Validity option is required', testPieceThickness: 'Test piece thickness (mm) is required' });
    for (const optional of ['userId', 'company', 'branch', 'pipeOD', 'transferMode', 'directionOfWelding', 'depositThickness', 'shieldingGas', 'auxiliaries']) expect(issues).not.toHaveProperty(optional);
    expect(wpqRecordIssues({ ...complete, employer: '   ' }, ISO).employer).toBe('Employer is required');
  });

  it('thickness values must be numbers', () => {
    const parsed = WpqRecordFields.safeParse({ testPieceThickness: '10', depositThickness: 'ten', pipeOD: -1 });
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({ testPieceThickness: WPQ_MESSAGES.thicknessNumber, depositThickness: WPQ_MESSAGES.depositNumber, pipeOD: WPQ_MESSAGES.pipeODPositive });
  });

  it("applies the engine's per-field rules, with parent material 1 as the tested material", () => {
    expect(wpqRecordIssues({ ...complete, transferMode: null }, ISO).transferMode).toBe(WPQ_MESSAGES.transferModeRequiredFor('135'));
    expect(wpqRecordIssues({ ...complete, productType: 'Pipe' }, ISO).pipeOD).toBe(WPQ_MESSAGES.pipeODRequired);
    expect(wpqRecordIssues({ ...complete, depositThickness: 6 }, ISO).depositThickness).toBe(WPQ_MESSAGES.depositNotThickness);
    expect(wpqRecordIssues({ ...complete, parentMaterial1Subgroup: '8.1' }, ISO).parentMaterial1Subgroup).toBe(WPQ_MESSAGES.subgroupNotInGroup('8.1', 1));
    expect(wpqRecordIssues({ ...complete, parentMaterial2Subgroup: '8.1' }, ISO).parentMaterial2Subgroup).toBe(WPQ_MESSAGES.subgroupNotInGroup('8.1', 1));
  });

  it('a date of birth must be in the past; 9.3 c) follows the standard', () => {
    expect(wpqRecordIssues({ ...complete, dateOfBirth: '2026-11-26' }, ISO, '2026-11-26').dateOfBirth).toBe(WPQ_RECORD_MESSAGES.dateOfBirthFuture);
    expect(wpqRecordIssues({ ...complete, validityOption: '9.3c' }, ISO)).toEqual({});
    expect(validityOptionOf('9.3b')).toBe('b');
  });
});

describe("the examiner's tests", () => {
  it('visual first, and nothing else after a failed visual test', () => {
    expect(wpqTestIssues(tests([{ testName: 'bend', result: 'Pass' }, { testName: 'visual', result: 'Pass' }]))['tests.0.testName']).toBe(WPQ_RECORD_MESSAGES.visualFirst);
    expect(wpqTestIssues(tests([{ testName: 'visual', result: 'Fail' }, { testName: 'bend', result: 'Pass' }]))['tests.1.result']).toBe(WPQ_RECORD_MESSAGES.stoppedByVisual);
    expect(wpqTestIssues(tests([{ testName: 'visual', result: 'Fail' }, { testName: 'bend', result: 'Not tested' }]))).toEqual({});
  });

  it('one retest, only of a failed method; its result counts', () => {
    const retested = tests([
      { testName: 'visual', result: 'Pass' },
      { testName: 'bend', result: 'Fail' },
      { testName: 'bend', result: 'Pass', isRetest: true },
    ]);
    expect(wpqTestIssues(retested)).toEqual({});
    expect(hasPassedTests(retested)).toBe(true);
    expect(wpqTestIssues(tests([{ testName: 'visual', result: 'Pass' }, { testName: 'visual', result: 'Pass', isRetest: true }]))['tests.1.isRetest']).toBe(WPQ_RECORD_MESSAGES.retestOnlyAfterFail('Visual testing'));
    const twice = tests([
      { testName: 'visual', result: 'Fail' },
      { testName: 'visual', result: 'Pass', isRetest: true },
      { testName: 'bend', result: 'Fail' },
      { testName: 'bend', result: 'Pass', isRetest: true },
    ]);
    expect(wpqTestIssues(twice)['tests.3.isRetest']).toBe(WPQ_RECORD_MESSAGES.oneRetest);
  });

  it('a calculated value only where the method has one', () => {
    expect(wpqTestIssues(tests([{ testName: 'visual', result: 'Pass', calculatedValue: 1 }]))['tests.0.calculatedValue']).toBe(WPQ_RECORD_MESSAGES.calculatedValueNotUsed('Visual testing'));
    expect(wpqTestIssues(tests([{ testName: 'visual', result: 'Pass' }, { testName: 'bend', result: 'Pass', calculatedValue: 2.5 }]))).toEqual({});
  });

  it("submission needs job knowledge and the engine's required tests for the piece", () => {
    const outcome = calculateRange(rangeInputOf(complete, ISO)!);
    const required = outcome.ok ? outcome.range.requiredTests : [];
    const visualOnly = wpqSubmissionIssues(tests([{ testName: 'visual', result: 'Pass' }]), required, null);
    expect(visualOnly.jobKnowledge).toBe(WPQ_RECORD_MESSAGES.jobKnowledgeRequired);
    expect(visualOnly.tests).toBe(WPQ_RECORD_MESSAGES.requiredTestMissing('Radiographic testing, Ultrasonic testing, Bend test, Fracture test'));
    // With radiography, process 135 also needs bend or fracture tests.
    expect(wpqSubmissionIssues(tests([{ testName: 'visual', result: 'Pass' }, { testName: 'radiographic', result: 'Pass' }]), required, 'Acceptable').tests).toBe(WPQ_RECORD_MESSAGES.requiredTestMissing('Bend test, Fracture test'));
    expect(wpqSubmissionIssues(tests([{ testName: 'visual', result: 'Pass' }, { testName: 'bend', result: 'Pass' }]), required, 'Acceptable')).toEqual({});
    // A failed visual test ends the test: nothing more is required.
    expect(wpqSubmissionIssues(tests([{ testName: 'visual', result: 'Fail' }]), required, 'Not tested')).toEqual({});
    expect(hasPassedTests(tests([{ testName: 'visual', result: 'Fail' }]))).toBe(false);
  });
});

describe("the assessor's outcome", () => {
  it('not approved needs reasons', () => {
    const refused = WpqResultSubmitRequest.safeParse({ welderQualificationApproved: false, programAssessorNotes: '  ' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['programAssessorNotes'], message: WPQ_RECORD_MESSAGES.reasonsRequired });
    expect(WpqResultSubmitRequest.safeParse({ welderQualificationApproved: true }).success).toBe(true);
    expect(WpqResultSubmitRequest.safeParse({}).error?.issues[0]?.message).toBe(WPQ_RECORD_MESSAGES.approvedRequired);
  });
});
