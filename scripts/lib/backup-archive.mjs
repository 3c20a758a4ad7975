// What `npm run backup` (scripts/backup.mjs), `npm run restore` (scripts/restore.mjs) and the
// restore drill share (issue 44): where the platform keeps its data, the archive's layout and
// manifest, the database's tables and migration level, checksums, and the keys that are never in it.
//
// The archive is a plain tar (its database part is compressed already):
//   manifest.json                   what it holds: release, migration level, counts per table, checksums
//   database/pglite-data.tar.gz     the embedded database, PGlite's own dump of its data folder
//   database/postgres.dump          or a PostgreSQL server's, pg_dump in custom format
//   files/<key>                     the stored files, when they are on local disk (DATA_DIR/files)
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/src/db/migrations');

export const ARCHIVE_FORMAT = 'certs-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_ENTRIES = { pglite: 'database/pglite-data.tar.gz', postgres: 'database/postgres.dump' };
export const FILES_FOLDER = 'files';
/** The keys the server makes in DATA_DIR on the embedded default: never archived (docs/operations.md, Keys and secrets). */
export const KEY_FILES = ['jwt-secret', 'credential-signing-key'];
/** The server's lock on a PGlite data folder (main.ts); backup and restore take it too. */
const LOCK_FILE = 'server.pid';
/** A file the local storage is still writing (LocalStorage.write renames it when done). */
const PARTIAL_FILE = /\.part$/;

/** Where the server keeps its data, read as the server reads it: options first, then its environment. */
export function platformTarget(options) {
  return {
    // The server resolves DATA_DIR against the repository root (main.ts), whatever the working folder.
    dataDir: path.resolve(REPO_ROOT, options['data-dir'] ?? process.env.DATA_DIR ?? './data'),
    databaseUrl: options['database-url'] ?? process.env.DATABASE_URL ?? null,
    s3Bucket: process.env.S3_BUCKET || null,
  };
}

/** A path the user typed: `npm run` moves to the repository root, INIT_CWD is where they were. */
export function userPath(given) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
}

/** This release's migrations, in order (drizzle's journal). */
export function migrationJournal() {
  return JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')).entries;
}

/**
 * The database's migration level: how many migrations it has applied and the tag of the last,
 * from drizzle's own table (its created_at is the journal's `when`). A tag of null: the last one
 * is not in this release's journal, so a newer release migrated the database.
 */
export async function migrationLevel(query) {
  let rows;
  try {
    rows = await query('select created_at from drizzle.__drizzle_migrations order by created_at');
  } catch {
    throw new Error('No migrations table (drizzle.__drizzle_migrations): this is not a database of the platform, or the server never started on it');
  }
  const last = rows.length ? Number(rows[rows.length - 1].created_at) : null;
  const entry = migrationJournal().find((migration) => migration.when === last);
  return { applied: rows.length, tag: entry?.tag ?? null };
}

const quoteIdentifier = (name) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table, every schema but PostgreSQL's own, keyed `schema.table`. */
export async function tableCounts(query) {
  const tables = await query(`select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`);
  const counts = {};
  for (const { schemaname, tablename } of tables) {
    const [row] = await query(`select count(*) as n from ${quoteIdentifier(schemaname)}.${quoteIdentifier(tablename)}`);
    counts[`${schemaname}.${tablename}`] = Number(row.n);
  }
  return counts;
}

/** The tables whose rows differ between two counts (missing on either side included), as readable lines. */
export function countDifferences(expected, actual) {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  return names.filter((name) => expected[name] !== actual[name]).map((name) => `${name}: ${expected[name] ?? 'no table'} in the backup, ${actual[name] ?? 'no table'} restored`);
}

export function sha256OfFile(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Every stored file under `root`, as paths relative to it with forward slashes, sorted; files still being written are left out. */
export async function storedFiles(root) {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !PARTIAL_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function isProcessAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the PGlite data folder's lock as the server does (main.ts): refused while a server runs on
 * it, and a server started meanwhile is refused. Returns the release.
 */
export function lockDataFolder(dataDir, what) {
  const lockFile = path.join(dataDir, LOCK_FILE);
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    if (pid && pid !== process.pid && isProcessAlive(pid)) {
      throw new Error(
        `A server (pid ${pid}) is running on the data folder ${dataDir}. Stop it first (systemctl stop certs): the embedded database is ${what} while it is stopped.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

/** A connection string without its password, and the password for libpq's PGPASSWORD (kept off the process list). */
export function libpqConnection(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client program (pg_dump, pg_restore) to the end; its error output becomes the error. */
export function runPostgresTool(program, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(`${program} was not found: install the PostgreSQL client programs of the server's major version or newer (apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}):\n${stderr.trim()}`))));
  });
}

export function formatBytes(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const secondsSince = (startedAt) => ((performance.now() - startedAt) / 1000).toFixed(1);
