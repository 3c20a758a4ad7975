import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileNote, FileNoteList, type FileNoteRequest } from '@certs/shared/application/application-stage.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationWorkflowKeys } from './application-workflow.keys';

/** Staff-only notes on an application's file, newest first. */
export function findFileNotes(type: ApplicationTypePath, id: string, signal?: AbortSignal): Promise<FileNote[]> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}/filenotes`, { schema: FileNoteList, signal });
}

export function useFileNotes(type: ApplicationTypePath, id: string) {
  return useQuery({ queryKey: applicationWorkflowKeys.fileNotes(type, id), queryFn: ({ signal }) => findFileNotes(type, id, signal) });
}

export function addFileNote(type: ApplicationTypePath, id: string, request: FileNoteRequest): Promise<FileNote> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}/filenotes`, { method: 'POST', body: request, schema: FileNote });
}

export function useAddFileNote(type: ApplicationTypePath, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: FileNoteRequest) => addFileNote(type, id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.fileNotes(type, id) }),
  });
}
