import { describe, expect, it } from 'vitest';
import { cpdHoursInPeriod, cpdHoursText, graceEndsOn, isInPeriod, lateStanding } from './renewal-rules';

describe('CPD hours in the award period', () => {
  it('counts entries that started on or between the period days, without floating-point drift', () => {
    const entries = [
      { numOfHours: 0.1, startDate: '2024-03-01' },
      { numOfHours: 0.2, startDate: '2027-02-28' },
      { numOfHours: 10, startDate: '2024-02-29' },
      { numOfHours: 5, startDate: '2027-03-01' },
    ];
    expect(cpdHoursInPeriod(entries, '2024-03-01', '2027-02-28')).toBe(0.3);
    expect(cpdHoursInPeriod([], '2024-03-01', '2027-02-28')).toBe(0);
  });

  it('has no end when the award does not expire', () => {
    expect(isInPeriod('2090-01-01', '2024-01-01', null)).toBe(true);
    expect(isInPeriod('2023-12-31', '2024-01-01', null)).toBe(false);
  });

  it('says the hours against the requirement, or that none are required rather than "0 of 0" (issue 45 item 8)', () => {
    expect(cpdHoursText(12.5, 20)).toBe('12.5 of 20 required');
    expect(cpdHoursText(24, 20)).toBe('24 of 20 required');
    expect(cpdHoursText(0, 0)).toBe('0 listed (none required)');
    expect(cpdHoursText(3, 0)).toBe('3 listed (none required)');
  });
});

describe('late renewal', () => {
  const grace = { lateRenewal: 'grace' as const, graceDays: 30 };
  it('is on time up to the expiry day, late within the grace days, then refused', () => {
    expect(lateStanding('2026-02-28', '2026-02-28', grace)).toBe('onTime');
    expect(lateStanding('2026-02-28', '2026-03-01', grace)).toBe('late');
    expect(lateStanding('2026-02-28', '2026-03-30', grace)).toBe('late');
    expect(lateStanding('2026-02-28', '2026-03-31', grace)).toBe('graceOver');
  });

  it('is refused after expiry where the program takes no late renewals (or gives no grace days)', () => {
    expect(lateStanding('2026-02-28', '2026-03-01', { lateRenewal: 'newApplication', graceDays: 30 })).toBe('noLateRenewal');
    expect(lateStanding('2026-02-28', '2026-03-01', { lateRenewal: 'grace', graceDays: 0 })).toBe('noLateRenewal');
  });

  it('counts grace days on the calendar, across months and leap days', () => {
    expect(graceEndsOn('2028-02-28', grace)).toBe('2028-03-29');
    expect(graceEndsOn('2026-12-31', { lateRenewal: 'grace', graceDays: 1 })).toBe('2027-01-01');
    expect(graceEndsOn('2028-02-28', { lateRenewal: 'grace', graceDays: 1 })).toBe('2028-02-29');
  });
});
