import type { EventLog } from './event-log';
import type { KeystrokeLog } from './keystroke-log';

/**
 * What the candidate does around the exam, logged with times (issue 19): leaving the exam window
 * and coming back, leaving full screen, copy and paste, the exam opened in a second tab
 * (BroadcastChannel between tabs of this browser), the connection lost and back, a reload; and
 * every key into the keystroke log. Returns the function that removes the listeners.
 */
export function watchActivity(options: { examInstanceId: string; events: EventLog; keys: KeystrokeLog; questionId: () => string | null }): () => void {
  const { events, keys } = options;
  const cleanups: (() => void)[] = [];
  const on = <K extends keyof WindowEventMap>(target: Window, type: K, listener: (event: WindowEventMap[K]) => void) => {
    target.addEventListener(type, listener);
    cleanups.push(() => target.removeEventListener(type, listener));
  };
  const onDocument = <K extends keyof DocumentEventMap>(type: K, listener: (event: DocumentEventMap[K]) => void) => {
    document.addEventListener(type, listener);
    cleanups.push(() => document.removeEventListener(type, listener));
  };

  let leftAt: number | null = null;
  const left = () => {
    if (leftAt !== null) return;
    leftAt = Date.now();
    events.log('focusLost', { hidden: document.visibilityState === 'hidden' });
  };
  const back = () => {
    if (leftAt === null || !document.hasFocus()) return;
    events.log('focusRegained', { seconds: Math.round((Date.now() - leftAt) / 1000) });
    leftAt = null;
  };
  on(window, 'blur', left);
  on(window, 'focus', back);
  onDocument('visibilitychange', () => (document.visibilityState === 'hidden' ? left() : back()));

  onDocument('fullscreenchange', () => events.log(document.fullscreenElement ? 'fullScreenEntered' : 'fullScreenLeft'));
  // Only that it happened and how much: never the text itself.
  onDocument('copy', () => events.log('copy', { length: document.getSelection()?.toString().length ?? 0 }));
  onDocument('paste', (event) => events.log('paste', { length: event.clipboardData?.getData('text').length ?? 0 }));
  onDocument('keydown', (event) => keys.record(event, options.questionId()));

  let offlineAt: number | null = navigator.onLine ? null : Date.now();
  on(window, 'offline', () => {
    offlineAt = Date.now();
    events.log('offline');
  });
  on(window, 'online', () => {
    events.log('online', offlineAt === null ? {} : { seconds: Math.round((Date.now() - offlineAt) / 1000) });
    offlineAt = null;
    void events.flush();
    void keys.flush();
  });

  // A second tab of the same sitting says hello; the first one (and the second) report it.
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(`certs-exam-tab.${options.examInstanceId}`);
    const tabId = crypto.randomUUID();
    channel.onmessage = (message: MessageEvent<{ type: string; tabId: string }>) => {
      if (message.data.tabId === tabId) return;
      if (message.data.type === 'hello') {
        events.log('secondTab', { role: 'first' });
        channel.postMessage({ type: 'here', tabId });
      } else if (message.data.type === 'here') events.log('secondTab', { role: 'second' });
    };
    channel.postMessage({ type: 'hello', tabId });
    cleanups.push(() => channel.close());
  }

  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type === 'reload') events.log('pageReloaded');

  return () => {
    for (const cleanup of cleanups) cleanup();
  };
}
