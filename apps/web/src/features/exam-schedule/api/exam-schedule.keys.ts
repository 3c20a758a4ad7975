import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import type { PublicScheduleQuery } from '@certs/shared/exam-schedule/public-schedule.contract';

/** Query keys of the exam schedule, results and the public schedule. */
export const examScheduleKeys = {
  all: ['exam-schedule'] as const,
  schedule: (type: ApplicationTypePath, id: string) => [...examScheduleKeys.all, 'schedule', type, id] as const,
  mine: (type: ApplicationTypePath, id: string) => [...examScheduleKeys.all, 'mine', type, id] as const,
  publicSchedule: (query: PublicScheduleQuery) => [...examScheduleKeys.all, 'public', query] as const,
};
