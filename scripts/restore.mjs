// `npm run restore -- FILE` (issue 44): brings back an archive of `npm run backup` into an empty
// data folder (the embedded default) or an empty PostgreSQL database (DATABASE_URL), as the
// server would find them (DATA_DIR, DATABASE_URL, or --data-dir, --database-url).
//
// Refused, with nothing changed: a target that is not empty (a data folder may hold the keys
// alone, put back first), an archive whose parts do not match its manifest's checksums or that
// holds anything the manifest does not name, a database of the other kind, or one a newer release
// migrated. After the restore the rows of every table are counted against the manifest.
// The keys are not in the archive: put them back before starting the server (docs/operations.md).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
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
  countDifferences,
  formatBytes,
  libpqConnection,
  lockDataFolder,
  migrationJournal,
  migrationLevel,
  platformTarget,
  runPostgresTool,
  secondsSince,
  sha256OfFile,
  storedFiles,
  tableCounts,
  userPath,
} from './lib/backup-archive.mjs';

const USAGE = 'Usage: npm run restore -- FILE [--data-dir DIR] [--database-url URL]';

/** What may already be in a data folder restored into: the keys, put back first (they are never in the archive). */
function refuseNonEmptyDataFolder(dataDir, databaseUrl) {
  if (!existsSync(dataDir)) return;
  // On a server database the folder holds the local files alone (if any); anything else there is not ours to judge.
  const present = databaseUrl ? readdirSync(dataDir).filter((name) => name === FILES_FOLDER && readdirSync(path.join(dataDir, name)).length > 0) : readdirSync(dataDir).filter((name) => !KEY_FILES.includes(name));
  if (present.length) {
    throw new Error(`The data folder ${dataDir} is not empty (${present.join(', ')}): restore into an empty folder (it may hold the keys ${KEY_FILES.join(' and ')} alone), or move this one aside first`);
  }
}

async function refuseNonEmptyDatabase(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select schemaname || '.' || tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1 limit 5`);
    if (rows.length) {
      const database = new URL(databaseUrl).pathname.slice(1);
      throw new Error(`The database ${database} is not empty (${rows.map((row) => row.name).join(', ')}${rows.length === 5 ? ', ...' : ''}): restore into a new, empty database`);
    }
  } finally {
    await client.end();
  }
}

/** The manifest, checked against the archive's parts: every part named, present, of its size and SHA-256; nothing else. */
async function checkedManifest(staging, databaseUrl) {
  const manifestFile = path.join(staging, MANIFEST_ENTRY);
  if (!existsSync(manifestFile)) throw new Error(`No ${MANIFEST_ENTRY} in the archive: not a backup of the platform (npm run backup)`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.format !== ARCHIVE_FORMAT) throw new Error('The archive is not a backup of the platform (npm run backup)');
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) throw new Error(`The archive's format ${manifest.formatVersion} is newer than this release reads (${ARCHIVE_FORMAT_VERSION}): restore it with the release that made it`);

  const wanted = databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== wanted) {
    throw new Error(
      manifest.database.kind === 'pglite'
        ? 'The archive holds the embedded database (PGlite): restore it into a data folder, without DATABASE_URL'
        : 'The archive holds a PostgreSQL server database: restore it into an empty database given by DATABASE_URL (or --database-url)',
    );
  }
  if (manifest.database.entry !== DATABASE_ENTRIES[wanted]) throw new Error(`The manifest names ${manifest.database.entry} as the database, not ${DATABASE_ENTRIES[wanted]}`);
  // A release migrates forward only: an older one cannot serve a database a newer one migrated.
  if (!migrationJournal().some((migration) => migration.tag === manifest.migration.tag)) {
    throw new Error(`The database was migrated by a newer release (migration ${manifest.migration.tag ?? 'unknown'}, release ${manifest.platform.commit ?? manifest.platform.serverVersion}): restore it with that release or a later one`);
  }

  const parts = (await storedFiles(staging)).filter((entry) => entry !== MANIFEST_ENTRY);
  const unnamed = parts.filter((entry) => !(entry in manifest.checksums));
  if (unnamed.length) throw new Error(`The archive holds parts its manifest does not name (${unnamed.slice(0, 3).join(', ')}): refused`);
  for (const [entry, { sha256, bytes }] of Object.entries(manifest.checksums)) {
    const file = path.join(staging, entry);
    if (!existsSync(file)) throw new Error(`The archive lacks ${entry}, which its manifest names: it is incomplete`);
    if (statSync(file).size !== bytes || (await sha256OfFile(file)) !== sha256) throw new Error(`${entry} does not match the manifest's checksum: the archive is damaged or was altered`);
  }
  if (!(manifest.database.entry in manifest.checksums)) throw new Error(`The manifest has no checksum for ${manifest.database.entry}`);
  return manifest;
}

/** Loads PGlite's dump into the data folder's pglite/, and answers its counts and migration level. */
async function restorePglite(dumpFile, dataDir) {
  const pgliteDir = path.join(dataDir, 'pglite');
  const client = await PGlite.create({ dataDir: pgliteDir, loadDataDir: new Blob([readFileSync(dumpFile)]) });
  try {
    const query = async (sql) => (await client.query(sql)).rows;
    return { migration: await migrationLevel(query), tables: await tableCounts(query) };
  } finally {
    await client.close();
  }
}

/**
 * The role statements of migration 0034 (decision 034): a role and its grants belong to the server,
 * not to a database, so no dump holds them. They are run again on the restored tables, so that the
 * role running the app has row-level security as it had.
 */
