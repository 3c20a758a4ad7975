import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ProfessionalActivityRequest, type ProfessionalActivity } from '@certs/shared/applicant/applicant.contract';
import { optionalDate, withCrossFieldErrors } from './cross-field-errors';

export interface ProfessionalActivityFormValues {
  activity: string;
  organisation: string;
  role: string;
  startDate: string;
  endDate: string;
}

export function emptyProfessionalActivityValues(): ProfessionalActivityFormValues {
  return { activity: '', organisation: '', role: '', startDate: '', endDate: '' };
}

export function professionalActivityValuesOf(entry: ProfessionalActivity): ProfessionalActivityFormValues {
  return { activity: entry.activity, organisation: entry.organisation, role: entry.role, startDate: entry.startDate.slice(0, 10), endDate: entry.endDate?.slice(0, 10) ?? '' };
}

function requestShapeOf(values: ProfessionalActivityFormValues): Record<string, unknown> {
  return { ...values, startDate: values.startDate.trim(), endDate: optionalDate(values.endDate) };
}

const resolve = zod4Resolver(ProfessionalActivityRequest, { errorPriority: 'first' });

export function validateProfessionalActivityValues(values: ProfessionalActivityFormValues): FormErrors {
  return withCrossFieldErrors(resolve, requestShapeOf(values), { activity: 'Stand-in', organisation: '', role: '' }, ['endDate']);
}

export function toProfessionalActivityRequest(values: ProfessionalActivityFormValues) {
  return ProfessionalActivityRequest.parse(requestShapeOf(values));
}
