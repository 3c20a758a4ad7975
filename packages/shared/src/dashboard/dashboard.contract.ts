import { z } from 'zod';
import { LabelledCount } from '../report/report.contract';

export const DASHBOARD_PATHS = { summary: '/api/dashboard/summary', myWork: '/api/dashboard/mywork' } as const;
export const EXAMS_AHEAD_DAYS = 7;

/**
 * A pending action with how many wait for it (links lead to the list it counts). `confirmationsDue`:
 * welder qualifications whose six-monthly confirmation, revalidation or new test falls due within
 * the Welders due list's default days (`WPQ_DUE_WITHIN_DAYS`), the count of that list.
 */
export const PENDING_ACTION_KEYS = ['awaitingAssessor', 'resultsToRecord', 'answersToMark', 'confirmationsDue'] as const;
export const PendingAction = z.object({ key: z.enum(PENDING_ACTION_KEYS), label: z.string(), count: z.number().int() });

/**
 * The Dashboard menu (issue 20): for super users and account administrators the whole account, for
 * other staff their programs only. Each figure equals the total of the list it summarises.
 */
export const DashboardSummary = z.object({
  isScoped: z.boolean(),
  /** Submitted applications (the queues list no drafts), by status and by type. */
  applicationsByStatus: z.array(LabelledCount),
  applicationsByType: z.array(LabelledCount.extend({ type: z.string() })),
  /** Applications in the examinations stage, by workflow stage (human labels). */
  applicationsByStage: z.array(LabelledCount),
  examsNextDays: z.number().int(),
  examsAhead: z.array(z.object({ day: z.string(), count: z.number().int() })),
  examsAheadTotal: z.number().int(),
  /** The month's successful payments; `currency` is the account's (AUD, NZD): every payment of its programs is in it. */
  paymentsThisMonth: z.object({ count: z.number().int(), amountCents: z.number().int(), currency: z.string(), from: z.string(), to: z.string() }),
  awards: z.object({ issuedThisMonth: z.number().int(), current: z.number().int(), expiringSoon: z.number().int(), expiringWithinDays: z.number().int() }),
  pending: z.array(PendingAction),
});
export type DashboardSummary = z.infer<typeof DashboardSummary>;

/** What waits for the signed-in member of staff themselves (their role home). */
export const MyWork = z.object({
  assignedApplications: z.array(
    z.object({
      id: z.string(),
      applicationNumber: z.string(),
      programId: z.string(),
      programCode: z.string(),
      programTitle: z.string(),
      applicationType: z.string(),
      status: z.string(),
      applicantName: z.string(),
    }),
  ),
  sittings: z.array(
    z.object({
      applicationModuleId: z.string(),
      scheduledAt: z.string(),
      timeZone: z.string().nullable(),
      programCode: z.string(),
      moduleTitle: z.string(),
      examKind: z.string().nullable(),
      candidateName: z.string(),
      duty: z.enum(['Examiner', 'Invigilator']),
    }),
  ),
  answersToMark: z.array(
    z.object({
      examInstanceId: z.string(),
      candidateName: z.string(),
      programCode: z.string(),
      moduleTitle: z.string(),
      waiting: z.number().int(),
    }),
  ),
});
export type MyWork = z.infer<typeof MyWork>;
