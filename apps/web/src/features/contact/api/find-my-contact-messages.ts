import { useQuery } from '@tanstack/react-query';
import { MyContactMessageList } from '@certs/shared/contact/contact.contract';
import { apiRequest } from '../../../lib/api-client';
import { contactKeys } from './contact.keys';

/** The caller's own Contact us messages with the replies staff sent (`GET api/contactus/mine`), newest first. */
export function useMyContactMessages() {
  return useQuery({
    queryKey: contactKeys.mine(),
    queryFn: ({ signal }) => apiRequest('/api/contactus/mine', { schema: MyContactMessageList, signal }),
  });
}
