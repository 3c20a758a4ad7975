import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADVANCED_SEARCH_PATHS, SavedSearch, SavedSearchList, SearchResultPage, type AdvancedSearchFilters, type SaveSearchRequest } from '@certs/shared/advanced-search/advanced-search.contract';
import { apiRequest } from '../../../lib/api-client';

const keys = { all: ['advanced-search'] as const, saved: ['advanced-search', 'saved'] as const };

export function searchPage(filters: AdvancedSearchFilters, page: number, pageSize: number, signal?: AbortSignal): Promise<SearchResultPage> {
  return apiRequest(ADVANCED_SEARCH_PATHS.search, { method: 'POST', body: { filters, page, pageSize }, schema: SearchResultPage, signal });
}

export function useAdvancedSearch(filters: AdvancedSearchFilters, page: number, pageSize: number) {
  return useQuery({ queryKey: [...keys.all, filters, page, pageSize], queryFn: ({ signal }) => searchPage(filters, page, pageSize, signal), placeholderData: keepPreviousData });
}

export function useSavedSearches() {
  return useQuery({ queryKey: keys.saved, queryFn: ({ signal }) => apiRequest(ADVANCED_SEARCH_PATHS.saved, { schema: SavedSearchList, signal }) });
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSearchRequest) => apiRequest(ADVANCED_SEARCH_PATHS.saved, { method: 'POST', body, schema: SavedSearch }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.saved }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`${ADVANCED_SEARCH_PATHS.saved}/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.saved }),
  });
}
