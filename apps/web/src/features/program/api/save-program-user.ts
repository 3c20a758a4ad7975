import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProgramUser, type SaveProgramUserRequest } from '@certs/shared/program/program-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

/** Gives a user exactly these roles in the program (replacing what they held). */
export function saveProgramUser(request: SaveProgramUserRequest): Promise<ProgramUser> {
  return apiRequest('/api/programuser/save', { method: 'POST', body: request, schema: ProgramUser });
}

export function useSaveProgramUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgramUser,
    onSuccess: (_user, { programId }) => queryClient.invalidateQueries({ queryKey: programKeys.program(programId) }),
  });
}
