import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MANAGEMENT_REVIEW_PATHS, ManagementReviewPrograms, ManagementReviewReport, type ManagementReviewQuery } from '@certs/shared/management-review/management-review.contract';
import { apiRequest } from '../../../lib/api-client';

export const managementReviewKeys = { all: ['management-review'] as const, report: (query: ManagementReviewQuery) => ['management-review', 'report', query] as const };

const queryOf = (query: ManagementReviewQuery): Record<string, string> => ({ year: String(query.year), ...(query.programId ? { programId: query.programId } : {}) });

/** The programs the signed-in staff member may review (an administrator: the whole account). */
export function useReviewPrograms() {
  return useQuery({ queryKey: [...managementReviewKeys.all, 'programs'], queryFn: ({ signal }) => apiRequest(MANAGEMENT_REVIEW_PATHS.programs, { schema: ManagementReviewPrograms, signal }), staleTime: 60_000 });
}

export function useManagementReview(query: ManagementReviewQuery, enabled: boolean) {
  return useQuery({
    queryKey: managementReviewKeys.report(query),
    queryFn: ({ signal }) => apiRequest(MANAGEMENT_REVIEW_PATHS.report, { query: queryOf(query), schema: ManagementReviewReport, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Where the CSV or PDF of a review downloads from. */
export function reviewFilePath(kind: 'csv' | 'pdf', query: ManagementReviewQuery): string {
  return `${MANAGEMENT_REVIEW_PATHS[kind]}?${new URLSearchParams(queryOf(query)).toString()}`;
}
