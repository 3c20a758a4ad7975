/**
 * The New Zealand GST number an awarding body prints on its tax invoices: its IRD number, checked
 * by Inland Revenue's check-digit rule so that a mistyped digit is refused before it reaches an
 * invoice. ABNs and NZBNs are checked by the companies' rules (company/business-number.ts).
 */

function digitsOf(value: string): number[] | null {
  const compact = value.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? [...compact].map(Number) : null;
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
