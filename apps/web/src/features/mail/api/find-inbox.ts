import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InboxPage } from '@certs/shared/mail/mail.contract';
import { apiRequest } from '../../../lib/api-client';
import { mailKeys, type InboxParams } from './mail.keys';

/** The signed-in applicant's notifications: every mail the platform sent them. */
export function findInbox(params: InboxParams, signal?: AbortSignal): Promise<InboxPage> {
  return apiRequest('/api/applicantinbox/email/pagination', { query: { page: params.page, pageSize: params.pageSize }, schema: InboxPage, signal });
}

export function inboxQueryOptions(params: InboxParams) {
  return queryOptions({ queryKey: mailKeys.inbox(params), queryFn: ({ signal }) => findInbox(params, signal), placeholderData: keepPreviousData });
}

export function useInbox(params: InboxParams) {
  return useQuery(inboxQueryOptions(params));
}
