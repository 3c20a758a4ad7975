import { useQuery } from '@tanstack/react-query';
import { REFERENCE_LABELS, ReferenceTitleLookup, type ReferenceKind } from '@certs/shared/question-bank/reference.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

/** `{ reference: null }` means the title is free. */
export function findReferenceByTitle(kind: ReferenceKind, title: string, signal?: AbortSignal) {
  return apiRequest(`/api/${REFERENCE_LABELS[kind].path}/title/${encodeURIComponent(title)}`, { schema: ReferenceTitleLookup, signal });
}

/** Looks a title up while it is typed; null while there is nothing to ask about. */
export function useReferenceByTitle(kind: ReferenceKind, title: string | null) {
  return useQuery({
    queryKey: questionBankKeys.referenceTitle(kind, title ?? ''),
    queryFn: ({ signal }) => findReferenceByTitle(kind, title ?? '', signal),
    enabled: !!title,
    staleTime: 5_000,
  });
}
