import { useQuery } from '@tanstack/react-query';
import { ApplicantHistory, type ApplicantHistoryEntry } from '@certs/shared/application/application.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './application.keys';

/** The moves of one of the applicant's own applications (`{type}/{id}/history`). */
export function findApplicationHistory(type: ApplicationTypePath, id: string, signal?: AbortSignal): Promise<ApplicantHistoryEntry[]> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}/history`, { schema: ApplicantHistory, signal });
}

export function useApplicationHistory(type: ApplicationTypePath, id: string) {
  // Under applicationKeys.all, so that a submission (which refreshes those) refreshes the history too.
  return useQuery({ queryKey: [...applicationKeys.all, 'history', type, id] as const, queryFn: ({ signal }) => findApplicationHistory(type, id, signal) });
}
