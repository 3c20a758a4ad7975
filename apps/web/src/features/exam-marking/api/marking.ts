import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadUrlResponse } from '@certs/shared/attachment/attachment.contract';
import { ExamMarking, ExtraTimeResponse, type ExtraTimeRequest, type VerifyMarksRequest } from '@certs/shared/exam/exam.contract';
import { apiRequest } from '../../../lib/api-client';
import { examMarkingKeys } from './exam-marking.keys';

/** A submitted module sitting for its examiner: every answer, its marks, the answer papers. */
export function findMarking(id: string, signal?: AbortSignal): Promise<ExamMarking> {
  return apiRequest(`/api/moduleexaminstance/${encodeURIComponent(id)}/marking`, { schema: ExamMarking, signal });
}

export function useMarking(id: string) {
  return useQuery({ queryKey: examMarkingKeys.marking(id), queryFn: ({ signal }) => findMarking(id, signal) });
}

/** Verify marks: once nothing is unmarked the server gives the percentage and Pass or Fail against the module's pass percentage. */
export function verifyMarks(id: string, request: VerifyMarksRequest): Promise<ExamMarking> {
  return apiRequest(`/api/moduleexaminstance/${encodeURIComponent(id)}/verifymarks`, { method: 'POST', body: request, schema: ExamMarking });
}

export function useVerifyMarks(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: VerifyMarksRequest) => verifyMarks(id, request),
    onSuccess: (marking) => {
      queryClient.setQueryData(examMarkingKeys.marking(id), marking);
      void queryClient.invalidateQueries({ queryKey: [...examMarkingKeys.all, 'sittings'] });
    },
  });
}

/** Answer papers are the candidate's files: staff read them through a short-lived URL. */
export function findPaperUrl(resourceKey: string, signal?: AbortSignal): Promise<{ url: string; expiresOn: string }> {
  return apiRequest(`/api/attachment/presigned-download/${resourceKey.split('/').map(encodeURIComponent).join('/')}`, { schema: DownloadUrlResponse, signal });
}

export function usePaperUrl(resourceKey: string) {
  return useQuery({ queryKey: examMarkingKeys.paperUrl(resourceKey), queryFn: ({ signal }) => findPaperUrl(resourceKey, signal), staleTime: 60_000 });
}

/** Extra time for one candidate's scheduled module exam (an accommodation), before or during it. */
export function grantExtraTime(applicationModuleId: string, grant: ExtraTimeRequest): Promise<ExtraTimeResponse> {
  return apiRequest(`/api/moduleexaminstance/${encodeURIComponent(applicationModuleId)}/extratime`, { method: 'POST', body: grant, schema: ExtraTimeResponse });
}

export function useGrantExtraTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationModuleId, grant }: { applicationModuleId: string; grant: ExtraTimeRequest }) => grantExtraTime(applicationModuleId, grant),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [...examMarkingKeys.all, 'sittings'] }),
  });
}
