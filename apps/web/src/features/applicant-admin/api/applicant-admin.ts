import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  ApplicantApplicationPage,
  ApplicantEmailPage,
  ApplicantFileNotePage,
  ApplicantHistoryPage,
  ApplicantRecord,
  EducationPage,
  ExperiencePage,
  ProfessionalActivityPage,
} from '@certs/shared/applicant-admin/applicant-admin.contract';
import { apiRequest } from '../../../lib/api-client';

export const applicantAdminKeys = {
  all: ['applicant-admin'] as const,
  record: (id: string) => [...applicantAdminKeys.all, 'record', id] as const,
  list: (id: string, list: string, page: number, pageSize: number) => [...applicantAdminKeys.all, 'list', id, list, page, pageSize] as const,
};

/** The staff applicant page's header: profile, contact, membership (administrators, or staff of one of the applicant's programs). */
export function useApplicantRecord(applicantId: string) {
  return useQuery({
    queryKey: applicantAdminKeys.record(applicantId),
    queryFn: ({ signal }) => apiRequest(`/api/applicant/${applicantId}/record`, { schema: ApplicantRecord, signal }),
  });
}

export const SUB_LIST_PAGES = {
  qualification: EducationPage,
  experience: ExperiencePage,
  professionalactivities: ProfessionalActivityPage,
  filenotes: ApplicantFileNotePage,
  history: ApplicantHistoryPage,
  applications: ApplicantApplicationPage,
  emails: ApplicantEmailPage,
} as const;
export type PagedSubList = keyof typeof SUB_LIST_PAGES;
export type SubListPage<L extends PagedSubList> = z.infer<(typeof SUB_LIST_PAGES)[L]>;

/** One sub-list, paged on the server with the spec's names (currentPage, perPageCount). */
export function useApplicantSubList<L extends PagedSubList>(applicantId: string, list: L, page: number, pageSize: number, isEnabled = true) {
  return useQuery({
    queryKey: applicantAdminKeys.list(applicantId, list, page, pageSize),
    queryFn: ({ signal }) =>
      apiRequest(`/api/applicant/${applicantId}/${list}`, { query: { currentPage: page, perPageCount: pageSize }, schema: SUB_LIST_PAGES[list] as unknown as z.ZodType<SubListPage<L>>, signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}
