import { describe, expect, it } from 'vitest';
import { createDateFormatter } from './dates';

describe('createDateFormatter', () => {
  it("shows an instant in the user's zone, with the zone's abbreviation", () => {
    const sydney = createDateFormatter('Australia/Sydney');
    const perth = createDateFormatter('Australia/Perth');
    expect(sydney.date('2026-01-15T20:30:00Z')).toBe('16-Jan-2026');
    expect(perth.date('2026-01-15T20:30:00Z')).toBe('16-Jan-2026');
    expect(sydney.dateTime('2026-01-15T20:30:00Z')).toBe('16-Jan-2026 07:30 AM AEDT');
    expect(perth.dateTime('2026-01-15T20:30:00Z')).toBe('16-Jan-2026 04:30 AM AWST');
    expect(perth.date('2026-01-15T20:30:00Z', 'iso')).toBe('2026-01-16');
  });

  it('shows a dash for a missing date', () => {
    const formatter = createDateFormatter('Pacific/Auckland');
    expect(formatter.date(null)).toBe('-');
    expect(formatter.date(undefined)).toBe('-');
    expect(formatter.dateTime('')).toBe('-');
  });
});
