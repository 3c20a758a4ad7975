import { describe, expect, it } from 'vitest';
import { cpdHoursInPeriod, isInPeriod } from './renewal-rules';

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
});
