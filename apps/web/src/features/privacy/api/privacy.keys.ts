export interface DeletionRequestListParams {
  page: number;
  pageSize: number;
}

/** Query keys of the staff list of deletion requests. */
export const privacyKeys = {
  all: ['privacy'] as const,
  deletionRequests: (params: DeletionRequestListParams) => [...privacyKeys.all, 'deletion-requests', params] as const,
};
