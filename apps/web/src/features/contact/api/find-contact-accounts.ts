import { useQuery } from '@tanstack/react-query';
import { ContactAccountList } from '@certs/shared/contact/contact.contract';
import { apiRequest } from '../../../lib/api-client';

/** The awarding bodies a message may be sent to (`GET api/contactus/accounts`), the first account first. */
export function useContactAccounts() {
  return useQuery({
    queryKey: ['contact-accounts'],
    queryFn: ({ signal }) => apiRequest('/api/contactus/accounts', { schema: ContactAccountList, signal }),
    // Accounts are added rarely: one read per visit is enough.
    staleTime: 5 * 60_000,
  });
}
