import { describe, expect, it } from 'vitest';
import { CreateModuleRequest, MODULE_MESSAGES } from './program-module.contract';
import { CreateInstructionRequest, CreateRequirementRequest, PROGRAM_PART_MESSAGES } from './program-part.contract';
import { CertificationSettingsRequest, SETTINGS_MESSAGES, WelderQualificationSettingsRequest } from './program-settings.contract';
import { PROGRAM_MESSAGES, ProgramRequest } from './program.contract';
import { formatFee, plainTextOf, toCents } from './program-rules';
import { canTransition, isProgramEditable, PROGRAM_STATUS } from './program-status';

const PROGRAM_ID = '7f9c2b1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

/** The first message a schema gives for a field, or undefined when the field is fine. */
function messageAt(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown, field: string) {
  const result = schema.safeParse(value);
  return result.error?.issues.find((issue) => issue.path.join('.') === field)?.message;
}

describe('program schema (the same one the form and the API use)', () => {
  const valid = { programCode: 'WI-101', programTitle: 'Welding Inspector', programType: 1, programManager: PROGRAM_ID, programDeclaration: '<p>I declare.</p>' };
  const table: [string, Record<string, unknown>, string, string | undefined][] = [
    ['a valid code with digits, spaces, underscores and hyphens', { programCode: 'WI 1_2-3' }, 'programCode', undefined],
    ['a lower-case code', { programCode: 'wi-101' }, 'programCode', PROGRAM_MESSAGES.programCodePattern],
    ['a code of 3 characters', { programCode: 'ABC' }, 'programCode', undefined],
    ['a code of 18 characters', { programCode: 'A'.repeat(18) }, 'programCode', undefined],
    ['a code of 19 characters', { programCode: 'A'.repeat(19) }, 'programCode', PROGRAM_MESSAGES.programCodeLength],
    ['a title of 3 characters', { programTitle: 'Abc' }, 'programTitle', undefined],
    ['a title of 72 characters', { programTitle: 'a'.repeat(72) }, 'programTitle', undefined],
    ['a title of 73 characters', { programTitle: 'a'.repeat(73) }, 'programTitle', PROGRAM_MESSAGES.programTitleLength],
    ['a declaration of markup only on a Qualification', { programDeclaration: '<p><br></p>' }, 'programDeclaration', PROGRAM_MESSAGES.declarationRequired],
    ['no declaration on a Certification', { programType: 2, programDeclaration: '' }, 'programDeclaration', undefined],
  ];
  for (const [what, override, field, expected] of table) {
    it(`${expected ? 'refuses' : 'accepts'} ${what}`, () => {
      expect(messageAt(ProgramRequest, { ...valid, ...override }, field)).toBe(expected);
    });
  }
});

describe('program parts, modules and settings schemas', () => {
  it('gives the spec messages for parts', () => {
    expect(messageAt(CreateInstructionRequest, { programId: PROGRAM_ID, instruction: '' }, 'instruction')).toBe(PROGRAM_PART_MESSAGES.instructionRequired);
    expect(messageAt(CreateRequirementRequest, { programId: PROGRAM_ID, requirementCode: 'R'.repeat(12), requirementDescription: 'x' }, 'requirementCode')).toBeUndefined();
    expect(messageAt(CreateRequirementRequest, { programId: PROGRAM_ID, requirementCode: 'R'.repeat(13), requirementDescription: 'x' }, 'requirementCode')).toBe(PROGRAM_PART_MESSAGES.requirementCodeMax);
  });

  it('reads fees as dollars with up to two decimals and at most 8 characters for modules', () => {
    const base = { programId: PROGRAM_ID, moduleCode: 'M1', moduleTitle: 'T', examinationType: 'Oral', nonMemberFee: '1', passPercentage: 50 };
    expect(CreateModuleRequest.parse({ ...base, memberFee: '12345.67' }).memberFee).toBe(12345.67);
    expect(messageAt(CreateModuleRequest, { ...base, memberFee: '123456.78' }, 'memberFee')).toBe(MODULE_MESSAGES.memberFee);
    expect(messageAt(CreateModuleRequest, { ...base, memberFee: '1.5.0' }, 'memberFee')).toBe(MODULE_MESSAGES.memberFee);
    expect(messageAt(CreateModuleRequest, { ...base, memberFee: 1, reSitAllowed: true }, 'reSitMemberFee')).toBe(MODULE_MESSAGES.reSitMemberFeeRequired);
    expect(messageAt(CreateModuleRequest, { ...base, memberFee: 1, passPercentage: 100.5 }, 'passPercentage')).toBe(MODULE_MESSAGES.passPercentage);
  });

  it('checks the settings forms', () => {
    const certification = { memberFee: 1, nonmemberFee: 1, renewalPeriod: 1, assessorAssessmentInstruction: 'x', programDeclaration: '<p>d</p>' };
    expect(CertificationSettingsRequest.safeParse(certification).success).toBe(true);
    expect(messageAt(CertificationSettingsRequest, { ...certification, renewalPeriod: 0 }, 'renewalPeriod')).toBe(SETTINGS_MESSAGES.renewalPeriod);
    expect(messageAt(CertificationSettingsRequest, { ...certification, memberFee: 'ten' }, 'memberFee')).toBe(SETTINGS_MESSAGES.memberFee);
    const wq = { standard: 'ISO 9606-1:2017', numOfConfirmation: 2, interval: 6, memberFee: 1, nonmemberFee: 1, messageConfirmation: 'm', programDeclaration: '<p>d</p>' };
    expect(WelderQualificationSettingsRequest.safeParse(wq).success).toBe(true);
    expect(messageAt(WelderQualificationSettingsRequest, { ...wq, reValidationProlongation: true }, 'messageProlongationReValidation')).toBe(SETTINGS_MESSAGES.messageProlongationRequired);
  });
});

describe('program rules', () => {
  it('strips markup before judging rich text empty', () => {
    expect(plainTextOf('<p>&nbsp;</p><p><br/></p>')).toBe('');
    expect(plainTextOf('<p>I <b>agree</b></p>')).toBe('I agree');
  });

  it('keeps money in whole cents and shows two decimals', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(formatFee(150)).toBe('150.00');
    expect(formatFee(null)).toBe('-');
  });

  it('allows only the moves of the status table, and keeps archived programs read-only', () => {
    expect(canTransition('publish', PROGRAM_STATUS.Created)).toBe(true);
    expect(canTransition('publish', PROGRAM_STATUS.Archived)).toBe(false);
    expect(canTransition('restore', PROGRAM_STATUS.Archived)).toBe(true);
    expect(canTransition('restore', PROGRAM_STATUS.Published)).toBe(false);
    expect(isProgramEditable(PROGRAM_STATUS.Archived)).toBe(false);
    expect(isProgramEditable(PROGRAM_STATUS.Restored)).toBe(true);
  });
});
