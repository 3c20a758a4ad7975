import { defineConfig } from 'vitest/config';

// One runner for the whole repo: `npx vitest run --project server` runs the API suite alone.
export default defineConfig({
  test: {
    // Two workers fit the two cores here.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], isolate: false } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
