import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImpartialityEventPage } from '@certs/shared/impartiality/impartiality.contract';
import { apiRequest } from '../../../lib/api-client';
import { impartialityKeys, type EventListParams } from './impartiality.keys';

export function findImpartialityEvents(params: EventListParams, signal?: AbortSignal) {
  return apiRequest('/api/conflicts/events', {
    query: { page: params.page, pageSize: params.pageSize, programId: params.programId, staffUserId: params.staffUserId, outcome: params.outcome, role: params.role, from: params.from, to: params.to },
    schema: ImpartialityEventPage,
    signal,
  });
}

/** Refused assignments and overrides, newest first. */
export function useImpartialityEvents(params: EventListParams) {
  return useQuery({ queryKey: impartialityKeys.events(params), queryFn: ({ signal }) => findImpartialityEvents(params, signal), placeholderData: keepPreviousData });
}
