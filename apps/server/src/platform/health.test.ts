import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { startSpawnedServer, statusOf, until } from '../../test/spawned-server';

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

describe('a SIGTERM drains the server (issue 44)', () => {
  it('answers ready 503 while still serving for the drain, then exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'certs-drain-'));
    const { base, process: server, exited, errors } = await startSpawnedServer(dataDir, { SHUTDOWN_DRAIN_SECONDS: '2', SHUTDOWN_GRACE_SECONDS: '20' });
    try {
      expect(server.exitCode, errors()).toBeNull();
      server.kill('SIGTERM');
      // Out of the load balancer first: not ready, yet still serving everything else during the drain.
      await until(() => statusOf(`${base}/unauth/ready`), (status) => status === 503, 'ready to answer 503');
      expect(await statusOf(`${base}/unauth/health`)).toBe(200);
      expect(await exited, errors()).toBe(0);
      expect(await statusOf(`${base}/unauth/health`)).toBe('refused');
    } finally {
      server.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
