import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file gets its own database copy, so files run in parallel safely. Files share a worker's
    // modules (no module state in src/ outlives a test app), which cuts the suite's time in half.
    isolate: false,
    // CI runs this suite on PostgreSQL beside the browser journeys, two cores shared with Chromium:
    // on 7 Dec the batch-save comparison (hundreds of statements) took over 20 s there. A test
    // that hangs still fails, a minute later.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
