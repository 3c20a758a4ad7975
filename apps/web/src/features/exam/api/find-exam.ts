import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CandidateExam, type ExamSessionResponse, type LaunchedExam } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { getSession } from '../../../lib/auth';
import { readExamCopy, saveExamCopy } from '../model/exam-copy';
import { removeStoredExam } from '../model/exam-progress';
import { INSTANCE_PATHS, examKeys } from './exam.keys';
import { serverClock } from './server-time';

/** The candidate's sitting with its questions and the server's timer, without correct answers. */
export function findExam(examType: ExamType, id: string, signal?: AbortSignal, timeoutMs?: number): Promise<CandidateExam> {
  return apiRequest(`/api/${INSTANCE_PATHS[examType]}/${encodeURIComponent(id)}`, { schema: CandidateExam, signal, ...(timeoutMs ? { timeoutMs } : {}) });
}

/**
 * Where the sitting on screen came from: the server, or (when the server cannot be reached, e.g.
 * a reload while offline) the copy this browser kept of what the server sent it last.
 */
export type LoadedExam = { source: 'server'; exam: CandidateExam; launchClaim?: LaunchClaim } | { source: 'device'; exam: CandidateExam; clockOffsetMs: number };

/**
 * The sitting held for this page's session by its launch (`LaunchedExam.session`), with when the
 * launch was sent and answered (the server clock's sample): the exam screen opened next needs no
 * claim of its own before the first question (issue 22).
 */
export interface LaunchClaim {
  session: ExamSessionResponse;
  sentAt: number;
  receivedAt: number;
}

/** A sitting as the server just sent it, kept on the device for an offline reload. */
function keptFromServer(exam: CandidateExam, storage: Storage): LoadedExam {
  const userId = getSession()?.user.id;
  if (userId) saveExamCopy(storage, userId, exam, serverClock.getOffset());
  // Over (submitted or timed out elsewhere): nothing kept in this browser can be sent any more.
  if (exam.status !== 'InProgress') removeStoredExam(storage, exam.id);
  return { source: 'server', exam };
}

/** The server's sitting, kept on the device for an offline reload; the device's copy only when the server cannot be reached. */
export async function loadExam(examType: ExamType, id: string, storage: Storage, signal?: AbortSignal): Promise<LoadedExam> {
  const userId = getSession()?.user.id;
  try {
    return keptFromServer(await findExam(examType, id, signal), storage);
  } catch (error) {
    // A refusal (403, 404, ...) is the server's word; only no answer at all falls back to the copy.
    const copy = userId && error instanceof ApiError && error.status === 0 ? readExamCopy(storage, userId, examType, id) : null;
    if (!copy) throw error;
    return { source: 'device', exam: copy.exam, clockOffsetMs: copy.clockOffsetMs };
  }
}

/**
 * A launch answers with the sitting itself (the same body as its read): the exam screen opened next
 * starts from it instead of reading it again, one round trip fewer before the first question, and
 * from the launch's hold on it when the launch had one (issue 22). The cache keeps it for this
 * visit of the screen only (`useExam`'s gcTime 0), so a later visit reads and claims afresh.
 */
export function keepLaunchedExam(queryClient: QueryClient, launched: LaunchedExam, timing: { sentAt: number; receivedAt: number }, storage: Storage = window.localStorage): void {
  const { session, ...exam } = launched;
  const loaded = keptFromServer(exam, storage);
  queryClient.setQueryData(examKeys.sitting(exam.examType, exam.id), session ? { ...loaded, launchClaim: { session, ...timing } } : loaded);
}

/** Read once per visit of the screen: the sitting's state lives in the exam controller from then on. */
export function useExam(examType: ExamType, id: string) {
  return useQuery({
    queryKey: examKeys.sitting(examType, id),
    queryFn: ({ signal }) => loadExam(examType, id, window.localStorage, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
    // Offline, the query must run (and fall back to the device's copy) rather than wait for the network.
    networkMode: 'always',
  });
}
