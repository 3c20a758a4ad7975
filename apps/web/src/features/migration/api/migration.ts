import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MIGRATION_PATHS, MigrationCreated, MigrationImport, MigrationPage, type MigrationKind, type MigrationRequest } from '@certs/shared/migration/migration.contract';
import { apiRequest } from '../../../lib/api-client';

const keys = { all: ['migration-imports'] as const };

export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: MigrationKind; body: MigrationRequest }) => apiRequest(MIGRATION_PATHS.start(kind), { method: 'POST', body, schema: MigrationCreated }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** One import, asked again every second until it has finished (its progress). */
export function useMigrationImport(id: string | null) {
  return useQuery({
    queryKey: [...keys.all, 'one', id],
    queryFn: ({ signal }) => apiRequest(MIGRATION_PATHS.one(id!), { schema: MigrationImport, signal }),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'Queued' || query.state.data.status === 'Running') ? 1000 : false),
  });
}

export function useUndoImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(MIGRATION_PATHS.undo(id), { method: 'POST', body: {}, schema: MigrationImport }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useMigrationImports(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...keys.all, 'list', page, pageSize],
    queryFn: ({ signal }) => apiRequest(MIGRATION_PATHS.list, { query: { page, pageSize }, schema: MigrationPage, signal }),
    placeholderData: keepPreviousData,
  });
}

