import { useMutation, useQuery } from '@tanstack/react-query';
import { ComplaintBodyList, ComplaintLodged, ComplaintPersonView, type ComplaintLookupRequest, type PublicComplaintRequest } from '@certs/shared/complaint/complaint.contract';
import { apiRequest } from '../../../lib/api-client';
import { complaintKeys } from './complaint.keys';

/** The bodies a complaint may go to, each with its published programs (`GET unauth/complaints/bodies`), no sign-in. */
export function useComplaintBodies() {
  return useQuery({
    queryKey: complaintKeys.bodies,
    queryFn: ({ signal }) => apiRequest('/unauth/complaints/bodies', { schema: ComplaintBodyList, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The public form: a name and an email besides the complaint; the reference comes back and is mailed. */
export function useLodgePublicComplaint() {
  return useMutation({ mutationFn: (request: PublicComplaintRequest) => apiRequest('/unauth/complaints', { method: 'POST', body: request, schema: ComplaintLodged }) });
}

/** A complaint by its reference and the email it was lodged with (a POST: the email goes in no URL). */
export function useLookupComplaint() {
  return useMutation({ mutationFn: (request: ComplaintLookupRequest) => apiRequest('/unauth/complaints/lookup', { method: 'POST', body: request, schema: ComplaintPersonView }) });
}
