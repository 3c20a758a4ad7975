import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MIGRATION_INLINE_BYTES,
  MIGRATION_PATHS,
  MigrationCreated,
  MigrationImport,
  MigrationPage,
  MigrationUploadResponse,
  type MigrationKind,
  type MigrationRequest,
} from '@certs/shared/migration/migration.contract';
import { apiRequest } from '../../../lib/api-client';
import { putFile } from '../../../lib/upload';

const keys = { all: ['migration-imports'] as const };

/**
 * A file in the request while it is small; a larger one is PUT to storage first through a
 * presigned URL and named by its key, so neither the request nor the server holds it whole.
 */
async function startImport({ kind, file, content, dryRun }: { kind: MigrationKind; file: File; content: string; dryRun: boolean }) {
  let body: MigrationRequest = { fileName: file.name, csvContent: content, dryRun };
  if (file.size > MIGRATION_INLINE_BYTES) {
    const target = await apiRequest(MIGRATION_PATHS.upload, { method: 'POST', body: { fileName: file.name, size: file.size }, schema: MigrationUploadResponse });
    await putFile({ ...target, resourceKey: target.fileKey, filePath: target.fileKey }, file, () => {});
    body = { fileName: file.name, fileKey: target.fileKey, dryRun };
  }
  return apiRequest(MIGRATION_PATHS.start(kind), { method: 'POST', body, schema: MigrationCreated });
}

export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startImport,
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

