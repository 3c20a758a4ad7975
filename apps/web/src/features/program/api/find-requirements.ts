import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Requirement } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

const RequirementList = z.array(Requirement);

/** A program's requirements, in their order. */
export function findRequirements(programId: string, signal?: AbortSignal): Promise<Requirement[]> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/requirements`, { schema: RequirementList, signal });
}

export function requirementsQueryOptions(programId: string) {
  return queryOptions({ queryKey: programKeys.requirements(programId), queryFn: ({ signal }) => findRequirements(programId, signal) });
}

export function useRequirements(programId: string) {
  return useQuery(requirementsQueryOptions(programId));
}
