import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Requirement, type UpdateRequirementRequest } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

type UpdateRequirementValues = z.infer<typeof UpdateRequirementRequest>;

export function updateRequirement(id: string, request: UpdateRequirementValues): Promise<Requirement> {
  return apiRequest(`/api/programrequirement/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: Requirement });
}

export function useUpdateRequirement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: UpdateRequirementValues }) => updateRequirement(id, request),
    onSuccess: (requirement) => queryClient.invalidateQueries({ queryKey: programKeys.program(requirement.programId) }),
  });
}
