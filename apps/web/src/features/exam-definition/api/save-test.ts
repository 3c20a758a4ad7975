import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExamDefinition, type CloneTestRequest, type TestValues } from '@certs/shared/exam-definition/exam-definition.contract';
import type { ExamDefinitionAction } from '@certs/shared/exam-definition/exam-definition-status';
import { apiRequest } from '../../../lib/api-client';
import { examDefinitionKeys } from './exam-definition.keys';

export function createTest(request: TestValues): Promise<ExamDefinition> {
  return apiRequest('/api/tests', { method: 'POST', body: request, schema: ExamDefinition });
}

export function updateTest(id: string, request: TestValues): Promise<ExamDefinition> {
  return apiRequest(`/api/tests/${encodeURIComponent(id)}`, { method: 'PUT', body: request, schema: ExamDefinition });
}

/** Publish or unpublish; publishing is checked by the server under a lock. */
export function changeTestStatus(id: string, action: ExamDefinitionAction): Promise<ExamDefinition> {
  return apiRequest(`/api/tests/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: ExamDefinition });
}

export function cloneTest(id: string, request: CloneTestRequest): Promise<ExamDefinition> {
  return apiRequest(`/api/tests/${encodeURIComponent(id)}/clone`, { method: 'POST', body: request, schema: ExamDefinition });
}

function useTestMutation<V>(mutationFn: (variables: V) => Promise<ExamDefinition>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (test) => {
      queryClient.setQueryData(examDefinitionKeys.detail(test.id), test);
      void queryClient.invalidateQueries({ queryKey: examDefinitionKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: examDefinitionKeys.test(test.id) });
    },
  });
}

export function useCreateTest() {
  return useTestMutation(createTest);
}

export function useUpdateTest() {
  return useTestMutation(({ id, request }: { id: string; request: TestValues }) => updateTest(id, request));
}

export function useChangeTestStatus() {
  return useTestMutation(({ id, action }: { id: string; action: ExamDefinitionAction }) => changeTestStatus(id, action));
}

export function useCloneTest() {
  return useTestMutation(({ id, request }: { id: string; request: CloneTestRequest }) => cloneTest(id, request));
}
