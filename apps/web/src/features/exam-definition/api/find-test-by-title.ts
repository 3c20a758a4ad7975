import { useQuery } from '@tanstack/react-query';
import { TestTitleLookup } from '@certs/shared/exam-definition/exam-definition.contract';
import { apiRequest } from '../../../lib/api-client';
import { examDefinitionKeys } from './exam-definition.keys';

/** `{ test: null }` means the title is free (spec section 5). */
export function findTestByTitle(title: string, signal?: AbortSignal): Promise<TestTitleLookup> {
  return apiRequest(`/api/tests/title/${encodeURIComponent(title)}`, { schema: TestTitleLookup, signal });
}

/** Looks a title up while it is typed; null while there is nothing worth asking about. */
export function useTestByTitle(title: string | null) {
  return useQuery({ queryKey: examDefinitionKeys.byTitle(title ?? ''), queryFn: ({ signal }) => findTestByTitle(title ?? '', signal), enabled: !!title, staleTime: 5_000 });
}
