/**
 * The validity of an awarded welder qualification as the platform keeps it (decision 026): the
 * shared `validityOn` rule fed with the record's test date, option, the confirmations and
 * revalidations made, and the program's confirmation interval; plus when each confirmation's
 * reminders fall due and the window in which a 9.3 b) revalidation's welds must lie.
 */
import { subtractMonths } from '../award/award-expiry';
import { validityOptionOf, type WpqValidityOption } from './wpq-record.contract';
import type { WpqStandard } from './wpq-reference';
import { rulesFor, type WpqRules } from './wpq-rules';
import { confirmationDueDate, validityOn, type ValidityOnDate } from './wpq-validity';

export interface KeptQualification {
  standard: WpqStandard;
  testDate: string;
  option: WpqValidityOption;
  /** The program's `interval` in months between confirmations (6 in ISO 9606-1). */
  intervalMonths: number;
  confirmedOn: readonly string[];
  revalidatedOn: readonly string[];
}

export function rulesOfKept(kept: Pick<KeptQualification, 'standard' | 'intervalMonths'>): WpqRules {
  return rulesFor(kept.standard, { validity: { confirmationMonths: kept.intervalMonths } });
}

/** Valid on `day`? The shared rule, with the program's interval. */
export function validityOfKept(day: string, kept: KeptQualification): ValidityOnDate {
  return validityOn(
    day,
    { testDate: kept.testDate, validityOption: validityOptionOf(kept.option), confirmations: kept.confirmedOn, revalidations: kept.revalidatedOn },
    rulesOfKept(kept),
  );
}

export interface ConfirmationPeriod {
  /** k from 1: the k-th interval after the test date. */
  sequence: number;
  /** The previous due day (or the test date): a confirmation must be after it. */
  periodStart: string;
  dueOn: string;
}

/** The k-th confirmation period. */
export function confirmationPeriod(kept: Pick<KeptQualification, 'standard' | 'intervalMonths' | 'testDate'>, sequence: number): ConfirmationPeriod {
  const rules = rulesOfKept(kept);
  return {
    sequence,
    periodStart: sequence === 1 ? kept.testDate : confirmationDueDate(kept.testDate, sequence - 1, rules),
    dueOn: confirmationDueDate(kept.testDate, sequence, rules),
  };
}

/** The period whose due day is `dueOn` (the rule's next confirmation due). */
export function periodDueOn(kept: Pick<KeptQualification, 'standard' | 'intervalMonths' | 'testDate'>, dueOn: string): ConfirmationPeriod | null {
  for (let k = 1; k <= 2000; k++) {
    const period = confirmationPeriod(kept, k);
    if (period.dueOn === dueOn) return period;
    if (period.dueOn > dueOn) return null;
  }
  return null;
}

/** The confirmation open on `day`: the next one due while the qualification is valid and not yet confirmed. */
export function openConfirmation(day: string, kept: KeptQualification): ConfirmationPeriod | null {
  const validity = validityOfKept(day, kept);
  if (!validity.isValid || !validity.nextConfirmationDue) return null;
  const period = periodDueOn(kept, validity.nextConfirmationDue);
  if (!period) return null;
  const isConfirmed = kept.confirmedOn.some((c) => c > period.periodStart && c <= period.dueOn);
  return isConfirmed ? null : period;
}

/** Something a valid qualification needs by a day: its open confirmation, or at the end of its validity a revalidation (9.3 b) or a new test. */
export interface KeptDue {
  due: 'confirmation' | 'revalidation' | 'retest';
  dueOn: string;
}

/**
 * What falls due for a qualification on `today`, soonest first (Programs -> Welders due and the
 * company's people): its open confirmation, and the end of its validity (a revalidation under
 * 9.3 b, else a new test). Nothing once the rule says it is no longer valid.
 */
export function dueOfKept(today: string, kept: KeptQualification): KeptDue[] {
  const rule = validityOfKept(today, kept);
  if (!rule.isValid) return [];
  const candidates: KeptDue[] = [];
  const open = openConfirmation(today, kept);
  if (open) candidates.push({ due: 'confirmation', dueOn: open.dueOn });
  if (rule.validUntil) candidates.push({ due: kept.option === '9.3b' ? 'revalidation' : 'retest', dueOn: rule.validUntil });
  return candidates.sort((a, b) => a.dueOn.localeCompare(b.dueOn));
}

export const VALIDITY_REMINDER_KINDS = ['1-month', '1-week'] as const;
export type ValidityReminderKind = (typeof VALIDITY_REMINDER_KINDS)[number];

function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** When each reminder of a confirmation due on `dueOn` is due: 1 month and 1 week before. */
export function validityReminderDates(dueOn: string): Record<ValidityReminderKind, string> {
  return { '1-month': subtractMonths(dueOn, 1), '1-week': daysBefore(dueOn, 7) };
}

/**
 * The reminder to send on `today` for a confirmation due on `dueOn`: the latest whose day has come,
 * up to the due day; null before the first. As with award reminders, a missed run never sends the
 * older one late once a later one is due, and the ledger makes each go once.
 */
export function dueValidityReminder(dueOn: string, today: string): ValidityReminderKind | null {
  if (today > dueOn) return null;
  const dates = validityReminderDates(dueOn);
  let due: ValidityReminderKind | null = null;
  for (const kind of VALIDITY_REMINDER_KINDS) if (dates[kind] <= today) due = kind;
  return due;
}

/** 9.3 b): the last months of validity, in which the two welds must have been made (after `from`, up to `to`). */
export function revalidationWindow(validUntil: string, kept: Pick<KeptQualification, 'standard' | 'intervalMonths'>): { from: string; to: string } {
  return { from: subtractMonths(validUntil, rulesOfKept(kept).validity.revalidationWindowMonths), to: validUntil };
}
