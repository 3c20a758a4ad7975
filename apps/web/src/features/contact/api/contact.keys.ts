export interface ContactMessageListParams {
  page: number;
  pageSize: number;
  search?: string;
}

export const contactKeys = {
  all: ['contact-messages'] as const,
  list: (params: ContactMessageListParams) => [...contactKeys.all, 'list', params] as const,
};
