import { z } from 'zod';

/** Reports of issue 20 (spec section 7: `userstat`, `applicationhistory`, and the others the Reports menu holds). */
export const REPORT_PATHS = {
  userStat: '/api/reports/userstat',
  applicationHistory: '/api/reports/applicationhistory',
  examResults: '/api/reports/examresults',
  awards: '/api/reports/awards',
  questionStatistics: '/api/reports/questionstatistics',
  programs: '/api/reports/programs',
} as const;

export const REPORT_MESSAGES = {
  toBeforeFrom: 'To must not be before From',
  invalidDay: 'Use a date as YYYY-MM-DD',
} as const;

/** Stage labels live with the application's other labels; reports and the dashboard count by them. */
export { WORKFLOW_STAGE_LABELS, stageLabelOf } from '../application/application-labels';

const day = z.iso.date({ error: REPORT_MESSAGES.invalidDay });

/** A period of Sydney days and an optional program; every report takes it. */
export const ReportQuery = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
    programId: z.uuid().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: REPORT_MESSAGES.toBeforeFrom });
export type ReportQuery = z.infer<typeof ReportQuery>;

/** A figure with the words it is shown under. */
export const LabelledCount = z.object({ label: z.string(), count: z.number().int() });
export type LabelledCount = z.infer<typeof LabelledCount>;

export const UserStatReport = z.object({
  /** Whether the figures are the caller's programs only (staff who are not administrators). */
  isScoped: z.boolean(),
  totalApplicants: z.number().int(),
  applicantsByState: z.array(LabelledCount),
  applicantsByMembership: z.array(LabelledCount),
  /** Registrations per month, `YYYY-MM` in Sydney, oldest first. */
  applicantsByMonth: z.array(LabelledCount),
  totalStaff: z.number().int(),
  staffByRole: z.array(LabelledCount),
});
export type UserStatReport = z.infer<typeof UserStatReport>;

export const ApplicationHistoryQuery = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
    programId: z.uuid().optional(),
    status: z.string().max(64).optional(),
    staffId: z.uuid().optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: REPORT_MESSAGES.toBeforeFrom });
export type ApplicationHistoryQuery = z.infer<typeof ApplicationHistoryQuery>;

/** Moves of applications in the period, counted by program, the status moved to, and who moved them. */
export const ApplicationHistoryRow = z.object({
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  status: z.string(),
  staffId: z.string().nullable(),
  /** The staff member's name; the applicant's own moves (submitting) read "Applicant". */
  staffName: z.string(),
  moves: z.number().int(),
});
export const ApplicationHistoryReport = z.object({ isScoped: z.boolean(), totalMoves: z.number().int(), rows: z.array(ApplicationHistoryRow) });
export type ApplicationHistoryReport = z.infer<typeof ApplicationHistoryReport>;

/** Results recorded per program and module: attempts, passes, fails, absences and the pass rate of those who sat. */
export const ExamResultRow = z.object({
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  attempts: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  absent: z.number().int(),
  /** Passed / (passed + failed), in percent with one decimal; null when nobody sat. */
  passRate: z.number().nullable(),
  averagePercentage: z.number().nullable(),
});
export const ExamResultsReport = z.object({ isScoped: z.boolean(), rows: z.array(ExamResultRow) });
export type ExamResultsReport = z.infer<typeof ExamResultsReport>;

/** Awards per program: issued in the period, current now, expiring within the next 90 days, expired. */
export const AWARDS_EXPIRING_WITHIN_DAYS = 90;
export const AwardReportRow = z.object({
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  issued: z.number().int(),
  current: z.number().int(),
  expiringSoon: z.number().int(),
  expired: z.number().int(),
});
export const AwardsReport = z.object({ isScoped: z.boolean(), expiringWithinDays: z.number().int(), rows: z.array(AwardReportRow) });
export type AwardsReport = z.infer<typeof AwardsReport>;

export const QuestionStatisticsQuery = z.strictObject({
  examDefinitionId: z.uuid().optional(),
  programId: z.uuid().optional(),
  from: day.optional(),
  to: day.optional(),
});
export type QuestionStatisticsQuery = z.infer<typeof QuestionStatisticsQuery>;

export const OptionStatistic = z.object({ optionId: z.string(), text: z.string(), isCorrect: z.boolean(), chosen: z.number().int(), chosenPercent: z.number() });
/**
 * One question version across marked sittings (Moodle's quiz statistics): facility is the mean
 * score as a percentage of the maximum; discrimination the correlation (x100) between the score on
 * this question and on the rest of the sitting; null where fewer than two sittings or no spread.
 */
export const QuestionStatistic = z.object({
  questionVersionId: z.string(),
  questionLabel: z.string(),
  content: z.string(),
  questionType: z.string(),
  attempts: z.number().int(),
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  averageSeconds: z.number().nullable(),
  options: z.array(OptionStatistic),
});
export const QuestionStatisticsReport = z.object({ isScoped: z.boolean(), sittings: z.number().int(), rows: z.array(QuestionStatistic) });
export type QuestionStatisticsReport = z.infer<typeof QuestionStatisticsReport>;

export const ReportProgram = z.object({ id: z.string(), programCode: z.string(), programTitle: z.string(), programType: z.number().int() });
export const ReportPrograms = z.array(ReportProgram);
export type ReportProgram = z.infer<typeof ReportProgram>;

/** Pearson correlation, or null when either side has no spread or fewer than two pairs. */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  const n = Math.min(xs.length, ys.length);
  if (n < 2) return null;
  const mean = (v: readonly number[]) => v.slice(0, n).reduce((a, b) => a + b, 0) / n;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i += 1) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** A percentage with one decimal, or null with no denominator. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}
