import { queryOptions, useQuery } from '@tanstack/react-query';
import { REFERENCE_LABELS, ReferenceList, type ReferenceKind } from '@certs/shared/question-bank/reference.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

/** Every subject or tag, by title, with how many questions use it. */
export function findReferences(kind: ReferenceKind, signal?: AbortSignal) {
  return apiRequest(`/api/${REFERENCE_LABELS[kind].path}/all`, { schema: ReferenceList, signal });
}

export function referencesQueryOptions(kind: ReferenceKind) {
  return queryOptions({ queryKey: questionBankKeys.references(kind), queryFn: ({ signal }) => findReferences(kind, signal) });
}

export function useReferences(kind: ReferenceKind) {
  return useQuery(referencesQueryOptions(kind));
}