function accountStaffRoleStatements() {
  const migrations = path.join(REPO_ROOT, 'apps/server/src/db/migrations');
  const file = readdirSync(migrations).find((name) => name.endsWith('_row_level_security.sql'));
  const statements = readFileSync(path.join(migrations, file), 'utf8').split('--> statement-breakpoint').slice(0, 2);
  if (!statements[0]?.includes('CREATE ROLE certs_account_staff') || !statements[1]?.includes('GRANT certs_account_staff TO CURRENT_USER')) {
    throw new Error(`${file} no longer starts with the role statements this restore runs again`);
  }
  return statements;
}

/**
 * pg_restore into the empty database in one transaction (a failure leaves it empty), owned by the
 * role of DATABASE_URL (--no-owner) and without the source's grants (--no-acl: they name roles of
 * the source server), which the role statements then make for this server.
 */
async function restorePostgres(dumpFile, databaseUrl) {
  const { dbname, env } = libpqConnection(databaseUrl);
  await runPostgresTool('pg_restore', ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, dumpFile], env);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of accountStaffRoleStatements()) await client.query(statement);
    const query = async (sql) => (await client.query(sql)).rows;
    return { migration: await migrationLevel(query), tables: await tableCounts(query) };
  } finally {
    await client.end();
  }
}

async function main() {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' } } });
  if (positionals.length !== 1) throw new Error(USAGE);
  const archive = userPath(positionals[0]);
  if (!existsSync(archive)) throw new Error(`${archive} does not exist`);
  const { dataDir, databaseUrl, s3Bucket } = platformTarget(values);
  const startedAt = performance.now();

  refuseNonEmptyDataFolder(dataDir, databaseUrl);
  if (databaseUrl) await refuseNonEmptyDatabase(databaseUrl);
  const isNewDataFolder = !existsSync(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = databaseUrl ? () => {} : lockDataFolder(dataDir, 'restored');
  // Unpacked inside the data folder (the same disk, and the one folder the service's user may
  // write), so that the files move in by renaming.
  const staging = await mkdtemp(path.join(dataDir, '.restoring-'));
  let isDatabaseWritten = false;
  try {
    // strict: a truncated or malformed archive is an error, not a warning; node-tar never writes
    // outside `cwd`. A backup holds plain files and folders only: a link or device is refused.
    const strangeEntries = [];
    await tar.x({
      file: archive,
      cwd: staging,
      strict: true,
      filter: (entryPath, entry) => {
        const isPlain = entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'Directory';
        if (!isPlain) strangeEntries.push(`${entryPath} (${entry.type})`);
        return isPlain;
      },
    });
    if (strangeEntries.length) throw new Error(`The archive holds entries a backup never has (${strangeEntries.slice(0, 3).join(', ')}): refused`);
    const manifest = await checkedManifest(staging, databaseUrl);

    const dumpFile = path.join(staging, manifest.database.entry);
    isDatabaseWritten = true;
    const restored = databaseUrl ? await restorePostgres(dumpFile, databaseUrl) : await restorePglite(dumpFile, dataDir);
    const differences = countDifferences(manifest.tables, restored.tables);
    if (differences.length) throw new Error(`The restored rows do not match the manifest:\n  ${differences.join('\n  ')}`);
    if (restored.migration.tag !== manifest.migration.tag) throw new Error(`The restored database is at migration ${restored.migration.tag}, the manifest says ${manifest.migration.tag}`);

    const stagedFiles = path.join(staging, FILES_FOLDER);
    if (existsSync(stagedFiles)) {
      rmSync(path.join(dataDir, FILES_FOLDER), { recursive: true, force: true }); // empty, checked above
      renameSync(stagedFiles, path.join(dataDir, FILES_FOLDER));
    }

    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    const into = databaseUrl ? `the database ${new URL(databaseUrl).pathname.slice(1)}` : `the data folder ${dataDir}`;
    console.log(
      `Restored the backup of ${manifest.createdAt} (migration ${manifest.migration.tag}, ${Object.keys(manifest.tables).length} tables, ${rows} rows, every count as the manifest says; ${manifest.files.count} stored files, ${formatBytes(manifest.files.bytes)}) into ${into} in ${secondsSince(startedAt)} s.`,
    );
    if (manifest.files.storage === 's3') console.log(`The stored files were in the S3 bucket ${manifest.files.bucket}: the restored database expects them there (docs/operations.md).`);
    if (manifest.files.count && s3Bucket) console.log(`S3_BUCKET is set, but the files came from local disk: they are in ${path.join(dataDir, FILES_FOLDER)}; copy them into the bucket under the same keys.`);
    const missingKeys = databaseUrl ? [] : KEY_FILES.filter((name) => !existsSync(path.join(dataDir, name)));
    if (missingKeys.length && !process.env.JWT_SECRET) {
      console.log(
        `Before starting the server, put back the keys the backup was made under (${missingKeys.join(', ')} into ${dataDir}, or JWT_SECRET and CREDENTIAL_SIGNING_KEY): started without them it makes new ones, and credentials issued before no longer verify.`,
      );
    } else {
      console.log('Start the server with the keys the backup was made under (JWT_SECRET, MFA_SECRET_KEY, CREDENTIAL_SIGNING_KEY, or the key files in the data folder).');
    }
  } catch (error) {
    // Nothing half-restored is left behind: pg_restore's failure leaves the database empty (one
    // transaction); the data folder loses the embedded database this made.
    if (isDatabaseWritten && !databaseUrl) rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    releaseLock();
    if (isNewDataFolder) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  rmSync(staging, { recursive: true, force: true });
  releaseLock();
}

main().catch((error) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
