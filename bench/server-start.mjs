// `npm run bench:start`: how long the server takes to answer its health check, and its resident
// memory once idle, run from TypeScript through tsx (development) and as the compiled bundle
// (production, `npm run build`), alternately, on one embedded database already migrated and
// seeded. Prints medians and the compiled/tsx ratios (issue 22).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledServerArgs } from '../apps/server/server-command.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const port = 3297;
const dataDir = '.tmp/bench-start';
const variants = {
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
  compiled: compiledServerArgs(),
};
if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
  console.error('Build first: npm run build --workspace @certs/server');
  process.exit(1);
}

const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function startOnce(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: 'no-web-app', SEED_DEMO: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/unauth/health`)).ok) break;
      } catch {
        /* not listening yet */
      }
      await delay(20);
    }
    const readyMs = performance.now() - started;
    // Idle: after start-up's garbage has had a chance to go.
    await delay(3000);
    return { readyMs, rssMb: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

rmSync(path.join(repoRoot, dataDir), { recursive: true, force: true });
await startOnce(variants.compiled); // migrates and seeds, so every measured start finds the same database
const results = { tsx: [], compiled: [] };
for (let i = 0; i < runs; i++) {
  for (const [name, args] of Object.entries(variants)) results[name].push(await startOnce(args));
}
rmSync(path.join(repoRoot, dataDir), { recursive: true, force: true });

const summary = Object.fromEntries(
  Object.entries(results).map(([name, list]) => [name, { readyMs: median(list.map((r) => r.readyMs)), rssMb: median(list.map((r) => r.rssMb)) }]),
);
for (const [name, s] of Object.entries(summary)) console.log(`${name.padEnd(8)} ready in ${s.readyMs.toFixed(0)} ms (median of ${runs}), idle RSS ${s.rssMb.toFixed(0)} MB`);
console.log(`compiled/tsx: start ${(summary.compiled.readyMs / summary.tsx.readyMs).toFixed(2)}, idle RSS ${(summary.compiled.rssMb / summary.tsx.rssMb).toFixed(2)}`);
