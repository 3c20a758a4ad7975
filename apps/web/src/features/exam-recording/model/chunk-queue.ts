import { CHUNK_SYNC_MAX, type RecordingStream } from '@certs/shared/exam-integrity/exam-recording.contract';
import { httpStatusOf } from '../../../lib/api-client';
import { isRetryable, retryDelayMs } from './client-id';

/** One recorded slice of one stream, kept on the device until the server acknowledges it. */
export interface QueuedChunk {
  /** Sorts in upload order: when it was made, then its place. */
  id: string;
  examInstanceId: string;
  recordingId: string;
  stream: RecordingStream;
  segment: number;
  sequence: number;
  sha256: string;
  size: number;
  startedOn: string;
  endedOn: string;
  blob: Blob;
}

/** Where chunks wait: IndexedDB in the browser (they outlive a reload), memory in tests. */
export interface ChunkStore {
  put(chunk: QueuedChunk): Promise<void>;
  delete(id: string): Promise<void>;
  all(): Promise<QueuedChunk[]>;
}

/** A chunk as one sync carries it: whether this page has already PUT its bytes. */
export interface SyncingChunk extends QueuedChunk {
  isUploaded: boolean;
}

/** What one sync made of each chunk it carried, in the same order. */
export type ChunkOutcome = 'acknowledged' | 'uploaded' | 'rejected';

/**
 * One round for a few chunks of one recording: a single request that enters the uploaded ones in
 * the manifest and gives upload URLs for the rest, then the PUTs. Throws when a request fails.
 */
export type SyncChunks = (batch: readonly SyncingChunk[]) => Promise<ChunkOutcome[]>;

export interface ChunkQueueState {
  /** Chunks on the device the server has not acknowledged: both those still to upload and those uploaded, not yet confirmed. */
  pending: number;
  /** Of those, uploaded to storage and waiting to be confirmed with the next request. */
  unconfirmed: number;
  /** The head chunks failed and wait for their retry (no connection, or the server is away). */
  isWaiting: boolean;
  uploaded: number;
  rejected: number;
}

export interface ChunkQueueOptions {
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** A chunk the server refuses for good (another chunk under its number): reported, then set aside. */
  onRejected?: (chunk: QueuedChunk, status: number) => void;
  /** How long a new chunk waits for others before the queue starts: both streams' slices end together and go in one request. */
  gatherMs?: number;
  /** Most chunks in one sync (the contract's limit). */
  batchSize?: number;
  /**
   * How long uploaded chunks wait to be confirmed with the next slices' request before they are
   * confirmed alone: longer than a slice, so that each 30 s costs the server one request, not two.
   */
  holdMs?: number;
}

export function chunkIdOf(createdAt: number, chunk: Pick<QueuedChunk, 'recordingId' | 'segment' | 'stream' | 'sequence'>): string {
  return `${String(createdAt).padStart(15, '0')}:${chunk.recordingId}:${String(chunk.segment).padStart(5, '0')}:${chunk.stream}:${String(chunk.sequence).padStart(6, '0')}`;
}

/**
 * The recording's upload queue (decision 028). Chunks go up in the order they were made, a few at
 * a time: each round is one request for the oldest chunks (URLs for those not yet sent, the
 * manifest for those already PUT), then the PUTs. Uploaded chunks are confirmed with the next
 * slices' request (or alone after `holdMs`, or at once after `flush`). A failure keeps the chunks
 * at the head and retries after a back-off (or at once when the browser is online again), so
 * nothing is skipped and nothing overtakes. Only the server's acknowledgement removes a chunk from
 * the store.
 */
