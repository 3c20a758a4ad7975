import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from '../src/platform/server-paths';

/** A port nobody listens on, from the system. */
export async function freePort(): Promise<number> {
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

export async function statusOf(url: string): Promise<number | 'refused'> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 'refused';
  }
}

/** Polls `read` every 100 ms until `isDone` holds; fails with what it last read after `timeoutMs`. */
export async function until<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, timeoutMs = 90_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what} (last: ${String(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface SpawnedServer {
  base: string;
  process: ChildProcess;
  /** Resolves with the exit code once the process ends. */
  exited: Promise<number | null>;
  /** What it wrote to stderr so far (warnings and errors: LOG_LEVEL warn). */
  errors(): string;
}

/**
 * The real server from its TypeScript source (the build may not exist yet when the unit tests run),
 * as a process of its own on an embedded database in `dataDir`, on a free port. Resolves once it
 * answers ready; tests end it themselves (SIGTERM to test the drain, SIGKILL to clean up).
 */
export async function startSpawnedServer(dataDir: string, env: Record<string, string> = {}, readyTimeoutMs = 150_000): Promise<SpawnedServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/server/src/main.ts')], {
    cwd: REPO_ROOT,
    env: { ...embeddedEnv(), PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', WEB_DIST_DIR: 'no-web-app', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await until(() => statusOf(`${base}/unauth/ready`), (status) => status === 200 || child.exitCode !== null, 'the server to be ready', readyTimeoutMs);
  if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${errors}`);
  return { base, process: child, exited, errors: () => errors };
}
