import { describe, expect, it } from 'vitest';
import { confirmationDueDate, firstConfirmationDate, isCalendarDate, validityDates, validityOn, type QualificationRecord } from './wpq-validity';
import { AS_NZS_2980_RULES, rulesFor } from './wpq-rules';

describe('validity dates', () => {
  it('a test on 20 January 2007 gives a) 20 January 2010, b) 20 January 2009, c) first confirmation 20 July 2007', () => {
    expect(validityDates('2007-01-20')).toEqual({
      testDate: '2007-01-20',
      firstConfirmation: '2007-07-20',
      retestBy: '2010-01-20',
      revalidationBy: '2009-01-20',
      confirmationBy: '2007-07-20',
    });
  });

  it('keeps the same calendar day, or the last day of a shorter month', () => {
    expect(firstConfirmationDate('2023-08-31')).toBe('2024-02-29');
    expect(firstConfirmationDate('2022-08-31')).toBe('2023-02-28');
    // Due dates count from the test date, so the 31st comes back where the month has one.
    expect(confirmationDueDate('2022-08-31', 2)).toBe('2023-08-31');
    expect(validityDates('2024-02-29').retestBy).toBe('2027-02-28');
  });

  it('reads the months and years from the standard configuration', () => {
    const quarterly = rulesFor('AS/NZS 2980:2018', { validity: { confirmationMonths: 3 } });
    expect(firstConfirmationDate('2007-01-20', quarterly)).toBe('2007-04-20');
    expect(validityDates('2007-01-20', AS_NZS_2980_RULES).retestBy).toBe('2010-01-20');
  });

  it('refuses what is not a calendar date', () => {
    expect(isCalendarDate('2007-02-30')).toBe(false);
    expect(isCalendarDate('20/01/2007')).toBe(false);
    expect(isCalendarDate('2007-01-20')).toBe(true);
    expect(() => validityDates('2007-13-01')).toThrow(RangeError);
  });
});

describe('valid on a date, given the confirmations', () => {
  const confirmedEvery6Months = ['2007-07-10', '2008-01-15', '2008-07-20', '2009-01-05', '2009-07-01', '2010-01-19'];
  const optionA: QualificationRecord = { testDate: '2007-01-20', validityOption: 'a', confirmations: confirmedEvery6Months };

  it('is not valid before the test date, and valid from it', () => {
    // The reasons say their days as people read dates (issue 45 item 9).
    expect(validityOn('2007-01-19', optionA)).toMatchObject({ isValid: false, endedOn: null, reason: 'Not yet valid: validity starts on the test date 20-Jan-2007.' });
    expect(validityOn('2007-01-20', optionA)).toMatchObject({ isValid: true, validUntil: '2010-01-20', nextConfirmationDue: '2007-07-20', reason: 'Valid under 9.3 a) until 20-Jan-2010, with every confirmation made.' });
  });

  it('under a) is valid to the retest date with every confirmation, and expires after it', () => {
    expect(validityOn('2009-12-31', optionA)).toMatchObject({ isValid: true, nextConfirmationDue: '2010-01-20' });
    expect(validityOn('2010-01-20', optionA).isValid).toBe(true);
    expect(validityOn('2010-01-21', optionA)).toMatchObject({ isValid: false, endedOn: '2010-01-20' });
    expect(validityOn('2010-01-21', optionA).reason).toBe('Expired on 20-Jan-2010: under 9.3 a) a new test was due.');
  });

  it('ends on the due date of a missed confirmation; the due date itself is still valid', () => {
    const missedSecond: QualificationRecord = { ...optionA, confirmations: ['2007-07-10', '2008-07-20'] };
    expect(validityOn('2008-01-20', missedSecond).isValid).toBe(true);
    expect(validityOn('2008-01-21', missedSecond)).toMatchObject({ isValid: false, endedOn: '2008-01-20', reason: 'The confirmation due on 20-Jan-2008 was missed, which ended the qualification.' });
    // A later confirmation does not bring it back.
    expect(validityOn('2008-07-21', missedSecond).isValid).toBe(false);
  });

  it('does not count a confirmation made before its period, or late', () => {
    const early: QualificationRecord = { ...optionA, confirmations: ['2007-02-01', '2007-03-01'] };
    expect(validityOn('2008-01-21', early)).toMatchObject({ isValid: false, endedOn: '2008-01-20' });
    const late: QualificationRecord = { ...optionA, confirmations: ['2007-07-21'] };
    expect(validityOn('2007-07-21', late)).toMatchObject({ isValid: false, endedOn: '2007-07-20' });
  });

  it('under b) extends 2 years for each revalidation in the last 6 months of validity', () => {
    const optionB: QualificationRecord = { ...optionA, validityOption: 'b', confirmations: [...confirmedEvery6Months, '2010-07-01', '2011-01-10'] };
    expect(validityOn('2009-01-20', optionB)).toMatchObject({ isValid: true, validUntil: '2009-01-20' });
    expect(validityOn('2009-01-21', optionB)).toMatchObject({ isValid: false, endedOn: '2009-01-20' });
    const revalidated = { ...optionB, revalidations: ['2008-11-30'] };
    expect(validityOn('2010-06-01', revalidated)).toMatchObject({ isValid: true, validUntil: '2011-01-20' });
    // Too early to count: before the last 6 months of validity.
    expect(validityOn('2009-02-01', { ...optionB, revalidations: ['2008-06-01'] }).isValid).toBe(false);
  });

  it('under c) stays valid while confirmed, and needs the manufacturer conditions', () => {
    const confirmations = Array.from({ length: 19 }, (_, k) => confirmationDueDate('2007-01-20', k + 1));
    const optionC: QualificationRecord = { testDate: '2007-01-20', validityOption: 'c', confirmations, meetsOptionCConditions: true };
    expect(validityOn('2016-12-01', optionC)).toMatchObject({ isValid: true, validUntil: null, nextConfirmationDue: '2017-01-20' });
    expect(validityOn('2017-01-21', optionC)).toMatchObject({ isValid: false, endedOn: '2017-01-20' });
    expect(validityOn('2008-01-01', { ...optionC, meetsOptionCConditions: false }).isValid).toBe(false);
    expect(validityOn('2008-01-01', optionC, rulesFor('AS/NZS 2980:2018', { validity: { isOptionCAllowed: false } })).isValid).toBe(false);
  });
});
