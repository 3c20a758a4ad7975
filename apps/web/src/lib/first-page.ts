let isFirstPageShown = false;
const waitingForFirstPage = new Set<() => void>();

/** Called when the first page has been shown (app/lazy-route.tsx, with a page's content). */
export function markFirstPageShown(): void {
  if (isFirstPageShown) return;
  isFirstPageShown = true;
  for (const callback of waitingForFirstPage) callback();
  waitingForFirstPage.clear();
}

/**
 * Calls back a second after the first page was shown, once the browser is idle (at once if that was
 * long ago): for code that no first page needs, such as the notifications' outlet and the public
 * menu's drawer, so that it does not compete with the page's own code on a slow connection
 * (issue 22). Returns a function that cancels the call.
 */
export function afterFirstPageShown(callback: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const start = () => {
    timer = window.setTimeout(() => {
      idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(callback, { timeout: 2000 }) : window.setTimeout(callback, 0);
    }, 1000);
  };
  if (isFirstPageShown) start();
  else waitingForFirstPage.add(start);
  return () => {
    waitingForFirstPage.delete(start);
    window.clearTimeout(timer);
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    }
  };
}
