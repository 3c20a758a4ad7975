import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ProgramCodeLookup } from '@certs/shared/program/program.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export type ProgramCodeLookup = z.infer<typeof ProgramCodeLookup>;

/** `{ program: null }` means the code is free (spec section 5: unique when the server returns nothing). */
export function findProgramByCode(code: string, signal?: AbortSignal): Promise<ProgramCodeLookup> {
  return apiRequest(`/api/program/bycode/${encodeURIComponent(code)}`, { schema: ProgramCodeLookup, signal });
}

export function programByCodeQueryOptions(code: string) {
  return queryOptions({
    queryKey: programKeys.byCode(code),
    queryFn: ({ signal }) => findProgramByCode(code, signal),
    staleTime: 5_000,
  });
}

/** Looks a code up while it is typed; `code` is null while there is nothing worth asking about. */
export function useProgramByCode(code: string | null) {
  return useQuery({ ...programByCodeQueryOptions(code ?? ''), enabled: !!code });
}
