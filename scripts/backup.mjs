// `npm run backup -- --out FILE` (issue 44): one archive of what brings the platform back, the
// database and the files stored on local disk, with a manifest (release, migration level, rows per
// table, a SHA-256 of every part) that `npm run restore` checks. Never the keys and secrets: they
// stay in the secret store (docs/operations.md, Backup and restore).
//
// Reads DATA_DIR, DATABASE_URL and S3_BUCKET as the server does (or --data-dir, --database-url):
// - a PostgreSQL server is dumped while it serves (pg_dump in custom format), the rows counted in
//   the dump's own snapshot, so the manifest and the dump agree however busy the server is;
// - the embedded database (PGlite) is backed up stopped: a second process on a live PGlite folder
//   may read it half-written, so this takes the server's lock on the folder (refused while a server
//   runs; a server started meanwhile is refused) and archives PGlite's own dump of it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  DATABASE_ENTRIES,
  FILES_FOLDER,
  KEY_FILES,
  MANIFEST_ENTRY,
  REPO_ROOT,
  formatBytes,
  libpqConnection,
  lockDataFolder,
  migrationLevel,
  platformTarget,
  runPostgresTool,
  secondsSince,
  sha256OfFile,
  storedFiles,
  tableCounts,
} from './lib/backup-archive.mjs';

const USAGE = 'Usage: npm run backup -- --out FILE [--data-dir DIR] [--database-url URL]';

/** The release that made the archive: the server package's version and, in a checkout, its commit. */
function platformRelease() {
  const version = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8')).version;
  let commit = null;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    /* not a git checkout */
  }
  return { serverVersion: version, commit };
}

/** The embedded database: opened here (the server stopped), counted, and dumped by PGlite itself. */
async function backUpPglite(dataDir, target) {
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const query = async (sql) => (await client.query(sql)).rows;
    const migration = await migrationLevel(query);
    const tables = await tableCounts(query);
    const [{ version }] = await query('select version()');
    const dump = await client.dumpDataDir('gzip');
    await writeFile(target, Buffer.from(await dump.arrayBuffer()));
    return { kind: 'pglite', version, migration, tables };
  } finally {
    await client.close();
  }
}

/**
 * A PostgreSQL server, while it serves: the counts are taken in a repeatable-read transaction whose
 * snapshot pg_dump is handed (--snapshot), so both see the same moment.
 */
async function backUpPostgres(databaseUrl, target) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'certs-backup' });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = (await client.query('select pg_export_snapshot() as snapshot')).rows;
    const query = async (sql) => (await client.query(sql)).rows;
    const migration = await migrationLevel(query);
    const tables = await tableCounts(query);
    const [{ version }] = await query('select version()');
    const { dbname, env } = libpqConnection(databaseUrl);
    await runPostgresTool('pg_dump', ['--format=custom', `--snapshot=${snapshot}`, `--file=${target}`, `--dbname=${dbname}`], env);
    await client.query('commit');
    return { kind: 'postgres', version, migration, tables };
  } finally {
    await client.end();
  }
}

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } });
  if (!values.out) throw new Error(USAGE);
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  if (existsSync(out)) throw new Error(`${out} exists already: back up to a new file`);
  const { dataDir, databaseUrl, s3Bucket } = platformTarget(values);
  if (!databaseUrl && !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir}: is DATA_DIR right?`);
  const startedAt = performance.now();

  mkdirSync(path.dirname(out), { recursive: true });
  // The parts are gathered beside the archive (the same disk, which must hold it anyway).
  const staging = await mkdtemp(path.join(path.dirname(out), '.certs-backup-'));
  const partial = `${out}.partial`;
  const releaseLock = databaseUrl ? () => {} : lockDataFolder(dataDir, 'backed up');
  try {
    const databaseEntry = databaseUrl ? DATABASE_ENTRIES.postgres : DATABASE_ENTRIES.pglite;
    mkdirSync(path.join(staging, 'database'));
    const database = databaseUrl ? await backUpPostgres(databaseUrl, path.join(staging, databaseEntry)) : await backUpPglite(dataDir, path.join(staging, databaseEntry));

    // After the database: a file uploaded meanwhile is one more than it names (harmless); the other
    // way round, a record could name a file the archive lacks.
    const filesRoot = path.join(dataDir, FILES_FOLDER);
    const fileKeys = s3Bucket ? [] : await storedFiles(filesRoot);
    if (fileKeys.length) symlinkSync(filesRoot, path.join(staging, FILES_FOLDER), 'dir');
    const entries = [databaseEntry, ...fileKeys.map((key) => `${FILES_FOLDER}/${key}`)];
    const checksums = {};
    let fileBytes = 0;
    for (const entry of entries) {
      const file = path.join(staging, entry);
      const bytes = statSync(file).size;
      if (entry.startsWith(`${FILES_FOLDER}/`)) fileBytes += bytes;
      checksums[entry] = { sha256: await sha256OfFile(file), bytes };
    }
    const manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      platform: platformRelease(),
      database: { kind: database.kind, version: database.version, entry: databaseEntry },
      migration: database.migration,
      tables: database.tables,
      files: s3Bucket ? { storage: 's3', bucket: s3Bucket, count: 0, bytes: 0 } : { storage: 'local', count: fileKeys.length, bytes: fileBytes },
      checksums,
    };
    writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    // Written under another name and renamed when complete: a backup that failed never looks like one.
    await tar.c({ file: partial, cwd: staging, portable: true, strict: true }, [MANIFEST_ENTRY, ...entries]);
    renameSync(partial, out);

    const rows = Object.values(database.tables).reduce((sum, n) => sum + n, 0);
    const what = database.kind === 'pglite' ? 'the embedded database' : 'the PostgreSQL database';
    console.log(
      `Backed up ${what} (${Object.keys(database.tables).length} tables, ${rows} rows, migration ${database.migration.tag}) and ${fileKeys.length} stored files (${formatBytes(fileBytes)}) to ${out} (${formatBytes(statSync(out).size)}) in ${secondsSince(startedAt)} s.`,
    );
    if (s3Bucket) console.log(`The stored files are in the S3 bucket ${s3Bucket}, not in the archive: keep the bucket's versioning and replication on (docs/operations.md).`);
    const keyNames = databaseUrl ? 'JWT_SECRET, MFA_SECRET_KEY and CREDENTIAL_SIGNING_KEY' : `${KEY_FILES.join(' and ')} of ${dataDir} (or JWT_SECRET and CREDENTIAL_SIGNING_KEY)`;
    console.log(`Keys are not in it: a restore needs ${keyNames} as they were when this was made, from your secret store.`);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
    releaseLock();
  }
}

main().catch((error) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
