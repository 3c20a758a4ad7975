import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ExperienceRequest, type Experience } from '@certs/shared/applicant/applicant.contract';
import { optionalDate, withCrossFieldErrors } from './cross-field-errors';

export interface ExperienceFormValues {
  employer: string;
  position: string;
  duties: string;
  startDate: string;
  endDate: string;
}

export function emptyExperienceValues(): ExperienceFormValues {
  return { employer: '', position: '', duties: '', startDate: '', endDate: '' };
}

export function experienceValuesOf(entry: Experience): ExperienceFormValues {
  return { employer: entry.employer, position: entry.position, duties: entry.duties, startDate: entry.startDate.slice(0, 10), endDate: entry.endDate?.slice(0, 10) ?? '' };
}

function requestShapeOf(values: ExperienceFormValues): Record<string, unknown> {
  return { ...values, startDate: values.startDate.trim(), endDate: optionalDate(values.endDate) };
}

const resolve = zod4Resolver(ExperienceRequest, { errorPriority: 'first' });

export function validateExperienceValues(values: ExperienceFormValues): FormErrors {
  return withCrossFieldErrors(resolve, requestShapeOf(values), { employer: 'Stand-in', position: 'Stand-in', duties: '' }, ['endDate']);
}

export function toExperienceRequest(values: ExperienceFormValues) {
  return ExperienceRequest.parse(requestShapeOf(values));
}
