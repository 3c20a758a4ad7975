import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExamDefinition } from '@certs/shared/exam-definition/exam-definition.contract';
import { apiRequest } from '../../../lib/api-client';
import { examDefinitionKeys } from './exam-definition.keys';

export function findTest(id: string, signal?: AbortSignal): Promise<ExamDefinition> {
  return apiRequest(`/api/tests/test/${encodeURIComponent(id)}`, { schema: ExamDefinition, signal });
}

export function testQueryOptions(id: string) {
  return queryOptions({ queryKey: examDefinitionKeys.detail(id), queryFn: ({ signal }) => findTest(id, signal), staleTime: 0 });
}

export function useTest(id: string) {
  return useQuery({ ...testQueryOptions(id), enabled: !!id });
}
