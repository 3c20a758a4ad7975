/**
 * Certificate numbers (issue 16, decision 017): a program's `certificateNumPattern` with
 * placeholders, and a counter that starts at its `certificateStartNum`. Pure: the server takes the
 * counter under a row lock and formats it here; the program form validates with the same rules.
 */

/** The placeholders a pattern may hold, with what each becomes (the program form's help lists them). */
export const CERTIFICATE_NUMBER_PLACEHOLDERS = [
  { placeholder: '{YYYY}', meaning: 'the award year, four digits (2026)' },
  { placeholder: '{YY}', meaning: 'the award year, two digits (26)' },
  { placeholder: '{N}', meaning: "the counter, zero-padded to the start number's width (start 0001: 0001, 0002, ...)" },
] as const;

/** Letters, digits, `-` and `.`: a number goes into the verification page's address and onto printed certificates. */
const LITERAL = /^[A-Za-z0-9.-]$/;
const PLACEHOLDER = /\{[^{}]*\}/g;

export const CERTIFICATE_NUMBER_MESSAGES = {
  unknownPlaceholder: (placeholder: string) => `Certificate Number Pattern has an unknown placeholder ${placeholder}; use {YYYY}, {YY} or {N}`,
  counterTwice: 'Certificate Number Pattern may hold {N} only once',
  badCharacter: (character: string) =>
    `Certificate Number Pattern may hold only letters, digits, "-" and "." besides the placeholders {YYYY}, {YY} and {N} (not "${character}")`,
} as const;

const KNOWN = new Set<string>(CERTIFICATE_NUMBER_PLACEHOLDERS.map((p) => p.placeholder));

/** What is wrong with a pattern, as messages for the form (empty: the pattern is good). */
export function certificatePatternIssues(pattern: string): string[] {
  const issues: string[] = [];
  const placeholders = pattern.match(PLACEHOLDER) ?? [];
  for (const placeholder of placeholders) {
    if (!KNOWN.has(placeholder)) issues.push(CERTIFICATE_NUMBER_MESSAGES.unknownPlaceholder(placeholder));
  }
  if (placeholders.filter((p) => p === '{N}').length > 1) issues.push(CERTIFICATE_NUMBER_MESSAGES.counterTwice);
  const literal = pattern.replace(PLACEHOLDER, '');
  const bad = [...literal].find((character) => !LITERAL.test(character));
  if (bad !== undefined) issues.push(CERTIFICATE_NUMBER_MESSAGES.badCharacter(bad));
  return issues;
}

/** The counter's width: the start number as written ("0001" is four digits wide, "1001" too). */
export function counterWidth(startNumber: string): number {
  return Math.max(1, startNumber.trim().length);
}

/** The first counter value of a series: the start number, at least 1. */
export function firstCounter(startNumber: string): number {
  const value = Number.parseInt(startNumber.trim(), 10);
  return Number.isFinite(value) && value > 0 ? value : 1;
}

/**
 * One certificate number: `{YYYY}` and `{YY}` become the award year, `{N}` the counter padded
 * to `width`; a pattern without `{N}` gets the padded counter appended ("AU-IWI-S-" -> AU-IWI-S-1001).
 * A counter wider than `width` is written in full, never cut.
 */
export function formatCertificateNumber(pattern: string, values: { year: number; counter: number; width: number }): string {
  const counter = String(values.counter).padStart(values.width, '0');
  const year = String(values.year).padStart(4, '0');
  const withCounter = pattern.includes('{N}') ? pattern : `${pattern}{N}`;
  return withCounter.replace(/\{YYYY\}|\{YY\}|\{N\}/g, (placeholder) => (placeholder === '{YYYY}' ? year : placeholder === '{YY}' ? year.slice(-2) : counter));
}
