import { useQuery } from '@tanstack/react-query';
import { ProgramUserList, type ProgramUser } from '@certs/shared/program/program-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { applicationWorkflowKeys } from './application-workflow.keys';

/** The program's users with the assessor role (`programuser/{id}/assessor`), the only ones an application can go to. */
export function findProgramAssessors(programId: string, signal?: AbortSignal): Promise<ProgramUser[]> {
  return apiRequest(`/api/programuser/${encodeURIComponent(programId)}/assessor`, { schema: ProgramUserList, signal });
}

export function useProgramAssessors(programId: string, isEnabled = true) {
  return useQuery({ queryKey: applicationWorkflowKeys.assessors(programId), queryFn: ({ signal }) => findProgramAssessors(programId, signal), enabled: isEnabled && !!programId });
}
