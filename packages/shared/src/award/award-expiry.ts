import { dayInTimeZone } from '../common/dates';
import { todayInSydney } from '../pre-exam/pre-exam-rules';

/**
 * Award expiry and renewal reminders (issue 17), on days written `YYYY-MM-DD`.
 *
 * An award's `expires_on` is the last day it is valid (the award module sets it to the award day
 * plus the program's renewal period in whole years, 29 February becoming 28 February: decision 017).
 * "Today" is Sydney's date, as for `awarded_on`; so an award is expired once Sydney's today is after
 * `expires_on`, that is from the first moment of the next day in Sydney. The certificate module
 * reads a current award past that day the same way.
 */

/** The reminders the holder gets, earliest first, and how many months before the expiry day each is sent (0: on the day). */
export const AWARD_REMINDER_KINDS = ['6-months', '3-months', '1-month', 'day'] as const;
export type AwardReminderKind = (typeof AWARD_REMINDER_KINDS)[number];

export const AWARD_REMINDER_MONTHS_BEFORE: Record<AwardReminderKind, number> = {
  '6-months': 6,
  '3-months': 3,
  '1-month': 1,
  day: 0,
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(day: string): [number, number, number] {
  const match = DAY.exec(day);
  if (!match) throw new Error(`Not a YYYY-MM-DD day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function format(year: number, month: number, date: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

/**
 * The same day of the month `months` months earlier (a negative count: later); a day the target
 * month lacks becomes its last day (31 August - 6 months = 28 or 29 February).
 */
export function subtractMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const index = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  return format(targetYear, targetMonth, Math.min(date, lastDay));
}

/** The day each reminder of an award expiring on `expiresOn` is due. */
export function reminderDates(expiresOn: string): Record<AwardReminderKind, string> {
  return Object.fromEntries(AWARD_REMINDER_KINDS.map((kind) => [kind, subtractMonths(expiresOn, AWARD_REMINDER_MONTHS_BEFORE[kind])])) as Record<AwardReminderKind, string>;
}

/**
 * The reminder to send on `today`: the latest whose day has come, while the award is still valid
 * (today on or before the expiry day); null before the first or after expiry. A reminder whose day
 * passed while the job did not run is still sent (it is the latest due), but once a later one is
 * due only that one is: the holder never gets "6 months" and "1 month" together. The ledger of
 * sent reminders makes each one go once.
 */
export function dueReminder(expiresOn: string | null, today: string): AwardReminderKind | null {
  if (!expiresOn || today > expiresOn) return null;
  const dates = reminderDates(expiresOn);
  let due: AwardReminderKind | null = null;
  for (const kind of AWARD_REMINDER_KINDS) if (dates[kind] <= today) due = kind;
  return due;
}

/** Whether an award with this last valid day is expired on `today` (no expiry day: never). */
export function isExpiredOn(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && today > expiresOn;
}

/** The renewal window: from the first reminder's day to the expiry day, both included. */
export function isInRenewalWindow(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && today >= reminderDates(expiresOn)['6-months'] && today <= expiresOn;
}

/** The day the expiry job judges an account's awards by: the account's date at `now` (Sydney's by default). */
export function expiryToday(now: Date = new Date(), timeZone?: string): string {
  return timeZone ? dayInTimeZone(now, timeZone) : todayInSydney(now);
}

