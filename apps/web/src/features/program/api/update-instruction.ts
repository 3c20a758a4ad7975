import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Instruction, type UpdateInstructionRequest } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

type UpdateInstructionValues = z.infer<typeof UpdateInstructionRequest>;

export function updateInstruction(id: string, request: UpdateInstructionValues): Promise<Instruction> {
  return apiRequest(`/api/applicantinstruction/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: Instruction });
}

export function useUpdateInstruction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: UpdateInstructionValues }) => updateInstruction(id, request),
    onSuccess: (instruction) => queryClient.invalidateQueries({ queryKey: programKeys.program(instruction.programId) }),
  });
}
