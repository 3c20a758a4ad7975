import { afterEach, describe, expect, it, vi } from 'vitest';
import { boundAccount, bindRequestToAccount, runRequestUnbound } from '../../db/account-boundary';
import { JobRunner, PeriodicJob } from './periodic-job';

const log = () => ({ warn: vi.fn() });

afterEach(() => {
  vi.useRealTimers();
});

describe('PeriodicJob', () => {
  it("runs unbound when a staff member's request wakes it: a pass serves every account (decision 034)", async () => {
    let seenBy: string | null | undefined;
    const job = new PeriodicJob('woken', 60_000, async () => {
      seenBy = boundAccount();
    }, log());
    await new Promise<void>((resolve) => {
      runRequestUnbound(() => {
        bindRequestToAccount('00000000-0000-4000-8000-000000000002');
        expect(boundAccount()).toBe('00000000-0000-4000-8000-000000000002');
        void job.runOnce().then(resolve);
      });
    });
    expect(seenBy).toBeNull();
  });

  it('runs at each interval once started, and not after stop', async () => {
    vi.useFakeTimers();
    const work = vi.fn(async () => undefined);
    const job = new PeriodicJob('count', 1000, work, log());
    job.start();
    job.start();
    await vi.advanceTimersByTimeAsync(3500);
    expect(work).toHaveBeenCalledTimes(3);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it('never overlaps: a pass still running makes the next tick and a direct call wait for it', async () => {
    let release: () => void = () => undefined;
    let running = 0;
    let maxRunning = 0;
    const work = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          release = () => {
            running -= 1;
            resolve();
          };
        }),
    );
    const job = new PeriodicJob('slow', 10, work, log());
    const first = job.runOnce();
    const second = job.runOnce();
    expect(second).toBe(first);
    expect(job.isRunning).toBe(true);
    release();
    await first;
    expect(job.isRunning).toBe(false);
    expect(work).toHaveBeenCalledTimes(1);
    expect(maxRunning).toBe(1);
  });

  it('logs a failing pass and runs again next time', async () => {
    const logger = log();
    const work = vi.fn().mockRejectedValueOnce(new Error('database away')).mockResolvedValueOnce(undefined);
    const job = new PeriodicJob('flaky', 10, work, logger);
    await job.runOnce();
    expect(logger.warn).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky' }), expect.stringContaining('failed'));
    await job.runOnce();
    expect(work).toHaveBeenCalledTimes(2);
    // A synchronous throw is caught too and does not leave the job stuck as running.
    const sync = new PeriodicJob('sync', 10, () => {
      throw new Error('boom');
    }, logger);
    await sync.runOnce();
    expect(sync.isRunning).toBe(false);
  });

  it('stop waits for the pass under way; the runner starts and stops all its jobs', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const job = new PeriodicJob('finishing', 100, async () => {
      order.push('start');
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('end');
    }, log());
    const other = vi.fn(async () => undefined);
    const runner = new JobRunner().add(job).add(new PeriodicJob('other', 100, other, log()));
    runner.start();
    await vi.advanceTimersByTimeAsync(110);
    const stopping = runner.stop().then(() => order.push('stopped'));
    await vi.advanceTimersByTimeAsync(100);
    await stopping;
    expect(order).toEqual(['start', 'end', 'stopped']);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
