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
  // A sitting that cannot be closed (a fault in its data) is left for the next pass instead of
  // being claimed first again and again, which would keep every later sitting open.
  const failed = new Map<string, unknown>();
  while (closed < limit) {
    const now = options.now?.() ?? new Date();
    let claimed: string | null = null;
    try {
      const id = await repository.transaction(async (tx) => {
        claimed = await repository.claimOverdue(tx, now, options.graceSeconds, [...failed.keys()]);
        if (claimed) await submission.close(tx, claimed, 'job', now);
        return claimed;
      });
      if (!id) break;
      closed += 1;
    } catch (error) {
      if (!claimed) throw error;
      failed.set(claimed, error);
    }
  }
  if (failed.size > 0) {
    throw new AggregateError([...failed.values()], `${failed.size} overdue sitting(s) could not be closed: ${[...failed.keys()].join(', ')}`);
  }
  return closed;
}
