import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { QuestionPage, type QuestionSearchRequest } from '@certs/shared/question-bank/question.contract';
import { ReferenceList } from '@certs/shared/question-bank/reference.contract';
import { apiRequest } from '../../../lib/api-client';
import { examDefinitionKeys } from './exam-definition.keys';

/** The bank as the test builder searches it, leaving out the questions already in the test. */
export function searchBank(search: QuestionSearchRequest, signal?: AbortSignal): Promise<QuestionPage> {
  return apiRequest('/api/question/search', { method: 'POST', body: search, schema: QuestionPage, signal });
}

export function useBankSearch(search: QuestionSearchRequest, isEnabled: boolean) {
  const normalized: QuestionSearchRequest = { ...search, text: searchTermOrUndefined(search.text) };
  if (!normalized.text) delete normalized.text;
  if (!normalized.subjectIds?.length) delete normalized.subjectIds;
  if (!normalized.questionType) delete normalized.questionType;
  return useQuery({
    queryKey: examDefinitionKeys.bank(normalized),
    queryFn: ({ signal }) => searchBank(normalized, signal),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

export function useBankSubjects() {
  return useQuery({ queryKey: examDefinitionKeys.subjects(), queryFn: ({ signal }) => apiRequest('/api/subjectreference/all', { schema: ReferenceList, signal }) });
}
