import { describe, expect, it } from 'vitest';
import { dueOfKept, dueValidityReminder, openConfirmation, revalidationWindow, validityOfKept, validityReminderDates, type KeptQualification } from './wpq-validity-schedule';

const kept = (overrides: Partial<KeptQualification> = {}): KeptQualification => ({
  standard: 'ISO 9606-1:2017',
  testDate: '2007-01-20',
  option: '9.3b',
  intervalMonths: 6,
  confirmedOn: [],
  revalidatedOn: [],
  ...overrides,
});

describe('validity with confirmations', () => {
  it('is valid through the due day of a confirmation and ends the day after when it is missed', () => {
    expect(validityOfKept('2007-07-20', kept())).toMatchObject({ isValid: true, nextConfirmationDue: '2007-07-20' });
    expect(validityOfKept('2007-07-21', kept())).toMatchObject({ isValid: false, endedOn: '2007-07-20' });
  });
  it('counts a confirmation made on the due day itself, but not one made on the period start', () => {
    expect(validityOfKept('2007-07-21', kept({ confirmedOn: ['2007-07-20'] }))).toMatchObject({ isValid: true, nextConfirmationDue: '2008-01-20' });
    expect(validityOfKept('2008-01-21', kept({ confirmedOn: ['2007-07-20'] }))).toMatchObject({ isValid: false, endedOn: '2008-01-20' });
    expect(validityOfKept('2008-01-21', kept({ confirmedOn: ['2007-07-20', '2007-07-20'] })).isValid).toBe(false);
  });
  it("opens each confirmation's window the day after its period starts (the test day, then the previous due day) and closes it on the due day (decision 026)", () => {
    // The first window: 21 January to 20 July 2007 for a test on 20 January; the test day itself is not in it.
    expect(validityOfKept('2007-07-21', kept({ confirmedOn: ['2007-01-20'] }))).toMatchObject({ isValid: false, endedOn: '2007-07-20' });
    expect(validityOfKept('2007-07-21', kept({ confirmedOn: ['2007-01-21'] }))).toMatchObject({ isValid: true, nextConfirmationDue: '2008-01-20' });
    // The second: 21 July 2007 to 20 January 2008; the first's due day counts for the first only.
    expect(validityOfKept('2008-01-21', kept({ confirmedOn: ['2007-01-21', '2007-07-21'] }))).toMatchObject({ isValid: true, nextConfirmationDue: '2008-07-20' });
    expect(openConfirmation('2007-01-21', kept())).toEqual({ sequence: 1, periodStart: '2007-01-20', dueOn: '2007-07-20' });
    expect(openConfirmation('2007-07-21', kept({ confirmedOn: ['2007-07-20'] }))).toEqual({ sequence: 2, periodStart: '2007-07-20', dueOn: '2008-01-20' });
  });
  it("follows the program's interval", () => {
    expect(validityOfKept('2007-04-21', kept({ intervalMonths: 3 }))).toMatchObject({ isValid: false, endedOn: '2007-04-20' });
  });
  it('opens the confirmation due next, and closes it once made', () => {
    expect(openConfirmation('2007-06-25', kept())).toEqual({ sequence: 1, periodStart: '2007-01-20', dueOn: '2007-07-20' });
    expect(openConfirmation('2007-06-25', kept({ confirmedOn: ['2007-06-25'] }))).toBeNull();
    expect(openConfirmation('2007-07-25', kept({ confirmedOn: ['2007-06-25'] }))).toEqual({ sequence: 2, periodStart: '2007-07-20', dueOn: '2008-01-20' });
  });
});

describe('validity with revalidations (9.3 b)', () => {
  const confirmedTwoYears = ['2007-07-01', '2008-01-01', '2008-07-01', '2009-01-01'];
  it('ends on the second anniversary without a revalidation', () => {
    expect(validityOfKept('2009-01-20', kept({ confirmedOn: confirmedTwoYears }))).toMatchObject({ isValid: true, validUntil: '2009-01-20' });
    expect(validityOfKept('2009-01-21', kept({ confirmedOn: confirmedTwoYears }))).toMatchObject({ isValid: false, endedOn: '2009-01-20' });
  });
  it('extends by 2 years with a revalidation on the boundary day, not with one before the window', () => {
    const confirmed = [...confirmedTwoYears, '2009-07-01'];
    expect(validityOfKept('2009-01-21', kept({ confirmedOn: confirmed, revalidatedOn: ['2009-01-20'] }))).toMatchObject({ isValid: true, validUntil: '2011-01-20' });
    expect(validityOfKept('2009-01-21', kept({ confirmedOn: confirmed, revalidatedOn: ['2008-07-20'] })).isValid).toBe(false);
    expect(validityOfKept('2009-01-21', kept({ confirmedOn: confirmed, revalidatedOn: ['2008-07-21'] })).isValid).toBe(true);
  });
  it('puts the welds in the last 6 months of validity', () => {
    expect(revalidationWindow('2009-01-20', kept())).toEqual({ from: '2008-07-20', to: '2009-01-20' });
  });
});

describe('reminders before a confirmation', () => {
  it('fall 1 month and 1 week before, the latest due only, none after the due day', () => {
    expect(validityReminderDates('2007-07-20')).toEqual({ '1-month': '2007-06-20', '1-week': '2007-07-13' });
    expect(dueValidityReminder('2007-07-20', '2007-06-19')).toBeNull();
    expect(dueValidityReminder('2007-07-20', '2007-06-20')).toBe('1-month');
    expect(dueValidityReminder('2007-07-20', '2007-07-13')).toBe('1-week');
    expect(dueValidityReminder('2007-07-20', '2007-07-20')).toBe('1-week');
    expect(dueValidityReminder('2007-07-20', '2007-07-21')).toBeNull();
  });
  it('keep the end of the month (31 March - 1 month = 28 or 29 February)', () => {
    expect(validityReminderDates('2024-03-31')['1-month']).toBe('2024-02-29');
  });
});

describe('what falls due (dueOfKept)', () => {
  it('is the open confirmation and the end of validity, soonest first: a revalidation under 9.3 b, a new test otherwise', () => {
    expect(dueOfKept('2007-06-25', kept())).toEqual([
      { due: 'confirmation', dueOn: '2007-07-20' },
      { due: 'revalidation', dueOn: '2009-01-20' },
    ]);
    expect(dueOfKept('2007-06-25', kept({ option: '9.3a' }))).toEqual([
      { due: 'confirmation', dueOn: '2007-07-20' },
      { due: 'retest', dueOn: '2010-01-20' },
    ]);
  });
  it('leaves out a confirmation already made, and has nothing once the qualification is no longer valid', () => {
    expect(dueOfKept('2007-06-25', kept({ confirmedOn: ['2007-06-25'] }))).toEqual([{ due: 'revalidation', dueOn: '2009-01-20' }]);
    expect(dueOfKept('2007-07-21', kept())).toEqual([]);
  });
});
