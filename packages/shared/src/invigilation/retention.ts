import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_TIME_ZONE, isOfferedTimeZone } from '../common/dates';
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
  /** The program's awarding body's zone (Sydney by default): the days are its days. */
  timeZone?: string;
}

const dayOf = (value: Date | string, zone: string): string => dayjs(value).tz(zone).format('YYYY-MM-DD');

/**
 * The day (in the awarding body's zone) from which a sitting's recording, snapshots and keystroke logs may be deleted:
 * `retentionDays` after the later of the review window's last day and the last review decision;
 * null while the result is not final or a review is open.
 */
export function retentionDueOn(facts: RetentionFacts): string | null {
  if (!facts.resultRecordedOn || facts.hasOpenReview) return null;
  const zone = zoneOrDefault(facts.timeZone);
  let closed = reviewWindowClosesOn(facts.resultRecordedOn, facts.reviewWindowDays, zone);
  if (facts.lastReviewDecidedOn) {
    const decided = dayOf(facts.lastReviewDecidedOn, zone);
    if (decided > closed) closed = decided;
  }
  return dayjs.tz(closed, zone).add(facts.retentionDays, 'day').format('YYYY-MM-DD');
}

/** Due on its day (the awarding body's; Sydney by default), not before. */
export function isRetentionDue(dueOn: string | null, now: Date, timeZone?: string): boolean {
  return dueOn !== null && dayOf(now, zoneOrDefault(timeZone)) >= dueOn;
}

function zoneOrDefault(zone: string | undefined): string {
  return zone && isOfferedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}
