import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_TIME_ZONE } from '../common/dates';
import { reviewWindowClosesOn } from '../review/review.contract';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface RetentionFacts {
  /** When the application's overall result was recorded (final); null while it is not. */
  resultRecordedOn: Date | string | null;
  reviewWindowDays: number;
  /** A review of the result still open keeps everything until it is decided. */
  hasOpenReview: boolean;
  /** The latest decided review, if any: its decision restarts the count. */
  lastReviewDecidedOn: Date | string | null;
  retentionDays: number;
}

const sydneyDay = (value: Date | string): string => dayjs(value).tz(DEFAULT_TIME_ZONE).format('YYYY-MM-DD');

/**
 * The Sydney day from which a sitting's recording, snapshots and keystroke logs may be deleted:
 * `retentionDays` after the later of the review window's last day and the last review decision;
 * null while the result is not final or a review is open.
 */
export function retentionDueOn(facts: RetentionFacts): string | null {
  if (!facts.resultRecordedOn || facts.hasOpenReview) return null;
  let closed = reviewWindowClosesOn(facts.resultRecordedOn, facts.reviewWindowDays);
  if (facts.lastReviewDecidedOn) {
    const decided = sydneyDay(facts.lastReviewDecidedOn);
    if (decided > closed) closed = decided;
  }
  return dayjs.tz(closed, DEFAULT_TIME_ZONE).add(facts.retentionDays, 'day').format('YYYY-MM-DD');
}

/** Due on its day (Sydney), not before. */
export function isRetentionDue(dueOn: string | null, now: Date): boolean {
  return dueOn !== null && sydneyDay(now) >= dueOn;
}
