import { queryOptions, useQuery } from '@tanstack/react-query';
import { WeldProcessesResponse, WpqReferenceResponse } from '@certs/shared/wpq/wpq.contract';
import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_TIME, wpqKeys } from './wpq-options.keys';

export function fetchWpqReference(signal?: AbortSignal): Promise<WpqReferenceResponse> {
  return apiRequest('/api/welderqualificationoptions/reference', { schema: WpqReferenceResponse, signal });
}

export function fetchWeldProcesses(signal?: AbortSignal): Promise<WeldProcessesResponse> {
  return apiRequest('/api/welderqualificationoptions/weldprocesses', { schema: WeldProcessesResponse, signal });
}

export function wpqReferenceQueryOptions() {
  return queryOptions({ queryKey: wpqKeys.reference(), queryFn: ({ signal }) => fetchWpqReference(signal), staleTime: REFERENCE_STALE_TIME });
}

export function useWpqReference() {
  return useQuery(wpqReferenceQueryOptions());
}

export function useWeldProcesses() {
  return useQuery({ queryKey: wpqKeys.weldProcesses(), queryFn: ({ signal }) => fetchWeldProcesses(signal), staleTime: REFERENCE_STALE_TIME });
}
