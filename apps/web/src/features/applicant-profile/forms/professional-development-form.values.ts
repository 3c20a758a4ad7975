import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ProfessionalDevelopmentRequest, type ProfessionalDevelopment } from '@certs/shared/applicant/applicant.contract';

export interface ProfessionalDevelopmentFormValues {
  provider: string;
  numOfHours: string;
  PersonalDevelopmentType: string;
  startDate: string;
}

export function emptyProfessionalDevelopmentValues(): ProfessionalDevelopmentFormValues {
  return { provider: '', numOfHours: '', PersonalDevelopmentType: '', startDate: '' };
}

export function professionalDevelopmentValuesOf(entry: ProfessionalDevelopment): ProfessionalDevelopmentFormValues {
  return { provider: entry.provider, numOfHours: String(entry.numOfHours), PersonalDevelopmentType: entry.PersonalDevelopmentType, startDate: entry.startDate.slice(0, 10) };
}

function requestShapeOf(values: ProfessionalDevelopmentFormValues): Record<string, unknown> {
  return {
    ...values,
    // A blank is no number, not zero.
    numOfHours: values.numOfHours.trim() === '' ? undefined : values.numOfHours.trim(),
    PersonalDevelopmentType: values.PersonalDevelopmentType || undefined,
    startDate: values.startDate.trim(),
  };
}

const resolve = zod4Resolver(ProfessionalDevelopmentRequest, { errorPriority: 'first' });

export function validateProfessionalDevelopmentValues(values: ProfessionalDevelopmentFormValues): FormErrors {
  return resolve(requestShapeOf(values));
}

export function toProfessionalDevelopmentRequest(values: ProfessionalDevelopmentFormValues) {
  return ProfessionalDevelopmentRequest.parse(requestShapeOf(values));
}
