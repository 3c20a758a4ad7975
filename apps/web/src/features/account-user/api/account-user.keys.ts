export interface AccountUserListParams {
  page: number;
  pageSize: number;
  search?: string;
}

/** Query keys of this feature; invalidating `all` refreshes every list and record. */
export const accountUserKeys = {
  all: ['account-users'] as const,
  list: (params: AccountUserListParams) => [...accountUserKeys.all, 'list', params] as const,
  detail: (id: string) => [...accountUserKeys.all, 'detail', id] as const,
};
