import { runUnbound } from '../../db/account-boundary';
import { jobLastSuccess, jobRuns } from '../metrics/metrics';

export interface JobLog {
  warn(obj: object, msg: string): void;
}

/**
 * Runs one piece of work every `intervalMs` in this process, like the mail outbox poller: a pass
 * never overlaps the previous one, an error is logged and the next pass runs as usual, and the
 * timer does not keep the process alive. Work that several instances may run at once claims its
 * rows in PostgreSQL (`FOR UPDATE SKIP LOCKED`), so the runner itself needs no coordination
 * (decision 004, decision 008).
 */
export class PeriodicJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly log: JobLog,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass under way to end. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  /**
   * One pass now; while a pass runs, a second call waits for it instead of starting another.
   * A pass serves every account, so it runs unbound even when a staff request wakes it (decision
   * 034): bound to that member's account, it would see, and write, only that account's rows.
   */
  runOnce(): Promise<void> {
    if (this.running) return this.running;
    this.running = runUnbound(() => this.pass()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    try {
      await this.work();
      jobRuns.inc({ job: this.name, outcome: 'ok' });
      jobLastSuccess.set({ job: this.name }, Date.now() / 1000);
    } catch (error) {
      jobRuns.inc({ job: this.name, outcome: 'failed' });
      this.log.warn({ err: error, job: this.name }, 'periodic job failed; it runs again at the next interval');
    }
  }
}

/** Several jobs started and stopped together (the app's onClose hook stops them). */
export class JobRunner {
  private readonly jobs: PeriodicJob[] = [];

  add(job: PeriodicJob): this {
    this.jobs.push(job);
    return this;
  }

  start(): void {
    for (const job of this.jobs) job.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.jobs.map((job) => job.stop()));
  }
}
