import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXAM_TIMING } from '@certs/shared/exam/exam-rules';
import { ServerClock, announcementFor, formatRemaining, launchWindowState, offsetOf, remainingAt } from './exam-clock';

describe('the server clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('measures the offset at the midpoint of the round trip', () => {
    expect(offsetOf({ serverTime: 10_500, sentAt: 1_000, receivedAt: 1_200 })).toBe(9_400);
    expect(offsetOf({ serverTime: 1_000, sentAt: 5_000, receivedAt: 5_000 })).toBe(-4_000);
  });

  it('counts from the server’s clock whatever the computer’s clock says, re-measured at each poll', async () => {
    let browser = 1_000_000;
    let server = 5_000_000;
    const clock = new ServerClock({ fetchServerTime: async () => server, now: () => browser, random: () => 0.5 });
    const release = clock.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.now()).toBe(5_000_000);
    // The candidate moves the computer's clock an hour back: the next poll measures the new offset.
    browser -= 3_600_000;
    server += 15_000;
    await vi.advanceTimersByTimeAsync(EXAM_TIMING.serverTimePollMs);
    expect(clock.now()).toBe(server);
    release();
  });

  it('keeps the offset of the quickest poll when a slow one (a loaded server) would move the countdown', () => {
    const clock = new ServerClock({ fetchServerTime: async () => 0 });
    // A quick poll: 40 ms there and back, the server 1 s ahead.
    clock.record({ serverTime: 11_020, sentAt: 10_000, receivedAt: 10_040 }, 'poll');
    expect(clock.getOffset()).toBe(1_000);
    // A slow one: the question waited 7.9 s for the server, the answer 0.1 s: its midpoint is 3.9 s out.
    clock.record({ serverTime: 28_900, sentAt: 20_000, receivedAt: 28_000 }, 'poll');
    expect(clock.getOffset()).toBe(1_000);
    // A poll as quick as the first takes over (a clock drifts, slowly).
    clock.record({ serverTime: 41_030, sentAt: 40_000, receivedAt: 40_040 }, 'poll');
    expect(clock.getOffset()).toBe(1_010);
  });

  it('takes a slow poll at once when it cannot agree with the kept one: the computer’s clock was changed', () => {
    const clock = new ServerClock({ fetchServerTime: async () => 0 });
    clock.record({ serverTime: 11_020, sentAt: 10_000, receivedAt: 10_040 }, 'poll');
    // The clock moved an hour back; even a 2 s round trip leaves no doubt.
    clock.record({ serverTime: 3_632_000, sentAt: 30_000, receivedAt: 32_000 }, 'poll');
    expect(clock.getOffset()).toBe(3_601_000);
  });

  it('polls every 15 s within ±20 % at random, and only while someone uses it', async () => {
    const fetchServerTime = vi.fn(async () => Date.now());
    const randoms = [0, 0.999, 0.5];
    const clock = new ServerClock({ fetchServerTime, random: () => randoms.shift() ?? 0.5 });
    const releaseList = clock.acquire();
    const releaseExam = clock.acquire();
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchServerTime).toHaveBeenCalledTimes(1);
    // random 0 -> 12 s (15 s - 20 %).
    await vi.advanceTimersByTimeAsync(11_999);
    expect(fetchServerTime).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchServerTime).toHaveBeenCalledTimes(2);
    // random ~1 -> ~18 s.
    await vi.advanceTimersByTimeAsync(17_900);
    expect(fetchServerTime).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchServerTime).toHaveBeenCalledTimes(3);
    releaseList();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(fetchServerTime).toHaveBeenCalledTimes(4);
    releaseExam();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchServerTime).toHaveBeenCalledTimes(4);
  });

  it('keeps the last offset when a poll fails, and prefers polls to other answers’ times', async () => {
    let fail = false;
    const clock = new ServerClock({ fetchServerTime: async () => (fail ? Promise.reject(new Error('offline')) : 2_000), now: () => 1_000 });
    clock.record({ serverTime: 1_500, sentAt: 1_000, receivedAt: 1_000 }, 'timer');
    expect(clock.getOffset()).toBe(500);
    await clock.poll();
    expect(clock.getOffset()).toBe(1_000);
    clock.record({ serverTime: 9_000, sentAt: 1_000, receivedAt: 1_000 }, 'timer');
    expect(clock.getOffset()).toBe(1_000);
    fail = true;
    await clock.poll();
    expect(clock.getOffset()).toBe(1_000);
  });

  it('starts from the offset kept on the device while the server cannot be reached, until a measurement replaces it', async () => {
    let fail = true;
    const clock = new ServerClock({ fetchServerTime: async () => (fail ? Promise.reject(new Error('offline')) : 4_000), now: () => 1_000 });
    clock.restore(-700);
    expect(clock.now()).toBe(300);
    await clock.poll();
    expect(clock.getOffset()).toBe(-700);
    expect(clock.hasMeasured()).toBe(false);
    fail = false;
    await clock.poll();
    expect(clock.getOffset()).toBe(3_000);
    // A measurement of this page load is never replaced by an older one from the device.
    clock.restore(-700);
    expect(clock.getOffset()).toBe(3_000);
  });
});

