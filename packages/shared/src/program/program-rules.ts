import { z } from 'zod';

/** Text of rich-text markup once tags and entities are gone: what "not empty" is judged on. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;/gi, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What the API says of every rich-text field. The server sanitises each one as it saves it
 * (apps/server platform/rich-text.ts), so what any caller reads back is this HTML and no other;
 * its rich-text routes test finds the fields by this description.
 */
export const RICH_TEXT_DESCRIPTION =
  'HTML. The server keeps only the formatting of the rich-text editor (paragraphs, headings, bold, italic, underline, strike-through, lists, links, quotes, code; in question content, uploaded question images) and removes everything else (scripts, styles, event handlers, other tags and attributes) when it saves it.';

/** Marks a string field as rich text: HTML the server sanitises when it saves it. */
export function asRichText<T extends z.ZodType>(schema: T): T {
  return schema.meta({ description: RICH_TEXT_DESCRIPTION });
}

/** Rich text: required, at most `max` characters, and not empty once the markup is stripped. */
export function richText(requiredMessage: string, max: number, maxMessage: string) {
  return asRichText(
    z
      .string({ error: requiredMessage })
      .max(max, maxMessage)
      .refine((html) => plainTextOf(html).length > 0, requiredMessage),
  );
}

const MONEY_PATTERN = /^\d+(\.\d{1,2})?$/;

/**
 * A fee as typed: a number or numeric text with up to two decimals, read as a number of dollars.
 * `maxLength` limits the characters as the spec does for module fees.
 */
export function fee(message: string, options: { maxLength?: number } = {}) {
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((text) => MONEY_PATTERN.test(text), message)
    .refine((text) => !options.maxLength || text.length <= options.maxLength, message)
    .transform((text) => Number(text));
}

export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** Fees are shown with two decimals. */
export function formatFee(dollars: number | null | undefined): string {
  return dollars === null || dollars === undefined ? '-' : dollars.toFixed(2);
}
