import { useQuery } from '@tanstack/react-query';
import { PUBLIC_REGISTER_PATHS, PublicCertificate } from '@certs/shared/public-register/public-register.contract';
import { apiRequest, httpStatusOf } from '../../../lib/api-client';
import { publicRegisterKeys } from './public-register.keys';

/** A certificate's status now (`GET unauth/verify/{certificateNumber}`), no sign-in. */
export function verifyCertificate(certificateNumber: string, signal?: AbortSignal): Promise<PublicCertificate> {
  return apiRequest(PUBLIC_REGISTER_PATHS.verify(certificateNumber), { schema: PublicCertificate, signal });
}

export function useCertificateVerification(certificateNumber: string) {
  return useQuery({
    queryKey: publicRegisterKeys.verification(certificateNumber),
    queryFn: ({ signal }) => verifyCertificate(certificateNumber, signal),
    enabled: certificateNumber.trim() !== '',
    // An unknown number or a spent budget gives the same answer again at once.
    retry: (failures, error) => ![400, 404, 429].includes(httpStatusOf(error)) && failures < 2,
  });
}
