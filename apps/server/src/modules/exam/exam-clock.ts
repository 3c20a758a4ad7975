import type { Executor } from '../../db/executor';
import type { ExamSubmission } from './exam-submission';
import type { ExamRepository, InstanceRow } from './exam.repository';

/**
 * The engine's clock as another module may move it inside its own transaction (issue 19: the
 * invigilator's extra time, pause and resume, and the end of a sitting for misconduct). Who may do
 * so is the caller's rule; the engine keeps its own: only an open sitting changes.
 */
export class ExamClock {
  constructor(
    private readonly repository: ExamRepository,
    private readonly submission: ExamSubmission,
  ) {}

  /** The sitting under its row lock (the same lock answers, submissions and the time-out job take). */
  lock(tx: Executor, examInstanceId: string): Promise<InstanceRow | null> {
    return this.repository.lockInstance(tx, examInstanceId);
  }

  /** Moves an open sitting's deadline by `seconds` (negative: earlier); the new deadline, or null when not open. */
  moveDeadline(tx: Executor, examInstanceId: string, seconds: number, actorId: string, now: Date): Promise<Date | null> {
    return this.repository.moveOpenDeadline(tx, examInstanceId, seconds, actorId, now);
  }

  /**
   * Adds to the module's extra time (kept for a later launch and its re-sits too) and to the open
   * sitting's deadline (the open re-sit's, when the module has one).
   */
  async addExtraTime(tx: Executor, applicationModuleId: string, addSeconds: number, actorId: string, now: Date): Promise<{ extraSeconds: number; deadline: Date | null }> {
    const target = await this.repository.currentTargetOf(applicationModuleId, tx);
    const instance = await this.repository.lockInstanceOfTarget(tx, target);
    const { extraSeconds: granted } = await this.repository.lockScheduledTarget(tx, target);
    const extraSeconds = (instance?.extraSeconds ?? granted) + addSeconds;
    await this.repository.saveExtraTime(tx, applicationModuleId, extraSeconds, actorId, now);
    const extended = await this.repository.extendOpenInstance(tx, target, extraSeconds, actorId, now);
    return { extraSeconds, deadline: extended?.deadline ?? null };
  }

  /** Ends an open sitting now, as submitted by an invigilator, and marks what can be marked; null when it was not open. */
  end(tx: Executor, examInstanceId: string, now: Date): Promise<InstanceRow | null> {
    return this.submission.close(tx, examInstanceId, 'invigilator', now);
  }
}
