import type { Storage } from './storage';

/** Where presigned upload URLs write (`AttachmentService`'s `uploadKeyOf`); saving moves the bytes out. */
export const UPLOADS_PREFIX = 'uploads/';
/**
 * An upload URL lives 15 minutes and a save follows at once, so what is still under `uploads/` a
 * day later was never saved (or was PUT again after saving): nothing reads it.
 */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
/** At most this many objects a pass; the next pass (an hour later) takes the rest. */
export const UPLOAD_SWEEP_BATCH = 500;

/**
 * Deletes objects under `uploads/` last written more than a day ago, from whichever storage is in
 * use. Deleting is idempotent on both storages, so a pass that overlaps another instance's is
 * harmless; the job still runs it under a lock (`runAlone`) so that the listing is not repeated.
 */
export async function sweepAbandonedUploads(
  storage: Pick<Storage, 'list' | 'remove'>,
  options: { now?: Date; maxAgeMs?: number; limit?: number } = {},
): Promise<{ removed: number }> {
  const now = options.now ?? new Date();
  const olderThan = new Date(now.getTime() - (options.maxAgeMs ?? ABANDONED_UPLOAD_AGE_MS));
  const keys = await storage.list(UPLOADS_PREFIX, { olderThan, limit: options.limit ?? UPLOAD_SWEEP_BATCH });
  for (const key of keys) await storage.remove(key);
  return { removed: keys.length };
}
