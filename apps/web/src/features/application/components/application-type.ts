import { APPLICATION_TYPES, applicationTypeOfProgram, type ApplicationTypePath } from '@certs/shared/application/application-status';

export function applicationTypeLabel(programType: number): string {
  const path = applicationTypeOfProgram(programType);
  return path ? APPLICATION_TYPES[path].label : '-';
}

export function isApplicationTypePath(value: string | undefined): value is ApplicationTypePath {
  return !!value && value in APPLICATION_TYPES;
}
