import dayjs from 'dayjs';
import { z } from 'zod';

/**
 * What appeals and complaints share (issue 43, ISO/IEC 17024 9.8 and 9.9): a reference the person
 * quotes, a handler who was not involved, a status with target dates, the investigation's entries
 * and an outcome with reasons. The appeal and complaint modules build on these.
 */
export const CASE_STATUSES = ['received', 'investigating', 'decided', 'withdrawn'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABELS: Record<CaseStatus, string> = { received: 'Received', investigating: 'Under investigation', decided: 'Decided', withdrawn: 'Withdrawn' };
export const CASE_STATUS_COLORS: Record<CaseStatus, string> = { received: 'blue', investigating: 'yellow', decided: 'green', withdrawn: 'gray' };
export const OPEN_CASE_STATUSES: readonly CaseStatus[] = ['received', 'investigating'];

export const CASE_OUTCOMES = ['upheld', 'partly_upheld', 'dismissed'] as const;
export type CaseOutcome = (typeof CASE_OUTCOMES)[number];
export const CASE_OUTCOME_LABELS: Record<CaseOutcome, string> = { upheld: 'Upheld', partly_upheld: 'Partly upheld', dismissed: 'Dismissed' };

export const CASE_ENTRY_KINDS = ['note', 'status', 'handler', 'outcome', 'mail'] as const;
export type CaseEntryKind = (typeof CASE_ENTRY_KINDS)[number];

/** Target days from receipt, in the body's days: an acknowledgement, then a decision. */
export const CASE_TARGET_DAYS = { acknowledge: 5, appealDecision: 30, complaintDecision: 45 } as const;

export const CASE_TEXT_MAX = 4000;

export const CASE_MESSAGES = {
  notFound: 'Not found',
  handlerInvolved: (role: string) => `The handler cannot have been involved in what is appealed: they were its ${role}`,
  handlerNotStaff: 'The handler must be a staff member of this account',
  handlerIsSubject: 'The handler cannot be the person the complaint is about',
  alreadyDecided: 'This case has already been decided',
  noHandler: 'Assign a handler before deciding',
  outcomeRequired: 'Outcome is required',
  reasonsRequired: 'Reasons are required',
  textRequired: 'Text is required',
  textMax: `Text must be at most ${CASE_TEXT_MAX} characters`,
} as const;

/** The reference a person quotes: APL-2026-00012, CMP-2026-00007. */
export function caseReference(prefix: 'APL' | 'CMP', year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

/** Target dates (YYYY-MM-DD) for a case received on `receivedDay` (the body's day). */
export function caseTargets(receivedDay: string, decisionDays: number): { acknowledgeBy: string; decideBy: string } {
  const received = dayjs(receivedDay);
  return { acknowledgeBy: received.add(CASE_TARGET_DAYS.acknowledge, 'day').format('YYYY-MM-DD'), decideBy: received.add(decisionDays, 'day').format('YYYY-MM-DD') };
}

/** Days since receipt, and whether an open case is past its decision date, on the body's `today`. */
export function caseAge(receivedDay: string, decideBy: string, status: CaseStatus, today: string): { ageDays: number; overdue: boolean } {
  return { ageDays: dayjs(today).diff(dayjs(receivedDay), 'day'), overdue: OPEN_CASE_STATUSES.includes(status) && today > decideBy };
}

export const CaseEntry = z.object({
  id: z.string(),
  kind: z.enum(CASE_ENTRY_KINDS),
  text: z.string(),
  sharedWithPerson: z.boolean(),
  actorName: z.string().nullable(),
  createdOn: z.string(),
});
export type CaseEntry = z.infer<typeof CaseEntry>;

export const CaseNoteRequest = z.object({
  text: z.string().trim().min(1, CASE_MESSAGES.textRequired).max(CASE_TEXT_MAX, CASE_MESSAGES.textMax),
  sharedWithPerson: z.boolean().default(false),
});

export const CaseDecisionRequest = z.object({
  outcome: z.enum(CASE_OUTCOMES, { error: CASE_MESSAGES.outcomeRequired }),
  reasons: z.string().trim().min(1, CASE_MESSAGES.reasonsRequired).max(CASE_TEXT_MAX, CASE_MESSAGES.textMax),
});
