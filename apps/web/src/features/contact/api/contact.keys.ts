export interface ContactMessageListParams {
  page: number;
  pageSize: number;
  search?: string;
  /** 'true': handled only; 'false': waiting only; absent: all. */
  handled?: 'true' | 'false';
}

export const contactKeys = {
  all: ['contact-messages'] as const,
  list: (params: ContactMessageListParams) => [...contactKeys.all, 'list', params] as const,
  details: (id: string) => [...contactKeys.all, 'details', id] as const,
};
