import type { ApplicationTypePath } from '@certs/shared/application/application-status';

export interface ApplicationListParams {
  page: number;
  pageSize: number;
}

/** Query keys of the applicant's applications. */
export const applicationKeys = {
  all: ['applications'] as const,
  current: (type: ApplicationTypePath, programId: string, applicantId: string) => [...applicationKeys.all, 'current', type, programId, applicantId] as const,
  detail: (type: ApplicationTypePath, id: string) => [...applicationKeys.all, 'detail', type, id] as const,
  mine: (params: ApplicationListParams) => [...applicationKeys.all, 'mine', params] as const,
};
