import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Question, type QuestionValues } from '@certs/shared/question-bank/question.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

/** Saves an edit; the server makes a new version when what candidates answer changes. */
export function updateQuestion(id: string, request: QuestionValues): Promise<Question> {
  return apiRequest(`/api/question/${encodeURIComponent(id)}`, { method: 'PUT', body: request, schema: Question });
}

export function useUpdateQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: QuestionValues }) => updateQuestion(id, request),
    onSuccess: (question) => {
      queryClient.setQueryData(questionBankKeys.question(question.id), question);
      return queryClient.invalidateQueries({ queryKey: questionBankKeys.all });
    },
  });
}
