import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_OPTIONS } from '@certs/shared/common/paging';
import {
  ResitApplicationView,
  ResitModule,
  ResitPage,
  type CreateResitRequest,
  type ResitAssessmentRequest,
  type ResitResultRequest,
  type ResitScheduleRequest,
} from '@certs/shared/resit/resit.contract';
import { RESIT_TYPE_PATHS, type ResitTypePath } from '@certs/shared/resit/resit-rules';
import { apiRequest } from '../../../lib/api-client';

export const resitKeys = {
  all: ['resits'] as const,
  ofApplication: (word: ResitTypePath, applicationId: string) => [...resitKeys.all, word, 'application', applicationId] as const,
  queue: (word: ResitTypePath, page: number, pageSize: number) => [...resitKeys.all, word, 'queue', page, pageSize] as const,
};

/** The re-sits of one application and which failed modules may be re-sat (`GET {word}/resitModules`). */
export function useResitView(word: ResitTypePath, applicationId: string, enabled = true) {
  return useQuery({
    queryKey: resitKeys.ofApplication(word, applicationId),
    queryFn: ({ signal }) => apiRequest(`/api/${word}/resitModules?applicationId=${encodeURIComponent(applicationId)}`, { schema: ResitApplicationView, signal }),
    enabled,
  });
}

/**
 * The re-sits of an application whose result is recorded (stage Resit Result): each is a later
 * sitting of its module, whose latest result is the module's (issue 45). The candidate's and staff's
 * application pages list a module's sittings from these; the same query as the re-sit sections.
 */
export function useRecordedResits(word: ResitTypePath | null, applicationId: string, enabled = true) {
  const view = useResitView(word ?? 'qualificationapplicationresitmodule', applicationId, !!word && !!applicationId && enabled);
  return (view.data?.resits ?? []).flatMap((resit) =>
    resit.stage === 'Resit Result' && resit.result ? [{ moduleCode: resit.moduleCode, attempt: resit.attempt, result: resit.result, resultPercentage: resit.resultPercentage }] : [],
  );
}

/** Re-sits not yet at Resit Result, across the programs the caller may see (`GET {word}/incomplete/resitModules`). */
export function findResitQueue(word: ResitTypePath, page: number, pageSize: number, signal?: AbortSignal) {
  return apiRequest(`/api/${word}/incomplete/resitModules`, { query: { page, pageSize }, schema: ResitPage, signal });
}

export function useResitQueue(word: ResitTypePath, page: number, pageSize: number) {
  return useQuery({
    queryKey: resitKeys.queue(word, page, pageSize),
    queryFn: ({ signal }) => findResitQueue(word, page, pageSize, signal),
  });
}

/**
 * The signed-in applicant's own re-sits not yet at Resit Result, of both application types
 * (`{word}/incomplete/resitModules` answers an applicant with theirs only), one query per type.
 */
export function useMyOpenResits() {
  return useQueries({
    queries: RESIT_TYPE_PATHS.map((word) => ({
      queryKey: [...resitKeys.all, word, 'mine', 'open'] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => findResitQueue(word, 1, Math.max(...PAGE_SIZE_OPTIONS), signal),
    })),
  });
}

/** Every re-sit step is a POST answering the re-sit; the application, its history and the lists move with it. */
function useResitStep<T>(word: ResitTypePath, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiRequest(`/api/${word}/${path}`, { method: 'POST', body, schema: ResitModule }),
    // Not awaited: the step is done when the server answers; the page's lists refresh behind it.
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
}

export const useApplyForResit = (word: ResitTypePath) => useResitStep<CreateResitRequest>(word, 'create');
export const useSaveResitSchedule = (word: ResitTypePath) => useResitStep<ResitScheduleRequest>(word, 'examinationstage');
export const useSendResitSchedule = (word: ResitTypePath) => useResitStep<{ resitModuleId: string }>(word, 'examinationstage/send');
export const useSaveResitAssessment = (word: ResitTypePath) => useResitStep<ResitAssessmentRequest>(word, 'examinationassessmentstage/save');
export const useSubmitResitAssessment = (word: ResitTypePath) => useResitStep<{ resitModuleId: string }>(word, 'examinationassessmentstage/submit');
export const useSubmitResitResult = (word: ResitTypePath) => useResitStep<ResitResultRequest>(word, 'result/submit');
