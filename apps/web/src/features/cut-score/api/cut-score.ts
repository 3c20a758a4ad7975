import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdoptCutScoreResponse,
  CutScoreOverview,
  CutScoreStudy,
  type CreateCutScoreStudyRequest,
  type CutScoreJudgeRequest,
  type SaveCutScoreRatingsRequest,
  type UpdateCutScoreStudyRequest,
} from '@certs/shared/cut-score/cut-score.contract';
import { apiRequest } from '../../../lib/api-client';

const BASE = '/api/examquality/cutscores';

/** Everything of one test's cut scores sits under `test(id)`: a change to a study refreshes the list of versions. */
export const cutScoreKeys = {
  all: ['cut-scores'] as const,
  test: (testId: string) => [...cutScoreKeys.all, 'test', testId] as const,
  overview: (testId: string) => [...cutScoreKeys.test(testId), 'overview'] as const,
  study: (testId: string, studyId: string) => [...cutScoreKeys.test(testId), 'study', studyId] as const,
};

export function useCutScoreOverview(testId: string) {
  return useQuery({
    queryKey: cutScoreKeys.overview(testId),
    queryFn: ({ signal }) => apiRequest(`${BASE}/tests/${encodeURIComponent(testId)}`, { schema: CutScoreOverview, signal }),
    enabled: !!testId,
  });
}

export function useCutScoreStudy(testId: string, studyId: string | null) {
  return useQuery({
    queryKey: cutScoreKeys.study(testId, studyId ?? ''),
    queryFn: ({ signal }) => apiRequest(`${BASE}/studies/${encodeURIComponent(studyId ?? '')}`, { schema: CutScoreStudy, signal }),
    enabled: !!studyId,
    staleTime: 0,
  });
}

/** Every edit answers the study as it now stands: it replaces the cached one, and the versions list refreshes. */
function useStudyEdit<V>(testId: string, request: (variables: V) => Promise<CutScoreStudy>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (study) => {
      queryClient.setQueryData(cutScoreKeys.study(testId, study.id), study);
      return queryClient.invalidateQueries({ queryKey: cutScoreKeys.overview(testId) });
    },
  });
}

export function useCreateCutScoreStudy(testId: string) {
  return useStudyEdit(testId, (request: CreateCutScoreStudyRequest) =>
    apiRequest(`${BASE}/tests/${encodeURIComponent(testId)}/studies`, { method: 'POST', body: request, schema: CutScoreStudy }),
  );
}

export function useUpdateCutScoreStudy(testId: string, studyId: string) {
  return useStudyEdit(testId, (request: UpdateCutScoreStudyRequest) => apiRequest(`${BASE}/studies/${encodeURIComponent(studyId)}`, { method: 'PUT', body: request, schema: CutScoreStudy }));
}

export function useAddCutScoreJudge(testId: string, studyId: string) {
  return useStudyEdit(testId, (request: CutScoreJudgeRequest) => apiRequest(`${BASE}/studies/${encodeURIComponent(studyId)}/judges`, { method: 'POST', body: request, schema: CutScoreStudy }));
}

export function useRemoveCutScoreJudge(testId: string, studyId: string) {
  return useStudyEdit(testId, (judgeId: string) =>
    apiRequest(`${BASE}/studies/${encodeURIComponent(studyId)}/judges/${encodeURIComponent(judgeId)}`, { method: 'DELETE', schema: CutScoreStudy }),
  );
}

export function useSaveCutScoreRatings(testId: string, studyId: string) {
  return useStudyEdit(testId, (request: SaveCutScoreRatingsRequest) => apiRequest(`${BASE}/studies/${encodeURIComponent(studyId)}/ratings`, { method: 'PUT', body: request, schema: CutScoreStudy }));
}

/** Adopting changes the module's pass mark too: the test's page and the program's modules read it. */
export function useAdoptCutScoreStudy(testId: string, studyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(`${BASE}/studies/${encodeURIComponent(studyId)}/adopt`, { method: 'POST', schema: AdoptCutScoreResponse }),
    onSuccess: (adopted) => {
      queryClient.setQueryData(cutScoreKeys.study(testId, adopted.study.id), adopted.study);
      return queryClient.invalidateQueries({ queryKey: cutScoreKeys.test(testId) });
    },
  });
}
