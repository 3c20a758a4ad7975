import { useQuery } from '@tanstack/react-query';
import { LinkableModuleList } from '@certs/shared/exam-definition/exam-definition.contract';
import { apiRequest } from '../../../lib/api-client';
import { examDefinitionKeys } from './exam-definition.keys';

/** Program modules a test can examine. */
export function findLinkableModules(signal?: AbortSignal) {
  return apiRequest('/api/tests/modules', { schema: LinkableModuleList, signal });
}

export function useLinkableModules() {
  return useQuery({ queryKey: examDefinitionKeys.modules(), queryFn: ({ signal }) => findLinkableModules(signal), staleTime: 60_000 });
}
