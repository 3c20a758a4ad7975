import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** Default and offered zones of spec section 9. */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
export const OFFERED_TIME_ZONES = [
  { zone: 'Australia/Sydney', label: 'Sydney' },
  { zone: 'Australia/Melbourne', label: 'Melbourne' },
  { zone: 'Australia/Brisbane', label: 'Brisbane' },
  { zone: 'Australia/Perth', label: 'Perth' },
  { zone: 'Australia/Adelaide', label: 'Adelaide' },
  { zone: 'Australia/Hobart', label: 'Hobart' },
  { zone: 'Australia/Darwin', label: 'Darwin' },
  { zone: 'Pacific/Auckland', label: 'Auckland' },
  { zone: 'Pacific/Chatham', label: 'Chatham' },
] as const;
export type OfferedTimeZone = (typeof OFFERED_TIME_ZONES)[number]['zone'];
export const OFFERED_TIME_ZONE_NAMES = OFFERED_TIME_ZONES.map((z) => z.zone) as [OfferedTimeZone, ...OfferedTimeZone[]];

export function isOfferedTimeZone(zone: string): zone is OfferedTimeZone {
  return (OFFERED_TIME_ZONE_NAMES as readonly string[]).includes(zone);
}

/** Date formats of spec section 9, as dayjs tokens, with their time variants. */
export const DATE_FORMATS = {
  day: 'DD-MMM-YYYY',
  slash: 'DD/MM/YYYY',
  iso: 'YYYY-MM-DD',
  dayTime: 'DD-MMM-YYYY hh:mm A',
  slashTime: 'DD/MM/YYYY hh:mm A',
  isoTime: 'YYYY-MM-DD HH:mm',
} as const;
export type DateFormatName = keyof typeof DATE_FORMATS;

export const MISSING_DATE = '-';

const DAY_INPUT_FORMATS = ['DD/MM/YYYY', 'D/M/YYYY', 'YYYY-MM-DD', 'DD-MMM-YYYY', 'D-MMM-YYYY'];

/** A day typed in any of the spec's formats, as the instants its start and end have in a zone; null when unreadable. */
export function dayRangeInZone(text: string, zone: string = DEFAULT_TIME_ZONE): { from: Date; to: Date } | null {
  const trimmed = text.trim();
  for (const format of DAY_INPUT_FORMATS) {
    const parsed = dayjs(trimmed, format, true);
    if (!parsed.isValid()) continue;
    const start = dayjs.tz(parsed.format('YYYY-MM-DD'), isOfferedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
    return { from: start.toDate(), to: start.add(1, 'day').toDate() };
  }
  return null;
}
export const INVALID_TIME_FORMAT = 'Invalid Time Format';
/** Far-future date of spec section 9 (used for "never expires"). */
export const FAR_FUTURE_DATE = '2099-12-31T00:00:00.000Z';

type DateInput = string | number | Date | null | undefined;

function toZoned(value: DateInput, zone: string): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const parsed = dayjs.utc(value);
  if (!parsed.isValid()) return null;
  return parsed.tz(isOfferedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE);
}

/** The day (YYYY-MM-DD) an instant falls on in a zone: an awarding body's "today" in its own zone (Sydney for an unknown zone). */
export function dayInTimeZone(value: string | number | Date, zone: string = DEFAULT_TIME_ZONE): string {
  return toZoned(value, zone)?.format('YYYY-MM-DD') ?? '';
}

/** Formats an instant in a zone; a missing or unreadable date shows a dash. */
export function formatDate(value: DateInput, format: DateFormatName = 'day', zone: string = DEFAULT_TIME_ZONE): string {
  const zoned = toZoned(value, zone);
  return zoned ? zoned.format(DATE_FORMATS[format]) : MISSING_DATE;
}

/**
 * A calendar day (`YYYY-MM-DD`: an expiry, a test date, a window's first day) as people read dates
 * (DD-MMM-YYYY): read at noon UTC, it is the same day in every zone. A full instant is shown as its
 * day in the default zone; anything missing or unreadable shows a dash.
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return MISSING_DATE;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatDate(`${day}T12:00:00Z`, 'day', 'UTC') : formatDate(day, 'day');
}

/** The zone's abbreviation at that instant (AEDT, AEST, NZDT...), from Intl since dayjs has none. */
export function zoneAbbreviation(value: DateInput, zone: string = DEFAULT_TIME_ZONE): string {
  const zoned = toZoned(value, zone);
  if (!zoned) return '';
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone: zone, timeZoneName: 'short' }).formatToParts(zoned.toDate());
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Date and time with the zone's abbreviation, e.g. "21-Nov-2026 10:54 AM AEDT". */
export function formatDateTimeWithZone(value: DateInput, zone: string = DEFAULT_TIME_ZONE): string {
  const text = formatDate(value, 'dayTime', zone);
  if (text === MISSING_DATE) return text;
  return `${text} ${zoneAbbreviation(value, zone)}`.trim();
}

/** Turns "14:05" or "14:05:30" into "02:05 PM"; anything else is "Invalid Time Format". */
export function formatTimeText(text: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((text ?? '').trim());
  if (!match) return INVALID_TIME_FORMAT;
  const [hours, minutes, seconds] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return INVALID_TIME_FORMAT;
  return dayjs().hour(hours).minute(minutes).second(seconds).format('hh:mm A');
}
