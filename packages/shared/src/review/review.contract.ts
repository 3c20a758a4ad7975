import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import { Attachment } from '../attachment/attachment.contract';
import { AwardDateRange, awardedOnField } from '../award/award-date';
import { DEFAULT_TIME_ZONE, formatDate } from '../common/dates';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Reviews of a failed result (issue 17, decision 022): `GET|POST api/{type}/{id}/review` and
 * `POST api/{type}/{id}/review/decide`, for the types whose results are per module.
 */
export const REVIEW_TYPE_PATHS = ['qualificationapplication', 'aicipapplication'] as const;
export type ReviewTypePath = (typeof REVIEW_TYPE_PATHS)[number];
export const isReviewTypePath = (type: string): type is ReviewTypePath => (REVIEW_TYPE_PATHS as readonly string[]).includes(type);

export const REVIEW_REASON_MAX = 2000;
export const REVIEW_NOTE_MAX = 2000;
export const REVIEW_FILES_MAX = 10;
export const DEFAULT_REVIEW_WINDOW_DAYS = 30;

/**
 * How a review reads. `partly_upheld` is never stored: a review decided through a partly upheld
 * appeal (issue 43) is stored refused (the result stays Failed) with the modules it passed.
 */
export const REVIEW_STATUSES = ['open', 'upheld', 'partly_upheld', 'refused'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { open: 'Under review', upheld: 'Upheld', partly_upheld: 'Partly upheld', refused: 'Refused' };
export const REVIEW_STATUS_COLORS: Record<ReviewStatus, string> = { open: 'blue', upheld: 'green', partly_upheld: 'yellow', refused: 'red' };

export const REVIEW_OUTCOMES = ['upheld', 'refused'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

export const REVIEW_MESSAGES = {
  notFound: 'Application not found',
  reasonRequired: 'Reason is required',
  reasonMax: `Reason must be at most ${REVIEW_REASON_MAX} characters`,
  tooManyFiles: `At most ${REVIEW_FILES_MAX} files may be attached`,
  fileNotFound: 'One of the files was not found among your uploads',
  notFailed: 'Only a failed result can be reviewed',
  noModuleAllowsReview: 'No failed module of this result allows a review',
  /** A Certification program whose own "review allowed" setting is off (issue 43). */
  programDoesNotAllowReview: "This program's results cannot be reviewed",
  windowClosed: (day: string) => `The review window closed on ${day}`,
  alreadyOpen: 'A review of this result is already open',
  alreadyReviewed: 'This result has already been reviewed',
  noOpenReview: 'There is no open review to decide',
  outcomeRequired: 'Outcome is required',
  noteRequired: 'Note is required',
  noteMax: `Note must be at most ${REVIEW_NOTE_MAX} characters`,
  modulesRequired: 'Choose the modules whose result the review changes',
  moduleNotReviewable: 'Only failed modules that allow review can be changed by a review',
  stillNotPassed: (codes: readonly string[]) => `Upholding the review must leave every module passed: ${codes.join(', ')} would still not be passed`,
  awardedOnOnlyUpheld: 'An award date is given only when the review is upheld',
} as const;

/** The last day (YYYY-MM-DD) on which a review may be asked for: the result's day plus the window, both in the awarding body's zone (Sydney by default). */
export function reviewWindowClosesOn(resultRecordedOn: Date | string, windowDays: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  return dayjs(resultRecordedOn).tz(timeZone).startOf('day').add(windowDays, 'day').format('YYYY-MM-DD');
}

/** Open through its last day, on the awarding body's date. */
export function isReviewWindowOpen(closesOn: string, today: string): boolean {
  return today <= closesOn;
}

/** "The review window closed on 01-Jan-2027": the day in the spec's display format. */
export function windowClosedMessage(closesOn: string): string {
  return REVIEW_MESSAGES.windowClosed(formatDate(closesOn, 'day'));
}

export const ReviewRequest = z.strictObject({
  reason: z
    .string({ error: REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.reasonRequired)
    .max(REVIEW_REASON_MAX, REVIEW_MESSAGES.reasonMax),
  attachmentIds: z.array(z.uuid(REVIEW_MESSAGES.fileNotFound)).max(REVIEW_FILES_MAX, REVIEW_MESSAGES.tooManyFiles).default([]),
});
export type ReviewRequest = z.input<typeof ReviewRequest>;

export const ReviewDecisionRequest = z
  .strictObject({
    outcome: z.enum(REVIEW_OUTCOMES, { error: REVIEW_MESSAGES.outcomeRequired }),
    note: z.string({ error: REVIEW_MESSAGES.noteRequired }).trim().min(1, REVIEW_MESSAGES.noteRequired).max(REVIEW_NOTE_MAX, REVIEW_MESSAGES.noteMax),
    /** The application modules whose result changes to Pass (upheld only). */
    moduleIds: z.array(z.uuid(REVIEW_MESSAGES.moduleNotReviewable)).max(50).default([]),
    /** Upheld only: the day the body decided the award (issue 41); absent means today in the body's zone. */
    awardedOn: awardedOnField,
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'upheld' && value.moduleIds.length === 0) ctx.addIssue({ code: 'custom', path: ['moduleIds'], message: REVIEW_MESSAGES.modulesRequired });
    if (value.awardedOn && value.outcome !== 'upheld') ctx.addIssue({ code: 'custom', path: ['awardedOn'], message: REVIEW_MESSAGES.awardedOnOnlyUpheld });
  });
export type ReviewDecisionRequest = z.input<typeof ReviewDecisionRequest>;

export const ReviewableModule = z.object({
  id: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  result: z.string().nullable(),
  resultPercentage: z.number().nullable(),
  reviewAllowed: z.boolean(),
});
export type ReviewableModule = z.infer<typeof ReviewableModule>;

export const ChangedResult = z.object({ moduleCode: z.string(), fromResult: z.string().nullable(), fromPercentage: z.number().nullable() });

export const Review = z.object({
  id: z.string(),
  status: z.enum(REVIEW_STATUSES),
  reason: z.string(),
  files: z.array(Attachment),
  askedOn: z.string(),
  decisionNote: z.string().nullable(),
  decidedOn: z.string().nullable(),
  /** Staff's name for staff; null for the applicant. */
  decidedBy: z.string().nullable(),
  changedResults: z.array(ChangedResult),
});
export type Review = z.infer<typeof Review>;

/** Everything a review screen needs: whether one may be asked for now (and why not), the modules, and every review of the application. */
export const ReviewState = z.object({
  applicationStatus: z.string(),
  resultRecordedOn: z.string().nullable(),
  windowClosesOn: z.string().nullable(),
  /** Null when a review may be asked for now; otherwise what stops it, in words. */
  cannotAskBecause: z.string().nullable(),
  modules: z.array(ReviewableModule),
  reviews: z.array(Review),
  canDecide: z.boolean(),
  /** To a manager who may otherwise decide: why they may not (they took part in the result: issue 43), or null. */
  cannotDecideBecause: z.string().nullable().default(null),
  /** To who may decide an open review: the days the award date of an upheld review may take. */
  awardDateRange: AwardDateRange.nullable().default(null),
});
export type ReviewState = z.infer<typeof ReviewState>;
