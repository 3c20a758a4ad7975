import { z } from 'zod';
import { formatDate } from '../common/dates';
import { AWARD_MESSAGES } from './award.contract';

/**
 * The award date (the spec's `awardedOn`, issue 41) wherever staff make an award: the result
 * stage, an upheld review, the re-sit result that awards and the Welder Qualification approval.
 * One field, one range and one check, used by the requests, the server and the forms alike.
 */

/** The day the awarding body decided the award (YYYY-MM-DD); absent means today in the body's zone. */
export const awardedOnField = z.iso.date({ error: AWARD_MESSAGES.awardedOnInvalid }).optional();

/** The first and last day the award date may take: the submission day and today, in the awarding body's zone. */
export const AwardDateRange = z.object({ earliest: z.string().nullable(), latest: z.string() });
export type AwardDateRange = z.infer<typeof AwardDateRange>;

/** A YYYY-MM-DD day as the spec shows dates (DD-MMM-YYYY): noon UTC is the same day everywhere the bodies are. */
export function awardDayText(day: string): string {
  return formatDate(`${day}T12:00:00Z`, 'day', 'UTC');
}

/** The award date's message, or null when the day may be used (the server judges it with the same function). */
export function awardDateIssue(day: string, range: AwardDateRange): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !z.iso.date().safeParse(day).success) return AWARD_MESSAGES.awardedOnInvalid;
  if (day > range.latest) return AWARD_MESSAGES.awardedOnFuture;
  if (range.earliest && day < range.earliest) return AWARD_MESSAGES.awardedOnBeforeSubmitted(awardDayText(range.earliest));
  return null;
}

/**
 * What an awarding step's history adds about the award date: nothing when the award is dated the
 * day it is recorded (most are), otherwise " (award date 03-Mar-2025)".
 */
export function earlierAwardDateNote(awardedOn: string | undefined, today: string): string {
  return awardedOn && awardedOn !== today ? ` (award date ${awardDayText(awardedOn)})` : '';
}
