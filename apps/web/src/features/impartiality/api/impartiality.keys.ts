import type { ImpartialityOutcome, ImpartialityRole } from '@certs/shared/impartiality/assignment-check.contract';
import type { AgreementRegisterQuery, ConflictKind, ConflictStatusFilter } from '@certs/shared/impartiality/impartiality.contract';
import type { StaffRegisterQuery } from '@certs/shared/impartiality/staff-record.contract';

export interface ConflictListParams {
  page: number;
  pageSize: number;
  status: ConflictStatusFilter;
  kind?: ConflictKind;
  staffUserId?: string;
  searchTerm?: string;
}

export interface EventListParams {
  page: number;
  pageSize: number;
  programId?: string;
  staffUserId?: string;
  outcome?: ImpartialityOutcome;
  role?: ImpartialityRole;
  from?: string;
  to?: string;
}

export type AgreementRegisterParams = Omit<AgreementRegisterQuery, 'year'> & { year?: number };

/** Query keys of declarations, agreements, staff records and the refusal register (issue 43). */
export const impartialityKeys = {
  all: ['impartiality'] as const,
  myConflicts: ['impartiality', 'conflicts', 'mine'] as const,
  conflicts: (params: ConflictListParams) => ['impartiality', 'conflicts', 'list', params] as const,
  scope: ['impartiality', 'scope'] as const,
  applicantTargets: (term: string) => ['impartiality', 'targets', 'applicants', term] as const,
  companyTargets: (term: string) => ['impartiality', 'targets', 'companies', term] as const,
  myAgreements: ['impartiality', 'agreements', 'mine'] as const,
  agreementText: ['impartiality', 'agreements', 'text'] as const,
  agreementRegister: (params: AgreementRegisterParams) => ['impartiality', 'agreements', 'register', params] as const,
  agreement: (id: string) => ['impartiality', 'agreements', 'one', id] as const,
  events: (params: EventListParams) => ['impartiality', 'events', params] as const,
  myRecord: ['impartiality', 'records', 'mine'] as const,
  record: (userId: string) => ['impartiality', 'records', 'one', userId] as const,
  staffRegister: (params: StaffRegisterQuery) => ['impartiality', 'records', 'register', params] as const,
};
