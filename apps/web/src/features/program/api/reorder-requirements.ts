import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Requirement, type UpdateOrderRequest } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

const RequirementList = z.array(Requirement);

/** Sends the whole new order, first to last; the answer is the list as now ordered. */
export function reorderRequirements(request: UpdateOrderRequest): Promise<Requirement[]> {
  return apiRequest('/api/programrequirement/update/order', { method: 'POST', body: request, schema: RequirementList });
}

export function useReorderRequirements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderRequirements,
    onSuccess: (requirements, { programId }) => queryClient.setQueryData(programKeys.requirements(programId), requirements),
    onSettled: (_data, _error, { programId }) => queryClient.invalidateQueries({ queryKey: programKeys.requirements(programId) }),
  });
}
