import { describe, expect, it } from 'vitest';
import { RECORDING_MESSAGES } from '@certs/shared/exam-integrity/exam-recording.contract';
import { MonitorCheck, monitorTransition, type MonitorOutcome, type MonitorTransition } from './monitor-check';

describe('monitorTransition (spec section 8)', () => {
  it.each<[MonitorOutcome, string, string | null, string | null, boolean]>([
    [{ kind: 'screens', count: 1 }, 'ok', null, null, false],
    [{ kind: 'prompt' }, 'prompt', 'monitorPermissionPrompt', RECORDING_MESSAGES.monitorPermissionPrompt, false],
    [{ kind: 'denied' }, 'denied', 'monitorPermissionDenied', RECORDING_MESSAGES.monitorPermissionDenied, false],
    [{ kind: 'error', message: 'x' }, 'error', 'monitorCheckError', RECORDING_MESSAGES.monitorCheckError, false],
    [{ kind: 'screens', count: 0 }, 'zero', 'monitorZeroScreens', RECORDING_MESSAGES.zeroScreens, false],
    [{ kind: 'screens', count: 2 }, 'multiple', 'multipleMonitors', RECORDING_MESSAGES.multipleMonitors, true],
  ])('%j -> %s', (outcome, state, event, alert, isFinal) => {
    expect(monitorTransition(outcome)).toEqual({ state, event, alert, isFinal });
  });
});

describe('MonitorCheck', () => {
  function run(outcomes: MonitorOutcome[]) {
    const changes: MonitorTransition[] = [];
    const timers: (() => void)[] = [];
    const check = new MonitorCheck({
      look: async (onPrompt) => {
        const next = outcomes.shift() ?? { kind: 'screens', count: 1 };
        if (next.kind === 'prompt') {
          onPrompt();
          return { kind: 'screens', count: 1 };
        }
        return next;
      },
      onChange: (transition) => changes.push(transition),
      setTimer: (callback) => {
        timers.push(callback);
        return callback;
      },
      clearTimer: () => undefined,
    });
    return { check, changes, timers };
  }

  it('reports a change once, not at every check, and comes back to ok', async () => {
    const { check, changes } = run([{ kind: 'screens', count: 1 }, { kind: 'denied' }, { kind: 'denied' }, { kind: 'screens', count: 1 }]);
    for (let i = 0; i < 4; i++) await check.checkNow();
    expect(changes.map((c) => c.state)).toEqual(['ok', 'denied', 'ok']);
  });

  it('asks when the permission is a prompt, then reads the screens', async () => {
    const { check, changes } = run([{ kind: 'prompt' }]);
    await check.checkNow();
    expect(changes.map((c) => c.event)).toEqual(['monitorPermissionPrompt', null]);
    expect(check.state).toBe('ok');
  });

  it('stops checking for good at more than one screen', async () => {
    const { check, changes, timers } = run([{ kind: 'screens', count: 1 }, { kind: 'screens', count: 2 }, { kind: 'screens', count: 1 }]);
    check.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(timers).toHaveLength(1);
    timers.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(check.state).toBe('multiple');
    expect(check.isStopped).toBe(true);
    // No further check is scheduled, and a check asked for directly changes nothing.
    expect(timers).toHaveLength(0);
    await check.checkNow();
    expect(changes.map((c) => c.state)).toEqual(['ok', 'multiple']);
  });
});
