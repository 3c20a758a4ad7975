import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { SaveApplicantRequest, type Address, type Applicant } from '@certs/shared/applicant/applicant.contract';

/** Personal, contact and membership details as the profile's forms edit them (all text). */
export interface ApplicantFormValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  primaryEmail: string;
  homeAddress: Address;
  workAddress: Address;
  membershipType: string;
  memberNumber: string;
  /** Listed in the public register of certificate holders. */
  listedInRegister: boolean;
}

export const PERSONAL_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'phone', 'primaryEmail', 'homeAddress', 'workAddress', 'listedInRegister'] as const;
export const MEMBERSHIP_FIELDS = ['membershipType', 'memberNumber'] as const;

export function applicantValuesOf(applicant: Applicant): ApplicantFormValues {
  return {
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    dateOfBirth: applicant.dateOfBirth?.slice(0, 10) ?? '',
    phone: applicant.phone,
    primaryEmail: applicant.primaryEmail,
    homeAddress: { ...applicant.homeAddress },
    workAddress: { ...applicant.workAddress },
    membershipType: applicant.membershipType,
    memberNumber: applicant.memberNumber,
    listedInRegister: applicant.listedInRegister,
  };
}

function requestShapeOf(values: ApplicantFormValues): Record<string, unknown> {
  return { ...values, dateOfBirth: values.dateOfBirth.trim() === '' ? null : values.dateOfBirth.trim(), primaryEmail: values.primaryEmail.trim() };
}

const resolve = zod4Resolver(SaveApplicantRequest, { errorPriority: 'first' });

/** The shared schema's messages, only for the fields one form shows (paths such as "homeAddress.city" included). */
export function validateApplicantValues(values: ApplicantFormValues, fields: readonly string[]): FormErrors {
  const errors = resolve(requestShapeOf(values));
  return Object.fromEntries(Object.entries(errors).filter(([path]) => fields.includes(path.split('.')[0]!)));
}

export function toSaveApplicantRequest(values: ApplicantFormValues): SaveApplicantRequest {
  return SaveApplicantRequest.parse(requestShapeOf(values));
}
