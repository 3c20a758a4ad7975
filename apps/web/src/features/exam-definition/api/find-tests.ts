import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { ExamDefinitionPage } from '@certs/shared/exam-definition/exam-definition.contract';
import { apiRequest } from '../../../lib/api-client';
import { examDefinitionKeys, type TestListParams } from './exam-definition.keys';

export function findTests(params: TestListParams, signal?: AbortSignal): Promise<ExamDefinitionPage> {
  return apiRequest('/api/tests/pagination', { query: { ...params }, schema: ExamDefinitionPage, signal });
}

export function testsQueryOptions(params: TestListParams) {
  // A blank search is no search (spec section 5).
  const normalized: TestListParams = { ...params, search: searchTermOrUndefined(params.search) };
  return queryOptions({ queryKey: examDefinitionKeys.list(normalized), queryFn: ({ signal }) => findTests(normalized, signal), placeholderData: keepPreviousData });
}

export function useTests(params: TestListParams) {
  return useQuery(testsQueryOptions(params));
}
