import { PROGRAM_TYPE_INFO, type ProgramType } from '@certs/shared/program/program-type';

export function programTypeName(type: number): string {
  return PROGRAM_TYPE_INFO[type as ProgramType]?.label ?? `Type ${type}`;
}
