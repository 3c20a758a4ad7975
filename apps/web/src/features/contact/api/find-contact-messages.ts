import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { ContactMessagePage } from '@certs/shared/contact/contact.contract';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys, type ContactMessageListParams } from './contact.keys';

export type ContactMessagePage = z.infer<typeof ContactMessagePage>;

/** Messages sent through Contact us, for staff. */
export function findContactMessages(params: ContactMessageListParams, signal?: AbortSignal): Promise<ContactMessagePage> {
  return apiRequest('/api/contactus/pagination', {
    query: { page: params.page, pageSize: params.pageSize, search: params.search, handled: params.handled },
    schema: ContactMessagePage,
    signal,
  });
}

export function contactMessagesQueryOptions(params: ContactMessageListParams) {
  const normalized = { ...params, search: searchTermOrUndefined(params.search) };
  return queryOptions({
    queryKey: contactKeys.list(normalized),
    queryFn: ({ signal }) => findContactMessages(normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function useContactMessages(params: ContactMessageListParams) {
  return useQuery(contactMessagesQueryOptions(params));
}
