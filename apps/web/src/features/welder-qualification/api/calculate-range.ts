import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { RangeResponse, type RangeRequest } from '@certs/shared/wpq/wpq.contract';
import { apiRequest } from '../../../lib/api-client';
import { REFERENCE_STALE_TIME, wpqKeys } from './wpq-options.keys';

export function calculateRange(request: RangeRequest, signal?: AbortSignal): Promise<RangeResponse> {
  return apiRequest('/api/welderqualificationoptions/range', { method: 'POST', body: request, schema: RangeResponse, signal });
}

/** A range with the request it answers, so that what is shown as tested always matches it. */
export interface CalculatedRange {
  request: RangeRequest;
  range: RangeResponse;
}

/**
 * The range for the variables as they stand; asked only for a complete, valid request. The same
 * variables always give the same range, so answers are kept, and the last one stays on screen
 * while the next is on its way.
 */
export function useRangeOfQualification(request: RangeRequest | null) {
  return useQuery({
    queryKey: wpqKeys.range(request),
    queryFn: async ({ signal }): Promise<CalculatedRange> => {
      if (!request) throw new Error('No complete request to calculate');
      return { request, range: await calculateRange(request, signal) };
    },
    enabled: request !== null,
    staleTime: REFERENCE_STALE_TIME,
    placeholderData: keepPreviousData,
  });
}
