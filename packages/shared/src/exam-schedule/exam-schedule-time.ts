import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_TIME_ZONE, isOfferedTimeZone, OFFERED_TIME_ZONES, zoneAbbreviation } from '../common/dates';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

/** How a schedule's date and time travel between the form and the server: wall-clock time in a chosen zone. */
export const LOCAL_DATE_TIME_FORMAT = 'YYYY-MM-DDTHH:mm';
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export type LocalTimeReading = { instant: Date } | { problem: 'invalid' } | { problem: 'gap' };

/**
 * The instant a wall-clock time names in a zone. A time that does not exist there (the hour the
 * clocks skip when daylight saving starts) is a `gap`, never silently moved an hour on. A time that
 * happens twice (when daylight saving ends) is its first occurrence, still on daylight time.
 */
export function instantOfLocal(local: string, zone: string): LocalTimeReading {
  const text = local.trim();
  if (!LOCAL_DATE_TIME.test(text) || !dayjs(text, LOCAL_DATE_TIME_FORMAT, true).isValid()) return { problem: 'invalid' };
  const safeZone = isOfferedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  const zoned = dayjs.tz(text, LOCAL_DATE_TIME_FORMAT, safeZone);
  if (!zoned.isValid()) return { problem: 'invalid' };
  // dayjs moves a skipped time forward; reading it back in the zone shows whether it existed.
  if (zoned.tz(safeZone).format(LOCAL_DATE_TIME_FORMAT) !== text) return { problem: 'gap' };
  return { instant: zoned.toDate() };
}

/** The wall-clock time of an instant in a zone, as the form shows it; empty when missing. */
export function localOfInstant(value: string | Date | null | undefined, zone: string): string {
  if (value === null || value === undefined || value === '') return '';
  const parsed = dayjs.utc(value);
  if (!parsed.isValid()) return '';
  return parsed.tz(isOfferedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE).format(LOCAL_DATE_TIME_FORMAT);
}

/** "Sydney" for Australia/Sydney: the label of an offered zone. */
export function zoneLabel(zone: string): string {
  return OFFERED_TIME_ZONES.find((z) => z.zone === zone)?.label ?? zone;
}

/** A day (YYYY-MM-DD) in a zone, as the instants its start and the next day's start have. */
export function dayBoundsInZone(day: string, zone: string = DEFAULT_TIME_ZONE): { start: Date; end: Date } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !dayjs(day, 'YYYY-MM-DD', true).isValid()) return null;
  const start = dayjs.tz(day, 'YYYY-MM-DD', zone);
  return { start: start.toDate(), end: start.add(1, 'day').toDate() };
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a zone. */
export function dayInZone(value: string | Date, zone: string = DEFAULT_TIME_ZONE): string {
  return dayjs.utc(value).tz(zone).format('YYYY-MM-DD');
}

/** A day plus a number of days, as YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return dayjs(day, 'YYYY-MM-DD', true).add(days, 'day').format('YYYY-MM-DD');
}

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return dayjs(to, 'YYYY-MM-DD', true).diff(dayjs(from, 'YYYY-MM-DD', true), 'day');
}

/** "10:00 AM AEDT": the time of an instant in a zone with the zone's abbreviation. */
export function timeInZone(value: string | Date, zone: string = DEFAULT_TIME_ZONE): string {
  const safeZone = isOfferedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
  return `${dayjs.utc(value).tz(safeZone).format('hh:mm A')} ${zoneAbbreviation(value, safeZone)}`.trim();
}
