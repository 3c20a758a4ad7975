import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApplicationQueuePage } from '@certs/shared/application/application-stage.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';
import { applicationWorkflowKeys, type ApplicationQueueParams } from './application-workflow.keys';

/** The applications queue of a program, or of every program the caller may see (`{type}/pagination`), by applicationNumber. */
export function findApplicationQueue(type: ApplicationTypePath, params: ApplicationQueueParams, signal?: AbortSignal): Promise<ApplicationQueuePage> {
  return apiRequest(`/api/${type}/pagination`, {
    query: {
      programId: params.programId,
      page: params.page,
      pageSize: params.pageSize,
      status: params.status || undefined,
      stage: params.stage || undefined,
      searchTerm: params.searchTerm,
      orderBy: 'applicationNumber',
      ascending: params.ascending,
    },
    schema: ApplicationQueuePage,
    signal,
  });
}

export function applicationQueueQueryOptions(type: ApplicationTypePath, params: ApplicationQueueParams) {
  const normalized = { ...params, searchTerm: searchTermOrUndefined(params.searchTerm) };
  return queryOptions({
    queryKey: applicationWorkflowKeys.queue(type, normalized),
    queryFn: ({ signal }) => findApplicationQueue(type, normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplicationQueue(type: ApplicationTypePath, params: ApplicationQueueParams) {
  return useQuery(applicationQueueQueryOptions(type, params));
}
