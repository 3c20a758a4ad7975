import type { CandidateEventKind } from '@certs/shared/exam-integrity/exam-event';
import type { CandidateEvent } from '@certs/shared/exam-integrity/exam-recording.contract';
import { httpStatusOf } from '../../../lib/api-client';
import { isRetryable, newClientId, retryDelayMs } from './client-id';
import type { BatchStorage } from './keystroke-log';

/**
 * The candidate's events (focus, full screen, copy and paste, second tab, connection, capture,
 * monitors, ...), each with the time it happened and an id of its own, kept in storage and sent
 * in order; a lost connection only delays them (the server stores each once).
 */
export class EventLog {
  private sending: Promise<void> | null = null;
  private again: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private readonly key: string;

  constructor(
    private readonly target: { examInstanceId?: string; applicationModuleId?: string },
    private readonly send: (events: CandidateEvent[]) => Promise<unknown>,
    private readonly storage: BatchStorage,
  ) {
    this.key = `certs-exam-events.${target.examInstanceId ?? target.applicationModuleId ?? 'none'}`;
  }

  log(kind: CandidateEventKind, detail: CandidateEvent['detail'] = {}, occurredOn = new Date()): void {
    const event: CandidateEvent = { clientEventId: newClientId('ev'), kind, occurredOn: occurredOn.toISOString(), ...this.target, detail };
    this.save([...this.pending(), event]);
    void this.flush();
  }

  pending(): CandidateEvent[] {
    try {
      return JSON.parse(this.storage.getItem(this.key) ?? '[]') as CandidateEvent[];
    } catch {
      return [];
    }
  }

  private save(events: CandidateEvent[]): void {
    if (events.length === 0) this.storage.removeItem(this.key);
    else this.storage.setItem(this.key, JSON.stringify(events));
  }

  /** One loop at a time; a call during a loop runs one more after it, so an event logged meanwhile is not left waiting. */
  flush(): Promise<void> {
    if (this.sending) {
      this.again ??= this.sending.then(() => {
        this.again = null;
        return this.flush();
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
      const batch = this.pending().slice(0, 50);
      if (batch.length === 0) return;
      try {
        await this.send(batch);
        this.attempt = 0;
      } catch (error) {
        if (isRetryable(httpStatusOf(error))) {
          this.attempt += 1;
          if (this.timer === null) {
            this.timer = setTimeout(() => {
              this.timer = null;
              void this.flush();
            }, retryDelayMs(this.attempt));
          }
          return;
        }
      }
      const sent = new Set(batch.map((event) => event.clientEventId));
      this.save(this.pending().filter((event) => !sent.has(event.clientEventId)));
    }
  }

  stop(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
