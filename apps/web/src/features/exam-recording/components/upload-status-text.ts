import type { ChunkQueueState } from '../model/chunk-queue';

export interface UploadStatusInput {
  queue: Pick<ChunkQueueState, 'pending' | 'unconfirmed' | 'isWaiting'>;
  isSubmitted: boolean;
  /** The recorder is still running (or closing its last slice). */
  isRecorderRunning: boolean;
}

/**
 * What the candidate reads about the recording's upload, and how many parts are left to upload.
 * Parts already in storage wait to be confirmed with the next request (decision 028): they are
 * not "waiting to upload", but after submission the page must stay open until they are confirmed.
 */
export function uploadStatusOf({ queue, isSubmitted, isRecorderRunning }: UploadStatusInput): { text: string; partsLeft: number } {
  // After submission the last parts are still being closed until the recorder has stopped.
  if (isSubmitted && queue.pending === 0 && isRecorderRunning) {
    return { text: 'Uploading the recording: closing its last part. Keep this page open until it is done.', partsLeft: 1 };
  }
  const toUpload = queue.pending - queue.unconfirmed;
  const keepOpen = isSubmitted ? ' Keep this page open until it is done.' : '';
  if (toUpload > 0) {
    const parts = `${toUpload} part${toUpload === 1 ? '' : 's'}`;
    return { text: `${isSubmitted ? 'Uploading the recording' : 'Recording'}: ${parts} waiting to upload${queue.isWaiting ? ' (waiting for the connection)' : ''}.${keepOpen}`, partsLeft: toUpload };
  }
  if (isSubmitted && queue.pending > 0) return { text: `Uploading the recording: confirming its last parts.${keepOpen}`, partsLeft: 0 };
  return { text: isSubmitted ? 'The recording is uploaded.' : 'Recording: every part is uploaded.', partsLeft: 0 };
}
