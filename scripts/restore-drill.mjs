// The restore drill (issue 44): a fresh demo, a backup, a restore into a fresh place, and the server
// started on the restored copy answering as before: a demo award verifies through the public
// verification route, its certificate PDF downloads, the credential downloaded before the backup
// verifies (its issuer key and status list came back), an application's uploaded file opens with
// the same bytes, and every table has the rows the manifest counted. Also refused: restoring into a
// place that is not empty, and an archive altered after it was made. No key is in the archive.
//
//   npm run build   (the drill runs the built server, as production does)
//   node --import tsx scripts/restore-drill.mjs                                   embedded PGlite
//   node --import tsx scripts/restore-drill.mjs --database-url postgres://postgres@127.0.0.1:5432/postgres
//
// On PostgreSQL it makes two databases of its own on that server (dropped at the end) and backs up
// while the server serves; on PGlite the server is stopped for the backup, as it must be.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { KEY_FILES, MANIFEST_ENTRY, REPO_ROOT, countDifferences, tableCounts } from './lib/backup-archive.mjs';
import { platformDocumentLoader, statusBitsOf, verifyWith } from '../apps/server/src/modules/credential/credential-test-verifier.ts';
import { compiledServerArgs } from '../apps/server/server-command.mjs';

const { values } = parseArgs({ options: { 'database-url': { type: 'string' }, port: { type: 'string' }, keep: { type: 'boolean', default: false } } });
const serverUrl = values['database-url'] ?? null;
const kind = serverUrl ? 'postgres' : 'pglite';
const port = Number(values.port ?? (serverUrl ? 3381 : 3380));
// One address for the server before and after: credentials name their issuer by it (did:web).
const baseUrl = `http://localhost:${port}`;
const work = path.join(REPO_ROOT, `.tmp/backup-drill-${kind}-${port}`);
const archive = path.join(work, 'backup.tar');
const DEMO_PASSWORD = 'Demo1234!';
const UPLOADED_MARKER = `restore drill ${process.pid} ${Date.now()}`;
const UPLOADED_PDF = Buffer.from(`%PDF-1.7\n% ${UPLOADED_MARKER}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
const POSTGRES_KEYS = { JWT_SECRET: 'restore-drill-jwt-secret-of-sufficient-length', CREDENTIAL_SIGNING_KEY: 'cmVzdG9yZS1kcmlsbC1jcmVkZW50aWFsLWtleS0zMmI' };

const timings = {};
const startedAt = performance.now();
const since = (from) => Number(((performance.now() - from) / 1000).toFixed(1));
function check(condition, what) {
  if (!condition) throw new Error(`drill check failed: ${what}`);
}

/** The environment a server or script of the drill gets: the machine's, without any platform setting of the caller. */
function childEnv(extra) {
  const env = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATA_DIR', 'S3_BUCKET', 'JWT_SECRET', 'CREDENTIAL_SIGNING_KEY', 'MFA_SECRET_KEY', 'SEED_DEMO', 'TEST_DATABASE_URL', 'PUBLIC_URL', 'INIT_CWD']) delete env[name];
  return { ...env, ...extra };
}

function databaseUrlOf(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where a server of the drill keeps its data: a data folder, and on PostgreSQL a database of its own. */
function placeOf(name) {
  return { dataDir: path.join(work, name), databaseUrl: serverUrl ? databaseUrlOf(`certs_drill_${name}_${process.pid}`) : null };
}

function settingsOf(place) {
  return place.databaseUrl ? { DATA_DIR: place.dataDir, DATABASE_URL: place.databaseUrl, ...POSTGRES_KEYS } : { DATA_DIR: place.dataDir };
}

/** The built server on the drill's port, healthy; stop() ends it with SIGTERM and waits for its exit. */
async function startServer(place, seed) {
  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: REPO_ROOT,
    env: childEnv({
      ...settingsOf(place),
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SEED_DEMO: seed ? '1' : '0',
      // Its start warnings (the test gateway, no second factor on a server database) are this drill's own settings.
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: 'no-web-app',
      PAYMENT_GATEWAY: 'test',
      ALLOW_TEST_PAYMENT_GATEWAY: '1',
      // The demo super user signs in with a password alone (two-step sign-in is tested in modules/auth).
      MFA_REQUIRED_FOR_ADMINS: '0',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} (did npm run build run?)`);
    try {
      if ((await fetch(`${baseUrl}/unauth/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (i > 600) throw new Error(`the server on ${port} did not answer within 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs one of the npm scripts' programs (backup, restore) as an operator would; answers its exit code and output. */
function runScript(script, args, settings) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join('scripts', script), ...args], { cwd: REPO_ROOT, env: childEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function runScriptOrFail(script, args, settings) {
  const result = await runScript(script, args, settings);
  if (result.code !== 0) throw new Error(`${script} failed:\n${result.output}`);
  process.stdout.write(result.output);
}

async function api(method, url, { jwt, body } = {}) {
  const headers = { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
  return fetch(`${baseUrl}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
}

async function json(response, what) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Applicants sign in at their own route, staff at /auth/local. */
const signIn = async (email, route = '/auth/local') => (await json(await api('POST', route, { body: { identifier: email, password: DEMO_PASSWORD } }), `sign-in of ${email}`)).jwt;
const signInApplicant = () => signIn('applicant@demo.local', '/auth/local/applicant');

/** The file's bytes as its owner opens it: the short-lived link, then the file. */
async function openFile(jwt, resourceKey) {
  const { url } = await json(await api('GET', `/api/attachment/presigned-download/${resourceKey}`, { jwt }), 'download link');
  const response = await fetch(new URL(url, baseUrl));
  check(response.ok, `the file ${resourceKey} opens (${response.status})`);
  return Buffer.from(await response.arrayBuffer());
}

/** A verifier's check of a credential, its documents fetched from the server over HTTP. */
async function verifyCredential(credential) {
  const overHttp = {
    async inject({ url }) {
      const response = await fetch(`${baseUrl}${url}`);
      const text = await response.text();
      return { statusCode: response.status, json: () => JSON.parse(text) };
    },
  };
  return verifyWith(credential, platformDocumentLoader(overHttp, baseUrl));
}

/** What the drill makes and reads on the source before the backup, to read again after the restore. */
async function prepareSource() {
  const applicantJwt = await signInApplicant();
  const presigned = await json(await api('POST', '/api/attachment/presigned-upload', { jwt: applicantJwt, body: { fileName: 'drill-evidence.pdf', contentType: 'application/pdf', size: UPLOADED_PDF.length } }), 'upload link');
  const put = await fetch(new URL(presigned.url, baseUrl), { method: 'PUT', headers: presigned.headers, body: UPLOADED_PDF });
  check(put.ok, `the upload PUT answers 200 (${put.status})`);
  const saved = await json(await api('POST', '/unauth/save/attachment', { jwt: applicantJwt, body: { resourceKey: presigned.resourceKey } }), 'saving the upload');
  const catalogue = await json(await api('GET', '/api/program/published?programType=1', { jwt: applicantJwt }), 'catalogue');
  const program = catalogue.rows.find((row) => row.programCode === 'Q-WELD-INSP');
  check(program, 'the demo program Q-WELD-INSP is published');
  const detail = await json(await api('GET', `/api/program/published/${program.id}`, { jwt: applicantJwt }), 'program detail');
  const draft = await json(
    await api('POST', '/api/qualificationapplication/save', {
      jwt: applicantJwt,
      body: { programId: program.id, declarationAccepted: true, answers: [{ requirementId: detail.requirements[0].id, answerText: 'See the attached evidence.', attachmentIds: [saved.id] }] },
    }),
    'saving a draft application with the file',
  );

  const superJwt = await signIn('super@demo.local');
  const awards = await json(await api('GET', '/api/award/pagination?status=current&page=1&pageSize=10', { jwt: superJwt }), 'awards');
  const award = awards.rows[0];
  check(award, 'the demo has a current award');
  const verified = await json(await api('GET', `/unauth/verify/${encodeURIComponent(award.certificateNumber)}`), 'verification before the backup');
  const credential = await json(await api('GET', `/api/award/${award.id}/credential`, { jwt: superJwt }), 'credential before the backup');
  const before = await verifyCredential(credential);
  check(before.verified, `the credential verifies before the backup: ${JSON.stringify(before.error ?? before)}`);
  return { resourceKey: presigned.resourceKey, applicationId: draft.id, award, verified, credential };
}

async function checkRestored(source) {
  const verified = await json(await api('GET', `/unauth/verify/${encodeURIComponent(source.award.certificateNumber)}`), 'verification after the restore');
  check(verified.name === source.verified.name && verified.status === source.verified.status, `the award ${source.award.certificateNumber} verifies as before (${verified.status})`);

  const superJwt = await signIn('super@demo.local');
  const certificate = await api('GET', `/api/award/${source.award.id}/certificate`, { jwt: superJwt });
  const pdf = Buffer.from(await certificate.arrayBuffer());
  check(certificate.ok && certificate.headers.get('content-type')?.startsWith('application/pdf') && pdf.subarray(0, 5).toString() === '%PDF-', `the certificate PDF downloads (${certificate.status})`);

  const old = await verifyCredential(source.credential);
  check(old.verified, `the credential downloaded before the backup verifies on the restored server: ${JSON.stringify(old.error ?? old)}`);
  check(Object.values(statusBitsOf(old)).every((bit) => bit === false), 'its status lists say neither suspended nor revoked');
  const fresh = await verifyCredential(await json(await api('GET', `/api/award/${source.award.id}/credential`, { jwt: superJwt }), 'credential after the restore'));
  check(fresh.verified, 'a credential issued by the restored server verifies');

  // An account's staff read under row-level security (decision 034): the role and its grants, which no dump holds, came back.
  const accountAdminJwt = await signIn('accountadmin@demo.local');
  const staffAwards = await json(await api('GET', `/api/award/pagination?search=${encodeURIComponent(source.award.certificateNumber)}&page=1&pageSize=10`, { jwt: accountAdminJwt }), "the account's staff read its awards");
  check(staffAwards.rows.some((row) => row.id === source.award.id), "the account's staff find the award under row-level security");

  const applicantJwt = await signInApplicant();
  const application = await json(await api('GET', `/api/qualificationapplication/${source.applicationId}`, { jwt: applicantJwt }), 'the application after the restore');
  check(application.answers.some((answer) => answer.attachments.some((file) => file.resourceKey === source.resourceKey)), "the application still names its file");
  check((await openFile(applicantJwt, source.resourceKey)).equals(UPLOADED_PDF), "the application's file opens with the bytes uploaded");
}

/**
 * Rows per table of a restored place, counted here, before any server touches it. On PostgreSQL
 * also whether the role of the account boundary (decision 034) may act on every table as before:
 * without it the server would quietly run with row-level security off.
 */
async function countsOf(place) {
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `select tablename from pg_tables where schemaname = 'public' and not (pg_has_role(current_user, 'certs_account_staff', 'MEMBER') and has_table_privilege('certs_account_staff', format('%I.%I', schemaname, tablename), 'SELECT, INSERT, UPDATE, DELETE'))`,
      );
      check(rows.length === 0, `the account staff role may act on every restored table (not: ${rows.slice(0, 3).map((row) => row.tablename).join(', ')})`);
      return await tableCounts(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }
  const client = await PGlite.create({ dataDir: path.join(place.dataDir, 'pglite') });
  try {
    return await tableCounts(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.close();
  }
}

async function isEmpty(place) {
  if (!place.databaseUrl) return !existsSync(path.join(place.dataDir, 'pglite'));
  const client = new pg.Client({ connectionString: place.databaseUrl });
  await client.connect();
  try {
    return (await client.query(`select 1 from pg_tables where schemaname = 'public'`)).rowCount === 0;
  } finally {
    await client.end();
  }
}

async function readManifest() {
  let text = '';
  await tar.t({ file: archive, filter: (entry) => entry === MANIFEST_ENTRY, onReadEntry: (entry) => entry.on('data', (chunk) => (text += chunk)) });
  return JSON.parse(text);
}

async function main() {
  if (!existsSync(path.join(REPO_ROOT, 'apps/server/dist/main.js'))) throw new Error('apps/server/dist/main.js is missing: npm run build first');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const source = placeOf('source');
  const restored = placeOf('restored');
  const altered = placeOf('altered');
  const admin = serverUrl ? new pg.Client({ connectionString: serverUrl }) : null;
  let server = null;
  try {
    if (admin) {
      await admin.connect();
      for (const place of [source, restored, altered]) await admin.query(`create database ${new URL(place.databaseUrl).pathname.slice(1)}`);
    }

    let from = performance.now();
    server = await startServer(source, true);
    timings.seededServerReady = since(from);
    const made = await prepareSource();

    // The embedded database is backed up stopped; a server database while it serves.
    if (kind === 'pglite') {
      await server.stop();
      server = null;
    }
    from = performance.now();
    await runScriptOrFail('backup.mjs', ['--out', archive], settingsOf(source));
    timings.backup = since(from);
    if (server) {
      await server.stop();
      server = null;
    }

    const manifest = await readManifest();
    const entries = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    const keys = kind === 'pglite' ? KEY_FILES.map((name) => readFileSync(path.join(source.dataDir, name), 'utf8').trim()) : Object.values(POSTGRES_KEYS);
    const bytes = readFileSync(archive);
    check(!entries.some((entry) => KEY_FILES.includes(path.basename(entry))) && keys.every((key) => !bytes.includes(key)), 'no key is in the archive');
    check(entries.includes(`files/${made.resourceKey}`) && manifest.files.count === entries.filter((entry) => entry.startsWith('files/')).length, "the archive holds the stored files, the application's among them");

    // Refused: a place that is not empty (the source itself), and an archive altered after the backup.
    const intoSource = await runScript('restore.mjs', [archive], settingsOf(source));
    check(intoSource.code !== 0 && /is not empty/.test(intoSource.output), `a restore into a non-empty place is refused:\n${intoSource.output}`);
    const alteredArchive = path.join(work, 'altered.tar');
    const at = bytes.indexOf(UPLOADED_MARKER);
    check(at > 0, 'the uploaded file lies in the archive as it was uploaded');
    const alteredBytes = Buffer.from(bytes);
    alteredBytes[at] ^= 1;
    writeFileSync(alteredArchive, alteredBytes);
    const fromAltered = await runScript('restore.mjs', [alteredArchive], settingsOf(altered));
    check(fromAltered.code !== 0 && /does not match the manifest's checksum/.test(fromAltered.output) && (await isEmpty(altered)), `an altered archive is refused and nothing restored:\n${fromAltered.output}`);

    // The keys come back from the secret store (here: the source's), never from the archive.
    if (kind === 'pglite') {
      mkdirSync(restored.dataDir, { recursive: true });
      for (const name of KEY_FILES) cpSync(path.join(source.dataDir, name), path.join(restored.dataDir, name));
    }
    from = performance.now();
    await runScriptOrFail('restore.mjs', [archive], settingsOf(restored));
    timings.restore = since(from);
    const differences = countDifferences(manifest.tables, await countsOf(restored));
    check(differences.length === 0, `the restored rows match the manifest:\n  ${differences.join('\n  ')}`);

    from = performance.now();
    server = await startServer(restored, false);
    timings.restoredServerReady = since(from);
    await checkRestored(made);

    const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
    console.log(
      `Restore drill on ${kind}: passed. ${Object.keys(manifest.tables).length} tables and ${rows} rows as counted, ${manifest.files.count} files; ` +
        `backup ${timings.backup} s (${(bytes.length / 1024 / 1024).toFixed(1)} MB), restore ${timings.restore} s, restored server ready ${timings.restoredServerReady} s ` +
        `(seeded source ready ${timings.seededServerReady} s); ${since(startedAt)} s in all.`,
    );
  } finally {
    await server?.stop();
    if (admin) {
      for (const place of [source, restored, altered]) await admin.query(`drop database if exists ${new URL(place.databaseUrl).pathname.slice(1)} with (force)`).catch(() => {});
      await admin.end();
    }
    if (!values.keep) rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`Restore drill on ${kind} failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
