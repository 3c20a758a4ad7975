import type { AccessLogQuery } from '@certs/shared/privacy/privacy.contract';

export interface DeletionRequestListParams {
  page: number;
  pageSize: number;
}

/** Query keys of the staff list of deletion requests and of the access log. */
export const privacyKeys = {
  all: ['privacy'] as const,
  deletionRequests: (params: DeletionRequestListParams) => [...privacyKeys.all, 'deletion-requests', params] as const,
  accessLog: (query: AccessLogQuery) => [...privacyKeys.all, 'access-log', query] as const,
};
