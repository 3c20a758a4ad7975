import { EXAM_EVENT_LABELS, type ExamEventKind } from '../exam-integrity/exam-event';
import { ATTENTION_KINDS, durationText } from './console-state';

/**
 * How a sitting's event reads to a person (issue 45 item 8): the kind's words, and what its detail
 * adds that a person needs (the invigilator's reason, how long, why a recording resumed). Stored
 * codes ("start", "reload") never reach the screen. Pure, so the console and the review agree.
 */

/** Camera pictures taken every 30 s: shown as a strip of their own, never among the events. */
export const SNAPSHOT_KIND = 'snapshot';

/**
 * Events a reviewer looks at first (focus lost, a second screen or tab, copy and paste, capture
 * trouble, connection lost, a gap in the recording, an irregularity report, an ended sitting).
 */
export const NOTABLE_KINDS: ReadonlySet<string> = new Set<string>([...ATTENTION_KINDS, 'offline', 'pageReloaded', 'recordingGap', 'irregularityReport', 'endedForMisconduct']);

const SEGMENT_REASONS: Record<string, string> = {
  reload: 'Recording resumed after the page was reloaded',
  captureResumed: 'Recording resumed after the screen was shared again',
};

export interface WordedEvent {
  kind: string;
  source?: string;
  detail: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** "Extra time given: 5 min (Fire alarm)", "Connection lost (1 min 05 s)", "Recording started". */
export function describeSittingEvent(event: WordedEvent): string {
  const label = (EXAM_EVENT_LABELS as Record<string, string>)[event.kind] ?? 'Other event';
  const { detail } = event;
  const reason = text(detail.reason);
  switch (event.kind as ExamEventKind) {
    // The recording side's reason is a code for the segment, not a person's words.
    case 'recordingStarted':
    case 'recordingStopped':
      return label;
    case 'recordingSegmentStarted':
      return SEGMENT_REASONS[text(detail.reason) ?? ''] ?? label;
    case 'offline':
    case 'recordingGap': {
      const seconds = number(detail.seconds);
      return seconds === null ? label : `${label} (${durationText(seconds)})`;
    }
    case 'message': {
      const message = text(detail.text);
      return `${label}${message ? `: “${message}”` : ''}${reason ? ` (reason: ${reason})` : ''}`;
    }
    case 'extraTime': {
      const minutes = number(detail.minutes);
      return `${label}${minutes === null ? '' : `: ${minutes} min`}${reason ? ` (${reason})` : ''}`;
    }
    case 'irregularityReport': {
      const category = text(detail.category);
      return `${label}${category ? ` (${category})` : ''}${reason ? `: ${reason}` : ''}`;
    }
    case 'recordingHeld':
      return `${detail.released === true ? 'Hold on the recording released' : label}${reason ? `: ${reason}` : ''}`;
    default:
      // Invigilators' actions carry their reason; a candidate's page sends no words of its own.
      return event.source === 'invigilator' && reason ? `${label}: ${reason}` : label;
  }
}
