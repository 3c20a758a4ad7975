import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AccessLogPage, type AccessLogQuery } from '@certs/shared/privacy/privacy.contract';
import { apiRequest } from '../../../lib/api-client';
import { privacyKeys } from './privacy.keys';

/** Staff reads of applicants' personal records and files, newest first (super users; decision 016). */
export function findAccessLog(query: AccessLogQuery, signal?: AbortSignal): Promise<AccessLogPage> {
  return apiRequest('/api/privacy/access-log', { query: { ...query }, schema: AccessLogPage, signal });
}

export function accessLogQueryOptions(query: AccessLogQuery) {
  return queryOptions({
    queryKey: privacyKeys.accessLog(query),
    queryFn: ({ signal }) => findAccessLog(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAccessLog(query: AccessLogQuery) {
  return useQuery(accessLogQueryOptions(query));
}
