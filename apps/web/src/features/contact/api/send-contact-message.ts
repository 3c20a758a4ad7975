import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AcceptedResponse } from '@certs/shared/auth/registration.contract';
import type { ContactMessageRequest } from '@certs/shared/contact/contact.contract';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact.keys';

export function sendContactMessage(request: ContactMessageRequest) {
  return apiRequest('/api/contactus', { method: 'POST', body: request, schema: AcceptedResponse });
}

export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendContactMessage, onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }) });
}
