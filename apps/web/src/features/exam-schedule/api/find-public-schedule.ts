import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PublicSchedule, type PublicScheduleQuery } from '@certs/shared/exam-schedule/public-schedule.contract';
import { apiRequest } from '../../../lib/api-client';
import { examScheduleKeys } from './exam-schedule.keys';

/** The public exam schedule (`unauth/schedule`), no sign-in. */
export function findPublicSchedule(query: PublicScheduleQuery, signal?: AbortSignal): Promise<PublicSchedule> {
  return apiRequest('/unauth/schedule', { query: { from: query.from || undefined, to: query.to || undefined, venueId: query.venueId || undefined }, schema: PublicSchedule, signal });
}

export function usePublicSchedule(query: PublicScheduleQuery) {
  return useQuery({ queryKey: examScheduleKeys.publicSchedule(query), queryFn: ({ signal }) => findPublicSchedule(query, signal), placeholderData: keepPreviousData });
}
