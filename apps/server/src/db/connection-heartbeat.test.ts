import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchConnection } from './connection-heartbeat';

const TIMING = { everyMs: 1_000, answerWithinMs: 500 };

/** A connection whose answers the test decides. */
function connection() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    pending,
    asked: () => pending.length,
    query: vi.fn(() => new Promise<void>((resolve, reject) => pending.push({ resolve, reject }))),
  };
}

describe('the heartbeat of a listening connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays quiet while the connection answers in time', async () => {
    const link = connection();
    const onSilent = vi.fn();
    const stop = watchConnection(link, onSilent, TIMING);
    for (let beat = 0; beat < 5; beat += 1) {
      await vi.advanceTimersByTimeAsync(1_000);
      link.pending[beat]!.resolve();
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersByTimeAsync(400);
    expect(link.asked()).toBe(5);
    expect(onSilent).not.toHaveBeenCalled();
    stop();
  });

  it('reports a connection that stops answering once, after the deadline, and asks no more', async () => {
    const link = connection();
    const onSilent = vi.fn();
    watchConnection(link, onSilent, TIMING);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(link.asked()).toBe(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(onSilent).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSilent).toHaveBeenCalledTimes(1);
    // The answer arriving late changes nothing; no further question is asked.
    link.pending[0]!.resolve();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onSilent).toHaveBeenCalledTimes(1);
    expect(link.asked()).toBe(1);
  });

  it('reports a failed query at once', async () => {
    const link = connection();
    const onSilent = vi.fn();
    watchConnection(link, onSilent, TIMING);
    await vi.advanceTimersByTimeAsync(1_000);
    link.pending[0]!.reject(new Error('Connection terminated'));
    await vi.advanceTimersByTimeAsync(0);
    expect(onSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onSilent).toHaveBeenCalledTimes(1);
  });

  it('does nothing once stopped', async () => {
    const link = connection();
    const onSilent = vi.fn();
    const stop = watchConnection(link, onSilent, TIMING);
    await vi.advanceTimersByTimeAsync(1_000);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(link.asked()).toBe(1);
    expect(onSilent).not.toHaveBeenCalled();
  });
});
