import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { TestingAgency, TestingAgencyPage, type TestingAgencyRequest } from '@certs/shared/venue/venue.contract';
import { apiRequest } from '../../../lib/api-client';
import { venueKeys, type VenueListParams } from './venue.keys';

/** Test centres, paged and searched (`testingagency/pagination`). */
export function findTestingAgencies(params: VenueListParams, signal?: AbortSignal): Promise<TestingAgencyPage> {
  return apiRequest('/api/testingagency/pagination', { query: { page: params.page, pageSize: params.pageSize, searchTerm: params.searchTerm }, schema: TestingAgencyPage, signal });
}

export function useTestingAgencies(params: VenueListParams) {
  const normalized = { ...params, searchTerm: searchTermOrUndefined(params.searchTerm) };
  return useQuery({ queryKey: venueKeys.centreList(normalized), queryFn: ({ signal }) => findTestingAgencies(normalized, signal), placeholderData: keepPreviousData });
}

export function saveTestingAgency(id: string | null, request: TestingAgencyRequest): Promise<TestingAgency> {
  return id
    ? apiRequest(`/api/testingagency/${encodeURIComponent(id)}`, { method: 'PUT', body: request, schema: TestingAgency })
    : apiRequest('/api/testingagency', { method: 'POST', body: request, schema: TestingAgency });
}

export function removeTestingAgency(id: string): Promise<void> {
  return apiRequest(`/api/testingagency/remove/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useSaveTestingAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: TestingAgencyRequest }) => saveTestingAgency(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.centres }),
  });
}

export function useRemoveTestingAgency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTestingAgency, onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.centres }) });
}
