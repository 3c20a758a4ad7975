import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Instruction, type CreateInstructionRequest } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function createInstruction(request: CreateInstructionRequest): Promise<Instruction> {
  return apiRequest('/api/applicantinstruction/create', { method: 'POST', body: request, schema: Instruction });
}

export function useCreateInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInstruction,
    onSuccess: (instruction) => queryClient.invalidateQueries({ queryKey: programKeys.program(instruction.programId) }),
  });
}
