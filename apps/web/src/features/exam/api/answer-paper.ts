import { useQuery } from '@tanstack/react-query';
import { PresignUploadResponse } from '@certs/shared/attachment/attachment.contract';
import { AnswerPaperPage, AnswerPaperQrResponse } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { apiRequest } from '../../../lib/api-client';
import { putFile } from '../../../lib/upload';
import { INSTANCE_PATHS, examKeys } from './exam.keys';

/** "QR code generate": a phone link, valid until the exam ends, to upload pages for one question. */
export function findAnswerPaperQr(examType: ExamType, examInstanceId: string, questionInstanceId: string, signal?: AbortSignal): Promise<AnswerPaperQrResponse> {
  return apiRequest(`/api/${INSTANCE_PATHS[examType]}/${encodeURIComponent(examInstanceId)}/qrcode/${encodeURIComponent(questionInstanceId)}`, {
    schema: AnswerPaperQrResponse,
    signal,
  });
}

export function useAnswerPaperQr(examType: ExamType, examInstanceId: string, questionInstanceId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: examKeys.qrCode(examType, examInstanceId, questionInstanceId),
    queryFn: ({ signal }) => findAnswerPaperQr(examType, examInstanceId, questionInstanceId, signal),
    enabled: isEnabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The phone's page (`unauth/dependent_data/uploadanswerpaper`): the question and the pages uploaded so far. */
export function findAnswerPaperPage(token: string, signal?: AbortSignal): Promise<AnswerPaperPage> {
  return apiRequest('/unauth/dependent_data/uploadanswerpaper', { query: { token }, schema: AnswerPaperPage, signal });
}

export function useAnswerPaperPage(token: string) {
  return useQuery({ queryKey: examKeys.answerPaper(token), queryFn: ({ signal }) => findAnswerPaperPage(token, signal), retry: false });
}

/**
 * One photo of the working, without signing in: an upload URL asked with the QR token, the PUT
 * with progress (the shared upload helper), then `unauth/update/answerpaper` attaches it to the
 * token's question only. Answers the page with the new list.
 */
export async function uploadAnswerPaper(token: string, file: File, onProgress: (percent: number) => void): Promise<AnswerPaperPage> {
  onProgress(0);
  const target = await apiRequest('/unauth/answerpaper/presigned-upload', {
    method: 'POST',
    body: { token, fileName: file.name || 'answer-page.jpg', contentType: file.type, size: file.size },
    schema: PresignUploadResponse,
  });
  const uploaded = await putFile(target, file, onProgress);
  return apiRequest('/unauth/update/answerpaper', { method: 'POST', body: { token, resourceKey: uploaded.resourceKey }, schema: AnswerPaperPage });
}
