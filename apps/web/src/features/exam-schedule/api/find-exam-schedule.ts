import { useQuery } from '@tanstack/react-query';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { ExamSchedule, moduleTypeOf } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { apiRequest } from '../../../lib/api-client';
import { examScheduleKeys } from './exam-schedule.keys';

/** The candidate's modules with schedule, results and the form's choices (`{moduleType}/{id}/scheduled`). */
export function findExamSchedule(type: ApplicationTypePath, id: string, signal?: AbortSignal): Promise<ExamSchedule> {
  const moduleType = moduleTypeOf(type);
  if (!moduleType) throw new Error(`${type} has no modules`);
  return apiRequest(`/api/${moduleType}/${encodeURIComponent(id)}/scheduled`, { schema: ExamSchedule, signal });
}

/** Only application types with modules (Qualification, AICIP) have a schedule. */
export function useExamSchedule(type: ApplicationTypePath, id: string, isEnabled = true) {
  return useQuery({
    queryKey: examScheduleKeys.schedule(type, id),
    queryFn: ({ signal }) => findExamSchedule(type, id, signal),
    enabled: isEnabled && !!id && moduleTypeOf(type) !== null,
  });
}
