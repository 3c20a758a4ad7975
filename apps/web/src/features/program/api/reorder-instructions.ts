import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { Instruction, type UpdateOrderRequest } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

const InstructionList = z.array(Instruction);

/** Sends the whole new order, first to last; the answer is the list as now ordered. */
export function reorderInstructions(request: UpdateOrderRequest): Promise<Instruction[]> {
  return apiRequest('/api/applicantinstruction/update/order', { method: 'POST', body: request, schema: InstructionList });
}

export function useReorderInstructions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderInstructions,
    onSuccess: (instructions, { programId }) => queryClient.setQueryData(programKeys.instructions(programId), instructions),
    onSettled: (_data, _error, { programId }) => queryClient.invalidateQueries({ queryKey: programKeys.instructions(programId) }),
  });
}
