import { PERSONAL_DEVELOPMENT_TYPES } from '../../applicant/applicant.contract';

/**
 * `cpd`: one professional development entry of a person already on the platform, as their profile's
 * Professional development list keeps it (provider, type, start date, hours); renewals count it.
 */
export const CPD_FILE = {
  columns: ['email', 'provider', 'developmentType', 'startDate', 'hours'],
  required: ['email', 'provider', 'developmentType', 'startDate', 'hours'],
} as const;

/** The profile's limits (`ProfessionalDevelopmentRequest`): the list keeps hours to one decimal. */
export const CPD_HOURS = { min: 0.5, max: 2000 } as const;

export const CPD_MESSAGES = {
  unknownPerson: 'No one with this email is on the platform: import them in the applicants file first',
  notOfAccount: 'This person is not an applicant of this account (their applications are with another awarding body), so their CPD cannot be imported here',
  invalidType: `developmentType must be one of ${PERSONAL_DEVELOPMENT_TYPES.join(', ')}`,
  invalidHours: `hours must be a number from ${CPD_HOURS.min} to ${CPD_HOURS.max}, with at most one decimal`,
  startInFuture: 'startDate must not be in the future',
} as const;
