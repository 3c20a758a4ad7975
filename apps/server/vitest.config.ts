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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
