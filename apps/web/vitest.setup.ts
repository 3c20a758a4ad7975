import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { setWindowWidth } from './src/test/window-width';

// findBy and waitFor wait for what a user would see; on a busy two-core machine a lazily loaded
// page can take more than Testing Library's default second to appear (access-log.test.tsx failed
// so under load). A longer limit only slows a failing test.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs; Mantine reads them when components mount.
// The tests ask for reduced motion: the theme then opens and closes popovers and modals at once,
// so no transition timer is left to fire after a test file's window is gone (an unhandled
// "window is not defined" that failed a CI run).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: query.includes('prefers-reduced-motion: reduce'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverStub;

// Mantine's combobox scrolls options into view; jsdom's computed style warns on pseudo-elements.
window.HTMLElement.prototype.scrollIntoView = () => {};
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => originalGetComputedStyle(element);

// Test files share a worker's modules (isolate: false), so module-level stores such as Mantine's
// notifications must be emptied here, or one file's notification shows up in the next file.
const startingWidth = window.innerWidth;
afterEach(() => {
  cleanup();
  setWindowWidth(startingWidth);
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
