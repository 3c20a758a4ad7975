import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REFERENCE_LABELS, Reference, type ReferenceKind, type ReferenceRequest } from '@certs/shared/question-bank/reference.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

export function createReference(kind: ReferenceKind, request: ReferenceRequest): Promise<Reference> {
  return apiRequest(`/api/${REFERENCE_LABELS[kind].path}`, { method: 'POST', body: request, schema: Reference });
}

export function updateReference(kind: ReferenceKind, id: string, request: ReferenceRequest): Promise<Reference> {
  return apiRequest(`/api/${REFERENCE_LABELS[kind].path}/${encodeURIComponent(id)}`, { method: 'PUT', body: request, schema: Reference });
}

/** Adds a subject or tag, or renames one when an id is given. */
export function useSaveReference(kind: ReferenceKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id?: string; request: ReferenceRequest }) => (id ? updateReference(kind, id, request) : createReference(kind, request)),
    // A rename shows in every question list.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}
