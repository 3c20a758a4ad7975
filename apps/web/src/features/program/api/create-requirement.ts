import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Requirement, type CreateRequirementRequest } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function createRequirement(request: CreateRequirementRequest): Promise<Requirement> {
  return apiRequest('/api/programrequirement/create', { method: 'POST', body: request, schema: Requirement });
}

export function useCreateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequirement,
    onSuccess: (requirement) => queryClient.invalidateQueries({ queryKey: programKeys.program(requirement.programId) }),
  });
}
