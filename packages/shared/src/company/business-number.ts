/**
 * Australian Business Numbers and New Zealand Business Numbers (decision 027). An ABN has 11 digits
 * checked by the ATO's rule (subtract 1 from the first digit, weight 10, 1, 3, 5, ..., 19; the sum is
 * divisible by 89). An NZBN is a GS1 global location number of 13 digits whose last digit is the GS1
 * check digit (weights 3 and 1 alternating from the right).
 */
export type BusinessNumberKind = 'ABN' | 'NZBN';

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** Digits only: people write ABNs as "51 824 753 556" and NZBNs with spaces or dashes. */
export function normaliseBusinessNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isValidAbn(value: string): boolean {
  const digits = normaliseBusinessNumber(value);
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = ABN_WEIGHTS.reduce((total, weight, i) => total + weight * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0);
  return sum % 89 === 0;
}

/** The GS1 check digit of the digits before it (any length). */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const fromRight = body.length - i;
    sum += Number(body[i]) * (fromRight % 2 === 1 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidNzbn(value: string): boolean {
  const digits = normaliseBusinessNumber(value);
  if (!/^\d{13}$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

/** Which kind a number is by its length, when its check digit holds; null otherwise. */
export function businessNumberKindOf(value: string): BusinessNumberKind | null {
  const digits = normaliseBusinessNumber(value);
  if (digits.length === 11) return isValidAbn(digits) ? 'ABN' : null;
  if (digits.length === 13) return isValidNzbn(digits) ? 'NZBN' : null;
  return null;
}
