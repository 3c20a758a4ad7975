import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BULK_IMPORT_PATHS, BulkImport, BulkImportPage, BulkImportPreview, type BulkImportRequest } from '@certs/shared/bulk-import/bulk-import.contract';
import { apiRequest } from '../../../lib/api-client';

const keys = { all: ['bulk-imports'] as const };

export function usePreviewImport() {
  return useMutation({ mutationFn: (body: BulkImportRequest) => apiRequest(BULK_IMPORT_PATHS.preview, { method: 'POST', body, schema: BulkImportPreview }) });
}

export function useAddImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkImportRequest) => apiRequest(BULK_IMPORT_PATHS.add, { method: 'POST', body, schema: BulkImport }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** One import, asked again every second while it is queued or running (its progress). */
export function useImport(id: string | null) {
  return useQuery({
    queryKey: [...keys.all, 'one', id],
    queryFn: ({ signal }) => apiRequest(BULK_IMPORT_PATHS.one(id!), { schema: BulkImport, signal }),
    enabled: !!id,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'Completed' || query.state.data.status === 'Failed') ? false : 1000),
  });
}

/** Past imports of the programs the caller may read, newest first. */
export function findImports(page: number, pageSize: number, signal?: AbortSignal) {
  return apiRequest(BULK_IMPORT_PATHS.lists, { query: { page, pageSize }, schema: BulkImportPage, signal });
}

export function useImports(page: number, pageSize: number) {
  return useQuery({ queryKey: [...keys.all, 'list', page, pageSize], queryFn: ({ signal }) => findImports(page, pageSize, signal), placeholderData: keepPreviousData });
}