export class ChunkQueue {
  private running = false;
  private timer: unknown = null;
  /** The timer waits for new slices to confirm uploaded chunks with (a new chunk may cut it short). */
  private isHolding = false;
  /** Confirm uploaded chunks without waiting: the hold ran out, or the recording has ended. */
  private confirmNow = false;
  private isFlushing = false;
  private attempt = 0;
  /** Chunks this page has PUT and the server has not yet entered in the manifest (a reload forgets them: they are sent again). */
  private readonly uploadedIds = new Set<string>();
  private state: ChunkQueueState = { pending: 0, unconfirmed: 0, isWaiting: false, uploaded: 0, rejected: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(
    private readonly store: ChunkStore,
    private readonly sync: SyncChunks,
    private readonly options: ChunkQueueOptions = {},
  ) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ChunkQueueState => this.state;

  private setState(patch: Partial<ChunkQueueState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Keeps the chunk, then starts the queue after the gathering wait (a running or waiting queue takes it in its turn). */
  async add(chunk: QueuedChunk): Promise<void> {
    await this.store.put(chunk);
    this.setState({ pending: this.state.pending + 1 });
    if (this.isHolding) this.cancelTimer();
    if (this.running || this.timer !== null) return;
    this.schedule(this.options.gatherMs ?? 1_000);
  }

  private schedule(ms: number, isHold = false): void {
    this.isHolding = isHold;
    this.timer = this.setTimer(() => {
      this.timer = null;
      if (this.isHolding) this.confirmNow = true;
      this.isHolding = false;
      void this.drain();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.isHolding = false;
  }

  /** Retry now (the browser is online again, or a page opened with chunks left from before). */
  retryNow(): void {
    this.cancelTimer();
    this.attempt = 0;
    void this.drain();
  }

  /** The recording has ended: nothing new will come, so uploaded chunks are confirmed at once. */
  flush(): Promise<void> {
    this.isFlushing = true;
    this.cancelTimer();
    this.attempt = 0;
    return this.drain();
  }

  /** Sends what waits, in order, until the store is empty or a round fails. Resolves when it stops. */
  async drain(): Promise<void> {
    if (this.running || this.timer !== null) return;
    this.running = true;
    try {
      for (;;) {
        const waiting = (await this.store.all()).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        this.setState({ pending: waiting.length, unconfirmed: waiting.filter((chunk) => this.uploadedIds.has(chunk.id)).length });
        const head = waiting[0];
        if (!head) {
          this.setState({ isWaiting: false });
          return;
        }
        // The oldest chunks of the head's recording, up to the first of another one: nothing overtakes.
        const others = waiting.findIndex((chunk) => chunk.recordingId !== head.recordingId);
        const batch = waiting.slice(0, Math.min(others < 0 ? waiting.length : others, this.options.batchSize ?? CHUNK_SYNC_MAX));
        const holdMs = this.options.holdMs ?? 45_000;
        if (holdMs > 0 && !this.isFlushing && !this.confirmNow && waiting.every((chunk) => this.uploadedIds.has(chunk.id))) {
          // Only confirmations left: they go with the next slices, which come within holdMs.
          this.setState({ isWaiting: false });
          this.schedule(holdMs, true);
          return;
        }
        try {
          const outcomes = await this.sync(batch.map((chunk) => ({ ...chunk, isUploaded: this.uploadedIds.has(chunk.id) })));
          this.attempt = 0;
          this.confirmNow = false;
          let acknowledged = 0;
          for (const [index, chunk] of batch.entries()) {
            const outcome = outcomes[index];
            if (outcome === 'uploaded') {
              this.uploadedIds.add(chunk.id);
              continue;
            }
            this.uploadedIds.delete(chunk.id);
            if (outcome === 'acknowledged') acknowledged += 1;
            else this.options.onRejected?.(chunk, 409);
            await this.store.delete(chunk.id);
            if (outcome !== 'acknowledged') this.setState({ rejected: this.state.rejected + 1 });
          }
          this.setState({ uploaded: this.state.uploaded + acknowledged, isWaiting: false });
        } catch (error) {
          const status = httpStatusOf(error);
          if (!isRetryable(status)) {
            // Will never be taken as they are: set aside so the rest can go (the manifest shows the holes).
            for (const chunk of batch) {
              this.options.onRejected?.(chunk, status);
              this.uploadedIds.delete(chunk.id);
              await this.store.delete(chunk.id);
            }
            this.setState({ rejected: this.state.rejected + batch.length });
            continue;
          }
          this.attempt += 1;
          this.setState({ isWaiting: true });
          this.schedule(retryDelayMs(this.attempt));
          return;
        }
      }
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    this.cancelTimer();
    this.listeners.clear();
  }
}

/** Chunks in memory (tests, and a browser without IndexedDB: then a reload loses what waited). */
export class MemoryChunkStore implements ChunkStore {
  private readonly chunks = new Map<string, QueuedChunk>();
  async put(chunk: QueuedChunk) {
    this.chunks.set(chunk.id, chunk);
  }
  async delete(id: string) {
    this.chunks.delete(id);
  }
  async all() {
    return [...this.chunks.values()];
  }
}

const DB_NAME = 'certs-exam-recording';
const STORE = 'chunks';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Chunks in IndexedDB, per sitting, so a reload or a crash keeps what was not yet acknowledged. */
export class IndexedDbChunkStore implements ChunkStore {
  private db: Promise<IDBDatabase> | null = null;

  constructor(private readonly examInstanceId: string) {}

  private open(): Promise<IDBDatabase> {
    this.db ??= new Promise((resolve, reject) => {
      const open = indexedDB.open(DB_NAME, 1);
      open.onupgradeneeded = () => {
        const store = open.result.createObjectStore(STORE, { keyPath: 'id' });
        store.createIndex('examInstanceId', 'examInstanceId');
      };
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    return this.db;
  }

  private async store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
    return (await this.open()).transaction(STORE, mode).objectStore(STORE);
  }

  async put(chunk: QueuedChunk) {
    await request((await this.store('readwrite')).put(chunk));
  }

  async delete(id: string) {
    await request((await this.store('readwrite')).delete(id));
  }

  async all(): Promise<QueuedChunk[]> {
    return request((await this.store('readonly')).index('examInstanceId').getAll(this.examInstanceId) as IDBRequest<QueuedChunk[]>);
  }
}

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
