import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFERENCE_LABELS, type ReferenceKind } from '@certs/shared/question-bank/reference.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

/** Refused (409) while questions use it; the message names them. */
export function removeReference(kind: ReferenceKind, id: string): Promise<void> {
  return apiRequest(`/api/${REFERENCE_LABELS[kind].path}/remove/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveReference(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeReference(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionBankKeys.references(kind) }),
  });
}
