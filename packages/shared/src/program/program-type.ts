/** Program types of spec section 9. */
export const PROGRAM_TYPES = {
  Qualification: 1,
  Certification: 2,
  WelderQualification: 3,
  AICIP: 4,
} as const;
export type ProgramType = (typeof PROGRAM_TYPES)[keyof typeof PROGRAM_TYPES];

export const PROGRAM_TYPE_INFO: Record<ProgramType, { label: string; short: string }> = {
  1: { label: 'Qualification', short: 'Q' },
  2: { label: 'Certification', short: 'C' },
  3: { label: 'Welder Qualification', short: 'WQ' },
  4: { label: 'AICIP', short: 'AICIP' },
};

/** Exam types of spec section 9. */
export const EXAM_TYPES = ['trial', 'module'] as const;
export type ExamType = (typeof EXAM_TYPES)[number];
