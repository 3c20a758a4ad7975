import { EXAM_TIMING, jitteredDelay, remainingSeconds } from '@certs/shared/exam/exam-rules';

/** One reading of the server's clock: what it said, and when the question left and the answer came (client ms). */
export interface ClockSample {
  serverTime: number;
  sentAt: number;
  receivedAt: number;
}

/** Server minus client clock, taking the server's reading as made halfway through the round trip. */
export function offsetOf(sample: ClockSample): number {
  return Math.round(sample.serverTime - (sample.sentAt + sample.receivedAt) / 2);
}

export interface ServerClockOptions {
  fetchServerTime: () => Promise<number>;
  /** The browser's clock (tests pass a fake one). */
  now?: () => number;
  random?: () => number;
  pollMs?: number;
}

/**
 * The server's clock as seen from this browser: the browser's clock plus an offset measured at
 * each `launchexam/servertime` poll. Polls repeat every 15 s, spread by ±20 % at random so that
 * thousands of candidates do not ask on the same tick. A changed computer clock changes nothing:
 * the next poll measures the new offset.
 */
export class ServerClock {
  private offsetMs = 0;
  /** Half the round trip of the poll the offset came from: the true offset is within ± this. */
  private offsetErrorMs = Number.POSITIVE_INFINITY;
  private source: 'none' | 'stored' | 'timer' | 'poll' = 'none';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private users = 0;
  private readonly listeners = new Set<() => void>();
  private readonly options: ServerClockOptions;

  constructor(options: ServerClockOptions) {
    this.options = options;
  }

  private clientNow(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The server's time now, in epoch ms. */
  now(): number {
    return this.clientNow() + this.offsetMs;
  }

  getOffset(): number {
    return this.offsetMs;
  }

  hasMeasured(): boolean {
    return this.source === 'timer' || this.source === 'poll';
  }

  /**
   * The offset measured before a reload, kept on the device: used while the server cannot be
   * reached, until a real measurement replaces it. A measurement of this page load always wins.
   */
  restore(offsetMs: number): void {
    if (this.source !== 'none' && this.source !== 'stored') return;
    this.offsetMs = offsetMs;
    this.source = 'stored';
    for (const listener of this.listeners) listener();
  }

  /**
   * A timer that came back with another answer counts only until the first poll: those answers are
   * slower (they touch the database), so their midpoint is rougher. Among polls, the one with the
   * shortest round trip wins, as in NTP: the true offset lies within half a sample's round trip of
   * its offset, so a slow poll on a loaded server (seconds each way) would move the countdown by
   * seconds. A poll replaces the offset when its round trip is as short, or when its range and the
   * kept one's do not overlap: the computer's clock was changed, and only the new one is right.
   */
  record(sample: ClockSample, source: 'poll' | 'timer'): void {
    if (source === 'timer' && this.source === 'poll') return;
    const offset = offsetOf(sample);
    const errorMs = Math.max(0, sample.receivedAt - sample.sentAt) / 2;
    if (source === 'poll' && this.source === 'poll') {
      const isSharper = errorMs <= this.offsetErrorMs;
      const overlaps = Math.abs(offset - this.offsetMs) <= errorMs + this.offsetErrorMs;
      if (!isSharper && overlaps) return;
    }
    this.offsetMs = offset;
    this.offsetErrorMs = source === 'poll' ? errorMs : Number.POSITIVE_INFINITY;
    this.source = source;
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Polls while anyone uses the clock; the returned function stops using it. */
  acquire(): () => void {
    this.users += 1;
    if (this.users === 1) void this.poll();
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      this.users -= 1;
      if (this.users === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
    };
  }

  /** Measures now (e.g. when a tab becomes visible again) and goes on polling. */
  async poll(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const sentAt = this.clientNow();
    try {
      const serverTime = await this.options.fetchServerTime();
      this.record({ serverTime, sentAt, receivedAt: this.clientNow() }, 'poll');
    } catch {
      // Offline or a blip: the last offset stands until the next poll.
    }
    if (this.users > 0 && !this.timer) {
      this.timer = setTimeout(() => void this.poll(), jitteredDelay(this.options.pollMs ?? EXAM_TIMING.serverTimePollMs, EXAM_TIMING.pollJitter, this.options.random));
    }
  }
}

/** Whole seconds left of a deadline on the server's clock. */
export function remainingAt(deadlineMs: number, serverNowMs: number): number {
  return remainingSeconds(deadlineMs, serverNowMs);
}

/** "1:05:09", "29:59", "0:07". */
export function formatRemaining(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const rest = safe % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(rest).padStart(2, '0')}`;
}

function minutesText(minutes: number): string {
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

export interface Announcement {
  text: string;
  /** The 5- and 1-minute warnings interrupt; the others wait for a pause. */
  isUrgent: boolean;
}

/**
 * What a screen reader hears as the time runs down: the minutes left when the timer starts, then
 * once a minute as each whole minute passes, with the 5- and 1-minute marks urgent, and when the
 * time is up; never every second. After a jump (a throttled background tab) only the latest
 * minute is announced.
 */
export function announcementFor(previousSeconds: number | null, currentSeconds: number): Announcement | null {
  const current = Math.max(0, currentSeconds);
  if (previousSeconds === null) {
    return current <= 0 ? { text: 'Time is up', isUrgent: true } : { text: `${minutesText(Math.ceil(current / 60))} remaining`, isUrgent: false };
  }
  const previous = Math.max(0, previousSeconds);
  if (current >= previous) return null;
  if (current === 0) return { text: 'Time is up', isUrgent: true };
  // The latest whole minute passed: N minutes left exactly, somewhere between the two readings.
  const mark = Math.ceil(current / 60);
  if (mark * 60 >= previous) return null;
  return { text: `${minutesText(mark)} remaining`, isUrgent: mark === 5 || mark === 1 };
}

export type LaunchWindowState = 'scheduled' | 'startingSoon' | 'open' | 'closed';

/**
 * Where a scheduled exam stands on the server's clock: "starting soon" from 5 minutes before it
 * opens, open from its time to the end of its window, closed after.
 */
export function launchWindowState(serverNowMs: number, scheduledAt: string | null, windowClosesAt: string | null): LaunchWindowState {
  if (!scheduledAt) return 'scheduled';
  const opens = Date.parse(scheduledAt);
  const closes = windowClosesAt ? Date.parse(windowClosesAt) : Number.POSITIVE_INFINITY;
  if (serverNowMs > closes) return 'closed';
  if (serverNowMs >= opens) return 'open';
  if (serverNowMs >= opens - EXAM_TIMING.startingSoonMinutes * 60_000) return 'startingSoon';
  return 'scheduled';
}
