import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  StaffApplicationDetails,
  type AssessmentSaveRequest,
  type AssessorSaveRequest,
  type AssignAssessorRequest,
} from '@certs/shared/application/application-stage.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationWorkflowKeys } from './application-workflow.keys';

type Move = 'assessor/assign' | 'assessor/save' | 'assessor/submit' | 'assessment/save' | 'assessment/submit';
type MoveBody = AssignAssessorRequest | AssessorSaveRequest | AssessmentSaveRequest;

/** One stage call; every one answers with the whole page again. */
export function postStageMove(type: ApplicationTypePath, id: string, move: Move, body: MoveBody): Promise<StaffApplicationDetails> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}/${move}`, { method: 'POST', body, schema: StaffApplicationDetails });
}

function useStageMove<Body extends MoveBody>(type: ApplicationTypePath, id: string, move: Move) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => postStageMove(type, id, move, body),
    onSuccess: (details) => {
      queryClient.setQueryData(applicationWorkflowKeys.details(type, id), details);
      return queryClient.invalidateQueries({ queryKey: [...applicationWorkflowKeys.all, 'queue'] });
    },
    // A 409 means someone else moved it: show the page as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: applicationWorkflowKeys.details(type, id) }),
  });
}

export const useAssignAssessor = (type: ApplicationTypePath, id: string) => useStageMove<AssignAssessorRequest>(type, id, 'assessor/assign');
export const useSaveAssessorReview = (type: ApplicationTypePath, id: string) => useStageMove<AssessorSaveRequest>(type, id, 'assessor/save');
export const useSubmitAssessorReview = (type: ApplicationTypePath, id: string) => useStageMove<AssessorSaveRequest>(type, id, 'assessor/submit');
export const useSaveAssessment = (type: ApplicationTypePath, id: string) => useStageMove<AssessmentSaveRequest>(type, id, 'assessment/save');
export const useSubmitAssessment = (type: ApplicationTypePath, id: string) => useStageMove<AssessmentSaveRequest>(type, id, 'assessment/submit');
