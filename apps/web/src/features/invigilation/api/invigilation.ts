import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ActionResponse,
  CandidateNotices,
  ChunkLink,
  IrregularityReport,
  IrregularityReportList,
  MySittings,
  SittingConsole,
  SittingReview,
  SnapshotLink,
  type AddTimeRequest,
  type DecisionRequest,
  type FlagRequest,
  type IrregularityReportRequest,
  type MessageRequest,
} from '@certs/shared/invigilation/invigilation.contract';
import { apiRequest } from '../../../lib/api-client';

/** Invigilation (issue 19, decision 029): every call of the console, the actions, the review and the candidate's check-in. */
const base = '/api/invigilation';
const id = encodeURIComponent;

export const invigilationKeys = {
  all: ['invigilation'] as const,
  mySittings: () => [...invigilationKeys.all, 'mine'] as const,
  console: (sittingId: string) => [...invigilationKeys.all, 'console', sittingId] as const,
  snapshot: (sittingId: string, moduleId: string) => [...invigilationKeys.all, 'snapshot', sittingId, moduleId] as const,
  review: (examInstanceId: string) => [...invigilationKeys.all, 'review', examInstanceId] as const,
  reports: (applicationId: string) => [...invigilationKeys.all, 'reports', applicationId] as const,
};

export function useMySittings() {
  return useQuery({ queryKey: invigilationKeys.mySittings(), queryFn: ({ signal }) => apiRequest(`${base}/mysittings`, { schema: MySittings, signal }) });
}

/** The console's picture by a plain request: it also renews the session before the stream opens with its token. */
export function fetchConsole(sittingId: string, signal?: AbortSignal): Promise<SittingConsole> {
  return apiRequest(`${base}/sittings/${id(sittingId)}`, { schema: SittingConsole, signal });
}

export const SNAPSHOT_REFRESH_MS = 30_000;

/** The latest camera snapshot of one candidate, asked again about every 30 s. */
export function useSnapshot(sittingId: string, applicationModuleId: string, enabled: boolean) {
  return useQuery({
    queryKey: invigilationKeys.snapshot(sittingId, applicationModuleId),
    queryFn: ({ signal }) => apiRequest(`${base}/sittings/${id(sittingId)}/candidates/${id(applicationModuleId)}/snapshot`, { schema: SnapshotLink, signal }),
    enabled,
    refetchInterval: SNAPSHOT_REFRESH_MS,
    retry: false,
  });
}

export type CandidateAction =
  | { kind: 'message'; body: MessageRequest }
  | { kind: 'extratime'; body: AddTimeRequest }
  | { kind: 'pause' | 'resume' | 'end'; body: { reason: string } }
  | { kind: 'reports'; body: IrregularityReportRequest };

export function useCandidateAction(applicationModuleId: string) {
  return useMutation({
    mutationFn: (action: CandidateAction) =>
      action.kind === 'reports'
        ? apiRequest(`${base}/candidates/${id(applicationModuleId)}/reports`, { method: 'POST', body: action.body, schema: IrregularityReport }).then(() => null)
        : apiRequest(`${base}/candidates/${id(applicationModuleId)}/${action.kind}`, { method: 'POST', body: action.body, schema: ActionResponse }),
  });
}

export function useApplicationReports(applicationId: string) {
  return useQuery({
    queryKey: invigilationKeys.reports(applicationId),
    queryFn: ({ signal }) => apiRequest(`${base}/applications/${id(applicationId)}/reports`, { schema: IrregularityReportList, signal }),
    retry: false,
  });
}

export function useSittingReview(examInstanceId: string) {
  return useQuery({ queryKey: invigilationKeys.review(examInstanceId), queryFn: ({ signal }) => apiRequest(`${base}/review/${id(examInstanceId)}`, { schema: SittingReview, signal }) });
}

export function fetchChunkLink(examInstanceId: string, chunk: { stream: string; segment: number; sequence: number }): Promise<ChunkLink> {
  return apiRequest(`${base}/review/${id(examInstanceId)}/chunk/${id(chunk.stream)}/${chunk.segment}/${chunk.sequence}`, { schema: ChunkLink });
}

type ReviewChange = { kind: 'flags'; body: FlagRequest } | { kind: 'decision'; body: DecisionRequest } | { kind: 'hold' | 'hold/release'; body: { reason: string } };

export function useReviewChange(examInstanceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewChange) => apiRequest(`${base}/review/${id(examInstanceId)}/${change.kind}`, { method: 'POST', body: change.body, schema: SittingReview }),
    onSuccess: (review) => client.setQueryData(invigilationKeys.review(examInstanceId), review),
  });
}

/** The candidate's exam page checks in (heartbeat, pause, messages). */
export function checkIn(examInstanceId: string): Promise<CandidateNotices> {
  return apiRequest(`${base}/mine/${id(examInstanceId)}/checkin`, { method: 'POST', schema: CandidateNotices, timeoutMs: 8_000 });
}
