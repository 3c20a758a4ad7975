import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CERTIFICATE_CHECK_PATHS, CertificateCheck, CertificateCheckSummary } from '@certs/shared/certificate-check/certificate-check.contract';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/** Query keys of the company's certificate checks (issue 42), under the portal's own ('employer'). */
export const certificateCheckKeys = {
  all: ['employer', 'certificate-checks'] as const,
  one: (id: string) => ['employer', 'certificate-checks', id] as const,
};

/** Checks the numbers; the answer is the check with each number's result, and it joins the past checks. */
export function useCheckCertificates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (numbers: string[]) => apiRequest(CERTIFICATE_CHECK_PATHS.checks, { method: 'POST', body: { numbers }, schema: CertificateCheck }),
    onSuccess: (check) => {
      queryClient.setQueryData(certificateCheckKeys.one(check.id), check);
      return queryClient.invalidateQueries({ queryKey: certificateCheckKeys.all, exact: true });
    },
  });
}

/** The company's last 50 checks, newest first. */
export function usePastChecks() {
  return useQuery({ queryKey: certificateCheckKeys.all, queryFn: ({ signal }) => apiRequest(CERTIFICATE_CHECK_PATHS.checks, { schema: z.array(CertificateCheckSummary), signal }) });
}

/** One past check, as it answered then. */
export function useCertificateCheck(id: string | null) {
  return useQuery({
    queryKey: certificateCheckKeys.one(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => apiRequest(CERTIFICATE_CHECK_PATHS.check(id!), { schema: CertificateCheck, signal }),
  });
}

/** The check as the server's CSV, saved under the server's file name. */
export function downloadCheckCsv(id: string): Promise<void> {
  return downloadFile(CERTIFICATE_CHECK_PATHS.csv(id), 'certificate-check.csv');
}
