import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { REPO_ROOT } from './server-paths';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('liveness and readiness (issue 44)', () => {
  it('answers ready while serving, 503 once draining, and stays live for the restart script', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/unauth/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    t.app.readiness.startDraining();
    const draining = await t.app.inject({ method: 'GET', url: '/unauth/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ status: 'draining' });
    expect((await t.app.inject({ method: 'GET', url: '/unauth/health' })).statusCode).toBe(200);
  });
});

/** A port nobody listens on, from the system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** This process's environment without a server database: the child runs on its own embedded PGlite. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _server, TEST_DATABASE_URL: _test, ...rest } = process.env;
  return rest;
}

async function statusOf(url: string): Promise<number | 'refused'> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 'refused';
  }
}

async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, timeoutMs = 90_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what} (last: ${String(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a SIGTERM drains the server (issue 44)', () => {
  it('answers ready 503 while still serving for the drain, then exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'certs-drain-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
      cwd: REPO_ROOT,
      env: { ...embeddedEnv(), PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '20' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    try {
      await until(() => statusOf(`${base}/unauth/ready`), (status) => status === 200 || server.exitCode !== null, 'the server to be ready');
      expect(server.exitCode, errors).toBeNull();
      server.kill('SIGTERM');
      // Out of the load balancer first: not ready, yet still serving everything else during the drain.
      await until(() => statusOf(`${base}/unauth/ready`), (status) => status === 503, 'ready to answer 503');
      expect(await statusOf(`${base}/unauth/health`)).toBe(200);
      expect(await exited, errors).toBe(0);
      expect(await statusOf(`${base}/unauth/health`)).toBe('refused');
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
