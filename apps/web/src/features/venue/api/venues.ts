import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { Venue, VenuePage, type VenueRequest } from '@certs/shared/venue/venue.contract';
import { apiRequest } from '../../../lib/api-client';
import { venueKeys, type VenueListParams } from './venue.keys';

/** Venues, paged and searched by title (`venue/pagination`). */
export function findVenues(params: VenueListParams, signal?: AbortSignal): Promise<VenuePage> {
  return apiRequest('/api/venue/pagination', { query: { page: params.page, pageSize: params.pageSize, searchTerm: params.searchTerm }, schema: VenuePage, signal });
}

export function useVenues(params: VenueListParams) {
  const normalized = { ...params, searchTerm: searchTermOrUndefined(params.searchTerm) };
  return useQuery({ queryKey: venueKeys.venueList(normalized), queryFn: ({ signal }) => findVenues(normalized, signal), placeholderData: keepPreviousData });
}

/** Creates a venue, or renames one when an id is given. */
export function saveVenue(id: string | null, request: VenueRequest): Promise<Venue> {
  return id
    ? apiRequest(`/api/venue/${encodeURIComponent(id)}`, { method: 'PUT', body: request, schema: Venue })
    : apiRequest('/api/venue', { method: 'POST', body: request, schema: Venue });
}

export function removeVenue(id: string): Promise<void> {
  return apiRequest(`/api/venue/remove/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useSaveVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: VenueRequest }) => saveVenue(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.venues }),
  });
}

export function useRemoveVenue() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeVenue, onSuccess: () => queryClient.invalidateQueries({ queryKey: venueKeys.venues }) });
}
