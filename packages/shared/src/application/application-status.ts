import type { ApplicantProgramStatus } from '../program/program-status';

/** Application statuses of spec section 4 (the 14 values), numbered in that order. */
export const APPLICATION_STATUSES = [
  'Application Started',
  'Application Submitted',
  'Being Assessed',
  'Assessment Completed',
  'Examinations Stage',
  'Awarded',
  'Failed',
  'Applied for Renewal',
  'Award Cancelled',
  'Awarded OnHold',
  'Applied for re-sit',
  'Applied for review',
  'Award Withdrawn',
  'Applied for Revalidation',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Application types by the spec's path word, with their program type and number prefix. */
export const APPLICATION_TYPES = {
  qualificationapplication: { programType: 1, prefix: 'Q', label: 'Qualification' },
  certificationapplication: { programType: 2, prefix: 'C', label: 'Certification' },
  welderqualificationapplication: { programType: 3, prefix: 'WQ', label: 'Welder Qualification' },
  aicipapplication: { programType: 4, prefix: 'AICIP', label: 'AICIP' },
} as const;
export type ApplicationTypePath = keyof typeof APPLICATION_TYPES;
export const APPLICATION_TYPE_PATHS = Object.keys(APPLICATION_TYPES) as ApplicationTypePath[];

export function applicationTypeOfProgram(programType: number): ApplicationTypePath | undefined {
  return APPLICATION_TYPE_PATHS.find((path) => APPLICATION_TYPES[path].programType === programType);
}

/** Only a draft can be changed by the applicant: a new one, or one staff sent back for more information. */
export function isEditableByApplicant(status: ApplicationStatus): boolean {
  return status === 'Application Started';
}

/** The badge colour of each status. */
export const APPLICATION_STATUS_COLORS: Record<ApplicationStatus, string> = {
  'Application Started': 'gray',
  'Application Submitted': 'blue',
  'Being Assessed': 'indigo',
  'Assessment Completed': 'cyan',
  'Examinations Stage': 'violet',
  Awarded: 'green',
  Failed: 'red',
  'Applied for Renewal': 'teal',
  'Award Cancelled': 'red.9',
  'Awarded OnHold': 'yellow',
  'Applied for re-sit': 'orange',
  'Applied for review': 'grape',
  'Award Withdrawn': 'dark',
  'Applied for Revalidation': 'lime',
};

/**
 * The simpler set shown in program listings (spec section 4), from the full status and, where the
 * application led to an award, the award's own status: what the holder holds now (issue 45).
 */
export function applicantProgramStatusOf(status: ApplicationStatus, awardStatus?: string | null): ApplicantProgramStatus {
  switch (awardStatus) {
    case 'on hold':
      return 'Award On Hold';
    case 'cancelled':
      return 'Award Cancelled';
    case 'withdrawn':
      return 'Award Withdrawn';
    case 'expired':
      return 'Award Expired';
  }
  switch (status) {
    case 'Examinations Stage':
    case 'Applied for re-sit':
      return 'Examinations Stage';
    case 'Assessment Completed':
    case 'Failed':
      return 'Assessment Completed';
    case 'Awarded':
    case 'Applied for Renewal':
    case 'Applied for Revalidation':
      return 'Awarded';
    case 'Awarded OnHold':
      return 'Award On Hold';
    case 'Award Cancelled':
      return 'Award Cancelled';
    case 'Award Withdrawn':
      return 'Award Withdrawn';
    default:
      return 'Application Started';
  }
}
