import type { ProgramListQuery } from '@certs/shared/program/program.contract';

export interface ProgramListParams {
  page: number;
  pageSize: number;
  searchBy: NonNullable<ProgramListQuery['searchBy']>;
  searchTerm?: string;
  programStatus?: number;
  /** Program types to show; empty means every type. */
  programTypes: readonly number[];
}

/**
 * Query keys of this feature. Everything about one program sits under `program(id)`, so a change
 * to any part of it (a module, a user, its status) refreshes its completeness and privileges too.
 */
export const programKeys = {
  all: ['programs'] as const,
  lists: () => [...programKeys.all, 'list'] as const,
  list: (params: ProgramListParams) => [...programKeys.lists(), params] as const,
  byCode: (code: string) => [...programKeys.all, 'by-code', code] as const,
  assignableUsers: () => [...programKeys.all, 'assignable-users'] as const,
  screenPrivilege: (screen: string) => [...programKeys.all, 'screen-privilege', screen] as const,
  program: (id: string) => [...programKeys.all, 'program', id] as const,
  detail: (id: string) => [...programKeys.program(id), 'detail'] as const,
  completeness: (id: string) => [...programKeys.program(id), 'completeness'] as const,
  privilege: (id: string) => [...programKeys.program(id), 'privilege'] as const,
  isManager: (id: string) => [...programKeys.program(id), 'is-manager'] as const,
  certificationSettings: (id: string) => [...programKeys.program(id), 'certification-settings'] as const,
  renewalSettings: (id: string) => [...programKeys.program(id), 'renewal-settings'] as const,
  welderQualificationSettings: (id: string) => [...programKeys.program(id), 'welder-qualification-settings'] as const,
  instructions: (id: string) => [...programKeys.program(id), 'instructions'] as const,
  requirements: (id: string) => [...programKeys.program(id), 'requirements'] as const,
  modules: (id: string, isRenewal: boolean) => [...programKeys.program(id), 'modules', isRenewal ? 'renewal' : 'initial'] as const,
  users: (id: string) => [...programKeys.program(id), 'users'] as const,
  usersWithRole: (id: string, role: ProgramUserRoleKind) => [...programKeys.program(id), 'users', role] as const,
};

/** The per-role lists the server offers (`programuser/{programId}/assessor`, ...). */
export type ProgramUserRoleKind = 'assessor' | 'examiner' | 'invigilator';
