import { PROGRAM_TYPE_INFO, type ProgramType } from '@certs/shared/program/program-type';

export function programTypeLabel(programType: number): string {
  return PROGRAM_TYPE_INFO[programType as ProgramType]?.label ?? '-';
}

export function testTypeLabel(testType: string): string {
  return testType === 'trial' ? 'Trial' : testType === 'module' ? 'Module' : '-';
}

/** Tests are quoted by number as "T-7". */
export function testLabel(testNumber: number): string {
  return `T-${testNumber}`;
}
