import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LibraryDocument,
  LibraryDocumentDownload,
  LibraryDocumentPage,
  type LibraryDocumentRequest,
  type LibraryDocumentType,
  type ReviseLibraryDocumentRequest,
} from '@certs/shared/library-document/library-document.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';

export const libraryDocumentKeys = {
  all: ['library-documents'] as const,
  list: (params: object) => [...libraryDocumentKeys.all, 'list', params] as const,
  one: (id: string) => [...libraryDocumentKeys.all, 'one', id] as const,
};

export interface LibraryListParams {
  page: number;
  pageSize: number;
  searchTerm?: string;
  documentType?: LibraryDocumentType;
  includeRetired?: boolean;
}

function listQueryOf(params: LibraryListParams) {
  return { currentPage: params.page, perPageCount: params.pageSize, searchTerm: searchTermOrUndefined(params.searchTerm), documentType: params.documentType, includeRetired: params.includeRetired ? 'true' : undefined };
}

/** The documents the caller may read (all of them for Libraries staff); the server applies the access flags. */
export function findLibraryDocuments(params: LibraryListParams, signal?: AbortSignal) {
  return apiRequest('/api/librarydocument/pagination', { query: listQueryOf(params), schema: LibraryDocumentPage, signal });
}

export function useLibraryDocuments(params: LibraryListParams) {
  return useQuery({
    queryKey: libraryDocumentKeys.list(listQueryOf(params)),
    queryFn: ({ signal }) => findLibraryDocuments(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLibraryDocument(id: string | null) {
  return useQuery({
    queryKey: libraryDocumentKeys.one(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`/api/librarydocument/${id}`, { schema: LibraryDocument, signal }),
    enabled: !!id,
  });
}

/** Opens the document's file in a new tab through a short-lived link (refused by the server when the flags do not allow it). */
export async function openLibraryDocument(id: string, revisionId?: string): Promise<void> {
  const path = revisionId ? `/api/librarydocument/${id}/revision/${revisionId}/download` : `/api/librarydocument/${id}/download`;
  const { url } = await apiRequest(path, { schema: LibraryDocumentDownload });
  window.open(url, '_blank', 'noopener');
}

export type LibraryChange =
  | { kind: 'create'; body: LibraryDocumentRequest }
  | { kind: 'update'; id: string; body: LibraryDocumentRequest }
  | { kind: 'revise'; id: string; body: ReviseLibraryDocumentRequest }
  | { kind: 'retire'; id: string };

export function useChangeLibraryDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: LibraryChange) => {
      switch (change.kind) {
        case 'create':
          return apiRequest('/api/librarydocument', { method: 'POST', body: change.body, schema: LibraryDocument });
        case 'update':
          return apiRequest(`/api/librarydocument/update/${change.id}`, { method: 'POST', body: change.body, schema: LibraryDocument });
        case 'revise':
          return apiRequest(`/api/librarydocument/${change.id}/revise`, { method: 'POST', body: change.body, schema: LibraryDocument });
        case 'retire':
          return apiRequest(`/api/librarydocument/${change.id}/retire`, { method: 'POST', schema: LibraryDocument });
      }
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: libraryDocumentKeys.all }),
  });
}
