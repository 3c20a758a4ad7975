import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { FileLink, StaffRecord, StaffRegister, type AuthorisationRequest, type CompetenceRequest, type StaffRecordRequest, type StaffRegisterQuery } from '@certs/shared/impartiality/staff-record.contract';
import { apiRequest } from '../../../lib/api-client';
import { impartialityKeys } from './impartiality.keys';

const recordPath = (userId: string) => `/api/staffrecords/${encodeURIComponent(userId)}`;

/** The signed-in member of staff's own record. */
export function useMyStaffRecord() {
  return useQuery({ queryKey: impartialityKeys.myRecord, queryFn: ({ signal }) => apiRequest('/api/staffrecords/mine', { schema: StaffRecord, signal }) });
}

export function useStaffRecord(userId: string) {
  return useQuery({ queryKey: impartialityKeys.record(userId), queryFn: ({ signal }) => apiRequest(recordPath(userId), { schema: StaffRecord, signal }) });
}

export function useStaffRegister(params: StaffRegisterQuery) {
  return useQuery({
    queryKey: impartialityKeys.staffRegister(params),
    queryFn: ({ signal }) => apiRequest('/api/staffrecords', { query: { filter: params.filter, searchTerm: searchTermOrUndefined(params.searchTerm) }, schema: StaffRegister, signal }),
  });
}

export type StaffRecordChange =
  | { kind: 'record'; request: StaffRecordRequest }
  | { kind: 'addCompetence'; request: CompetenceRequest }
  | { kind: 'updateCompetence'; id: string; request: CompetenceRequest }
  | { kind: 'removeCompetence'; id: string }
  | { kind: 'authorisation'; request: AuthorisationRequest };

function sendChange(userId: string, change: StaffRecordChange): Promise<StaffRecord> {
  const base = recordPath(userId);
  switch (change.kind) {
    case 'record':
      return apiRequest(base, { method: 'PUT', body: change.request, schema: StaffRecord });
    case 'addCompetence':
      return apiRequest(`${base}/competences`, { method: 'POST', body: change.request, schema: StaffRecord });
    case 'updateCompetence':
      return apiRequest(`${base}/competences/${encodeURIComponent(change.id)}`, { method: 'PUT', body: change.request, schema: StaffRecord });
    case 'removeCompetence':
      return apiRequest(`${base}/competences/${encodeURIComponent(change.id)}`, { method: 'DELETE', schema: StaffRecord });
    case 'authorisation':
      return apiRequest(`${base}/authorisations`, { method: 'PUT', body: change.request, schema: StaffRecord });
  }
}

/** Every change to a staff record answers with the record as it now stands. */
export function useChangeStaffRecord(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StaffRecordChange) => sendChange(userId, change),
    onSuccess: (record) => {
      queryClient.setQueryData(impartialityKeys.record(userId), record);
      void queryClient.invalidateQueries({ queryKey: ['impartiality', 'records', 'register'] });
      void queryClient.invalidateQueries({ queryKey: impartialityKeys.myRecord });
    },
  });
}

/**
 * Opens a qualification's file in a new tab: the tab opens at once (while the click still counts
 * as the user's, for pop-up blockers) and goes to the short-lived link when it arrives.
 */
export async function openCompetenceFile(userId: string, competenceId: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await apiRequest(`${recordPath(userId)}/competences/${encodeURIComponent(competenceId)}/file`, { schema: FileLink });
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
