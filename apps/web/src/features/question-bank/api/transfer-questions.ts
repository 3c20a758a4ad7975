import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExportFile, ImportPreview, ImportResult, type ExportRequest, type ImportRequest } from '@certs/shared/question-bank/question-transfer.contract';
import { apiRequest } from '../../../lib/api-client';
import { questionBankKeys } from './question-bank.keys';

export function previewImport(request: ImportRequest): Promise<ImportPreview> {
  return apiRequest('/api/question/import/preview', { method: 'POST', body: request, schema: ImportPreview });
}

export function importQuestions(request: ImportRequest): Promise<ImportResult> {
  return apiRequest('/api/question/import', { method: 'POST', body: request, schema: ImportResult });
}

export function exportQuestions(request: ExportRequest): Promise<ExportFile> {
  return apiRequest('/api/question/export', { method: 'POST', body: request, schema: ExportFile });
}

export function findImportTemplate(): Promise<ExportFile> {
  return apiRequest('/api/question/import/template', { schema: ExportFile });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}

export function useImportQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importQuestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: questionBankKeys.all }),
  });
}

export function useExportQuestions() {
  return useMutation({ mutationFn: exportQuestions });
}

export function useImportTemplate() {
  return useMutation({ mutationFn: findImportTemplate });
}

/** Hands a file from the server to the browser to save. */
export function saveFile(file: ExportFile): void {
  const blob = new Blob([file.content], { type: `${file.contentType};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers save nothing.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
