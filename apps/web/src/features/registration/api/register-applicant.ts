import { useMutation } from '@tanstack/react-query';
import { AcceptedResponse, type RegisterApplicantRequest } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';

/** The same answer whether or not the email is taken: a stranger learns nothing from it. */
export function registerApplicant(request: RegisterApplicantRequest) {
  return apiRequest('/unauth/applicantregistration', { method: 'POST', body: request, schema: AcceptedResponse });
}

export function useRegisterApplicant() {
  return useMutation({ mutationFn: registerApplicant });
}
