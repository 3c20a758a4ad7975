/**
 * Sets the width jsdom reports as `window.innerWidth`, as a narrower or wider browser would.
 * The property stays writable: test files share a worker's window (isolate: false), and a
 * read-only width left behind by one file broke another file's plain assignment in CI.
 * vitest.setup.ts puts the starting width back after every test.
 */
export function setWindowWidth(width: number): void {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
