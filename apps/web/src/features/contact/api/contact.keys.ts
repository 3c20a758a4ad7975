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
  /** The signed-in sender's own messages; under `all`, so that sending one reads them again. */
  mine: () => [...contactKeys.all, 'mine'] as const,
};
