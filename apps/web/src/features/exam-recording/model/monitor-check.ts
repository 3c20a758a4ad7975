import type { CandidateEventKind } from '@certs/shared/exam-integrity/exam-event';
import { RECORDING_MESSAGES, RECORDING_SETTINGS } from '@certs/shared/exam-integrity/exam-recording.contract';

/** What one look at the screens found (Window Management API). */
export type MonitorOutcome =
  | { kind: 'screens'; count: number }
  | { kind: 'prompt' }
  | { kind: 'denied' }
  | { kind: 'error'; message: string };

export type MonitorState = 'checking' | 'ok' | 'prompt' | 'denied' | 'error' | 'zero' | 'multiple';

export interface MonitorTransition {
  state: MonitorState;
  /** Logged when the state changes (not at every check). */
  event: CandidateEventKind | null;
  /** What the candidate reads; null when all is well. */
  alert: string | null;
  /** Spec section 8: more than one screen stops the checks. */
  isFinal: boolean;
}

/**
 * Spec section 8, as a table: prompt asks the user; denied or error alerts; zero screens alerts;
 * more than one screen shows the multiple-monitors alert and the checks stop.
 */
export function monitorTransition(outcome: MonitorOutcome): MonitorTransition {
  switch (outcome.kind) {
    case 'prompt':
      return { state: 'prompt', event: 'monitorPermissionPrompt', alert: RECORDING_MESSAGES.monitorPermissionPrompt, isFinal: false };
    case 'denied':
      return { state: 'denied', event: 'monitorPermissionDenied', alert: RECORDING_MESSAGES.monitorPermissionDenied, isFinal: false };
    case 'error':
      return { state: 'error', event: 'monitorCheckError', alert: RECORDING_MESSAGES.monitorCheckError, isFinal: false };
    case 'screens':
      if (outcome.count === 0) return { state: 'zero', event: 'monitorZeroScreens', alert: RECORDING_MESSAGES.zeroScreens, isFinal: false };
      if (outcome.count > 1) return { state: 'multiple', event: 'multipleMonitors', alert: RECORDING_MESSAGES.multipleMonitors, isFinal: true };
      return { state: 'ok', event: null, alert: null, isFinal: false };
  }
}

interface ScreenDetailsWindow {
  getScreenDetails?: () => Promise<{ screens: readonly unknown[] }>;
}

/** One look: the permission first (a prompt is reported, then asked), then the screens. */
export async function lookAtScreens(onPrompt?: () => void): Promise<MonitorOutcome> {
  const getScreenDetails = (window as unknown as ScreenDetailsWindow).getScreenDetails;
  if (typeof getScreenDetails !== 'function') return { kind: 'error', message: 'getScreenDetails is not supported' };
  try {
    const status = await navigator.permissions.query({ name: 'window-management' as PermissionName }).catch(() => null);
    if (status?.state === 'denied') return { kind: 'denied' };
    if (status?.state === 'prompt') onPrompt?.();
    const details = await getScreenDetails.call(window);
    return { kind: 'screens', count: details.screens.length };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'NotAllowedError') return { kind: 'denied' };
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

export interface MonitorCheckOptions {
  look: (onPrompt: () => void) => Promise<MonitorOutcome>;
  onChange: (transition: MonitorTransition) => void;
  intervalMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Checks the screens now and every 15 s (spec section 9), reporting each change once; stops for good at "multiple". */
export class MonitorCheck {
  private current: MonitorState = 'checking';
  private timer: unknown = null;
  private stopped = false;

  constructor(private readonly options: MonitorCheckOptions) {}

  get state(): MonitorState {
    return this.current;
  }

  async checkNow(): Promise<MonitorState> {
    if (this.stopped) return this.current;
    const outcome = await this.options.look(() => this.apply(monitorTransition({ kind: 'prompt' })));
    this.apply(monitorTransition(outcome));
    return this.current;
  }

  private apply(transition: MonitorTransition): void {
    if (this.stopped) return;
    if (transition.state !== this.current) {
      this.current = transition.state;
      this.options.onChange(transition);
    }
    if (transition.isFinal) this.stop();
  }

  start(): void {
    const setTimer = this.options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    const loop = async () => {
      await this.checkNow();
      if (!this.stopped) this.timer = setTimer(() => void loop(), this.options.intervalMs ?? RECORDING_SETTINGS.screenCheckMilliseconds);
    };
    void loop();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) (this.options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  get isStopped(): boolean {
    return this.stopped;
  }
}
