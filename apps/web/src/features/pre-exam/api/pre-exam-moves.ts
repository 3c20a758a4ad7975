import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PreExamSubmitResponse, PreExamView, type PreExamType, type PreExamUpdateRequest } from '@certs/shared/pre-exam/pre-exam.contract';
import { apiRequest } from '../../../lib/api-client';
import { preExamKeys } from './pre-exam.keys';

export function updatePreExam(type: PreExamType, applicationId: string, body: PreExamUpdateRequest): Promise<PreExamView> {
  return apiRequest(`/api/${type}/${encodeURIComponent(applicationId)}/preexam/update`, { method: 'POST', body, schema: PreExamView });
}

export function submitPreExam(type: PreExamType, applicationId: string, body: PreExamUpdateRequest): Promise<PreExamSubmitResponse> {
  return apiRequest(`/api/${type}/${encodeURIComponent(applicationId)}/preexam/submit`, { method: 'POST', body, schema: PreExamSubmitResponse });
}

/** Save (`preexam/update`) and issue (`preexam/submit`); each answers with the stage as it now is. */
export function usePreExamMoves(type: PreExamType, applicationId: string, onMoved: () => void) {
  const queryClient = useQueryClient();
  const key = preExamKeys.view(type, applicationId);
  const save = useMutation({
    mutationFn: (body: PreExamUpdateRequest) => updatePreExam(type, applicationId, body),
    onSuccess: (view) => queryClient.setQueryData(key, view),
  });
  const issue = useMutation({
    mutationFn: (body: PreExamUpdateRequest) => submitPreExam(type, applicationId, body),
    onSuccess: ({ payment: _payment, ...view }) => {
      queryClient.setQueryData(key, view);
      onMoved();
    },
    // A 409 means someone else issued it or moved the application: show the stage as it is now.
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      onMoved();
    },
  });
  return { save, issue };
}
