import type { ProfileEntryKindName } from './profile-entry-kinds';

export interface ApplicantListParams {
  page: number;
  pageSize: number;
  searchTerm?: string;
  membersOnly?: boolean;
}

/** Query keys of applicant profiles, their four lists, and the staff list of applicants. */
export const applicantProfileKeys = {
  all: ['applicant-profile'] as const,
  detail: (id: string) => [...applicantProfileKeys.all, 'detail', id] as const,
  entries: (kind: ProfileEntryKindName, applicantId: string) => [...applicantProfileKeys.all, 'entries', kind, applicantId] as const,
  list: (params: ApplicantListParams) => [...applicantProfileKeys.all, 'list', params] as const,
};
