import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { QuestionPage, type QuestionSearchRequest } from '@certs/shared/question-bank/question.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

/** Leaves out blank terms and empty lists: search terms are sent only when non-blank (spec section 5). */
export function normalizeSearch(search: QuestionSearchRequest): QuestionSearchRequest {
  const normalized: QuestionSearchRequest = { page: search.page, pageSize: search.pageSize };
  const text = searchTermOrUndefined(search.text);
  if (text) normalized.text = text;
  if (search.questionType) normalized.questionType = search.questionType;
  if (search.difficulty) normalized.difficulty = search.difficulty;
  if (search.subjectIds?.length) normalized.subjectIds = [...search.subjectIds].sort();
  if (search.tagIds?.length) normalized.tagIds = [...search.tagIds].sort();
  for (const key of ['createdFrom', 'createdTo', 'modifiedFrom', 'modifiedTo'] as const) {
    const day = searchTermOrUndefined(search[key]);
    if (day) normalized[key] = day;
  }
  return normalized;
}

export function searchQuestions(search: QuestionSearchRequest, signal?: AbortSignal): Promise<QuestionPage> {
  return apiRequest('/api/question/search', { method: 'POST', body: search, schema: QuestionPage, signal });
}

export function questionSearchQueryOptions(search: QuestionSearchRequest) {
  const normalized = normalizeSearch(search);
  return queryOptions({
    queryKey: questionBankKeys.search(normalized),
    queryFn: ({ signal }) => searchQuestions(normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQuestionSearch(search: QuestionSearchRequest) {
  return useQuery(questionSearchQueryOptions(search));
}
