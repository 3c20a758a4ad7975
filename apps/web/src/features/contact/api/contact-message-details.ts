import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ContactMessageDetails, type ContactReplyRequest } from '@certs/shared/contact/contact.contract';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact.keys';

/** One message with the replies staff sent (Contact Us). */
export function useContactMessage(id: string | null) {
  return useQuery({
    queryKey: contactKeys.details(id ?? ''),
    queryFn: ({ signal }) => apiRequest(`/api/contactus/${id}`, { schema: ContactMessageDetails, signal }),
    enabled: !!id,
  });
}

function useContactChange<Input>(path: (id: string) => string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Input) => apiRequest(path(id), { method: 'POST', body, schema: ContactMessageDetails }),
    onSuccess: (details) => {
      client.setQueryData(contactKeys.details(id), details);
      void client.invalidateQueries({ queryKey: [...contactKeys.all, 'list'] });
    },
  });
}

/** Reply by mail from the platform; the reply is kept with the message. */
export function useReplyToContactMessage(id: string) {
  return useContactChange<ContactReplyRequest>((messageId) => `/api/contactus/${messageId}/reply`, id);
}

export function useMarkContactMessageHandled(id: string) {
  return useContactChange<{ isHandled: boolean }>((messageId) => `/api/contactus/${messageId}/handled`, id);
}
