import { postEvents, putToStorage, saveKeystrokes, syncChunks } from '../api/recording-requests';
import { watchActivity } from './activity-watch';
import { ChunkQueue, IndexedDbChunkStore, MemoryChunkStore, type ChunkOutcome, type SyncingChunk } from './chunk-queue';
import { EventLog } from './event-log';
import { ExamRecorder } from './exam-recorder';
import { KeystrokeLog } from './keystroke-log';
import { MonitorCheck, lookAtScreens, type MonitorTransition } from './monitor-check';

/** One round for a few chunks: one request (URLs for new chunks, the manifest for chunks PUT), then the PUTs straight to storage. */
export async function syncChunkBatch(batch: readonly SyncingChunk[]): Promise<ChunkOutcome[]> {
  const { chunks } = await syncChunks({
    recordingId: batch[0]!.recordingId,
    chunks: batch.map(({ stream, segment, sequence, sha256, size, startedOn, endedOn, isUploaded }) => ({ stream, segment, sequence, sha256, size, startedOn, endedOn, isUploaded })),
  });
  const outcomes: ChunkOutcome[] = [];
  for (const [index, result] of chunks.entries()) {
    if (result.status === 'upload' && result.url) {
      await putToStorage(result.url, result.headers, batch[index]!.blob);
      outcomes.push('uploaded');
    } else {
      outcomes.push(result.status === 'acknowledged' ? 'acknowledged' : 'rejected');
    }
  }
  return outcomes;
}

export interface MonitorStatus {
  transition: MonitorTransition | null;
}

/**
 * Everything recording one sitting in this page: the recorder, the chunk queue, the keystroke and
 * event logs, the activity watch and the screen check. One per sitting and page, kept across the
 * exam screen's remounts (the sitting shown from the device's copy, then from the server).
 */
export class RecordingSession {
  readonly queue: ChunkQueue;
  readonly events: EventLog;
  readonly keys: KeystrokeLog;
  readonly recorder: ExamRecorder;
  readonly monitors: MonitorCheck;
  private monitorStatus: MonitorStatus = { transition: null };
  private readonly monitorListeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private currentQuestionId: string | null = null;
  private isFinished = false;

  constructor(readonly examInstanceId: string) {
    const store = typeof indexedDB === 'undefined' ? new MemoryChunkStore() : new IndexedDbChunkStore(examInstanceId);
    this.events = new EventLog({ examInstanceId }, postEvents, window.localStorage);
    this.queue = new ChunkQueue(store, syncChunkBatch, { onRejected: (chunk, status) => this.events.log('captureError', { source: 'upload', stream: chunk.stream, segment: chunk.segment, sequence: chunk.sequence, status }) });
    this.recorder = new ExamRecorder({ examInstanceId, sessionId: sessionIdOf(examInstanceId), queue: this.queue, events: this.events, reload: () => window.location.reload() });
    this.keys = new KeystrokeLog({ examInstanceId, recordingId: () => this.recorder.getState().recordingId, send: saveKeystrokes, storage: window.localStorage });
    this.monitors = new MonitorCheck({
      look: (onPrompt) => lookAtScreens(onPrompt),
      onChange: (transition) => {
        if (transition.event) this.events.log(transition.event, {});
        this.monitorStatus = { transition };
        for (const listener of this.monitorListeners) listener();
      },
    });
  }

  subscribeMonitors = (listener: () => void): (() => void) => {
    this.monitorListeners.add(listener);
    return () => this.monitorListeners.delete(listener);
  };

  getMonitorStatus = (): MonitorStatus => this.monitorStatus;

  setQuestion(id: string | null): void {
    this.currentQuestionId = id;
  }

  /** Starts watching (once): leftovers of an earlier page go up first. */
  open(isSubmitted: boolean): void {
    if (this.cleanups.length > 0) return;
    const retry = () => this.queue.retryNow();
    window.addEventListener('online', retry);
    this.cleanups.push(() => window.removeEventListener('online', retry));
    this.queue.retryNow();
    void this.events.flush();
    this.keys.start();
    this.cleanups.push(() => this.keys.stop());
    if (isSubmitted) {
      this.isFinished = true;
      return;
    }
    this.cleanups.push(watchActivity({ examInstanceId: this.examInstanceId, events: this.events, keys: this.keys, questionId: () => this.currentQuestionId }));
    this.monitors.start();
    this.cleanups.push(() => this.monitors.stop());
  }

  /** The exam was submitted: the recording ends, the last keys go, the checks stop; uploads go on. */
  async finish(): Promise<void> {
    if (this.isFinished) return;
    this.isFinished = true;
    this.monitors.stop();
    await this.recorder.stop();
    // Nothing more will be recorded: the last parts are confirmed without waiting for a next slice.
    void this.queue.flush();
    await this.keys.flush();
    await this.events.flush();
  }

  close(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.recorder.dispose();
    this.queue.stop();
    this.events.stop();
  }
}

function sessionIdOf(examInstanceId: string): string {
  const key = `certs-recording-session.${examInstanceId}`;
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = `rec-${crypto.randomUUID()}`;
    sessionStorage.setItem(key, id);
  }
  return id;
}

const sessions = new Map<string, { session: RecordingSession; users: number; closing: ReturnType<typeof setTimeout> | null }>();

/** The page's session of a sitting, shared by every mount; closed a moment after the last one goes (not on a remount). */
export function acquireRecordingSession(examInstanceId: string): { session: RecordingSession; release: () => void } {
  let entry = sessions.get(examInstanceId);
  if (!entry) {
    entry = { session: new RecordingSession(examInstanceId), users: 0, closing: null };
    sessions.set(examInstanceId, entry);
  }
  if (entry.closing) clearTimeout(entry.closing);
  entry.closing = null;
  entry.users += 1;
  const held = entry;
  return {
    session: held.session,
    release: () => {
      held.users -= 1;
      if (held.users > 0) return;
      held.closing = setTimeout(() => {
        held.session.close();
        sessions.delete(examInstanceId);
      }, 2_000);
    },
  };
}
