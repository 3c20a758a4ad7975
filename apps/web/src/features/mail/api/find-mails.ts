import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { MailPage } from '@certs/shared/mail/mail.contract';
import { apiRequest } from '../../../lib/api-client';
import { mailKeys, type MailListParams } from './mail.keys';

/** Every mail the platform kept or sent (admin Emails). */
export function findMails(params: MailListParams, signal?: AbortSignal): Promise<MailPage> {
  return apiRequest('/api/email/pagination', {
    query: { page: params.page, pageSize: params.pageSize, search: params.search, status: params.status },
    schema: MailPage,
    signal,
  });
}

export function mailsQueryOptions(params: MailListParams) {
  const normalized: MailListParams = { ...params, search: searchTermOrUndefined(params.search), status: params.status || undefined };
  return queryOptions({ queryKey: mailKeys.list(normalized), queryFn: ({ signal }) => findMails(normalized, signal), placeholderData: keepPreviousData });
}

export function useMails(params: MailListParams) {
  return useQuery(mailsQueryOptions(params));
}
