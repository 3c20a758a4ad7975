/** Program-level roles of spec section 6; a user may hold several per program. */
export const PROGRAM_USER_ROLES = { assessor: 1, examiner: 2, invigilator: 3, manager: 4 } as const;
export type ProgramUserRole = (typeof PROGRAM_USER_ROLES)[keyof typeof PROGRAM_USER_ROLES];
export const PROGRAM_USER_ROLE_VALUES = [1, 2, 3, 4] as const satisfies readonly ProgramUserRole[];
export const PROGRAM_USER_ROLE_LABELS: Record<ProgramUserRole, string> = {
  1: 'Assessor',
  2: 'Examiner',
  3: 'Invigilator',
  4: 'Manager',
};
export type ProgramUserRoleName = keyof typeof PROGRAM_USER_ROLES;
