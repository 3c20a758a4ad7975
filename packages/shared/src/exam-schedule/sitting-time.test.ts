import { describe, expect, it } from 'vitest';
import { isSittingOpen, sittingDeadline, sittingEndsAt, testTimeHint } from './sitting-time';

describe("a scheduled sitting's time (decision 041)", () => {
  const slot = { scheduledAt: '2027-11-20T23:00:00.000Z', durationMinutes: 60 };

  it('ends the schedule\'s minutes after it starts, for everyone; extra time moves one candidate\'s deadline', () => {
    expect(sittingEndsAt(slot).toISOString()).toBe('2027-11-21T00:00:00.000Z');
    expect(sittingDeadline(slot, 0).toISOString()).toBe('2027-11-21T00:00:00.000Z');
    expect(sittingDeadline({ ...slot, scheduledAt: new Date(slot.scheduledAt) }, 15 * 60).toISOString()).toBe('2027-11-21T00:15:00.000Z');
  });

  it('is open from its start until its end', () => {
    const start = Date.parse(slot.scheduledAt);
    expect(isSittingOpen(slot, start - 1)).toBe(false);
    expect(isSittingOpen(slot, start)).toBe(true);
    expect(isSittingOpen(slot, start + 60 * 60_000 - 1)).toBe(true);
    expect(isSittingOpen(slot, start + 60 * 60_000)).toBe(false);
  });

  it("tells the scheduler the test's own time and what the candidates will have", () => {
    expect(testTimeHint(90, null)).toBe('The test is set for 90 minutes. Candidates have the duration entered, from the scheduled time.');
    expect(testTimeHint(90, 90)).toBe('The test is set for 90 minutes. Candidates have 90 minutes from the scheduled time.');
    expect(testTimeHint(90, 75)).toBe('The test is set for 90 minutes. Candidates have 75 minutes from the scheduled time, less than the test expects.');
  });
});
