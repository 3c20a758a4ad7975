// Lints the API document an integrator reads (/docs/json) with Redocly CLI and redocly.yaml
// (its recommended rules; operationIds, 4xx answers and security as errors): builds the app on an
// in-memory PGlite, as the tests do, writes the document to a temporary file and runs `redocly
// lint`. Exits non-zero on any error. Run with `npm run lint:openapi` (node --import tsx).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { buildApp } = await import('../apps/server/src/app.ts');
const { readEnv } = await import('../apps/server/src/config/env.ts');
const { migrateDatabase, openPglite } = await import('../apps/server/src/db/client.ts');

const workDir = mkdtempSync(path.join(tmpdir(), 'certs-openapi-'));
const documentFile = path.join(workDir, 'openapi.json');
// The document describes routes only: an in-memory database is enough to build the app, migrated
// because the app reads the first account's settings as it starts (decision 033).
const database = await openPglite();
await migrateDatabase(database);
let status = 1;
try {
  const app = await buildApp({
    env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database,
    jwtSecret: 'openapi-lint-secret-that-is-long-enough-for-hs256',
    logger: false,
    dataDir: path.join(workDir, 'data'),
  });
  try {
    const response = await app.inject({ method: 'GET', url: '/docs/json' });
    if (response.statusCode !== 200) throw new Error(`/docs/json answered ${response.statusCode}`);
    writeFileSync(documentFile, response.body);
  } finally {
    await app.close();
  }
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
  const lint = spawnSync(process.execPath, [cli, 'lint', documentFile, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'], {
    stdio: 'inherit',
    // Offline and quiet: no telemetry, no update or Node-version notices.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
  });
  status = lint.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await database.close();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(status);
