// Legacy import benchmark (issue 41): an awarding body's go-live files, made up here, imported
// through the API into the real server as its administrator would, each uploaded first through
// the presigned upload and named by its key. Prints each kind's rows a second, the total time and
// the server's peak memory, against the targets: everything in at most 10 minutes with the
// server below 400 MB.
//
//   npm run bench:migration                       50,000 applicants, 80,000 awards, 20,000 WPQ records (60,000 confirmations)
//   npm run bench:migration -- --scale 0.1        a tenth of each, for a quick run
//   npm run bench:migration -- --database-url postgres://postgres@127.0.0.1:5432/test
//                                                 on PostgreSQL (a fresh database "bench_migration" is made there)
//
// Options: --scale S (1), --port P (3295), --compiled (the built server, apps/server/dist; default:
// the source through tsx), --database-url URL (default: the embedded PGlite in a fresh folder),
// --keep (leave the data folder or database for a look afterwards), --kinds applicants,awards,wpq
// (the kinds to import, in this order), --heap-mb N (the server's --max-old-space-size: whether the
// import fits a bounded heap, apart from how lazily V8 gives memory back), --node-flags "F ..." (other
// flags for the server's node, e.g. V8's --heap-growing-percent), --undo (then undoes
// each import, the last first, and prints how long each took).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS, compiledServerArgs } from '../apps/server/server-command.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    port: { type: 'string', default: '3295' },
    compiled: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    kinds: { type: 'string', default: 'applicants,awards,wpq' },
    'heap-mb': { type: 'string' },
    'node-flags': { type: 'string' },
    undo: { type: 'boolean', default: false },
  },
});
const scale = Number(options.scale);
const port = Number(options.port);
const base = `http://127.0.0.1:${port}`;
const TARGET_SECONDS = 600;
const TARGET_MB = 400;
const DEMO_ADMIN = { identifier: 'super@demo.local', password: 'Demo1234!' };
const work = path.join(ROOT, '.tmp', 'bench-migration');
const dataDir = path.join(work, 'data');

const counts = {
  applicants: Math.round(50_000 * scale),
  awards: Math.round(80_000 * scale),
  wpq: Math.round(20_000 * scale),
};
/** The demo's programs that award (Qualification, Certification, AICIP) and its Welder Qualification program. */
const AWARD_PROGRAMS = ['Q-WELD-INSP', 'C-WELD-SUP', 'AICIP-PIPE'];
const WPQ_PROGRAM = 'WQ-ISO9606';
const CONFIRMATIONS_PER_RECORD = 3;

// ---------------------------------------------------------------------------------------------
// The files: written a line at a time, as an old system's export would be.

