import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { smtpPortFor } from './fixtures/mail-catcher';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3199);
// A fresh embedded database per run, seeded with the demo accounts, so journeys start alike.
// Folders follow the port, so that two runs on different ports never share them.
const dataDir = `.tmp/e2e-data-${port}`;
// A real SMTP server (fixtures/mail-catcher.ts) receives what the app sends; journeys read its mail.
const smtpPort = smtpPortFor(port);

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/mail-catcher.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  outputDir: `../.tmp/e2e-results-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx apps/server/src/main.ts`,
    cwd: repoRoot,
    url: `http://localhost:${port}/unauth/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: `http://localhost:${port}` },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
