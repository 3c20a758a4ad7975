import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: fileURLToPath(new URL('.', import.meta.url)),
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))],
      restoreMocks: true,
      // Files share a worker's modules, imported once (about a third of the time); vitest.setup.ts
      // empties what is kept between tests (the DOM, storage, Mantine's notifications).
      isolate: false,
      // Typing with user-event through Mantine's inputs is slow in jsdom on a busy two-core machine.
      testTimeout: 30_000,
      unstubGlobals: true,
    },
  }),
);
