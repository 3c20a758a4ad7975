import type { RecordingStream } from '@certs/shared/exam-integrity/exam-recording.contract';
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

export type UploadChunk = (chunk: QueuedChunk) => Promise<void>;

export interface ChunkQueueState {
  pending: number;
  /** The head chunk failed and waits for its retry (no connection, or the server is away). */
  isWaiting: boolean;
  uploaded: number;
  rejected: number;
}

export interface ChunkQueueOptions {
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** A chunk the server refuses for good (another chunk under its number): reported, then set aside. */
  onRejected?: (chunk: QueuedChunk, status: number) => void;
}

export function chunkIdOf(createdAt: number, chunk: Pick<QueuedChunk, 'recordingId' | 'segment' | 'stream' | 'sequence'>): string {
  return `${String(createdAt).padStart(15, '0')}:${chunk.recordingId}:${String(chunk.segment).padStart(5, '0')}:${chunk.stream}:${String(chunk.sequence).padStart(6, '0')}`;
}

/**
 * The recording's upload queue (decision 028): chunks go up one at a time in the order they were
 * made; a failure keeps the chunk at the head and retries it after a back-off (or at once when the
 * browser is online again), so nothing is skipped and nothing overtakes. Only the server's
 * acknowledgement removes a chunk from the store.
 */
export class ChunkQueue {
  private running = false;
  private timer: unknown = null;
  private attempt = 0;
  private state: ChunkQueueState = { pending: 0, isWaiting: false, uploaded: 0, rejected: 0 };
  private readonly listeners = new Set<() => void>();
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(
    private readonly store: ChunkStore,
    private readonly upload: UploadChunk,
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

  async add(chunk: QueuedChunk): Promise<void> {
    await this.store.put(chunk);
    this.setState({ pending: this.state.pending + 1 });
    void this.drain();
  }

  /** Retry now (the browser is online again, or a page opened with chunks left from before). */
  retryNow(): void {
    if (this.timer !== null) {
      this.clearTimer(this.timer);
      this.timer = null;
    }
    this.attempt = 0;
    void this.drain();
  }

  /** Uploads what waits, in order, until the store is empty or an upload fails. Resolves when it stops. */
  async drain(): Promise<void> {
    if (this.running || this.timer !== null) return;
    this.running = true;
    try {
      for (;;) {
        const waiting = (await this.store.all()).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
        this.setState({ pending: waiting.length });
        const head = waiting[0];
        if (!head) {
          this.setState({ isWaiting: false });
          return;
        }
        try {
          await this.upload(head);
          this.attempt = 0;
          await this.store.delete(head.id);
          this.setState({ uploaded: this.state.uploaded + 1, isWaiting: false });
        } catch (error) {
          const status = httpStatusOf(error);
          if (!isRetryable(status)) {
            // Will never be taken as it is: set aside so the rest can go (the manifest shows the hole).
            this.options.onRejected?.(head, status);
            await this.store.delete(head.id);
            this.setState({ rejected: this.state.rejected + 1 });
            continue;
          }
          this.attempt += 1;
          this.setState({ isWaiting: true });
          this.timer = this.setTimer(() => {
            this.timer = null;
            void this.drain();
          }, retryDelayMs(this.attempt));
          return;
        }
      }
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
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
