import { describe, expect, it } from 'vitest';
import { dayInTimeZone, dayRangeInZone, formatDate, formatDay, formatDateTimeWithZone, formatTimeText, INVALID_TIME_FORMAT, MISSING_DATE, OFFERED_TIME_ZONES, zoneAbbreviation } from './dates';

// 2026-01-15 02:30 UTC is summer in the south: daylight time wherever it is kept.
const SUMMER = '2026-01-15T02:30:00.000Z';
// 2026-07-15 02:30 UTC is winter.
const WINTER = '2026-07-15T02:30:00.000Z';

describe('formatDate', () => {
  it('shows Sydney by default in the three formats', () => {
    expect(formatDate(SUMMER)).toBe('15-Jan-2026');
    expect(formatDate(SUMMER, 'slash')).toBe('15/01/2026');
    expect(formatDate(SUMMER, 'iso')).toBe('2026-01-15');
    expect(formatDate(SUMMER, 'dayTime')).toBe('15-Jan-2026 01:30 PM');
    expect(formatDate(WINTER, 'dayTime')).toBe('15-Jul-2026 12:30 PM');
  });

  it('shows the same instant in each offered zone', () => {
    const expected: Record<string, [string, string]> = {
      'Australia/Sydney': ['2026-01-15 13:30', '2026-07-15 12:30'],
      'Australia/Melbourne': ['2026-01-15 13:30', '2026-07-15 12:30'],
      'Australia/Brisbane': ['2026-01-15 12:30', '2026-07-15 12:30'],
      'Australia/Perth': ['2026-01-15 10:30', '2026-07-15 10:30'],
      'Australia/Adelaide': ['2026-01-15 13:00', '2026-07-15 12:00'],
      'Australia/Hobart': ['2026-01-15 13:30', '2026-07-15 12:30'],
      'Australia/Darwin': ['2026-01-15 12:00', '2026-07-15 12:00'],
      'Pacific/Auckland': ['2026-01-15 15:30', '2026-07-15 14:30'],
      'Pacific/Chatham': ['2026-01-15 16:15', '2026-07-15 15:15'],
    };
    for (const { zone } of OFFERED_TIME_ZONES) {
      expect([formatDate(SUMMER, 'isoTime', zone), formatDate(WINTER, 'isoTime', zone)], zone).toEqual(expected[zone]);
    }
  });

  it('crosses the date line: late evening UTC is the next day in Sydney', () => {
    expect(formatDate('2026-11-21T23:54:00Z', 'day')).toBe('22-Nov-2026');
  });

  it('shows a dash for a missing or unreadable date', () => {
    for (const missing of [null, undefined, '', 'not a date']) expect(formatDate(missing)).toBe(MISSING_DATE);
    expect(formatDateTimeWithZone(null)).toBe(MISSING_DATE);
  });

  it('falls back to Sydney for a zone that is not offered', () => {
    expect(formatDate(SUMMER, 'isoTime', 'Europe/London')).toBe('2026-01-15 13:30');
  });
});

describe('dayRangeInZone', () => {
  it('reads a typed day in the spec formats as that day in the zone', () => {
    for (const text of ['15/01/2026', '2026-01-15', '15-Jan-2026']) {
      expect(dayRangeInZone(text), text).toEqual({ from: new Date('2026-01-14T13:00:00.000Z'), to: new Date('2026-01-15T13:00:00.000Z') });
    }
    expect(dayRangeInZone('2026-07-15', 'Australia/Perth')?.from.toISOString()).toBe('2026-07-14T16:00:00.000Z');
    expect(dayRangeInZone('31/02/2026')).toBeNull();
    expect(dayRangeInZone('soon')).toBeNull();
  });
});

describe('zone abbreviations', () => {
  it('names daylight and standard time as Australians read them', () => {
    expect(zoneAbbreviation(SUMMER, 'Australia/Sydney')).toBe('AEDT');
    expect(zoneAbbreviation(WINTER, 'Australia/Sydney')).toBe('AEST');
    expect(zoneAbbreviation(SUMMER, 'Australia/Perth')).toBe('AWST');
    expect(formatDateTimeWithZone(SUMMER)).toBe('15-Jan-2026 01:30 PM AEDT');
  });
});

describe('formatTimeText', () => {
  it('turns 24-hour text into 12-hour time', () => {
    expect(formatTimeText('14:05')).toBe('02:05 PM');
    expect(formatTimeText('9:30:15')).toBe('09:30 AM');
    expect(formatTimeText('00:00')).toBe('12:00 AM');
  });

  it('says Invalid Time Format for anything else', () => {
    for (const bad of ['25:00', '12:60', 'noon', '', null, '12', '1230']) expect(formatTimeText(bad), String(bad)).toBe(INVALID_TIME_FORMAT);
  });
});

describe('dayInTimeZone', () => {
  it("gives an awarding body's day: 12:30 UTC is the next day in Auckland and the same day in Sydney, summer and winter", () => {
    expect(dayInTimeZone('2026-03-01T12:30:00Z', 'Pacific/Auckland')).toBe('2026-03-02');
    expect(dayInTimeZone('2026-03-01T12:30:00Z', 'Australia/Sydney')).toBe('2026-03-01');
    expect(dayInTimeZone('2026-07-01T12:30:00Z', 'Pacific/Auckland')).toBe('2026-07-02');
    expect(dayInTimeZone('2026-07-01T12:30:00Z', 'Australia/Sydney')).toBe('2026-07-01');
    // An unknown zone is read as Sydney, the default.
    expect(dayInTimeZone('2026-03-01T12:30:00Z', 'Mars/Olympus')).toBe('2026-03-01');
  });
});

describe('formatDay', () => {
  it('shows a calendar day as DD-MMM-YYYY, the same day whatever the zone, and a dash when missing', () => {
    expect(formatDay('2026-03-01')).toBe('01-Mar-2026');
    expect(formatDay('2026-12-31')).toBe('31-Dec-2026');
    expect(formatDay('2026-03-01T12:30:00Z')).toBe('01-Mar-2026');
    for (const missing of [null, undefined, '', 'soon']) expect(formatDay(missing), String(missing)).toBe(MISSING_DATE);
  });
});
