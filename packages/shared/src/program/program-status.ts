/** Program statuses of spec section 4, with their colours. */
export const PROGRAM_STATUS = { Created: 1, Published: 2, Archived: 3, Restored: 4 } as const;
export type ProgramStatus = (typeof PROGRAM_STATUS)[keyof typeof PROGRAM_STATUS];
export const PROGRAM_STATUS_VALUES = [1, 2, 3, 4] as const satisfies readonly ProgramStatus[];

export const PROGRAM_STATUS_INFO: Record<ProgramStatus, { label: string; color: string }> = {
  1: { label: 'Created', color: 'yellow' },
  2: { label: 'Published', color: 'green' },
  3: { label: 'Archived', color: 'red.9' },
  4: { label: 'Restored', color: 'blue' },
};

export const PROGRAM_ACTIONS = ['publish', 'archive', 'restore'] as const;
export type ProgramAction = (typeof PROGRAM_ACTIONS)[number];

/**
 * The allowed moves (the spec leaves them open; this is what an awarding body expects):
 * a created or restored program can be published (when complete) or archived; a published one
 * archived; an archived one only restored, after which it is edited and published again.
 */
export const PROGRAM_TRANSITIONS: Record<ProgramAction, { from: readonly ProgramStatus[]; to: ProgramStatus }> = {
  publish: { from: [PROGRAM_STATUS.Created, PROGRAM_STATUS.Restored], to: PROGRAM_STATUS.Published },
  archive: { from: [PROGRAM_STATUS.Created, PROGRAM_STATUS.Published, PROGRAM_STATUS.Restored], to: PROGRAM_STATUS.Archived },
  restore: { from: [PROGRAM_STATUS.Archived], to: PROGRAM_STATUS.Restored },
};

export function canTransition(action: ProgramAction, from: ProgramStatus): boolean {
  return PROGRAM_TRANSITIONS[action].from.includes(from);
}

/** An archived program is read-only until restored. */
export function isProgramEditable(status: ProgramStatus): boolean {
  return status !== PROGRAM_STATUS.Archived;
}

/** Program code and type are fixed once a program has been published: applications refer to them. */
export function isProgramIdentityLocked(status: ProgramStatus, hasBeenPublished: boolean): boolean {
  return status === PROGRAM_STATUS.Published || hasBeenPublished;
}

/**
 * The simpler status set of spec section 4 shown to applicants in program listings, with the
 * award's own state beside Awarded (issue 45 item 2): an award on hold, withdrawn or expired
 * is not shown as Awarded.
 */
export const APPLICANT_PROGRAM_STATUSES = [
  'Not Applied',
  'Application Started',
  'Examinations Stage',
  'Assessment Completed',
  'Awarded',
  'Award On Hold',
  'Award Cancelled',
  'Award Withdrawn',
  'Award Expired',
] as const;
export type ApplicantProgramStatus = (typeof APPLICANT_PROGRAM_STATUSES)[number];
