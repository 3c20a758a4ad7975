import type { AppealSubject } from '@certs/shared/appeal/appeal.contract';
import type { CaseStatus } from '@certs/shared/case/case.contract';

/** One page of the register and its filters, as the screen asks for it. */
export interface AppealRegisterParams {
  page: number;
  pageSize: number;
  search?: string;
  status?: CaseStatus;
  subject?: AppealSubject;
  programId?: string;
  handlerId?: string;
  applicationId?: string;
  overdue?: 'true' | 'false';
}

export const appealKeys = {
  all: ['appeals'] as const,
  options: (applicationId: string) => ['appeals', 'options', applicationId] as const,
  mine: (applicationId: string | undefined, page: number, pageSize: number) => ['appeals', 'mine', applicationId ?? 'all', page, pageSize] as const,
  byReference: (reference: string) => ['appeals', 'reference', reference] as const,
  register: (params: AppealRegisterParams) => ['appeals', 'register', params] as const,
  details: (id: string) => ['appeals', 'details', id] as const,
  handlers: (id: string) => ['appeals', 'handlers', id] as const,
};
