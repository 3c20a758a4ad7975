import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { readEnv, type Env } from './config/env';
import { migrateDatabase, openPglite, openPostgres } from './db/client';
import { seedDemoData } from './db/seed/demo-seed';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(here, '../../..');

/** With no JWT_SECRET on the embedded default, one is made once and kept beside the data. */
function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function start(env: Env): Promise<void> {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);
  const database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(database);
  // Demo data: on the embedded default, or when asked; never by default on a server.
  const shouldSeed = env.SEED_DEMO === '1' || (env.SEED_DEMO !== '0' && !env.DATABASE_URL);
  if (shouldSeed && (await seedDemoData(database.db))) console.log('Seeded the demo accounts (see README).');

  const app = await buildApp({
    env,
    database,
    jwtSecret: env.JWT_SECRET ?? embeddedJwtSecret(dataDir),
    webDistDir: path.resolve(REPO_ROOT, env.WEB_DIST_DIR ?? 'apps/web/dist'),
  });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
  await app.listen({ port: env.PORT, host: env.HOST });
}

start(readEnv()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
