/**
 * Validity of a welder qualification (ISO 9606-1 clause 9): it starts on the day the test piece
 * was welded, needs a confirmation every 6 months, and is kept by one of the three ways of 9.3.
 * Dates are calendar days ('YYYY-MM-DD'; the reasons say them as DD-MMM-YYYY) and fall on the same day of the month; where that day
 * does not exist the month's last day is used (31 August + 6 months = 28 or 29 February).
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { formatDay } from '../common/dates';
import type { ValidityOption } from './wpq-reference';
import { ISO_9606_1_RULES, type WpqRules } from './wpq-rules';

dayjs.extend(utc);

const DAY = 'YYYY-MM-DD';

function parse(date: string): dayjs.Dayjs {
  const parsed = dayjs.utc(date);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !parsed.isValid() || parsed.format(DAY) !== date) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return parsed;
}

/** Months are added to the test date itself, not chained, so 31 August stays on the 31st where it can. */
function addMonths(date: string, months: number): string {
  return parse(date).add(months, 'month').format(DAY);
}

export function isCalendarDate(value: string): boolean {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}

/** The day the first 6-monthly confirmation is due. */
export function firstConfirmationDate(testDate: string, rules: WpqRules = ISO_9606_1_RULES): string {
  return addMonths(testDate, rules.validity.confirmationMonths);
}

/** The k-th confirmation due date (k from 1). */
export function confirmationDueDate(testDate: string, k: number, rules: WpqRules = ISO_9606_1_RULES): string {
  return addMonths(testDate, k * rules.validity.confirmationMonths);
}

export interface ValidityDates {
  testDate: string;
  firstConfirmation: string;
  /** 9.3 a): the new test is due. */
  retestBy: string;
  /** 9.3 b): the first revalidation is due. */
  revalidationBy: string;
  /** 9.3 c): the first confirmation, after which it stays valid while confirmed. */
  confirmationBy: string;
}

/** A test on 20 January 2007 gives a) 20 January 2010, b) 20 January 2009, c) 20 July 2007. */
export function validityDates(testDate: string, rules: WpqRules = ISO_9606_1_RULES): ValidityDates {
  const firstConfirmation = firstConfirmationDate(testDate, rules);
  return {
    testDate,
    firstConfirmation,
    retestBy: addMonths(testDate, rules.validity.retestYears * 12),
    revalidationBy: addMonths(testDate, rules.validity.revalidationYears * 12),
    confirmationBy: firstConfirmation,
  };
}

export interface QualificationRecord {
  testDate: string;
  validityOption: ValidityOption;
  /** Days on which the coordinator or examiner confirmed the welder kept welding within range. */
  confirmations: readonly string[];
  /** 9.3 b): days on which two welds of the last 6 months of validity passed their tests. */
  revalidations?: readonly string[];
  /** 9.3 c): same manufacturer, quality system verified to ISO 3834-2 or -3, records of acceptable welds. */
  meetsOptionCConditions?: boolean;
}

export interface ValidityOnDate {
  isValid: boolean;
  /** Why, in words an examiner reads. */
  reason: string;
  /** The last day of validity under a) or b) as it stands on the date; null under c) or when not valid. */
  validUntil: string | null;
  /** The next confirmation due on or after the date; null when not valid. */
  nextConfirmationDue: string | null;
  /** The day the qualification ended, when it did. */
  endedOn: string | null;
}

function invalid(reason: string, endedOn: string | null): ValidityOnDate {
  return { isValid: false, reason, validUntil: null, nextConfirmationDue: null, endedOn };
}

/** Under b) each revalidation made in the last months of validity extends it by 2 years. */
function revalidatedUntil(record: QualificationRecord, rules: WpqRules): string {
  let until = addMonths(record.testDate, rules.validity.revalidationYears * 12);
  const revalidations = [...(record.revalidations ?? [])].sort();
  for (;;) {
    const windowStart = addMonths(until, -rules.validity.revalidationWindowMonths);
    const current = until;
    if (!revalidations.some((day) => day > windowStart && day <= current)) return until;
    until = addMonths(until, rules.validity.revalidationYears * 12);
  }
}

/**
 * Whether a qualification is valid on a day. A confirmation counts for the period that ends on
 * its due date when it falls within that period; a period that ended without one ends the
 * qualification on its due date. The due date itself is still valid, as the confirmation may be
 * made that day.
 */
export function validityOn(date: string, record: QualificationRecord, rules: WpqRules = ISO_9606_1_RULES): ValidityOnDate {
  const day = parse(date).format(DAY);
  const testDate = parse(record.testDate).format(DAY);
  if (day < testDate) return invalid(`Not yet valid: validity starts on the test date ${formatDay(testDate)}.`, null);

  let validUntil: string | null = null;
  if (record.validityOption === 'a') validUntil = addMonths(testDate, rules.validity.retestYears * 12);
  if (record.validityOption === 'b') validUntil = revalidatedUntil(record, rules);
  if (record.validityOption === 'c') {
    if (!rules.validity.isOptionCAllowed) return invalid(`Option 9.3 c) is not allowed under ${rules.standard}.`, null);
    if (record.meetsOptionCConditions === false) {
      return invalid('Option 9.3 c) needs the same manufacturer, a quality system verified to ISO 3834-2 or -3 and records of acceptable welds.', null);
    }
  }

  const confirmations = record.confirmations.map((c) => parse(c).format(DAY));
  for (let k = 1; ; k++) {
    const due = confirmationDueDate(testDate, k, rules);
    if (validUntil !== null && (due > validUntil || (due >= validUntil && day > validUntil))) break;
    if (due >= day) {
      return { isValid: true, reason: reasonValid(record.validityOption, validUntil), validUntil, nextConfirmationDue: due, endedOn: null };
    }
    const periodStart = k === 1 ? testDate : confirmationDueDate(testDate, k - 1, rules);
    const isConfirmed = confirmations.some((c) => c > periodStart && c <= due);
    if (!isConfirmed) return invalid(`The confirmation due on ${formatDay(due)} was missed, which ended the qualification.`, due);
  }
  if (validUntil !== null && day > validUntil) {
    const way = record.validityOption === 'a' ? 'a new test was due' : 'a revalidation was due';
    return invalid(`Expired on ${formatDay(validUntil)}: under 9.3 ${record.validityOption}) ${way}.`, validUntil);
  }
  // Every confirmation up to the end of validity was made, and the day is within it.
  return { isValid: true, reason: reasonValid(record.validityOption, validUntil), validUntil, nextConfirmationDue: null, endedOn: null };
}

function reasonValid(option: ValidityOption, validUntil: string | null): string {
  if (option === 'c') return 'Valid under 9.3 c) while confirmed every 6 months.';
  return `Valid under 9.3 ${option}) until ${formatDay(validUntil)}, with every confirmation made.`;
}
