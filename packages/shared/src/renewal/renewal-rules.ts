import { addDays } from '../exam-schedule/exam-schedule-time';

/** Professional development that counts towards a renewal (issue 17, decision 023). */
export interface DevelopmentHours {
  numOfHours: number;
  startDate: string;
}

/** Whether an entry started within the award's period, both days included (days written YYYY-MM-DD). */
export function isInPeriod(startDate: string, periodStart: string, periodEnd: string | null): boolean {
  return startDate >= periodStart && (periodEnd === null || startDate <= periodEnd);
}

/** The hours of the entries that started within the period, to one decimal (as the profile stores them). */
export function cpdHoursInPeriod(entries: readonly DevelopmentHours[], periodStart: string, periodEnd: string | null): number {
  const tenths = entries.filter((e) => isInPeriod(e.startDate, periodStart, periodEnd)).reduce((sum, e) => sum + Math.round(e.numOfHours * 10), 0);
  return tenths / 10;
}

/** What a program says of renewals after the expiry day (decision 023): a new application, or a grace period with a late fee. */
export const LATE_RENEWAL_CHOICES = ['newApplication', 'grace'] as const;
export type LateRenewalChoice = (typeof LATE_RENEWAL_CHOICES)[number];
export const LATE_RENEWAL_LABELS: Record<LateRenewalChoice, string> = {
  newApplication: 'Not allowed: an expired award needs a new application',
  grace: 'Allowed within a grace period, with a late fee',
};

/** The last day an expired award may still be renewed, or null when the program takes no late renewals. */
export function graceEndsOn(expiresOn: string, rules: { lateRenewal: LateRenewalChoice; graceDays: number }): string | null {
  return rules.lateRenewal === 'grace' && rules.graceDays > 0 ? addDays(expiresOn, rules.graceDays) : null;
}

/**
 * Where a renewal applied today stands against the expiry day: on time (from the window's first
 * day to the expiry day), late (after it, up to the last day of grace), or refused.
 */
export function lateStanding(expiresOn: string, today: string, rules: { lateRenewal: LateRenewalChoice; graceDays: number }): 'onTime' | 'late' | 'noLateRenewal' | 'graceOver' {
  if (today <= expiresOn) return 'onTime';
  const lastDay = graceEndsOn(expiresOn, rules);
  if (lastDay === null) return 'noLateRenewal';
  return today <= lastDay ? 'late' : 'graceOver';
}

/** CPD hours as people read them: whole hours plain, otherwise one decimal (as the profile stores them). */
export function formatCpdHours(hours: number): string {
  return Number.isInteger(hours) ? String(hours) : hours.toFixed(1);
}

/**
 * CPD hours listed against the program's requirement, said the same on the holder's form, staff's
 * decision page and the queue: "0 of 0 required" reads as a fault when the program asks for none (issue 45 item 8).
 */
export function cpdHoursText(hours: number, required: number): string {
  return required > 0 ? `${formatCpdHours(hours)} of ${required} required` : `${formatCpdHours(hours)} listed (none required)`;
}
