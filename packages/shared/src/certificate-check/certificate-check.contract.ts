import { z } from 'zod';
import { AWARD_STATUSES, type AwardStatus } from '../award/award-status';
import { VERIFICATION_STATUS_TEXT } from '../public-register/public-register.contract';

/**
 * A company's check of many certificate numbers at once (issue 42, decision 038): each number
 * answers what the public verification page answers for it, and nothing more. Every certificate
 * found is logged against its holder, who sees which company checked it and when.
 * `POST api/employer/certificate-checks`, `GET api/employer/certificate-checks` (past checks),
 * `GET api/employer/certificate-checks/{id}` and `.../{id}.csv`.
 */
export const MAX_CERTIFICATE_CHECK_NUMBERS = 500;
/** As the verification page takes one. */
export const MAX_CERTIFICATE_NUMBER_LENGTH = 100;
/**
 * The most numbers one company checks in 24 hours: a hiring office's week of papers is far below
 * it, while reading the register wholesale (names and statuses, thousands a day) is refused.
 */
export const DAILY_CERTIFICATE_CHECK_NUMBERS = 5000;
/** The past checks the company lists, newest first. */
export const CERTIFICATE_CHECK_HISTORY_SIZE = 50;

export const CERTIFICATE_CHECK_MESSAGES = {
  numbersRequired: 'Enter at least one certificate number',
  tooManyNumbers: `Check at most ${MAX_CERTIFICATE_CHECK_NUMBERS} certificate numbers at a time: split the list and check the rest separately`,
  numberTooLong: `A certificate number has at most ${MAX_CERTIFICATE_NUMBER_LENGTH} characters`,
  checkNotFound: 'Certificate check not found',
  dailyLimit: `Your company may check at most ${DAILY_CERTIFICATE_CHECK_NUMBERS} certificate numbers in 24 hours: check the rest later`,
  /** The result of a number no certificate has (the status column's text). */
  notFound: 'Not found',
} as const;

/** A cell that is a column heading rather than a number, as a spreadsheet's export starts with. */
const HEADING = /^(certificate|cert\.?)?\s*(number|no\.?|#)?$/i;

/**
 * The numbers of a pasted list or an uploaded CSV or text file: one per line or separated by
 * commas, semicolons or tabs; quotes around a cell and spaces dropped, blank cells and a heading
 * ("Certificate number") left out, and each number once (letter case aside, as verification
 * forgives it), in the order first seen.
 */
export function parseCertificateNumbers(text: string): string[] {
  const cells = text
    .split(/[\r\n,;\t]+/)
    .map((cell) => cell.trim().replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1').trim())
    .filter((cell) => cell.length > 0 && !HEADING.test(cell));
  return uniqueNumbers(cells);
}

/** Each number once, letter case aside; the first spelling stays. */
export function uniqueNumbers(numbers: readonly string[]): string[] {
  const seen = new Set<string>();
  return numbers.filter((number) => {
    const key = number.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The numbers to check: trimmed, blank ones dropped, each once; then 1 to 500 of them. */
export const CertificateCheckRequest = z.strictObject({
  numbers: z
    .array(z.string({ error: CERTIFICATE_CHECK_MESSAGES.numbersRequired }).max(MAX_CERTIFICATE_NUMBER_LENGTH + 200, CERTIFICATE_CHECK_MESSAGES.numberTooLong), { error: CERTIFICATE_CHECK_MESSAGES.numbersRequired })
    // A list far past the limit is refused before it is read number by number.
    .max(MAX_CERTIFICATE_CHECK_NUMBERS * 4, CERTIFICATE_CHECK_MESSAGES.tooManyNumbers)
    .transform((numbers) => uniqueNumbers(numbers.map((number) => number.trim()).filter((number) => number.length > 0)))
    .refine((numbers) => numbers.length > 0, CERTIFICATE_CHECK_MESSAGES.numbersRequired)
    .refine((numbers) => numbers.length <= MAX_CERTIFICATE_CHECK_NUMBERS, CERTIFICATE_CHECK_MESSAGES.tooManyNumbers)
    .refine((numbers) => numbers.every((number) => number.length <= MAX_CERTIFICATE_NUMBER_LENGTH), CERTIFICATE_CHECK_MESSAGES.numberTooLong),
});
export type CertificateCheckRequest = z.input<typeof CertificateCheckRequest>;

/**
 * One number's answer: what the verification page shows for it (holder's name, program, issuing
 * body, dates, status now, a welder qualification's designations), or not found.
 */
export const CertificateCheckRow = z.object({
  /** The number as the company entered it. */
  number: z.string(),
  found: z.boolean(),
  /** The certificate's own number (its letter case), when found. */
  certificateNumber: z.string().nullable(),
  holderName: z.string().nullable(),
  programCode: z.string().nullable(),
  programTitle: z.string().nullable(),
  awardingBody: z.string().nullable(),
  /** The status when checked, as the verification page reads it then. */
  status: z.enum(AWARD_STATUSES).nullable(),
  awardDate: z.string().nullable(),
  expiresOn: z.string().nullable(),
  designations: z.array(z.string()),
});
export type CertificateCheckRow = z.infer<typeof CertificateCheckRow>;

/** One check of a list of numbers, as the company lists its past checks. */
export const CertificateCheckSummary = z.object({
  id: z.string(),
  checkedOn: z.string(),
  /** The company user who checked (their name). */
  checkedBy: z.string(),
  total: z.number().int(),
  found: z.number().int(),
});
export type CertificateCheckSummary = z.infer<typeof CertificateCheckSummary>;

export const CertificateCheck = CertificateCheckSummary.extend({ rows: z.array(CertificateCheckRow) });
export type CertificateCheck = z.infer<typeof CertificateCheck>;

/** What the status column says: the verification page's headline, or not found. */
export function checkStatusText(status: AwardStatus | null): string {
  return status ? VERIFICATION_STATUS_TEXT[status].headline : CERTIFICATE_CHECK_MESSAGES.notFound;
}

export const CERTIFICATE_CHECK_PATHS = {
  checks: '/api/employer/certificate-checks',
  check: (id: string) => `/api/employer/certificate-checks/${encodeURIComponent(id)}`,
  csv: (id: string) => `/api/employer/certificate-checks/${encodeURIComponent(id)}.csv`,
} as const;

/** The CSV's columns, in order. */
export const CERTIFICATE_CHECK_CSV_COLUMNS = ['Number checked', 'Found', 'Certificate number', 'Holder', 'Program code', 'Program', 'Awarding body', 'Status', 'Award date', 'Expiry date', 'Designations'] as const;
