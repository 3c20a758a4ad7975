import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

/** The spec's day format, as every date field shows it. */
export const DAY_INPUT_FORMAT = 'DD-MMM-YYYY';

const TYPED_DAY_FORMATS = ['DD-MMM-YYYY', 'D-MMM-YYYY', 'DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD'];

/** A day typed in one of the spec's formats (DD-MMM-YYYY, DD/MM/YYYY, YYYY-MM-DD), as YYYY-MM-DD; null when unreadable. */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  for (const format of TYPED_DAY_FORMATS) {
    const parsed = dayjs(trimmed, format, true);
    if (parsed.isValid()) return parsed.format('YYYY-MM-DD');
  }
  return null;
}
