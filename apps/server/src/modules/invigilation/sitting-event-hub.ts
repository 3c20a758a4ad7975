import { ExamSittingEventNotice } from '@certs/shared/exam-integrity/exam-event';
import type { ChannelListener } from '../../db/client';

export interface SittingEventSubscriber {
  /** Whether the notice concerns this subscriber (its sitting's modules or sittings). */
  wants(notice: ExamSittingEventNotice): boolean;
  onEvent(notice: ExamSittingEventNotice): void;
  /** Notifications may have been missed (the LISTEN connection was lost and is back): read everything again. */
  onResync(): void;
  /** The server is closing: end the stream. */
  end(): void;
}

/**
 * The one LISTEN on `exam_sitting_event` per server instance (migration 0019's trigger), handing each
 * notice to the open console streams it concerns. Every instance hears every insert, whichever
 * instance made it, so a console sees a candidate's event within a moment wherever each is served.
 */
export class SittingEventHub implements ChannelListener {
  private readonly subscribers = new Set<SittingEventSubscriber>();
  private isListening = false;

  subscribe(subscriber: SittingEventSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Ends every open stream (at shutdown, so the server's close does not wait on them). */
  endAll(): void {
    for (const subscriber of [...this.subscribers]) subscriber.end();
  }

  get listening(): boolean {
    return this.isListening;
  }

  get size(): number {
    return this.subscribers.size;
  }

  onNotification(payload: string): void {
    let notice: ExamSittingEventNotice;
    try {
      const parsed = ExamSittingEventNotice.safeParse(JSON.parse(payload));
      if (!parsed.success) return;
      notice = parsed.data;
    } catch {
      return;
    }
    for (const subscriber of this.subscribers) {
      if (subscriber.wants(notice)) subscriber.onEvent(notice);
    }
  }

  onListening(): void {
    const wasLost = !this.isListening;
    this.isListening = true;
    if (wasLost) for (const subscriber of this.subscribers) subscriber.onResync();
  }

  onLost(): void {
    this.isListening = false;
  }
}
