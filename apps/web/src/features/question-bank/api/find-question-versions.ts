import { useQuery } from '@tanstack/react-query';
import { QuestionVersionList } from '@certs/shared/question-bank/question.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

export function findQuestionVersions(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/question/${encodeURIComponent(id)}/versions`, { schema: QuestionVersionList, signal });
}

export function useQuestionVersions(id: string) {
  return useQuery({ queryKey: questionBankKeys.versions(id), queryFn: ({ signal }) => findQuestionVersions(id, signal) });
}
