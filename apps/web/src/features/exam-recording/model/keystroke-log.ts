import { RECORDING_SETTINGS, type KeystrokeEntry, type NetworkData, type SaveKeystrokesRequest } from '@certs/shared/exam-integrity/exam-recording.contract';
import { httpStatusOf } from '../../../lib/api-client';
import { isRetryable, newClientId } from './client-id';

/** The parts of a keyboard event the log reads. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * What the log keeps of a key: its name for keys that are not text ("Backspace", "Enter", "Ctrl+V"),
 * and "char" for a character typed, so the log never holds what a free-text answer says (the answer
 * itself is saved with the question instance, as the spec's record has it).
 */
export function keyNameOf(press: KeyPress): string {
  const modifier = press.ctrlKey ? 'Ctrl+' : press.metaKey ? 'Meta+' : '';
  if (press.key.length === 1) return modifier ? `${modifier}${press.key.toUpperCase()}` : press.altKey ? 'Alt+char' : 'char';
  return `${modifier}${press.key}`.slice(0, 20);
}

/** Where batches wait for the server: localStorage in the browser, a map in tests. */
export interface BatchStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface KeystrokeLogOptions {
  examInstanceId: string;
  recordingId: () => string | null;
  send: (batch: SaveKeystrokesRequest) => Promise<unknown>;
  storage: BatchStorage;
  now?: () => number;
  timeZone?: string;
  network?: () => NetworkData;
  intervalMs?: number;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
}

export function networkDataOf(): NetworkData {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; downlink?: number; rtt?: number; saveData?: boolean } }).connection;
  return {
    ...(connection?.effectiveType ? { effectiveType: connection.effectiveType.slice(0, 16) } : {}),
    ...(typeof connection?.downlink === 'number' ? { downlink: connection.downlink } : {}),
    ...(typeof connection?.rtt === 'number' ? { rtt: connection.rtt } : {}),
    ...(typeof connection?.saveData === 'boolean' ? { saveData: connection.saveData } : {}),
    online: navigator.onLine,
  };
}

/**
 * The sitting's keystroke log (spec sections 3, 7, 9): keys with their time and question, one batch
 * every 300000 ms and one at submission, each with its own id (stored once by the server), kept in
 * storage until the server has it and sent again in order after a failure.
 */
export class KeystrokeLog {
  private entries: KeystrokeEntry[] = [];
  private batchStart: number;
  private timer: unknown = null;
  private sending: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  private readonly now: () => number;
  private readonly key: string;

  constructor(private readonly options: KeystrokeLogOptions) {
    this.now = options.now ?? (() => Date.now());
    this.batchStart = this.now();
    this.key = `certs-keystrokes.${options.examInstanceId}`;
  }

  record(press: KeyPress, questionInstanceId: string | null): void {
    if (this.entries.length === 0) this.batchStart = this.now();
    this.entries.push({ k: keyNameOf(press), t: Math.max(0, this.now() - this.batchStart), ...(questionInstanceId ? { q: questionInstanceId.slice(0, 40) } : {}) });
    // A very busy five minutes still fits one request.
    if (this.entries.length >= 20_000) void this.flush();
  }

  /** Batches not yet acknowledged, oldest first. */
  pending(): SaveKeystrokesRequest[] {
    try {
      return JSON.parse(this.options.storage.getItem(this.key) ?? '[]') as SaveKeystrokesRequest[];
    } catch {
      return [];
    }
  }

  private save(batches: SaveKeystrokesRequest[]): void {
    if (batches.length === 0) this.options.storage.removeItem(this.key);
    else this.options.storage.setItem(this.key, JSON.stringify(batches));
  }

  /** Closes the current batch (if any key was pressed) and sends everything that waits. */
  async flush(): Promise<void> {
    if (this.entries.length > 0) {
      const end = this.now();
      const batch: SaveKeystrokesRequest = {
        batchId: newClientId('keys'),
        examInstanceId: this.options.examInstanceId,
        moduleExamInstanceRecordId: this.options.recordingId(),
        keys: this.entries,
        clientTimeZone: this.options.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
        startDate: new Date(this.batchStart).toISOString(),
        endDate: new Date(end).toISOString(),
        networkData: (this.options.network ?? networkDataOf)(),
      };
      this.save([...this.pending(), batch]);
      this.entries = [];
      this.batchStart = end;
    }
    await this.sendPending();
  }

  /** One loop at a time; a call during a loop runs one more after it, so a batch closed meanwhile is not left waiting. */
  private sendPending(): Promise<void> {
    if (this.sending) {
      this.again ??= this.sending.then(() => {
        this.again = null;
        return this.sendPending();
      });
      return this.again;
    }
    this.sending = this.sendLoop().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendLoop(): Promise<void> {
    for (;;) {
      const [head] = this.pending();
      if (!head) return;
      try {
        await this.options.send(head);
      } catch (error) {
        // Kept for the next flush (or the next page of this sitting); a batch refused as it is goes.
        if (isRetryable(httpStatusOf(error))) return;
      }
      this.save(this.pending().filter((batch) => batch.batchId !== head.batchId));
    }
  }

  start(): void {
    const every = this.options.setInterval ?? ((run, ms) => setInterval(run, ms));
    this.timer = every(() => void this.flush(), this.options.intervalMs ?? RECORDING_SETTINGS.keystrokeBatchMilliseconds);
    // Batches a reload left behind go first.
    void this.sendPending();
  }

  stop(): void {
    if (this.timer !== null) (this.options.clearInterval ?? ((t) => clearInterval(t as ReturnType<typeof setInterval>)))(this.timer);
    this.timer = null;
  }
}
