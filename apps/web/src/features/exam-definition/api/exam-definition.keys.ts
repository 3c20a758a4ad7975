import type { QuestionSearchRequest } from '@certs/shared/question-bank/question.contract';

export interface TestListParams {
  page: number;
  pageSize: number;
  search?: string;
  testType?: string;
  programType?: number;
  status?: string;
}

/**
 * Query keys of tests. Everything about one test sits under `test(id)`, so a change to its
 * sections or questions refreshes its totals, warnings and what stops publishing.
 */
export const examDefinitionKeys = {
  all: ['exam-definitions'] as const,
  lists: () => [...examDefinitionKeys.all, 'list'] as const,
  list: (params: TestListParams) => [...examDefinitionKeys.lists(), params] as const,
  byTitle: (title: string) => [...examDefinitionKeys.all, 'by-title', title] as const,
  modules: () => [...examDefinitionKeys.all, 'modules'] as const,
  test: (id: string) => [...examDefinitionKeys.all, 'test', id] as const,
  detail: (id: string) => [...examDefinitionKeys.test(id), 'detail'] as const,
  sections: (id: string) => [...examDefinitionKeys.test(id), 'sections'] as const,
  questions: (id: string) => [...examDefinitionKeys.test(id), 'questions'] as const,
  bank: (search: QuestionSearchRequest) => [...examDefinitionKeys.all, 'bank', search] as const,
  subjects: () => [...examDefinitionKeys.all, 'subjects'] as const,
};
