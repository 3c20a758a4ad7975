import { describe, expect, it } from 'vitest';
import { isRetentionDue, retentionDueOn } from './retention';

const base = { reviewWindowDays: 30, hasOpenReview: false, lastReviewDecidedOn: null, retentionDays: 180 };

describe('retention dates', () => {
  it('counts the days from the last day of the review window (Sydney days)', () => {
    // Recorded 10:00 on 1 March in Sydney (23:00 UTC the day before): the window's last day is 31 March.
    expect(retentionDueOn({ ...base, resultRecordedOn: '2026-02-28T23:00:00Z' })).toBe('2026-09-27');
    expect(retentionDueOn({ ...base, resultRecordedOn: '2026-02-28T23:00:00Z', retentionDays: 1 })).toBe('2026-04-01');
  });

  it('keeps everything while the result is not final or a review is open', () => {
    expect(retentionDueOn({ ...base, resultRecordedOn: null })).toBeNull();
    expect(retentionDueOn({ ...base, resultRecordedOn: '2026-01-01T00:00:00Z', hasOpenReview: true })).toBeNull();
  });

  it('counts from a review decided after the window closed', () => {
    expect(retentionDueOn({ ...base, resultRecordedOn: '2026-02-28T23:00:00Z', lastReviewDecidedOn: '2026-05-10T02:00:00Z', retentionDays: 10 })).toBe('2026-05-20');
    // A review decided inside the window changes nothing.
    expect(retentionDueOn({ ...base, resultRecordedOn: '2026-02-28T23:00:00Z', lastReviewDecidedOn: '2026-03-05T02:00:00Z', retentionDays: 10 })).toBe('2026-04-10');
  });

  it('is due from its day on, not before', () => {
    expect(isRetentionDue('2026-04-10', new Date('2026-04-09T13:59:00Z'))).toBe(false); // 23:59 on the 9th in Sydney
    expect(isRetentionDue('2026-04-10', new Date('2026-04-09T14:00:00Z'))).toBe(true); // midnight on the 10th
    expect(isRetentionDue(null, new Date())).toBe(false);
  });

  it("counts an awarding body's own days: a result at 12:30 UTC is the next day in Auckland", () => {
    // 1 March 12:30 UTC: 2 March 01:30 in Auckland, 1 March 23:30 in Sydney.
    expect(retentionDueOn({ ...base, resultRecordedOn: '2026-03-01T12:30:00Z', retentionDays: 1, timeZone: 'Pacific/Auckland' })).toBe('2026-04-02');
    expect(retentionDueOn({ ...base, resultRecordedOn: '2026-03-01T12:30:00Z', retentionDays: 1, timeZone: 'Australia/Sydney' })).toBe('2026-04-01');
    expect(isRetentionDue('2026-04-02', new Date('2026-04-01T12:30:00Z'), 'Pacific/Auckland')).toBe(true);
    expect(isRetentionDue('2026-04-02', new Date('2026-04-01T12:30:00Z'), 'Australia/Sydney')).toBe(false);
  });
});
