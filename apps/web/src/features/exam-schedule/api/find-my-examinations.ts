import { useQuery } from '@tanstack/react-query';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { MyExaminations, RESULT_STAGE_TYPE_PATHS } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { apiRequest } from '../../../lib/api-client';
import { examScheduleKeys } from './exam-schedule.keys';

/** The applicant's own schedule once sent, and results once recorded (`{type}/{id}/myschedule`). */
export function findMyExaminations(type: ApplicationTypePath, id: string, signal?: AbortSignal): Promise<MyExaminations> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}/myschedule`, { schema: MyExaminations, signal });
}

export function useMyExaminations(type: ApplicationTypePath, id: string, isEnabled = true) {
  return useQuery({
    queryKey: examScheduleKeys.mine(type, id),
    queryFn: ({ signal }) => findMyExaminations(type, id, signal),
    enabled: isEnabled && !!id && (RESULT_STAGE_TYPE_PATHS as readonly string[]).includes(type),
  });
}
