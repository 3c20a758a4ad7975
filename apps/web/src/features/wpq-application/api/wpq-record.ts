import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WpqRecord,
  WpqScheduleChoices,
  type WpqDetailsRequest,
  type WpqExaminerSubmitRequest,
  type WpqRecordSaveRequest,
  type WpqResultSubmitRequest,
  type WpqScheduleRequest,
} from '@certs/shared/wpq/wpq-record.contract';
import { apiRequest } from '../../../lib/api-client';

/** The welder qualification record's calls (`api/wpq`, decision 025). */
const BASE = '/api/wpq';
const part = (value: string) => encodeURIComponent(value);

export const wpqRecordKeys = {
  all: ['wpq-record'] as const,
  byApplication: (applicationId: string) => [...wpqRecordKeys.all, 'application', applicationId] as const,
  byId: (id: string) => [...wpqRecordKeys.all, 'record', id] as const,
  choices: (id: string) => [...wpqRecordKeys.all, 'choices', id] as const,
};

/** The application's record (a blank one until saved). */
export function useWpqRecordOfApplication(applicationId: string) {
  return useQuery({
    queryKey: wpqRecordKeys.byApplication(applicationId),
    queryFn: ({ signal }) => apiRequest(`${BASE}/populate/${part(applicationId)}`, { schema: WpqRecord, signal }),
    enabled: !!applicationId,
    retry: false,
  });
}

export function useWpqRecord(id: string) {
  return useQuery({
    queryKey: wpqRecordKeys.byId(id),
    queryFn: ({ signal }) => apiRequest(`${BASE}/preview/${part(id)}`, { schema: WpqRecord, signal }),
    enabled: !!id,
    retry: false,
  });
}

export function useWpqScheduleChoices(id: string, enabled: boolean) {
  return useQuery({
    queryKey: wpqRecordKeys.choices(id),
    queryFn: ({ signal }) => apiRequest(`${BASE}/${part(id)}/schedule/choices`, { schema: WpqScheduleChoices, signal }),
    enabled: enabled && !!id,
  });
}

/** Every write answers the whole record: it replaces what the page shows, and the application's own views are asked again. */
function useRecordMutation<T>(call: (input: T) => Promise<WpqRecord>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (record) => {
      queryClient.setQueryData(wpqRecordKeys.byApplication(record.applicationId), record);
      if (record.id) queryClient.setQueryData(wpqRecordKeys.byId(record.id), record);
      void queryClient.invalidateQueries();
    },
  });
}

export function useSaveWpqRecord() {
  return useRecordMutation((body: WpqRecordSaveRequest) => apiRequest(BASE, { method: 'POST', body, schema: WpqRecord }));
}

export function useSubmitWpqRecord() {
  return useRecordMutation((body: WpqRecordSaveRequest) => apiRequest(`${BASE}/submit`, { method: 'POST', body, schema: WpqRecord }));
}

export function useScheduleWpqTest(id: string) {
  return useRecordMutation((body: WpqScheduleRequest) => apiRequest(`${BASE}/${part(id)}/schedule`, { method: 'POST', body, schema: WpqRecord }));
}

export function useSaveWpqTests(id: string) {
  return useRecordMutation((body: WpqDetailsRequest) => apiRequest(`${BASE}/${part(id)}/details`, { method: 'POST', body, schema: WpqRecord }));
}

export function useSubmitWpqTest(id: string) {
  return useRecordMutation((body: WpqExaminerSubmitRequest) => apiRequest(`${BASE}/${part(id)}/examiner/submit`, { method: 'POST', body, schema: WpqRecord }));
}

export function useSubmitWpqOutcome(id: string) {
  return useRecordMutation((body: WpqResultSubmitRequest) => apiRequest(`${BASE}/${part(id)}/result/submit`, { method: 'POST', body, schema: WpqRecord }));
}
