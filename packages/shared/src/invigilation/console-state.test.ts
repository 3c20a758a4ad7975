import { describe, expect, it } from 'vitest';
import { candidateStateOf, durationText, needsAttention, offlineSinceOf, reduceEvents, NO_EVENT_FACTS } from './console-state';
import type { ConsoleCandidate } from './invigilation.contract';

const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 0, 0, second)).toISOString();
const NOW = Date.parse(at(0)) + 600_000;

function candidate(overrides: Partial<ConsoleCandidate> = {}): ConsoleCandidate {
  return {
    applicationModuleId: 'm1',
    examInstanceId: 'e1',
    applicantName: 'Ada Arcwright',
    applicationNumber: 'Q-1',
    applicationId: 'a1',
    status: 'InProgress',
    answered: 0,
    questions: 4,
    deadline: null,
    extraMinutes: 0,
    lastSeenOn: new Date(NOW - 5_000).toISOString(),
    ...NO_EVENT_FACTS,
    ...overrides,
  };
}

describe('reduceEvents', () => {
  it('folds a sitting story into the facts the console shows', () => {
    const facts = reduceEvents([
      { id: 1, kind: 'systemCheckFailed', occurredOn: at(1) },
      { id: 2, kind: 'systemCheckPassed', occurredOn: at(2) },
      { id: 3, kind: 'focusLost', occurredOn: at(3) },
      { id: 4, kind: 'multipleMonitors', occurredOn: at(4) },
      { id: 5, kind: 'snapshot', occurredOn: at(5) },
      { id: 6, kind: 'recordingGap', occurredOn: at(6) },
      { id: 7, kind: 'offline', occurredOn: at(7) },
      { id: 8, kind: 'paused', occurredOn: at(8) },
    ]);
    expect(facts).toMatchObject({
      systemCheck: 'passed',
      attentionEvents: 2,
      latestAttention: { kind: 'multipleMonitors', label: 'More than one monitor', occurredOn: at(4) },
      latestSnapshotOn: at(5),
      recordingGaps: 1,
      reportedOfflineSince: at(7),
      pausedSince: at(8),
      lastEventId: 8,
    });
  });

  it('applies events by id whatever order they arrive in, and each only once', () => {
    const first = reduceEvents([{ id: 2, kind: 'online', occurredOn: at(2) }, { id: 1, kind: 'offline', occurredOn: at(1) }]);
    expect(first.reportedOfflineSince).toBeNull();
    // The same events again (a resync, a repeated notification) change nothing.
    const again = reduceEvents([{ id: 1, kind: 'offline', occurredOn: at(1) }, { id: 2, kind: 'online', occurredOn: at(2) }], first);
    expect(again).toEqual(first);
    const later = reduceEvents([{ id: 3, kind: 'copy', occurredOn: at(3) }], again);
    expect(later.attentionEvents).toBe(1);
  });

  it("does not read the server's record of a silence that is over as offline now", () => {
    expect(reduceEvents([{ id: 1, kind: 'offline', occurredOn: at(1), source: 'system' }]).reportedOfflineSince).toBeNull();
    expect(reduceEvents([{ id: 1, kind: 'offline', occurredOn: at(1), source: 'candidate' }]).reportedOfflineSince).toBe(at(1));
  });

  it('ends a pause at resume or at the end for misconduct', () => {
    expect(reduceEvents([{ id: 1, kind: 'paused', occurredOn: at(1) }, { id: 2, kind: 'resumed', occurredOn: at(2) }]).pausedSince).toBeNull();
    const ended = reduceEvents([{ id: 1, kind: 'paused', occurredOn: at(1) }, { id: 2, kind: 'endedForMisconduct', occurredOn: at(2) }]);
    expect(ended).toMatchObject({ pausedSince: null, endedForMisconduct: true });
  });
});

describe('the state word', () => {
  it('reads offline from a silence longer than the limit, or from the page\'s own report', () => {
    expect(candidateStateOf(candidate(), NOW)).toBe('inProgress');
    const silent = candidate({ lastSeenOn: new Date(NOW - 31_000).toISOString() });
    expect(candidateStateOf(silent, NOW)).toBe('offline');
    expect(offlineSinceOf(silent, NOW)).toBe(silent.lastSeenOn);
    expect(candidateStateOf(candidate({ reportedOfflineSince: at(9) }), NOW)).toBe('offline');
    // A submitted sitting is never offline.
    expect(candidateStateOf(candidate({ status: 'Submitted', lastSeenOn: at(0) }), NOW)).toBe('submitted');
  });

  it('tells not started, failed system check, paused and ended apart', () => {
    expect(candidateStateOf(candidate({ status: 'notLaunched', examInstanceId: null, lastSeenOn: null }), NOW)).toBe('notLaunched');
    expect(candidateStateOf(candidate({ status: 'notLaunched', systemCheck: 'failed', lastSeenOn: null }), NOW)).toBe('systemCheckFailed');
    expect(candidateStateOf(candidate({ pausedSince: at(1), lastSeenOn: at(0) }), NOW)).toBe('paused');
    expect(candidateStateOf(candidate({ status: 'Submitted', endedForMisconduct: true }), NOW)).toBe('endedForMisconduct');
  });

  it('needs attention for offline, failed checks, pauses, flagged events and recording gaps; not once submitted', () => {
    expect(needsAttention(candidate(), NOW)).toBe(false);
    expect(needsAttention(candidate({ attentionEvents: 1 }), NOW)).toBe(true);
    expect(needsAttention(candidate({ recordingGaps: 1 }), NOW)).toBe(true);
    expect(needsAttention(candidate({ lastSeenOn: new Date(NOW - 60_000).toISOString() }), NOW)).toBe(true);
    expect(needsAttention(candidate({ status: 'Submitted', attentionEvents: 3 }), NOW)).toBe(false);
  });

  it('says how long in minutes and seconds', () => {
    expect(durationText(5)).toBe('5 s');
    expect(durationText(125)).toBe('2 min 05 s');
  });
});
