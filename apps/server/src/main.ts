import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildApp, createStorage } from './app';
import { listenHost, readEnv, startupWarnings, type Env } from './config/env';
import { migrateDatabase, openPglite, openPostgres } from './db/client';
import { seedDemoData } from './demo/demo-seed';
import { startMetricsServer } from './platform/metrics/metrics';
import { REPO_ROOT } from './platform/server-paths';


/** With no JWT_SECRET on the embedded default, one is made once and kept beside the data. */
function embeddedJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Two processes on one PGlite folder silently lose writes: the second one is refused. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isProcessAlive(pid)) {
      throw new Error(`The data folder ${dataDir} is in use by another server process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

async function start(env: Env): Promise<void> {
  const dataDir = path.resolve(REPO_ROOT, env.DATA_DIR);
  const releaseDataDir = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const pools = {
    poolSize: env.DATABASE_POOL_SIZE,
    answerPoolSize: env.DATABASE_ANSWER_POOL_SIZE,
    waitLimitMs: env.DATABASE_POOL_WAIT_MS,
    answerLaneLearns: env.DATABASE_ANSWER_LANE_LEARNS === '1',
  };
  const database = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL, pools) : await openPglite({ dataDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(database);
  // Demo data: on the embedded default, or when asked; never by default on a server.
  const shouldSeed = env.SEED_DEMO === '1' || (env.SEED_DEMO !== '0' && !env.DATABASE_URL);
  const invoicing = {
    issuer: { name: env.AWARDING_BODY_NAME, abn: env.AWARDING_BODY_ABN, address: env.AWARDING_BODY_ADDRESS, email: env.AWARDING_BODY_EMAIL },
    gstRatePercent: env.GST_RATE_PERCENT,
  };
  const jwtSecret = env.JWT_SECRET ?? embeddedJwtSecret(dataDir);
  // One storage for the seed (the demo documents' files) and the app.
  const storage = createStorage(env, dataDir, jwtSecret);
  const writeFile = (key: string, bytes: Uint8Array, contentType: string) => storage.write(key, bytes, contentType);
  if (shouldSeed && (await seedDemoData(database.db, { invoicing, writeFile }))) console.log('Seeded the demo accounts (see README).');

  const app = await buildApp({
    env,
    database,
    jwtSecret,
    storage,
    dataDir,
    webDistDir: path.resolve(REPO_ROOT, env.WEB_DIST_DIR ?? 'apps/web/dist'),
  });
  // Every start, so that a staging setting copied to production is seen in its log.
  for (const warning of startupWarnings(env)) app.log.warn(warning);
  const metricsServer = env.METRICS_PORT ? await startMetricsServer(env.METRICS_PORT, env.METRICS_HOST) : null;
  const shutdown = async (signal: string) => {
    // Out of the load balancer first, then stop accepting and finish what is in flight (Fastify's
    // close waits for open requests; the onClose hooks stop the jobs, which release their claims),
    // then close the pools. Past the grace period the process gives up rather than hang a deploy.
    app.readiness.startDraining();
    app.log.info({ signal, drainSeconds: env.SHUTDOWN_DRAIN_SECONDS, graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, 'draining');
    const giveUp = setTimeout(() => {
      app.log.error(`shutdown took longer than SHUTDOWN_GRACE_SECONDS (${env.SHUTDOWN_GRACE_SECONDS} s): exiting with requests still open`);
      process.exit(1);
    }, (env.SHUTDOWN_DRAIN_SECONDS + env.SHUTDOWN_GRACE_SECONDS) * 1000);
    giveUp.unref();
    if (env.SHUTDOWN_DRAIN_SECONDS > 0) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DRAIN_SECONDS * 1000));
    await app.close();
    metricsServer?.close();
    await database.close();
    releaseDataDir();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: listenHost(env) });
}

// readEnv inside the chain: a configuration error prints as its readable list, not as a stack trace.
Promise.resolve()
  .then(() => start(readEnv()))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
