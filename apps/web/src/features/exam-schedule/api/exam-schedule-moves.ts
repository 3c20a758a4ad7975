import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import {
  ExamSchedule,
  moduleTypeOf,
  type PostExamUpdateRequest,
  type ResultStageRequest,
  type ScheduleSaveRequest,
} from '@certs/shared/exam-schedule/exam-schedule.contract';
import { apiRequest } from '../../../lib/api-client';
import { examScheduleKeys } from './exam-schedule.keys';

type ModuleMove = 'examination/update' | 'examination/send' | 'postexam/update';

function modulePath(type: ApplicationTypePath, id: string, move: ModuleMove): string {
  const moduleType = moduleTypeOf(type);
  if (!moduleType) throw new Error(`${type} has no modules`);
  return `/api/${moduleType}/${encodeURIComponent(id)}/${move}`;
}

/**
 * Every move answers with the whole schedule again. `onMoved` lets the page around it (the staff
 * application page) reload what the move changed there: the stage, the status and the history.
 */
function useScheduleMove<Body>(type: ApplicationTypePath, id: string, post: (body: Body) => Promise<ExamSchedule>, onMoved?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: post,
    onSuccess: async (schedule) => {
      queryClient.setQueryData(examScheduleKeys.schedule(type, id), schedule);
      await onMoved?.();
    },
    // A 409 means someone else moved it: show the schedule as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: examScheduleKeys.schedule(type, id) }),
  });
}

export const useSaveSchedule = (type: ApplicationTypePath, id: string, onMoved?: () => unknown) =>
  useScheduleMove<ScheduleSaveRequest>(type, id, (body) => apiRequest(modulePath(type, id, 'examination/update'), { method: 'POST', body, schema: ExamSchedule }), onMoved);

export const useSendSchedule = (type: ApplicationTypePath, id: string, onMoved?: () => unknown) =>
  useScheduleMove<void>(type, id, () => apiRequest(modulePath(type, id, 'examination/send'), { method: 'POST', schema: ExamSchedule }), onMoved);

export const useSaveResults = (type: ApplicationTypePath, id: string, onMoved?: () => unknown) =>
  useScheduleMove<PostExamUpdateRequest>(type, id, (body) => apiRequest(modulePath(type, id, 'postexam/update'), { method: 'POST', body, schema: ExamSchedule }), onMoved);

export const useRecordOverallResult = (type: ApplicationTypePath, id: string, onMoved?: () => unknown) =>
  useScheduleMove<ResultStageRequest>(type, id, (body) => apiRequest(`/api/${type}/${encodeURIComponent(id)}/resultstage`, { method: 'POST', body, schema: ExamSchedule }), onMoved);
