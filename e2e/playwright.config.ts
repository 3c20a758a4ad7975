import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { smtpPortFor } from './fixtures/mail-catcher';
// The production command (decision 043), so the journeys run on production's runtime settings.
import { compiledServerArgs } from '../apps/server/server-command.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 3199);
// A fresh embedded database per run, seeded with the demo accounts, so journeys start alike.
// Folders follow the port, so that two runs on different ports never share them.
const dataDir = `.tmp/e2e-data-${port}`;
// A real SMTP server (fixtures/mail-catcher.ts) receives what the app sends; journeys read its mail.
const smtpPort = smtpPortFor(port);

// Journeys that wait for an exam time, a minimum exam time or a recording's 30 s slices: most of
// their minutes are idle. They start first, and the other files fill the workers while they wait
// (the recorded exam, last among the screens, was a 4-minute tail with the machine idle). Every
// file makes its own applicants, codes and tests, so no file needs another's data or order (README, Tests).
const WAITING_JOURNEYS = /(application-journey|exam-schedule|online-exam|reviews|invigilation|resits|recorded-exam)\.spec\.ts$/;
// The phone journeys (issue 21 item 12) run only in the phone-sized project.
const PHONE_JOURNEYS = /phone\.spec\.ts$/;
// Four workers: four of the five waiting tests start at once, the fifth as soon as one ends;
// E2E_WORKERS=1 runs one file at a time, as before.
const workers = Number(process.env.E2E_WORKERS ?? 4);

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/mail-catcher.ts',
  // Tests of one file run in order (a file may build on its earlier tests); files run side by side.
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: true,
  // Four browsers and the server share two cores (and CI's machine other work): a screen can take
  // several times as long as alone. Measured on 1 Dec: Chromium used two thirds of both cores for
  // 20 minutes, and a page took over 15 s from goto to its first section, 20 s from a click on
  // the main menu to the next page. Longer limits only slow a failing test; none passes sooner.
  timeout: 150_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  outputDir: `../.tmp/e2e-results-${port}`,
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace of every test costs about a fifth of the suite's CPU on two cores; turn it on
    // to study a failure (E2E_TRACE=retain-on-failure). The screenshot of a failure is always kept.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'retain-on-failure' | 'on',
    screenshot: 'only-on-failure',
    launchOptions: {
      // The full browser in headless mode. Debian's chromium-headless-shell was measured on 2 Dec on the
      // whole suite: 6 % less CPU and 2 % less time, not worth a browser that downloads PDFs instead of showing them.
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
  projects: [
    // Listed first, so their tests are handed to workers first; their tests are independent of each other.
    { name: 'journeys', testMatch: WAITING_JOURNEYS, fullyParallel: true, use: { browserName: 'chromium' } },
    { name: 'screens', testIgnore: [WAITING_JOURNEYS, PHONE_JOURNEYS], use: { browserName: 'chromium' } },
    // A phone's screen (390 x 844 CSS pixels, an iPhone 12-15's) in the same Chromium: touch, the mobile
    // viewport meta honoured, twice the pixels. Only the phone journeys, so that it adds a minute or two.
    {
      name: 'phone',
      testMatch: PHONE_JOURNEYS,
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    // The compiled server, as production runs it (npm run build, which npm run test:e2e does first).
    command: `rm -rf ${dataDir} && node ${compiledServerArgs().join(' ')}`,
    cwd: repoRoot,
    url: `http://localhost:${port}/unauth/health`,
    // A first start migrates and seeds a fresh database; on a loaded machine it can take longer.
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    reuseExistingServer: false,
    // Every journey registers and resets from this one address: the per-address mail limit
    // (issue 15) is raised so that it cannot decide a run; its own tests are the API's.
    env: { MAIL_REQUEST_LIMIT_PER_ADDRESS: '500', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '1', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: `http://localhost:${port}` },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
