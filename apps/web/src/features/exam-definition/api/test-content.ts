import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Section,
  SectionList,
  SectionQuestionList,
  type AddSectionQuestionsRequest,
  type ReorderSectionQuestionsRequest,
  type ReorderSectionsRequest,
  type UpdateSectionQuestionRequest,
} from '@certs/shared/exam-definition/exam-section.contract';
import { apiRequest } from '../../../lib/api-client';
import { examDefinitionKeys } from './exam-definition.keys';

/** `sections/test/{id}`: the default section (when it holds questions) and the named ones. */
export function findSections(testId: string, signal?: AbortSignal) {
  return apiRequest(`/api/sections/test/${encodeURIComponent(testId)}`, { schema: SectionList, signal });
}

/** `testsectionquestions`: every question of the test with its section and marks, in order. */
export function findSectionQuestions(testId: string, signal?: AbortSignal) {
  return apiRequest(`/api/testsectionquestions/test/${encodeURIComponent(testId)}`, { schema: SectionQuestionList, signal });
}

export function useSections(testId: string) {
  return useQuery({ queryKey: examDefinitionKeys.sections(testId), queryFn: ({ signal }) => findSections(testId, signal) });
}

export function useSectionQuestions(testId: string) {
  return useQuery({ queryKey: examDefinitionKeys.questions(testId), queryFn: ({ signal }) => findSectionQuestions(testId, signal) });
}

/** Every change to a test's content refreshes the whole test: totals, warnings, what stops publishing. */
function useContentMutation<V, R>(testId: string, mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: examDefinitionKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: examDefinitionKeys.test(testId) });
    },
  });
}

export function useCreateSection(testId: string) {
  return useContentMutation(testId, (title: string) => apiRequest('/api/sections', { method: 'POST', body: { testId, title }, schema: Section }));
}

export function useRenameSection(testId: string) {
  return useContentMutation(testId, ({ id, title }: { id: string; title: string }) =>
    apiRequest(`/api/sections/${encodeURIComponent(id)}`, { method: 'PUT', body: { title }, schema: Section }),
  );
}

export function useRemoveSection(testId: string) {
  return useContentMutation(testId, (id: string) => apiRequest(`/api/sections/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

export function useReorderSections(testId: string) {
  return useContentMutation(testId, (request: ReorderSectionsRequest) => apiRequest('/api/sections/update/order', { method: 'POST', body: request, schema: SectionList }));
}

export function useAddSectionQuestions(testId: string) {
  return useContentMutation(testId, (request: AddSectionQuestionsRequest) =>
    apiRequest('/api/testsectionquestions', { method: 'POST', body: request, schema: SectionQuestionList }),
  );
}

export function useUpdateSectionQuestion(testId: string) {
  return useContentMutation(testId, ({ id, request }: { id: string; request: UpdateSectionQuestionRequest }) =>
    apiRequest(`/api/testsectionquestions/${encodeURIComponent(id)}`, { method: 'PUT', body: request, schema: SectionQuestionList }),
  );
}

export function useRemoveSectionQuestion(testId: string) {
  return useContentMutation(testId, (id: string) => apiRequest(`/api/testsectionquestions/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

export function useReorderSectionQuestions(testId: string) {
  return useContentMutation(testId, (request: ReorderSectionQuestionsRequest) =>
    apiRequest('/api/testsectionquestions/update/order', { method: 'POST', body: request, schema: SectionQuestionList }),
  );
}
