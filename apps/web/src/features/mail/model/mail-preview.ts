/** How many characters of a mail's text a list shows beside its subject. */
export const MAIL_PREVIEW_LENGTH = 120;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** A salutation alone on its line: "Dear Liam,", "Hello Ada", "Good morning,". */
const SALUTATION_LINE = /^(dear|hello|hi|hey|greetings|good (morning|afternoon|evening))\b[^.!?:]{0,60}[,:!]?$/i;
/** A salutation that starts a line with the text after it: "Dear Liam, your invoice ...". */
const SALUTATION_PREFIX = /^(dear|hello|hi|hey|good (morning|afternoon|evening))\b[^,.!?:]{0,60}[,:!]\s+/i;

/** Mail text as plain lines: markup taken out (a block or a break ends a line), entities read. */
function plainLinesOf(text: string): string[] {
  return text
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#39|[a-z]+);/gi, (entity, name: string) => ENTITIES[name.toLowerCase()] ?? entity)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0);
}

/**
 * What a list of mails shows of one: the first line that says something, never the greeting
 * alone (every mail starts "Dear Liam,"); empty when there is nothing past the greeting.
 */
export function mailPreviewOf(text: string): string {
  const line = plainLinesOf(text)
    .filter((candidate) => !SALUTATION_LINE.test(candidate))
    .map((candidate) => candidate.replace(SALUTATION_PREFIX, ''))
    .find((candidate) => candidate.length > 0);
  if (!line) return '';
  return line.length > MAIL_PREVIEW_LENGTH ? `${line.slice(0, MAIL_PREVIEW_LENGTH - 1).trimEnd()}…` : line;
}
