// What `npm run size` (scripts/size.mjs) and `npm run bench:web` (bench/web.mjs) share: a server on
// the built app with a fresh embedded database and the demo data, Chromium, and the pages a first
// visit opens (a login page, a trial exam from its launch URL, admin screens), each in a context of
// its own with no cache and no service worker, as a first visit is (issue 22).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEMO_PASSWORD = 'Demo1234!';

/** Starts the built server (`npm run build` first) on its own port and data folder; resolves once healthy. */
export async function startServer(port) {
  const dataDir = `.tmp/web-pages-${port}`;
  rmSync(path.join(REPO_ROOT, dataDir), { recursive: true, force: true });
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: '1', PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} (did npm run build run?)`);
    try {
      if ((await fetch(`${baseUrl}/unauth/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 1200) throw new Error('the server did not start within 4 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(path.join(REPO_ROOT, dataDir), { recursive: true, force: true });
    },
  };
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * A context as a first visit: no cache, no service worker, optionally signed in (the refresh cookie).
 * `serviceWorkers: 'allow'` for a context that is to be visited again (bench/web.mjs's repeat visits).
 */
export async function firstVisitContext(browser, baseUrl, signIn, { serviceWorkers = 'block' } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers });
  if (signIn) {
    const response = await context.request.post(signIn.kind === 'admin' ? '/auth/local' : '/auth/local/applicant', {
      data: { identifier: signIn.email, password: DEMO_PASSWORD },
    });
    if (!response.ok()) throw new Error(`signing in ${signIn.email} answered ${response.status()}`);
    const { jwt, user } = await response.json();
    // The app keeps its session in local storage (lib/auth.ts): a returning visitor has it there.
    await context.addInitScript((session) => globalThis.localStorage.setItem('certs.session', session), JSON.stringify({ jwt, user }));
    return { context, jwt };
  }
  return { context, jwt: null };
}

/** The demo trial exam's launch URL for the demo applicant (what the Start link opens). */
export async function trialLaunchPath(baseUrl, jwt) {
  const answer = await fetch(`${baseUrl}/api/examinations/trials`, { headers: { authorization: `Bearer ${jwt}` } });
  const trials = await answer.json();
  const first = (trials.rows ?? trials)[0];
  if (!first) throw new Error('the demo data has no trial exam');
  return `/student/examinations/start/trial/${first.testId ?? first.id}`;
}

/**
 * Resolves once `shownAt()` (run in the page) gives the page's own clock, checked on every frame:
 * milliseconds since its navigation started. Playwright's locator waits poll ever more slowly
 * (every 500 ms after the first 270 ms), which a timer around them would count as the page's time:
 * up to half a second too much, seen in bench:web's figures before 2 Dec 2026 (session 22).
 */
export async function whenShownInPage(page, shownAt, { timeoutMs = 120_000 } = {}) {
  const handle = await page.waitForFunction(shownAt, undefined, { polling: 'raf', timeout: timeoutMs });
  return handle.jsonValue();
}

// Each runs in the page (hence `globalThis.document`): its clock once the thing is shown, else false.
const signInShownAt = () => [...globalThis.document.querySelectorAll('button')].some((button) => /sign in/i.test(button.textContent ?? '')) && performance.now();
const tableShownAt = () => globalThis.document.querySelector('table') !== null && performance.now();

/**
 * The pages measured: where to go, who is signed in, and what the person sees once the page is
 * usable. `ready` waits for it and resolves to the page's clock then (ms since the navigation
 * started); `answer` (the exam) then answers and resolves to the page's clock at the acknowledgement.
 */
export const PAGES = [
  {
    name: 'applicant login',
    // 157 KB since 7 Dec (session 38: no zod on a login page's first visit); issue 46 aims at 120.
    budgetKb: 165,
    path: async () => '/student/login',
    ready: (page) => whenShownInPage(page, signInShownAt),
  },
  {
    name: 'staff login',
    budgetKb: 165,
    path: async () => '/admin/login',
    ready: (page) => whenShownInPage(page, signInShownAt),
  },
  {
    name: 'exam sitting (trial, from its launch URL)',
    budgetKb: 250,
    signIn: { kind: 'applicant', email: 'applicant@demo.local' },
    path: async ({ baseUrl, jwt }) => trialLaunchPath(baseUrl, jwt),
    // Answerable: an option drawn and enabled, not only drawn.
    ready: (page) => whenShownInPage(page, () => globalThis.document.querySelector('input[type=radio]:not([disabled])') !== null && performance.now()),
    // Acknowledged: the candidate chooses an option and goes on to the next question (a choice is
    // saved on leaving its question), the server answers the save (POST /api/updateInstances) and
    // the page says "All answers saved". Resolves null when no save was answered within `timeoutMs`.
    answer: async (page, { timeoutMs = 20_000 } = {}) => {
      const saved = page
        .waitForResponse((response) => new URL(response.url()).pathname === '/api/updateInstances' && response.request().method() === 'POST' && response.ok(), { timeout: timeoutMs })
        .then(() => true, () => false);
      await page.locator('input[type=radio]:not(:checked):not([disabled])').first().check();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      if (!(await saved)) return null;
      return whenShownInPage(page, () => (globalThis.document.body.textContent ?? '').includes('All answers saved') && performance.now());
    },
  },
  {
    name: 'admin: programs',
    budgetKb: 450,
    signIn: { kind: 'admin', email: 'super@demo.local' },
    path: async () => '/admin/programs',
    ready: (page) => whenShownInPage(page, tableShownAt),
  },
  {
    name: 'admin: question bank',
    budgetKb: 450,
    signIn: { kind: 'admin', email: 'super@demo.local' },
    path: async () => '/admin/libraries',
    ready: (page) => whenShownInPage(page, tableShownAt),
  },
];
