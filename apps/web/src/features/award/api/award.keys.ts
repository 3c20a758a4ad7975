import type { AwardStatus } from '@certs/shared/award/award-status';

export interface AwardListParams {
  page: number;
  pageSize: number;
}

export interface StaffAwardListParams extends AwardListParams {
  search?: string;
  status?: AwardStatus;
  programId?: string;
}

/** Query keys of awards: the holder's own, staff's lists and one award. */
export const awardKeys = {
  all: ['awards'] as const,
  mine: (params: AwardListParams) => [...awardKeys.all, 'mine', params] as const,
  ofApplicant: (applicantId: string, params: AwardListParams) => [...awardKeys.all, 'applicant', applicantId, params] as const,
  staffList: (params: StaffAwardListParams) => [...awardKeys.all, 'staff', params] as const,
  ofApplication: (applicationId: string) => [...awardKeys.all, 'application', applicationId] as const,
  detail: (id: string) => [...awardKeys.all, 'detail', id] as const,
};
