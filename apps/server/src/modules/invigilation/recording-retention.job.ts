import { isRetentionDue, retentionDueOn } from '@certs/shared/invigilation/retention';
import type { Storage } from '../../platform/storage/storage';
import type { InvigilationRepository } from './invigilation.repository';
import type { SittingReviewRepository } from './sitting-review.repository';

export interface RetentionPass {
  /** Sittings whose recording, snapshots and keystroke logs were deleted. */
  erased: { examInstanceId: string; chunks: number; snapshots: number; keystrokeBatches: number }[];
}

/**
 * Deletes recordings, camera snapshots and keystroke logs `retentionDays` after the result is final
 * and any review window closed (Australian Privacy Principle 11.2; issue 19, decision 029), except
 * for sittings staff hold. The stored objects go first, then the manifest and keystroke rows, and a
 * `recordingDeleted` event says what went (a failure leaves the rows, so the next pass tries again).
 * One instance runs it at a time (`runAlone` in app.ts).
 */
export async function deleteExpiredRecordings(
  deps: { review: SittingReviewRepository; invigilation: InvigilationRepository; storage: Storage; log?: { info(object: object, message: string): void } },
  options: { retentionDays: number; now?: Date; limit?: number },
): Promise<RetentionPass> {
  const now = options.now ?? new Date();
  const candidates = await deps.review.findErasable(now, options.retentionDays, options.limit ?? 200);
  const erased: RetentionPass['erased'] = [];
  for (const sitting of candidates) {
    // Due on the awarding body's day (a New Zealand sitting's after Auckland's midnight).
    if (!isRetentionDue(retentionDueOn({ ...sitting, retentionDays: options.retentionDays }), now, sitting.timeZone)) continue;
    const { chunkKeys, snapshotKeys } = await deps.review.findStoredKeys(sitting.examInstanceId);
    for (const key of [...chunkKeys, ...snapshotKeys]) await deps.storage.remove(key);
    const counts = await deps.review.transaction(async (tx) => {
      const rows = await deps.review.eraseRows(tx, sitting.examInstanceId);
      await deps.invigilation.insertEvent(tx, {
        examInstanceId: sitting.examInstanceId,
        applicationModuleId: sitting.applicationModuleId,
        applicantId: sitting.applicantId,
        kind: 'recordingDeleted',
        source: 'system',
        detail: { chunks: rows.chunks, snapshots: snapshotKeys.length, keystrokeBatches: rows.keystrokeBatches, retentionDays: options.retentionDays },
        occurredOn: now,
        actorUserId: null,
      });
      return rows;
    });
    const entry = { examInstanceId: sitting.examInstanceId, chunks: counts.chunks, snapshots: snapshotKeys.length, keystrokeBatches: counts.keystrokeBatches };
    deps.log?.info(entry, 'recording retention: deleted a sitting\'s recording, snapshots and keystroke logs');
    erased.push(entry);
  }
  return { erased };
}
