import { useMutation, useQuery } from '@tanstack/react-query';
import { ConfirmationDone, ConfirmationLinkView, type LinkConfirmationRequest } from '@certs/shared/wpq/wpq-validity.contract';
import { apiRequest } from '../../../lib/api-client';

/** The employer's link (no account): what it is for, and the confirmation itself. */
export function useConfirmationLink(token: string) {
  return useQuery({
    queryKey: ['wpq-confirmation', token],
    queryFn: ({ signal }) => apiRequest(`/unauth/wpqconfirmation/${encodeURIComponent(token)}`, { schema: ConfirmationLinkView, signal }),
    retry: false,
  });
}

export function useConfirmByLink(token: string) {
  return useMutation({ mutationFn: (request: LinkConfirmationRequest) => apiRequest(`/unauth/wpqconfirmation/${encodeURIComponent(token)}`, { method: 'POST', body: request, schema: ConfirmationDone }) });
}