describe('the countdown', () => {
  it('is whole seconds to the deadline on the server’s clock, never below zero', () => {
    expect(remainingAt(100_000, 40_001)).toBe(60);
    expect(remainingAt(100_000, 40_000)).toBe(60);
    expect(remainingAt(100_000, 100_500)).toBe(0);
  });

  it('is shown as minutes and seconds, with hours when there are any', () => {
    expect(formatRemaining(5_409)).toBe('1:30:09');
    expect(formatRemaining(1_799)).toBe('29:59');
    expect(formatRemaining(7)).toBe('0:07');
    expect(formatRemaining(-3)).toBe('0:00');
  });

  it('is announced once a minute, urgently at 5 and 1 minutes and at zero, never every second', () => {
    const heard: { at: number; text: string; isUrgent: boolean }[] = [];
    let previous: number | null = null;
    for (let seconds = 7 * 60 + 30; seconds >= 0; seconds -= 1) {
      const announcement = announcementFor(previous, seconds);
      if (announcement) heard.push({ at: seconds, ...announcement });
      previous = seconds;
    }
    expect(heard).toEqual([
      { at: 450, text: '8 minutes remaining', isUrgent: false },
      { at: 420, text: '7 minutes remaining', isUrgent: false },
      { at: 360, text: '6 minutes remaining', isUrgent: false },
      { at: 300, text: '5 minutes remaining', isUrgent: true },
      { at: 240, text: '4 minutes remaining', isUrgent: false },
      { at: 180, text: '3 minutes remaining', isUrgent: false },
      { at: 120, text: '2 minutes remaining', isUrgent: false },
      { at: 60, text: '1 minute remaining', isUrgent: true },
      { at: 0, text: 'Time is up', isUrgent: true },
    ]);
  });

  it('after a jump (a throttled background tab) announces only the latest minute', () => {
    expect(announcementFor(450, 50)).toEqual({ text: '1 minute remaining', isUrgent: true });
    expect(announcementFor(400, 290)).toEqual({ text: '5 minutes remaining', isUrgent: true });
    expect(announcementFor(290, 250)).toBeNull();
    // Extra time granted: the count goes up, nothing is announced until the next minute passes.
    expect(announcementFor(100, 700)).toBeNull();
  });
});

describe('the start window of a scheduled exam', () => {
  const at = Date.parse('2026-03-02T00:00:00Z');
  const closes = '2026-03-02T01:30:00.000Z';
  it('is "starting soon" from 5 minutes before, open from its time to the end of its window', () => {
    expect(launchWindowState(at - 5 * 60_000 - 1, '2026-03-02T00:00:00.000Z', closes)).toBe('scheduled');
    expect(launchWindowState(at - 5 * 60_000, '2026-03-02T00:00:00.000Z', closes)).toBe('startingSoon');
    expect(launchWindowState(at - 1, '2026-03-02T00:00:00.000Z', closes)).toBe('startingSoon');
    expect(launchWindowState(at, '2026-03-02T00:00:00.000Z', closes)).toBe('open');
    expect(launchWindowState(Date.parse(closes), '2026-03-02T00:00:00.000Z', closes)).toBe('open');
    expect(launchWindowState(Date.parse(closes) + 1, '2026-03-02T00:00:00.000Z', closes)).toBe('closed');
    expect(launchWindowState(at, null, null)).toBe('scheduled');
  });
});
