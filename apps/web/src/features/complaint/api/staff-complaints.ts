import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  ComplaintAwardActionList,
  ComplaintDetails,
  ComplaintFilters,
  ComplaintRegisterPage,
  type AssignComplaintHandlerRequest,
  type ComplaintChangeRequest,
  type ComplaintDecisionRequest,
  type ComplaintNoteRequest,
  type ComplaintStatusRequest,
  type ComplaintSubjectRequest,
} from '@certs/shared/complaint/complaint.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { complaintKeys, type ComplaintRegisterParams } from './complaint.keys';

export type ComplaintRegisterPage = z.infer<typeof ComplaintRegisterPage>;

/** The body's complaints register, one page with its filters (`GET api/complaints`). */
export function findComplaints(params: ComplaintRegisterParams, signal?: AbortSignal): Promise<ComplaintRegisterPage> {
  return apiRequest('/api/complaints', { query: { ...params, search: searchTermOrUndefined(params.search) }, schema: ComplaintRegisterPage, signal });
}

export function useComplaintRegister(params: ComplaintRegisterParams) {
  return useQuery({ queryKey: complaintKeys.register(params), queryFn: ({ signal }) => findComplaints(params, signal), placeholderData: keepPreviousData });
}

export function useComplaintFilters() {
  return useQuery({ queryKey: complaintKeys.filters, queryFn: ({ signal }) => apiRequest('/api/complaints/filters', { schema: ComplaintFilters, signal }), staleTime: 60_000 });
}

export function useComplaintDetails(id: string) {
  return useQuery({ queryKey: complaintKeys.details(id), queryFn: ({ signal }) => apiRequest(`/api/complaints/${encodeURIComponent(id)}`, { schema: ComplaintDetails, signal }) });
}

/** A certificate's actions, to link an action taken because of the complaint; asked for once a number is typed. */
export function useComplaintAwardActions(certificateNumber: string) {
  const number = certificateNumber.trim();
  return useQuery({
    queryKey: complaintKeys.awardActions(number),
    queryFn: ({ signal }) => apiRequest('/api/complaints/award-actions', { query: { certificateNumber: number }, schema: ComplaintAwardActionList, signal }),
    enabled: number.length > 0,
    retry: false,
  });
}

function useComplaintChange<Input>(id: string, action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Input) => apiRequest(`/api/complaints/${encodeURIComponent(id)}/${action}`, { method: 'POST', body, schema: ComplaintDetails }),
    onSuccess: (details) => {
      queryClient.setQueryData(complaintKeys.details(id), details);
      void queryClient.invalidateQueries({ queryKey: [...complaintKeys.all, 'register'] });
    },
  });
}

export const useAssignComplaintHandler = (id: string) => useComplaintChange<AssignComplaintHandlerRequest>(id, 'handler');
export const useSetComplaintStatus = (id: string) => useComplaintChange<ComplaintStatusRequest>(id, 'status');
export const useSetComplaintSubject = (id: string) => useComplaintChange<ComplaintSubjectRequest>(id, 'subject');
export const useAddComplaintNote = (id: string) => useComplaintChange<ComplaintNoteRequest>(id, 'entries');
export const useDecideComplaint = (id: string) => useComplaintChange<ComplaintDecisionRequest>(id, 'decide');
export const useAddComplaintChange = (id: string) => useComplaintChange<ComplaintChangeRequest>(id, 'changes');
