import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { EducationRequest, QUALIFICATION_TYPES, type Education } from '@certs/shared/applicant/applicant.contract';
import { optionalDate, withCrossFieldErrors } from './cross-field-errors';

/** What the education form edits: dates as the date fields give them (YYYY-MM-DD or blank). */
export interface EducationFormValues {
  course: string;
  institution: string;
  location: string;
  qualificationType: string;
  startDate: string;
  endDate: string;
}

export function emptyEducationValues(): EducationFormValues {
  return { course: '', institution: '', location: '', qualificationType: '', startDate: '', endDate: '' };
}

export function educationValuesOf(entry: Education): EducationFormValues {
  return {
    course: entry.course,
    institution: entry.institution,
    location: entry.location,
    qualificationType: entry.qualificationType,
    startDate: entry.startDate.slice(0, 10),
    endDate: entry.endDate?.slice(0, 10) ?? '',
  };
}

function requestShapeOf(values: EducationFormValues): Record<string, unknown> {
  return { ...values, qualificationType: values.qualificationType || undefined, startDate: values.startDate.trim(), endDate: optionalDate(values.endDate) };
}

const resolve = zod4Resolver(EducationRequest, { errorPriority: 'first' });

/** The shared schema's messages at each field, "End Date must not be before Start Date" included. */
export function validateEducationValues(values: EducationFormValues): FormErrors {
  return withCrossFieldErrors(
    resolve,
    requestShapeOf(values),
    { course: 'Stand-in', institution: 'Stand-in', location: '', qualificationType: QUALIFICATION_TYPES[0] },
    ['endDate'],
  );
}

export function toEducationRequest(values: EducationFormValues) {
  return EducationRequest.parse(requestShapeOf(values));
}
