import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AssignableProgramList,
  CertificateTemplate,
  CertificateTemplateList,
  GenerateCertificatesResponse,
  type CertificateTemplatePreviewRequest,
  type CertificateTemplateRequest,
  type GenerateCertificatesRequest,
} from '@certs/shared/certificate/certificate-template.contract';
import { GENERIC_ERROR_MESSAGE, readErrorMessage } from '@certs/shared/common/api-error';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth';

export const certificateKeys = {
  all: ['certificate-templates'] as const,
  list: () => [...certificateKeys.all, 'list'] as const,
  one: (id: string) => [...certificateKeys.all, 'one', id] as const,
  programs: () => [...certificateKeys.all, 'programs'] as const,
};

export function useCertificateTemplates() {
  return useQuery({ queryKey: certificateKeys.list(), queryFn: ({ signal }) => apiRequest('/api/certificatetemplate', { schema: CertificateTemplateList, signal }) });
}

export function useCertificateTemplate(id: string | null) {
  return useQuery({
    queryKey: certificateKeys.one(id ?? 'new'),
    queryFn: ({ signal }) => apiRequest(`/api/certificatetemplate/${encodeURIComponent(id ?? '')}`, { schema: CertificateTemplate, signal }),
    enabled: !!id,
  });
}

/** Programs the signed-in staff member may assign a template to. */
export function useAssignablePrograms() {
  return useQuery({ queryKey: certificateKeys.programs(), queryFn: ({ signal }) => apiRequest('/api/certificatetemplate/programs', { schema: AssignableProgramList, signal }) });
}

export function useSaveCertificateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: CertificateTemplateRequest }) =>
      id
        ? apiRequest(`/api/certificatetemplate/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: CertificateTemplate })
        : apiRequest('/api/certificatetemplate', { method: 'POST', body: request, schema: CertificateTemplate }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

export function useAssignTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programId, templateId }: { programId: string; templateId: string }) =>
      apiRequest(`/api/certificatetemplate/program/${encodeURIComponent(programId)}/template`, { method: 'PUT', body: { templateId }, schema: CertificateTemplate }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

/** One batch of bulk generation; the caller loops with `after` = the previous `next`. */
export function generateCertificates(request: GenerateCertificatesRequest, signal?: AbortSignal) {
  return apiRequest('/api/certificatetemplate/generate', { method: 'POST', body: request, schema: GenerateCertificatesResponse, signal });
}

function postWithToken(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const token = getSession()?.jwt;
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/pdf', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
}

/**
 * The designer's preview: the server draws the draft with sample values and answers a PDF. A 401
 * renews the token through the API client's refresh (a small call), then tries once more.
 */
export async function fetchPreviewPdf(request: CertificateTemplatePreviewRequest, signal?: AbortSignal): Promise<ArrayBuffer> {
  let response = await postWithToken('/api/certificatetemplate/preview', request, signal);
  if (response.status === 401) {
    await apiRequest('/api/users/me', { signal });
    response = await postWithToken('/api/certificatetemplate/preview', request, signal);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    let fieldErrors: Record<string, string> = {};
    try {
      fieldErrors = (JSON.parse(text) as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
    } catch {
      // Not JSON: the message alone.
    }
    throw new ApiError(response.status, readErrorMessage(text) || GENERIC_ERROR_MESSAGE, fieldErrors);
  }
  return response.arrayBuffer();
}
