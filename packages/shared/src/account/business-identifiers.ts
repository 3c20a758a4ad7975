/**
 * Checks of the legal identifiers an awarding body prints on its tax invoices: the Australian
 * Business Number (ABN), the New Zealand Business Number (NZBN, a GS1 number) and the New Zealand
 * GST number (an IRD number). Each is checked by its published check-digit rule, so a mistyped
 * digit is refused before it reaches an invoice.
 */

function digitsOf(value: string): number[] | null {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? [...compact].map(Number) : null;
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** 11 digits; subtract 1 from the first, weigh, and the sum divides by 89 (the ATO's rule). */
export function isValidAbn(value: string): boolean {
  const digits = digitsOf(value);
  if (!digits || digits.length !== 11) return false;
  const adjusted = [digits[0]! - 1, ...digits.slice(1)];
  const sum = adjusted.reduce((total, digit, index) => total + digit * ABN_WEIGHTS[index]!, 0);
  return sum % 89 === 0;
}

/** 13 digits with the GS1 check digit (weights 1 and 3 from the left on the first twelve). */
export function isValidNzbn(value: string): boolean {
  const digits = digitsOf(value);
  if (!digits || digits.length !== 13) return false;
  const sum = digits.slice(0, 12).reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === digits[12];
}

const IRD_PRIMARY_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];
const IRD_SECONDARY_WEIGHTS = [7, 4, 3, 2, 5, 2, 7, 6];

function irdCheckDigit(base: readonly number[], weights: readonly number[]): number {
  const remainder = base.reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
  return remainder === 0 ? 0 : 11 - remainder;
}

/**
 * A New Zealand GST number is the body's IRD number: 8 or 9 digits between 10-000-000 and
 * 150-000-000, with Inland Revenue's mod-11 check digit (the secondary weights when the first
 * give 10).
 */
export function isValidNzGstNumber(value: string): boolean {
  const digits = digitsOf(value);
  if (!digits || digits.length < 8 || digits.length > 9) return false;
  const padded = digits.length === 8 ? [0, ...digits] : digits;
  const number = Number(padded.join(''));
  if (number < 10_000_000 || number > 150_000_000) return false;
  const base = padded.slice(0, 8);
  let check = irdCheckDigit(base, IRD_PRIMARY_WEIGHTS);
  if (check === 10) check = irdCheckDigit(base, IRD_SECONDARY_WEIGHTS);
  return check !== 10 && check === padded[8];
}

/** Groups as printed: ABN "51 824 753 556", NZBN "9429041234567" unchanged, GST "49-091-850". */
export function formatAbn(value: string): string {
  const compact = value.replace(/\s/g, '');
  return compact.length === 11 ? `${compact.slice(0, 2)} ${compact.slice(2, 5)} ${compact.slice(5, 8)} ${compact.slice(8)}` : value;
}
