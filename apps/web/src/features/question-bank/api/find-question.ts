import { queryOptions, useQuery } from '@tanstack/react-query';
import { Question } from '@certs/shared/question-bank/question.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

export function findQuestion(id: string, signal?: AbortSignal): Promise<Question> {
  return apiRequest(`/api/question/${encodeURIComponent(id)}`, { schema: Question, signal });
}

export function questionQueryOptions(id: string) {
  // An edit starts from the question as it is now.
  return queryOptions({ queryKey: questionBankKeys.question(id), queryFn: ({ signal }) => findQuestion(id, signal), staleTime: 0 });
}

export function useQuestion(id: string) {
  return useQuery(questionQueryOptions(id));
}
