import type { CandidateState, ConsoleCandidate } from './invigilation.contract';
import { EXAM_EVENT_LABELS, type ExamEventKind } from '../exam-integrity/exam-event';

/**
 * The console's reading of a sitting's events (issue 19), pure so that the server's rows and the
 * tests agree: events in, the facts of one candidate out; then the state word from those facts,
 * the engine's own signals and the time.
 */

/** Kinds an invigilator should look at: monitors, focus, full screen, copy and paste, a second tab, capture trouble. */
export const ATTENTION_KINDS: ReadonlySet<string> = new Set<ExamEventKind>([
  'screenCaptureStopped',
  'captureError',
  'monitorPermissionDenied',
  'monitorCheckError',
  'monitorZeroScreens',
  'multipleMonitors',
  'focusLost',
  'fullScreenLeft',
  'copy',
  'paste',
  'secondTab',
]);

/** No check-in for this long while the exam is open: the candidate counts as offline. */
export const OFFLINE_AFTER_SECONDS = 30;
/** How often the candidate's exam page checks in. */
export const CHECK_IN_EVERY_SECONDS = 10;

export interface EventFact {
  id: number;
  kind: string;
  occurredOn: string;
  /** 'system' for the server's own records (an `offline` written when the page came back is already over). */
  source?: string;
}

export type EventFacts = Pick<
  ConsoleCandidate,
  'systemCheck' | 'pausedSince' | 'endedForMisconduct' | 'recordingGaps' | 'attentionEvents' | 'latestAttention' | 'reportedOfflineSince' | 'latestSnapshotOn' | 'lastEventId'
>;

export const NO_EVENT_FACTS: EventFacts = {
  systemCheck: null,
  pausedSince: null,
  endedForMisconduct: false,
  recordingGaps: 0,
  attentionEvents: 0,
  latestAttention: null,
  reportedOfflineSince: null,
  latestSnapshotOn: null,
  lastEventId: 0,
};

const labelOf = (kind: string): string => (EXAM_EVENT_LABELS as Record<string, string>)[kind] ?? kind;

/** Folds one candidate's events (any order; applied by id) into what the console shows. */
export function reduceEvents(events: readonly EventFact[], start: EventFacts = NO_EVENT_FACTS): EventFacts {
  const facts: EventFacts = { ...start };
  for (const event of [...events].sort((a, b) => a.id - b.id)) {
    if (event.id <= facts.lastEventId) continue;
    facts.lastEventId = event.id;
    switch (event.kind) {
      case 'systemCheckPassed':
        facts.systemCheck = 'passed';
        break;
      case 'systemCheckFailed':
        facts.systemCheck = 'failed';
        break;
      case 'paused':
        facts.pausedSince = event.occurredOn;
        break;
      case 'resumed':
        facts.pausedSince = null;
        break;
      case 'endedForMisconduct':
        facts.endedForMisconduct = true;
        facts.pausedSince = null;
        break;
      case 'recordingGap':
        facts.recordingGaps += 1;
        break;
      case 'offline':
        if (event.source !== 'system') facts.reportedOfflineSince = facts.reportedOfflineSince ?? event.occurredOn;
        break;
      case 'online':
      case 'submitted':
        facts.reportedOfflineSince = null;
        break;
      case 'snapshot':
        facts.latestSnapshotOn = event.occurredOn;
        break;
      default:
        if (ATTENTION_KINDS.has(event.kind)) {
          facts.attentionEvents += 1;
          facts.latestAttention = { kind: event.kind, label: labelOf(event.kind), occurredOn: event.occurredOn };
        }
    }
  }
  return facts;
}

/**
 * When the candidate went offline, or null: reported by the page (an offline event not followed by
 * online), else no check-in for `offlineAfterSeconds` while the exam is open (the page cannot
 * report while its connection is down, so the silence is the first sign).
 */
export function offlineSinceOf(candidate: Pick<ConsoleCandidate, 'status' | 'lastSeenOn' | 'reportedOfflineSince' | 'pausedSince'>, now: number, offlineAfterSeconds = OFFLINE_AFTER_SECONDS): string | null {
  if (candidate.status !== 'InProgress') return null;
  if (candidate.reportedOfflineSince) return candidate.reportedOfflineSince;
  if (!candidate.lastSeenOn) return null;
  return now - Date.parse(candidate.lastSeenOn) > offlineAfterSeconds * 1000 ? candidate.lastSeenOn : null;
}

/** The one word for a candidate now. */
export function candidateStateOf(candidate: ConsoleCandidate, now: number, offlineAfterSeconds = OFFLINE_AFTER_SECONDS): CandidateState {
  if (candidate.endedForMisconduct) return 'endedForMisconduct';
  if (candidate.status === 'Submitted' || candidate.status === 'TimedOut') return 'submitted';
  if (candidate.status === 'notLaunched') return candidate.systemCheck === 'failed' ? 'systemCheckFailed' : 'notLaunched';
  if (candidate.pausedSince) return 'paused';
  if (offlineSinceOf(candidate, now, offlineAfterSeconds)) return 'offline';
  return 'inProgress';
}

/** Whether the console's "needs attention" filter shows the candidate. */
export function needsAttention(candidate: ConsoleCandidate, now: number, offlineAfterSeconds = OFFLINE_AFTER_SECONDS): boolean {
  const state = candidateStateOf(candidate, now, offlineAfterSeconds);
  if (state === 'offline' || state === 'systemCheckFailed' || state === 'paused') return true;
  if (state === 'submitted' || state === 'endedForMisconduct') return false;
  return candidate.attentionEvents > 0 || candidate.recordingGaps > 0;
}

/** "2 min 05 s" for how long someone has been offline. */
export function durationText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes > 0 ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${rest} s`;
}
