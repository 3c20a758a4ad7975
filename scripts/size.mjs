// `npm run size`: the JavaScript a first visit loads before each measured page is usable, gzipped,
// against its budget (issue 22: exam sitting 250 KB, admin screens 450 KB; login pages 165 KB since issue 46 took zod off them).
// Builds nothing itself: run `npm run build` first (CI does). Exits 1 when a page is over budget, or
// when a script or stylesheet of 1 KB or more came uncompressed (the server sends the build's Brotli
// and gzip copies; without them a phone at a site office waited 3 s more, docs/performance.md).
import { gzipSync } from 'node:zlib';
import { PAGES, firstVisitContext, launchChromium, startServer } from './lib/web-pages.mjs';

const port = Number(process.env.SIZE_PORT ?? 3296);
const server = await startServer(port);
let browser;
const results = [];
try {
  browser = await launchChromium();
  for (const measured of PAGES) {
    const { context, jwt } = await firstVisitContext(browser, server.baseUrl, measured.signIn);
    const page = await context.newPage();
    const scripts = new Map();
    // Each script's and stylesheet's path when it came uncompressed (1 KB or more), else null.
    const encodingChecks = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') {
        const path = new URL(response.url()).pathname;
        // A response may still arrive as the page closes (CI, 6 Dec: its body then rejected unhandled and ended the script): counted as none.
        encodingChecks.push(response.body().then((body) => (body.length >= 1024 && !response.headers()['content-encoding'] ? path : null), () => null));
      }
      if (type !== 'script') return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0),
      );
    });
    await page.goto(await measured.path({ baseUrl: server.baseUrl, jwt }));
    await measured.ready(page);
    const sizes = await Promise.all(scripts.values());
    const uncompressed = (await Promise.all(encodingChecks)).filter((path) => path !== null);
    if (process.argv.includes('--files')) {
      [...scripts.keys()].forEach((url, i) => console.log(`  ${measured.name}: ${(sizes[i] / 1024).toFixed(1)} KB ${new URL(url).pathname}`));
    }
    const kb = sizes.reduce((sum, size) => sum + size, 0) / 1024;
    results.push({ page: measured.name, files: sizes.length, kb, budgetKb: measured.budgetKb, uncompressed });
    await context.close();
  }
} finally {
  await browser?.close();
  await server.stop();
}

let over = 0;
for (const r of results) {
  const ok = r.kb <= r.budgetKb;
  if (!ok) over += 1;
  console.log(`${ok ? 'ok  ' : 'OVER'} ${r.page.padEnd(42)} ${r.kb.toFixed(0).padStart(4)} KB gzipped JS in ${r.files} files (budget ${r.budgetKb} KB, ${((r.kb / r.budgetKb) * 100).toFixed(0)} %)`);
  if (r.uncompressed.length) {
    over += 1;
    console.log(`UNCOMPRESSED ${r.page}: ${r.uncompressed.join(', ')} (did the build write its .br and .gz copies?)`);
  }
}
process.exit(over ? 1 : 0);
