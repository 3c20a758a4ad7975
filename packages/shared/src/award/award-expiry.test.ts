import { describe, expect, it } from 'vitest';
import { dueReminder, expiryToday, isExpiredOn, isInRenewalWindow, reminderDates, subtractMonths } from './award-expiry';

describe('reminder days', () => {
  it('are 6, 3 and 1 months before the expiry day and the day itself, on the same day of the month', () => {
    expect(reminderDates('2029-11-26')).toEqual({ '6-months': '2029-05-26', '3-months': '2029-08-26', '1-month': '2029-10-26', day: '2029-11-26' });
  });

  it('cross the year backwards', () => {
    expect(reminderDates('2027-02-10')).toEqual({ '6-months': '2026-08-10', '3-months': '2026-11-10', '1-month': '2027-01-10', day: '2027-02-10' });
  });

  it('fall on the last day of a shorter month at the end of a month', () => {
    expect(reminderDates('2027-08-31')).toEqual({ '6-months': '2027-02-28', '3-months': '2027-05-31', '1-month': '2027-07-31', day: '2027-08-31' });
    expect(subtractMonths('2027-03-31', 1)).toBe('2027-02-28');
    expect(subtractMonths('2027-07-31', 3)).toBe('2027-04-30');
    expect(subtractMonths('2027-12-31', -2)).toBe('2028-02-29');
  });

  it('use 29 February in a leap year', () => {
    expect(subtractMonths('2028-08-31', 6)).toBe('2028-02-29');
    expect(subtractMonths('2028-05-31', 3)).toBe('2028-02-29');
    // An award of 29 February 2028 with a four-year renewal period expires on 29 February 2032.
    expect(reminderDates('2032-02-29')).toEqual({ '6-months': '2031-08-29', '3-months': '2031-11-29', '1-month': '2032-01-29', day: '2032-02-29' });
  });

  it('of an award of 29 February plus one year (expiring 28 February, decision 017) count from 28 February', () => {
    expect(reminderDates('2029-02-28')).toEqual({ '6-months': '2028-08-28', '3-months': '2028-11-28', '1-month': '2029-01-28', day: '2029-02-28' });
  });
});

describe('the reminder due on a day', () => {
  const expiresOn = '2027-08-31';

  it('is none before the first reminder day and none without an expiry', () => {
    expect(dueReminder(expiresOn, '2027-02-27')).toBeNull();
    expect(dueReminder(null, '2027-02-27')).toBeNull();
  });

  it('is each reminder from its own day', () => {
    expect(dueReminder(expiresOn, '2027-02-28')).toBe('6-months');
    expect(dueReminder(expiresOn, '2027-05-30')).toBe('6-months');
    expect(dueReminder(expiresOn, '2027-05-31')).toBe('3-months');
    expect(dueReminder(expiresOn, '2027-07-31')).toBe('1-month');
    expect(dueReminder(expiresOn, '2027-08-31')).toBe('day');
  });

  it('is only the latest when the job missed earlier days', () => {
    // Nothing ran between February and August: only the one-month reminder goes.
    expect(dueReminder(expiresOn, '2027-08-15')).toBe('1-month');
  });

  it('is none once the award has expired', () => {
    expect(dueReminder(expiresOn, '2027-09-01')).toBeNull();
  });
});

describe('expiry', () => {
  it('comes after the expiry day ends, not on it', () => {
    expect(isExpiredOn('2027-08-31', '2027-08-31')).toBe(false);
    expect(isExpiredOn('2027-08-31', '2027-09-01')).toBe(true);
    expect(isExpiredOn(null, '2099-12-31')).toBe(false);
  });

  it("is judged on Sydney's date, in daylight saving time and out of it", () => {
    // AEDT (UTC+11): the expiry day ends at 13:00 UTC.
    expect(expiryToday(new Date('2026-11-26T12:59:59Z'))).toBe('2026-11-26');
    expect(expiryToday(new Date('2026-11-26T13:00:00Z'))).toBe('2026-11-27');
    expect(isExpiredOn('2026-11-26', expiryToday(new Date('2026-11-26T12:59:59Z')))).toBe(false);
    expect(isExpiredOn('2026-11-26', expiryToday(new Date('2026-11-26T13:00:00Z')))).toBe(true);
    // AEST (UTC+10): at 14:00 UTC.
    expect(expiryToday(new Date('2027-06-30T13:59:59Z'))).toBe('2027-06-30');
    expect(expiryToday(new Date('2027-06-30T14:00:00Z'))).toBe('2027-07-01');
  });
});

describe('the renewal window', () => {
  it('opens with the six-month reminder and closes after the expiry day', () => {
    expect(isInRenewalWindow('2027-08-31', '2027-02-27')).toBe(false);
    expect(isInRenewalWindow('2027-08-31', '2027-02-28')).toBe(true);
    expect(isInRenewalWindow('2027-08-31', '2027-08-31')).toBe(true);
    expect(isInRenewalWindow('2027-08-31', '2027-09-01')).toBe(false);
    expect(isInRenewalWindow(null, '2027-08-31')).toBe(false);
  });
});
