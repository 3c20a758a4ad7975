import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Instruction } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

const InstructionList = z.array(Instruction);

/** A program's applicant instructions, in their order. */
export function findInstructions(programId: string, signal?: AbortSignal): Promise<Instruction[]> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/instructions`, { schema: InstructionList, signal });
}

export function instructionsQueryOptions(programId: string) {
  return queryOptions({ queryKey: programKeys.instructions(programId), queryFn: ({ signal }) => findInstructions(programId, signal) });
}

export function useInstructions(programId: string) {
  return useQuery(instructionsQueryOptions(programId));
}
