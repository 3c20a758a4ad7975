import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Question, type QuestionValues } from '@certs/shared/question-bank/question.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

export function createQuestion(request: QuestionValues): Promise<Question> {
  return apiRequest('/api/question', { method: 'POST', body: request, schema: Question });
}

export function useCreateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    // Lists and the subjects' and tags' question counts change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}
