import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ComplaintLodged, ComplaintPersonView, ComplaintSummaryList, type ComplaintRequest } from '@certs/shared/complaint/complaint.contract';
import { apiRequest } from '../../../lib/api-client';
import { complaintKeys, type ComplainantArea } from './complaint.keys';

/** A signed-in complainant's complaints: the applicant's own, or the company's (`api/complaints/{area}`). */
export function useMyComplaints(area: ComplainantArea) {
  return useQuery({ queryKey: complaintKeys.mine(area), queryFn: ({ signal }) => apiRequest(`/api/complaints/${area}`, { schema: ComplaintSummaryList, signal }) });
}

export function useMyComplaint(area: ComplainantArea, id: string) {
  return useQuery({
    queryKey: complaintKeys.mineOne(area, id),
    queryFn: ({ signal }) => apiRequest(`/api/complaints/${area}/${encodeURIComponent(id)}`, { schema: ComplaintPersonView, signal }),
  });
}

export function useLodgeComplaint(area: ComplainantArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ComplaintRequest) => apiRequest(`/api/complaints/${area}`, { method: 'POST', body: request, schema: ComplaintLodged }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: complaintKeys.mine(area) }),
  });
}
