import type { ZodType } from 'zod';
import { Education, Experience, ProfessionalActivity, ProfessionalDevelopment } from '@certs/shared/applicant/applicant.contract';

export type ProfileEntryKindName = 'education' | 'experience' | 'professionalActivity' | 'professionalDevelopment';

/** One of the profile's four lists and the spec's path it lives under. */
export interface ProfileEntryKind<Row extends { id: string }> {
  name: ProfileEntryKindName;
  /** "education entry": how one row is named in buttons and messages. */
  noun: string;
  path: string;
  row: ZodType<Row>;
}

export const EDUCATION_KIND: ProfileEntryKind<Education> = { name: 'education', noun: 'education', path: '/api/applicantqualification', row: Education };
export const EXPERIENCE_KIND: ProfileEntryKind<Experience> = { name: 'experience', noun: 'experience', path: '/api/applicantexperience', row: Experience };
export const PROFESSIONAL_ACTIVITY_KIND: ProfileEntryKind<ProfessionalActivity> = {
  name: 'professionalActivity',
  noun: 'professional activity',
  path: '/api/applicantprofessionalactivities',
  row: ProfessionalActivity,
};
export const PROFESSIONAL_DEVELOPMENT_KIND: ProfileEntryKind<ProfessionalDevelopment> = {
  name: 'professionalDevelopment',
  noun: 'professional development',
  path: '/api/applicantprofessionaldevelopment',
  row: ProfessionalDevelopment,
};
