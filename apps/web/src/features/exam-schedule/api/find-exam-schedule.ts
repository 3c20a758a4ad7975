import { useQuery } from '@tanstack/react-query';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { ExamSchedule, moduleTypeOf } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { apiRequest } from '../../../lib/api-client';
import { examScheduleKeys } from './exam-schedule.keys';

/**
 * The candidate's modules with schedule, results and the form's choices (`{moduleType}/{id}/scheduled`);
 * for a type without modules (Certification) the result stage alone (`{type}/{id}/resultstage`).
 */
export function findExamSchedule(type: ApplicationTypePath, id: string, signal?: AbortSignal): Promise<ExamSchedule> {
  const moduleType = moduleTypeOf(type);
  const path = moduleType ? `/api/${moduleType}/${encodeURIComponent(id)}/scheduled` : `/api/${type}/${encodeURIComponent(id)}/resultstage`;
  return apiRequest(path, { schema: ExamSchedule, signal });
}

export function useExamSchedule(type: ApplicationTypePath, id: string, isEnabled = true) {
  return useQuery({
    queryKey: examScheduleKeys.schedule(type, id),
    queryFn: ({ signal }) => findExamSchedule(type, id, signal),
    enabled: isEnabled && !!id,
  });
}
