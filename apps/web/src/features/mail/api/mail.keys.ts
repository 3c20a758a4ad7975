export interface InboxParams {
  page: number;
  pageSize: number;
}

export interface MailListParams extends InboxParams {
  search?: string;
  status?: string;
}

/** Query keys of the applicant's inbox and the staff's list of every mail. */
export const mailKeys = {
  all: ['mail'] as const,
  inbox: (params: InboxParams) => [...mailKeys.all, 'inbox', params] as const,
  list: (params: MailListParams) => [...mailKeys.all, 'list', params] as const,
};
