import type { ExamSubmission } from './exam-submission';
import type { ExamRepository } from './exam.repository';

/**
 * Submits sittings left open past their deadline plus the grace, with what was saved (status
 * TimedOut, submitted by 'job'). Each sitting is claimed with FOR UPDATE SKIP LOCKED and closed,
 * marked and scored in its own transaction, so several server instances can run it at once and
 * never close one sitting twice. Run periodically by the platform's `PeriodicJob`.
 */
export async function closeOverdueSittings(
  repository: ExamRepository,
  submission: ExamSubmission,
  options: { graceSeconds: number; now?: () => Date; limit?: number },
): Promise<number> {
  const limit = options.limit ?? 500;
  let closed = 0;
  while (closed < limit) {
    const now = options.now?.() ?? new Date();
    const id = await repository.transaction(async (tx) => {
      const due = await repository.claimOverdue(tx, now, options.graceSeconds);
      if (due) await submission.close(tx, due, 'job', now);
      return due;
    });
    if (!id) break;
    closed += 1;
  }
  return closed;
}
