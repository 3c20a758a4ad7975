export interface VenueListParams {
  page: number;
  pageSize: number;
  searchTerm?: string;
}

/** Query keys of venues and test centres. */
export const venueKeys = {
  venues: ['venues'] as const,
  venueList: (params: VenueListParams) => [...venueKeys.venues, 'list', params] as const,
  centres: ['testing-agencies'] as const,
  centreList: (params: VenueListParams) => [...venueKeys.centres, 'list', params] as const,
};
