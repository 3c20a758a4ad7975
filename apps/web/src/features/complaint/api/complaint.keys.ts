import type { CaseStatus } from '@certs/shared/case/case.contract';
import type { ComplaintAbout } from '@certs/shared/complaint/complaint.contract';

/** One page of the register and its filters, as the screen asks for it. */
export interface ComplaintRegisterParams {
  page: number;
  pageSize: number;
  search?: string;
  status?: CaseStatus;
  about?: ComplaintAbout;
  programId?: string;
  /** A staff member's id, or `none`. */
  handlerId?: string;
  overdue?: 'true' | 'false';
}

/** Where a signed-in complainant's complaints are: an applicant's own, or a company's. */
export type ComplainantArea = 'applicant' | 'employer';

export const complaintKeys = {
  all: ['complaints'] as const,
  bodies: ['complaints', 'bodies'] as const,
  mine: (area: ComplainantArea) => ['complaints', 'mine', area] as const,
  mineOne: (area: ComplainantArea, id: string) => ['complaints', 'mine', area, id] as const,
  register: (params: ComplaintRegisterParams) => ['complaints', 'register', params] as const,
  filters: ['complaints', 'filters'] as const,
  details: (id: string) => ['complaints', 'details', id] as const,
  awardActions: (certificateNumber: string) => ['complaints', 'award-actions', certificateNumber] as const,
};
