import type { ApplicationTypePath } from '@certs/shared/application/application-status';

export interface ApplicationQueueParams {
  /** One program's queue; every program the caller may see when absent. */
  programId?: string;
  page: number;
  pageSize: number;
  status?: string;
  stage?: string;
  searchTerm?: string;
  ascending: boolean;
}

/** Query keys of the staff's side of applications. */
export const applicationWorkflowKeys = {
  all: ['application-workflow'] as const,
  queue: (type: ApplicationTypePath, params: ApplicationQueueParams) => [...applicationWorkflowKeys.all, 'queue', type, params] as const,
  details: (type: ApplicationTypePath, id: string) => [...applicationWorkflowKeys.all, 'details', type, id] as const,
  fileNotes: (type: ApplicationTypePath, id: string) => [...applicationWorkflowKeys.all, 'file-notes', type, id] as const,
  assessors: (programId: string) => [...applicationWorkflowKeys.all, 'assessors', programId] as const,
};
