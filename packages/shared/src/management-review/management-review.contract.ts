import { z } from 'zod';

/**
 * The yearly management review (issue 43, ISO/IEC 17024 10.2.6): what the body's certification
 * did in a year, per account and program: applications, awards, suspensions and withdrawals,
 * appeals and complaints with their outcomes and times, impartiality declarations and overrides,
 * and the module tests' summary figures. On screen, as CSV and as PDF. Account administrators
 * review every program of their account; a program's manager reviews the programs they manage.
 */
export const MANAGEMENT_REVIEW_PATHS = {
  report: '/api/managementreview',
  csv: '/api/managementreview/csv',
  pdf: '/api/managementreview/pdf',
  programs: '/api/managementreview/programs',
} as const;

export const REVIEW_YEAR_RANGE = { min: 2000, max: 2100 } as const;

export const MANAGEMENT_REVIEW_MESSAGES = {
  yearRequired: 'Choose a year',
  yearRange: `Choose a year between ${REVIEW_YEAR_RANGE.min} and ${REVIEW_YEAR_RANGE.max}`,
  programUnknown: 'Choose one of your programs',
  forbidden: 'The management review is for account administrators and program managers',
} as const;

export const ManagementReviewQuery = z.strictObject({
  year: z.coerce
    .number({ error: MANAGEMENT_REVIEW_MESSAGES.yearRequired })
    .int(MANAGEMENT_REVIEW_MESSAGES.yearRange)
    .min(REVIEW_YEAR_RANGE.min, MANAGEMENT_REVIEW_MESSAGES.yearRange)
    .max(REVIEW_YEAR_RANGE.max, MANAGEMENT_REVIEW_MESSAGES.yearRange),
  /** One program; left out, every program the caller may review. */
  programId: z.uuid({ error: MANAGEMENT_REVIEW_MESSAGES.programUnknown }).optional(),
});
export type ManagementReviewQuery = z.infer<typeof ManagementReviewQuery>;

export const ReviewProgram = z.object({ id: z.string(), programCode: z.string(), programTitle: z.string(), programType: z.number().int() });
export type ReviewProgram = z.infer<typeof ReviewProgram>;

/** `GET managementreview/programs`: what the caller may review (an administrator: the whole account too). */
export const ManagementReviewPrograms = z.object({ isAccountWide: z.boolean(), programs: z.array(ReviewProgram) });
export type ManagementReviewPrograms = z.infer<typeof ManagementReviewPrograms>;

const Count = z.number().int();
export const ReviewCount = z.object({ label: z.string(), count: Count });
export type ReviewCount = z.infer<typeof ReviewCount>;

/** One appeal or complaint received or decided in the year. */
export const ReviewCaseRow = z.object({
  reference: z.string(),
  programCode: z.string().nullable(),
  /** What it is about: the appealed decision, or the complaint's subject. */
  subject: z.string(),
  receivedOn: z.string(),
  acknowledgedOn: z.string().nullable(),
  decidedOn: z.string().nullable(),
  status: z.string(),
  outcome: z.string().nullable(),
  handlerName: z.string().nullable(),
  /** Days from receipt to decision (null while open). */
  daysToDecide: z.number().int().nullable(),
  /** Decided by its target date, or (open) not yet past it. */
  isOnTime: z.boolean(),
});
export type ReviewCaseRow = z.infer<typeof ReviewCaseRow>;

/**
 * Received: in the year. Decided, the outcomes, the days to decide and on time: decisions made in
 * the year (whenever received). Open and overdue: those received in the year, as they stand today.
 */
export const ReviewCaseSummary = z.object({
  received: Count,
  acknowledgedOnTime: Count,
  meanDaysToAcknowledge: z.number().nullable(),
  decided: Count,
  decidedOnTime: Count,
  meanDaysToDecide: z.number().nullable(),
  byOutcome: z.array(ReviewCount),
  withdrawn: Count,
  open: Count,
  overdue: Count,
  rows: z.array(ReviewCaseRow),
});
export type ReviewCaseSummary = z.infer<typeof ReviewCaseSummary>;

export const ReviewOverrideRow = z.object({
  on: z.string(),
  programCode: z.string().nullable(),
  staffName: z.string(),
  role: z.string(),
  reasons: z.array(z.string()),
  overrideReason: z.string(),
  byName: z.string().nullable(),
});
export type ReviewOverrideRow = z.infer<typeof ReviewOverrideRow>;

export const ReviewExamRow = z.object({
  programCode: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  testTitle: z.string(),
  /** Marked module sittings (first sittings and re-sits) marked in the year. */
  sittings: Count,
  passed: Count,
  passRate: z.number().nullable(),
  /** Mean percentage score. */
  meanScore: z.number().nullable(),
});
export type ReviewExamRow = z.infer<typeof ReviewExamRow>;

export const ReviewProgramRow = z.object({
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  started: Count,
  submitted: Count,
  awarded: Count,
  suspended: Count,
  withdrawn: Count,
  cancelled: Count,
  appeals: Count,
  complaints: Count,
  sittings: Count,
});
export type ReviewProgramRow = z.infer<typeof ReviewProgramRow>;

export const ManagementReviewReport = z.object({
  year: z.number().int(),
  /** The year's first and last day in the account's zone. */
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  accountName: z.string(),
  /** Every program of the account (account-level complaints, declarations and agreements included), or the programs named. */
  isAllPrograms: z.boolean(),
  programs: z.array(ReviewProgram),
  generatedOn: z.string(),
  applications: z.object({
    started: Count,
    submitted: Count,
    /** The status today of the applications started in the year, in the workflow's order. */
    byStatus: z.array(ReviewCount),
  }),
  awards: z.object({
    /** Awards dated in the year, by type (Awarded, Renewal, Revalidation, ...). */
    made: Count,
    byType: z.array(ReviewCount),
    /** Status changes recorded in the year: put on hold (Awarded OnHold), released, withdrawn, cancelled, expired. */
    suspended: Count,
    released: Count,
    withdrawn: Count,
    cancelled: Count,
    expired: Count,
  }),
  byProgram: z.array(ReviewProgramRow),
  appeals: ReviewCaseSummary,
  complaints: ReviewCaseSummary,
  impartiality: z.object({
    conflictsDeclared: Count,
    conflictsEnded: Count,
    conflictsByKind: z.array(ReviewCount),
    refusals: Count,
    overrides: Count,
    /** Refusals and overrides per role the assignment was for. */
    byRole: z.array(z.object({ role: z.string(), refused: Count, overridden: Count })),
    overrideRows: z.array(ReviewOverrideRow),
    /** Active staff of the account (serving on the programs named), and those who signed the year's agreement. */
    staffServing: Count,
    agreementsSigned: Count,
    staffWithoutAgreement: z.array(z.string()),
  }),
  exams: z.object({ sittings: Count, passRate: z.number().nullable(), rows: z.array(ReviewExamRow) }),
});
export type ManagementReviewReport = z.infer<typeof ManagementReviewReport>;

/** A percentage to one decimal, null of nothing. */
export function percentOfCount(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** `management-review-2026.csv`, `management-review-2026-C-WELD-SUP.pdf`. */
export function reviewFileName(year: number, programCode: string | null, extension: 'csv' | 'pdf'): string {
  return `management-review-${year}${programCode ? `-${programCode.replace(/[^A-Za-z0-9-]+/g, '-')}` : ''}.${extension}`;
}