const day = (date) => date.toISOString().slice(0, 10);
const addMonths = (text, months, days = 0) => {
  const date = new Date(`${text}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  date.setUTCDate(date.getUTCDate() + days);
  return day(date);
};
const person = (i) => ({ email: `legacy.holder${i}@bench.example`, firstName: `Holder${i % 997}`, lastName: `Legacy${i}` });
const csvCell = (value) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

async function writeFile(name, header, count, line) {
  const file = path.join(work, name);
  const out = createWriteStream(file);
  out.write(`${header.join(',')}\n`);
  for (let i = 0; i < count; i += 1) {
    const cells = line(i);
    if (!out.write(`${header.map((column) => csvCell(cells[column] ?? '')).join(',')}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

async function templateOf(token, kind) {
  const response = await fetch(`${base}/api/migration/templates/${kind}`, { headers: { authorization: `Bearer ${token}` } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`the ${kind} template: ${response.status} ${await response.text()}`);
  const [header, example] = (await response.text()).trim().split(/\r?\n/);
  const columns = header.split(',');
  // The example row has no quoted commas but in the WPQ place of testing and confirmations; only the header is needed from it.
  return { columns, example };
}

function applicantLine(i) {
  const who = person(i);
  return {
    ...who,
    dateOfBirth: addMonths('1970-01-01', i % 480),
    phone: `04${String(10_000_000 + i).slice(-8)}`,
    streetNumber: String(1 + (i % 300)),
    streetName: 'Arc Street',
    city: 'Newcastle',
    state: 'NSW',
    postalCode: '2300',
    country: 'Australia',
    listedInRegister: i % 10 === 0 ? 'No' : 'Yes',
  };
}

/** Awards spread over the applicants (some hold two): mostly current, some expired, on hold or cancelled with their reason, a third renewed before. */
function awardLine(i) {
  const holder = person(i % counts.applicants);
  const programCode = AWARD_PROGRAMS[i % AWARD_PROGRAMS.length];
  const awardedOn = addMonths('2015-01-05', i % 120);
  const status = i % 50 === 0 ? 'On hold' : i % 37 === 0 ? 'Cancelled' : i % 11 === 0 ? 'Expired' : 'Current';
  const expiresOn = status === 'Expired' ? addMonths(awardedOn, 36) : addMonths('2027-01-10', i % 48);
  const renewals = i % 3 === 0 && awardedOn < '2021-06-01' ? [addMonths(awardedOn, 36), addMonths(awardedOn, 72)].filter((renewed) => renewed < '2026-06-01').join(';') : '';
  return {
    ...holder,
    programCode,
    certificateNumber: `LEG-${programCode}-${String(i).padStart(6, '0')}`,
    awardedOn,
    expiresOn: status === 'Expired' ? expiresOn : i % 2 === 0 ? expiresOn : `${expiresOn.slice(8)}-${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(expiresOn.slice(5, 7)) - 1]}-${expiresOn.slice(0, 4)}`,
    status,
    statusReason: status === 'On hold' || status === 'Cancelled' ? 'Recorded in the previous system' : '',
    listedInRegister: '',
    renewals,
  };
}

/** WPQ records on the first applicants: 9.3a, tested in 2024–2025, each with three six-monthly confirmations already made. */
function wpqLine(example) {
  return (i) => {
    const testDate = addMonths('2024-01-08', 0, i % 170);
    const confirmations = Array.from({ length: CONFIRMATIONS_PER_RECORD }, (_unused, n) => `${addMonths(testDate, 6 * (n + 1), -3)} ${n % 2 ? 'examiner Erin Examiner' : 'employer Casey Coordinator, Welding coordinator'}`);
    return {
      ...example,
      ...person(i % counts.applicants),
      programCode: WPQ_PROGRAM,
      certificateNumber: `LEGWQ-${String(i).padStart(6, '0')}`,
      testDate,
      issueDate: addMonths(testDate, 0, 5),
      validityOption: '9.3a',
      confirmations: confirmations.join('; '),
      revalidations: '',
      listedInRegister: '',
    };
  };
}

// ---------------------------------------------------------------------------------------------
// The server and its memory.

const JWT_SECRET = 'bench-migration-secret-at-least-32-characters';

function serverDatabaseUrl() {
  const url = new URL(options['database-url']);
  url.pathname = '/bench_migration';
  return url.toString();
}

function startServer() {
  const heap = options['heap-mb'] ? [`--max-old-space-size=${options['heap-mb']}`] : [];
  const nodeFlags = options['node-flags'] ? options['node-flags'].split(/\s+/).filter(Boolean) : [];
  const args = [...heap, ...nodeFlags, ...(options.compiled ? compiledServerArgs() : [...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'])];
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST_DIR: 'no-web-app', SEED_DEMO: '1' };
  if (options['database-url']) {
    env.DATABASE_URL = serverDatabaseUrl();
    env.JWT_SECRET = JWT_SECRET;
    // Required with DATABASE_URL (decisions 018 and the payments'): a throwaway benchmark database.
    env.CREDENTIAL_SIGNING_KEY ??= 'bGVnYWN5LWltcG9ydC1iZW5jaG1hcmsta2V5LTMyYnk';
    env.PAYMENT_GATEWAY ??= 'test';
    env.ALLOW_TEST_PAYMENT_GATEWAY ??= '1';
  } else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`the server exited unexpectedly (${code ?? signal})`);
  });
  return child;
}

const statusOf = (pid) => readFileSync(`/proc/${pid}/status`, 'utf8');
const kbOf = (text, field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);

/** The server's resident memory sampled every 200 ms, and the kernel's own high-water mark (VmHWM) at the end. */
function watchMemory(pid) {
  let peakKb = 0;
  let phasePeakKb = 0;
  const timer = setInterval(() => {
    try {
      const rssKb = kbOf(statusOf(pid), 'VmRSS');
      peakKb = Math.max(peakKb, rssKb);
      phasePeakKb = Math.max(phasePeakKb, rssKb);
    } catch {
      /* exited */
    }
  }, 200);
  return {
    /** The peak since the last call (one kind's import). */
    phasePeakMb() {
      const mb = phasePeakKb / 1024;
      phasePeakKb = 0;
      return mb;
    },
    stop() {
      clearInterval(timer);
      let hwmKb = 0;
      try {
        hwmKb = kbOf(statusOf(pid), 'VmHWM');
      } catch {
        /* exited */
      }
      return { sampledMb: peakKb / 1024, hwmMb: hwmKb / 1024 };
    },
  };
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.stopping = true;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function waitForHealth(child) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/unauth/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer its health check');
}

async function recreateDatabase() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: options['database-url'] });
  await client.connect();
  try {
    await client.query('drop database if exists bench_migration with (force)');
    await client.query('create database bench_migration');
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------
// The administrator's side: sign in, upload, start, wait.

let token = '';
async function signIn() {
  const response = await fetch(`${base}/auth/local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = await response.json();
  // On a server database staff must enrol a second factor first: the benchmark signs the administrator's token itself, as the exam-day benchmark does its candidates'.
  token = body.jwt ?? (await mintStaffToken());
}

async function mintStaffToken() {
  const [{ default: pg }, { SignJWT }] = await Promise.all([import('pg'), import('jose')]);
  const client = new pg.Client({ connectionString: serverDatabaseUrl() });
  await client.connect();
  try {
    const { rows } = await client.query('select id, role from users where email = $1', [DEMO_ADMIN.identifier]);
    return new SignJWT({ role: rows[0].role, userType: 'admin', sv: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(rows[0].id)
      .setIssuer('certification-platform')
      .setAudience('certification-platform-api')
      .setIssuedAt()
      .setExpirationTime('2h')
      .sign(new TextEncoder().encode(JWT_SECRET));
  } finally {
    await client.end();
  }
}

async function api(method, url, body) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    // The access token is short-lived; a long import outlives it.
    if (response.status === 401 && attempt === 0) {
      await signIn();
      continue;
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  }
}

async function importKind(kind, file) {
  const started = performance.now();
  const size = statSync(file).size;
  const upload = await api('POST', '/api/migration/uploads', { fileName: path.basename(file), size });
  const target = upload.url.startsWith('http') ? upload.url : `${base}${upload.url}`;
  const put = await fetch(target, { method: 'PUT', headers: upload.headers, body: readFileSync(file) });
  if (!put.ok) throw new Error(`upload of ${kind}: ${put.status} ${await put.text()}`);
  const { id } = await api('POST', `/api/migration/${kind}`, { fileName: path.basename(file), fileKey: upload.fileKey, dryRun: false });
  const queuedSeconds = (performance.now() - started) / 1000;
  let found;
  let lastShown = 0;
  for (;;) {
    found = await api('GET', `/api/migration/${id}`);
    if (found.status === 'Finished' || found.status === 'Failed') break;
    if (performance.now() - lastShown > 15_000) {
      lastShown = performance.now();
      console.log(`  ${kind}: ${found.processedRows}/${found.totalRows} rows after ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const seconds = (performance.now() - started) / 1000;
  if (found.status === 'Failed') throw new Error(`${kind} failed: ${found.error}`);
  return { id, kind, rows: found.totalRows, bytes: size, seconds, queuedSeconds, created: found.created, refused: found.refused, refusedRows: found.refusedRows.slice(0, 3) };
}

// ---------------------------------------------------------------------------------------------

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
if (options['database-url']) await recreateDatabase();
console.log(`Legacy import benchmark: scale ${scale}, ${options['database-url'] ? 'PostgreSQL' : 'PGlite'}, ${options.compiled ? 'compiled' : 'tsx'} server${options['heap-mb'] ? ` (heap at most ${options['heap-mb']} MB)` : ''}; machine: ${os.cpus().length} cores, load ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
// The first start migrates and seeds the demo (its memory is start-up's, not the import's); the measured server starts on that database.
const seeding = startServer();
try {
  await waitForHealth(seeding);
} finally {
  await stopServer(seeding);
}
const server = startServer();
const results = [];
let memory;
try {
  await waitForHealth(server);
  await signIn();
  const idleMb = kbOf(statusOf(server.pid), 'VmRSS') / 1024;
  const wpqTemplate = await templateOf(token, 'wpq');
  const chosen = new Set(options.kinds.split(','));
  const files = {};
  if (chosen.has('applicants')) files.applicants = await writeFile('applicants.csv', (await templateOf(token, 'applicants')).columns, counts.applicants, applicantLine);
  if (chosen.has('awards')) files.awards = await writeFile('awards.csv', (await templateOf(token, 'awards')).columns, counts.awards, awardLine);
  if (!chosen.has('wpq')) console.log('WPQ records left out (--kinds).');
  else if (wpqTemplate) {
    const example = Object.fromEntries(wpqTemplate.columns.map((column) => [column, '']));
    // The template's example row, read properly: it quotes cells with commas.
    const { parse } = await import('csv-parse/sync');
    const [row] = parse(`${wpqTemplate.columns.join(',')}\n${wpqTemplate.example}\n`, { columns: true });
    Object.assign(example, row);
    files.wpq = await writeFile('wpq.csv', wpqTemplate.columns, counts.wpq, wpqLine(example));
  } else console.log('No wpq kind on this server: WPQ records left out.');
  console.log(`Files: ${Object.entries(files).map(([kind, file]) => `${kind} ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB`).join(', ')}; server idle ${idleMb.toFixed(0)} MB`);
  memory = watchMemory(server.pid);
  const totalStart = performance.now();
  for (const [kind, file] of Object.entries(files)) {
    const result = await importKind(kind, file).catch((error) => ({ kind, error }));
    if (result.error) {
      console.log(`${kind.padEnd(11)} FAILED: ${result.error.message}`);
      continue;
    }
    results.push(result);
    console.log(
      `${kind.padEnd(11)} ${String(result.rows).padStart(7)} rows in ${result.seconds.toFixed(1).padStart(6)} s = ${(result.rows / result.seconds).toFixed(0).padStart(5)} rows/s, peak RSS ${memory.phasePeakMb().toFixed(0)} MB` +
        ` (upload and checks ${result.queuedSeconds.toFixed(1)} s; created ${result.created}, refused ${result.refused}${result.refused ? `: ${JSON.stringify(result.refusedRows)}` : ''})`,
    );
  }
  const totalSeconds = (performance.now() - totalStart) / 1000;
  const peak = memory.stop();
  const rows = results.reduce((sum, result) => sum + result.rows, 0);
  const confirmations = results.some((result) => result.kind === 'wpq') ? counts.wpq * CONFIRMATIONS_PER_RECORD : 0;
  console.log(`Total: ${rows} rows${confirmations ? ` (with ${confirmations} WPQ confirmations)` : ''} in ${totalSeconds.toFixed(1)} s = ${(rows / totalSeconds).toFixed(0)} rows/s`);
  console.log(`Server memory: idle ${idleMb.toFixed(0)} MB; peak RSS ${peak.sampledMb.toFixed(0)} MB sampled during the imports, ${peak.hwmMb.toFixed(0)} MB high-water mark (VmHWM, start included)`);
  const fullScale = scale === 1 ? '' : ` (at scale ${scale}; the target is for scale 1)`;
  console.log(`Against the targets${fullScale}: time ${(totalSeconds / TARGET_SECONDS).toFixed(2)} of 10 min, memory ${(peak.hwmMb / TARGET_MB).toFixed(2)} of 400 MB${options['database-url'] ? '' : " (the embedded PGlite lives in the server's process)"}`);
  if (options.undo) {
    for (const result of [...results].reverse()) {
      const undoStart = performance.now();
      const undone = await api('POST', `/api/migration/${result.id}/undo`).catch((error) => ({ status: `refused: ${error.message}` }));
      console.log(`undo ${result.kind.padEnd(11)} ${String(result.rows).padStart(7)} rows in ${((performance.now() - undoStart) / 1000).toFixed(1).padStart(6)} s: ${undone.status}`);
    }
  }
  console.log(`Machine load afterwards: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
} finally {
  memory?.stop();
  await stopServer(server);
  if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
}
