// Exam fault injection (issue 15): N candidates sit one scheduled online module exam of Q questions
// against two server processes on PostgreSQL while the network and the processes fail, then the
// database is checked for what every candidate's browser saw acknowledged.
//
//   npm run bench -- --faults                         1,000 candidates, an 8-minute sitting
//   npm run bench -- --faults --candidates 200 --minutes 4 --no-pg-restart
//
// Faults, all during the sitting:
// - a client wrapper in front of two server processes, round-robin per request (a load balancer
//   without sticky sessions), drops 5 % of requests before they reach a server (the browser sees a
//   network error) and 5 % of the answers of save, launch, session and submit calls after the
//   server sent them, i.e. after the commit (the browser sees a network error too);
// - one server process is killed (SIGKILL) and restarted at 25 % of the sitting, the other at 65 %;
// - PostgreSQL is restarted (`pg_ctlcluster <version> main restart`) at 45 % (skip: --no-pg-restart);
// - one candidate's clock is 10 minutes fast (it must get the same deadline: the server's clock decides);
// - one sitting is submitted ten times at once (one change).
// Each candidate's browser is bench/exam-candidate.mjs's, modelled on apps/web/src/features/exam
// (answer-queue.ts, exam-controller.ts, exam-clock.ts): per-question sequence numbers and cumulative
// totals, one update per question waiting (a newer one replaces it), one request at a time, batches
// of up to 200, back-off 1, 2, 4, 8, 15, 30 s after a network error or a 5xx, "applied" and "stale"
// both done, 409 stops; Submit sends what waits first and is pressed again after a failure. A
// planned restart, SIGTERM behind a load balancer, is bench/rolling-restart.mjs (`--rolling-restart`).
//
// Options: --candidates N (1000), --minutes M (8), --questions Q (60), --database-url URL (a server
// database; a fresh database "bench_faults" is made on it), --port P (3390: servers on P and P+1),
// --drop-before R (0.05), --drop-after R (0.05), --no-pg-restart, --pg-version V (from /etc/postgresql),
// --keep-database, --tsx (the servers from TypeScript; by default production's command on the
// compiled bundle, apps/server/server-command.mjs: `npm run build` first). Exits 1 when an
// acknowledged answer is lost or counted twice, a sitting is not submitted exactly once, or the
// deadlines differ.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs, promisify } from 'node:util';
import { requestJson, SKEW_MS, sit, verify } from './exam-candidate.mjs';
import { dropDatabase, exitOf, freshDatabase, seedScheduledModule, serverEntry, sleep, startServer as startServerProcess, stopServer, waitFor, withClient, withTokens } from './exam-setup.mjs';
import { productionAutovacuum } from './production-postgres.mjs';

const { values: options } = parseArgs({
  options: {
    candidates: { type: 'string', default: '1000' },
    minutes: { type: 'string', default: '8' },
    questions: { type: 'string', default: '60' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '3390' },
    'drop-before': { type: 'string', default: '0.05' },
    'drop-after': { type: 'string', default: '0.05' },
    'no-pg-restart': { type: 'boolean', default: false },
    'pg-version': { type: 'string' },
    'keep-database': { type: 'boolean', default: false },
    tsx: { type: 'boolean', default: false },
  },
});
const CANDIDATES = Number(options.candidates);
const MINUTES = Number(options.minutes);
const QUESTIONS = Number(options.questions);
const DROP_BEFORE = Number(options['drop-before']);
const DROP_AFTER = Number(options['drop-after']);
const PORTS = [Number(options.port), Number(options.port) + 1];
if (!(CANDIDATES >= 2 && MINUTES >= 3 && QUESTIONS >= 4 && DROP_BEFORE >= 0 && DROP_AFTER >= 0 && DROP_BEFORE + DROP_AFTER < 1)) {
  throw new Error('--candidates >= 2, --minutes >= 3, --questions >= 4 and drop rates between 0 and 1 are needed');
}
const DATABASE = 'bench_faults';
const SITTING_MS = MINUTES * 60_000;
/** The test's own time (the sitting's length is the schedule's, decision 041). */
const TEST_MINUTES = MINUTES + 2;
/** The schedule's duration from a minute before the set-up: the deadline is 4 minutes after the sitting's last submission, so that retries at the end still come before it. */
const SCHEDULED_MINUTES = MINUTES + 5;
const JWT_SECRET = 'exam-fault-benchmark-secret-long-enough-for-hs256';
const POOL_SIZE = 10;
const SKEWED = 0;
const TEN_SUBMITS = 1;
/** The faults, as fractions of the sitting. */
const FAULTS = [
  { at: 0.25, kind: 'kill', server: 0 },
  { at: 0.45, kind: 'pg' },
  { at: 0.65, kind: 'kill', server: 1 },
].filter((fault) => fault.kind !== 'pg' || !options['no-pg-restart']);

const baseUrl = new URL(options['database-url']);
let benchUrl;

/** Server `index` (0 or 1), by production's command (decision 043), or from TypeScript with --tsx. */
function startServer(index) {
  return startServerProcess({
    port: PORTS[index],
    databaseUrl: benchUrl,
    jwtSecret: JWT_SECRET,
    poolSize: POOL_SIZE,
    publicUrl: `http://127.0.0.1:${PORTS[0]}`,
    entry: serverEntry({ tsx: options.tsx }),
    // The servers' warnings are counted and summed up at the end (a PostgreSQL restart logs one per lost connection).
    onLine: (line) => serverLog.set(line, (serverLog.get(line) ?? 0) + 1),
  });
}

// ---------------------------------------------------------------------------------------------
// The network between the browsers and the servers: a round-robin over the two servers, dropping
// some requests before they arrive and some answers after the server sent them.

const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });
const serverLog = new Map();
/** When each call failed on its own (network error or 5xx, not a dropped one): how long each fault disturbed. */
const failures = [];
const counts = new Map();
const count = (key, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n);
let nextServer = 0;
/** A server found not listening is skipped for a moment, as a load balancer's passive health check would. */
const downUntil = [0, 0];

function pickServer() {
  for (let i = 0; i < PORTS.length; i += 1) {
    const index = nextServer++ % PORTS.length;
    if (downUntil[index] <= Date.now()) return index;
  }
  return nextServer++ % PORTS.length;
}

/** Calls whose answers may be lost after the server acted: the writes. */
const DROP_AFTER_KINDS = new Set(['save', 'launch', 'session', 'submit']);

/**
 * One JSON call as the browser sees it (exam-candidate.mjs's `call`): dropped on the way or its
 * answer lost at the rates asked. `faults: false` sends it straight (the ten simultaneous submits,
 * to count their answers).
 */
function call(kind, method, url, body, token, { timeoutMs, faults = true } = {}) {
  count(`${kind} sent`);
  if (faults && Math.random() < DROP_BEFORE) {
    count(`${kind} dropped before`);
    // The connection broke on the way: the browser learns it after a moment.
    return sleep(50 + Math.random() * 450).then(() => ({ status: 0, json: { message: 'dropped before the server' } }));
  }
  const dropAfter = faults && DROP_AFTER_KINDS.has(kind) && Math.random() < DROP_AFTER;
  const server = pickServer();
  return requestJson({ port: PORTS[server], method, path: url, body, token, agent, timeoutMs }).then((response) => {
    if (response.status === 0) {
      if (response.error === 'ECONNREFUSED') downUntil[server] = Date.now() + 2000;
      count(`${kind} ${response.error}`);
      failures.push(performance.now());
      return response;
    }
    if (dropAfter) {
      count(`${kind} dropped after (status ${response.status})`);
      return { status: 0, json: { message: 'answer dropped after the server' } };
    }
    count(`${kind} status ${response.status}`);
    if (response.status >= 500) failures.push(performance.now());
    return response;
  });
}

// ---------------------------------------------------------------------------------------------
// The faults and the checks.

function pgVersion() {
  if (options['pg-version']) return options['pg-version'];
  const versions = readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('No PostgreSQL cluster under /etc/postgresql: pass --no-pg-restart');
  return versions[0];
}

async function runFault(fault, servers, log) {
  const started = performance.now();
  fault.startedAt = started;
  if (fault.kind === 'kill') {
    const victim = servers[fault.server];
    victim.stopping = true;
    victim.kill('SIGKILL');
    await exitOf(victim);
    servers[fault.server] = startServer(fault.server);
    await waitFor(`http://127.0.0.1:${PORTS[fault.server]}/api/launchexam/servertime`);
    log.push(`server on ${PORTS[fault.server]} killed (SIGKILL) at ${fault.at * 100} % and answering again after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } else {
    const version = pgVersion();
    await promisify(execFile)('pg_ctlcluster', [version, 'main', 'restart']);
    const restarted = performance.now();
    // Until the servers' pools have new connections, requests fail (5xx) and are retried.
    log.push(`PostgreSQL ${version} restarted at ${fault.at * 100} % (pg_ctlcluster took ${((restarted - started) / 1000).toFixed(1)} s)`);
  }
}

/** Each answer saved (leaving the question to the acknowledgement), launch and submit, retries included. */
const latencies = { saved: [], launch: [], submit: [] };
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const fmtMs = (values) => `p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, max ${percentile(values, 100).toFixed(0)} ms (${values.length})`;
const pct = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(2)} %` : '-');
const sumOf = (prefix) => [...counts].filter(([key]) => key.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0);

async function main() {
  const cpus = os.cpus();
  console.log(
    `Exam fault injection: ${CANDIDATES} candidates × ${QUESTIONS} questions, a ${MINUTES}-minute sitting (scheduled for ${SCHEDULED_MINUTES} min), two server processes (ports ${PORTS.join(', ')}), ` +
      `drops ${DROP_BEFORE * 100} % before / ${DROP_AFTER * 100} % after; ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}; ${new Date().toISOString()}`,
  );
  benchUrl = await freshDatabase(baseUrl, DATABASE);
  const autovacuum = await productionAutovacuum(baseUrl);
  console.log(`PostgreSQL: ${autovacuum.note}`);
  const servers = [];
  try {
    // One after another: each migrates the database at start.
    for (const index of PORTS.keys()) {
      servers.push(startServer(index));
      await waitFor(`http://127.0.0.1:${PORTS[index]}/api/launchexam/servertime`);
    }
    const rows = await withClient(benchUrl, (client) =>
      seedScheduledModule(client, { code: 'FAULTS', candidates: CANDIDATES, questions: QUESTIONS, testMinutes: TEST_MINUTES, windowMinutes: SCHEDULED_MINUTES }),
    );
    const candidates = await withTokens(rows, JWT_SECRET, MINUTES + 30);
    console.log(`Set up ${candidates.length} candidates. Faults: ${FAULTS.map((f) => `${f.kind === 'kill' ? `kill server ${f.server + 1}` : 'restart PostgreSQL'} at ${f.at * 100} %`).join(', ')}.`);
    const t0 = performance.now() + 1000;
    const log = [];
    const faults = FAULTS.map((fault) =>
      sleep(t0 + fault.at * SITTING_MS - performance.now())
        .then(() => runFault(fault, servers, log))
        .catch(async (error) => {
          // A server that does not come back would leave every candidate retrying: stop here.
          console.error(`The fault "${fault.kind}" failed: ${error.message}`);
          for (const server of servers) await stopServer(server);
          process.exit(2);
        }),
    );
    const loadBefore = os.loadavg()[0];
    const sitting = { call, sittingMs: SITTING_MS, latency: (kind, ms) => latencies[kind].push(ms), skewedIndex: SKEWED, tenSubmitsIndex: TEN_SUBMITS };
    await Promise.all([...candidates.map((candidate, index) => sit(candidate, index, t0, sitting)), ...faults]);
    const seconds = (performance.now() - t0) / 1000;
    const checks = await withClient(benchUrl, (client) => verify(client, candidates));

    const ledgers = candidates.map((c) => c.ledger);
    const total = (pick) => ledgers.reduce((sum, l) => sum + pick(l), 0);
    const applied = total((l) => l.outcomes.applied);
    const stale = total((l) => l.outcomes.stale);
    const recorded = total((l) => l.recorded);
    console.log(`\nSitting: ${seconds.toFixed(0)} s, load average ${loadBefore.toFixed(1)} before, ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} after.`);
    for (const line of log) console.log(`  ${line}`);
    // Each fault's disturbance: the calls that failed from its start until the next fault (or the end).
    const startedFaults = FAULTS.filter((fault) => fault.startedAt !== undefined);
    for (const [i, fault] of startedFaults.entries()) {
      const until = startedFaults[i + 1]?.startedAt ?? Infinity;
      const hit = failures.filter((time) => time >= fault.startedAt && time < until);
      const name = fault.kind === 'kill' ? `killing server ${fault.server + 1}` : 'restarting PostgreSQL';
      console.log(`  ${name}: ${hit.length} calls failed (network error or 5xx)${hit.length ? `, the last ${((hit.at(-1) - fault.startedAt) / 1000).toFixed(1)} s after the fault began` : ''}`);
    }
    const outside = failures.filter((time) => !startedFaults.some((fault, i) => time >= fault.startedAt && time < (startedFaults[i + 1]?.startedAt ?? Infinity)));
    console.log(`  other failed calls (not dropped on purpose): ${outside.length}`);
    if (serverLog.size > 0) console.log(`  server warnings: ${[...serverLog].map(([line, n]) => `${n} × ${line.slice(0, 160)}`).join('; ')}`);
    console.log('\nRequests (sent, dropped before / after, network errors, statuses):');
    for (const kind of ['launch', 'session', 'save', 'remaining time', 'server time', 'submit']) {
      const sent = counts.get(`${kind} sent`) ?? 0;
      const before = counts.get(`${kind} dropped before`) ?? 0;
      const after = sumOf(`${kind} dropped after`);
      const rest = [...counts].filter(([k]) => k.startsWith(`${kind} `) && !k.endsWith(' sent') && !k.includes('dropped')).map(([k, n]) => `${k.slice(kind.length + 1)} ${n}`);
      console.log(`  ${kind}: ${sent} sent; dropped before ${before} (${pct(before, sent)}), answer dropped after ${after} (${pct(after, sent)}); ${rest.join(', ')}`);
    }
    const saves = counts.get('save sent') ?? 0;
    console.log(
      `\nAnswers: ${recorded} updates recorded by the browsers (${total((l) => l.replacedWhileWaiting)} replaced by a newer one of the same question while waiting); ` +
        `${applied} acknowledged as applied, ${stale} as stale (a retry of an update the server already held: ${pct(stale, applied + stale)}), invalid ${total((l) => l.invalid)}; ` +
        `${saves} save requests (${(saves / Math.max(1, applied + stale)).toFixed(3)} a acknowledged update), ${total((l) => l.retries)} of them retries after a failure; ` +
        `left unsent at submission ${total((l) => l.unsent ?? 0)}; queues stopped by a 409: ${total((l) => l.stops.length)}`,
    );
    console.log(`Answer saved (leaving the question to the acknowledgement, retries included): ${fmtMs(latencies.saved)}`);
    console.log(`Launch (retries included): ${fmtMs(latencies.launch)}; submit: ${fmtMs(latencies.submit)}`);
    const retriesOf = {};
    for (const l of ledgers) for (const [what, n] of Object.entries(l.retriesOf)) retriesOf[what] = (retriesOf[what] ?? 0) + n;
    console.log(`Calls pressed again after a network error or 5xx: ${JSON.stringify(retriesOf)}`);
    const skewed = ledgers[SKEWED];
    const skewedSitting = candidates[SKEWED].examId;
    const skewSamples = skewed.skew.map((sample) => `${sample.shownRemaining.toFixed(1)} / ${sample.serverRemaining} (±${sample.toleranceS.toFixed(1)})`).join(', ');
    console.log(
      `\nClock 10 minutes fast (candidate ${SKEWED + 1}): offsets measured ${skewed.offsets.map((o) => `${(o.offsetMs / 1000).toFixed(1)} (round trip ${(o.roundTripMs / 1000).toFixed(1)})`).join(', ')} s; deadlines seen ${[...skewed.deadlines].join(', ')} ` +
        `(sitting ${skewedSitting}); remaining time it shows / the server's, in s: ${skewSamples || 'no sample'}`,
    );
    console.log(`Ten simultaneous submits (candidate ${TEN_SUBMITS + 1}): ${ledgers[TEN_SUBMITS].submits?.join('; ') ?? 'not sent'}`);
    const ten = ledgers[TEN_SUBMITS].submits ?? [];
    const tenOk = ten.filter((s) => s.startsWith('200')).length === 1 && ten.filter((s) => s.startsWith('409')).length === 9;
    const skewOk =
      skewed.skew.length > 0 &&
      skewed.skew.every((sample) => Math.abs(sample.offsetMs + SKEW_MS) <= sample.roundTripMs / 2 + 1000 && Math.abs(sample.shownRemaining - sample.serverRemaining) <= sample.toleranceS) &&
      skewed.deadlines.size === 1;
    console.log(
      `\nChecked in the database: ${checks.checked} acknowledged answers; lost ${checks.lost}, time or attempts counted twice ${checks.timeTwice}, stored value differs ${checks.differentValue}; ` +
        `sittings ${checks.sittings} for ${CANDIDATES} candidates (modules with more than one: ${checks.duplicateSittings}), by status ${checks.sittingsByStatus.map(([s, n]) => `${s} ${n}`).join(', ')}; ` +
        `not submitted exactly once by the candidate: ${checks.notSubmittedOnce}; deadline other than the scheduled sitting's end: ${checks.deadlineMismatch}; a browser saw its deadline change: ${checks.deadlineChanged}`,
    );
    console.log(`Ratios: lost / acknowledged ${checks.lost} / ${checks.checked}; submitted / candidates ${checks.byStatus.Submitted ?? 0} / ${CANDIDATES}; ten submits gave one 200 and nine 409: ${tenOk ? 'yes' : 'no'}; skewed clock got the server's deadline: ${skewOk ? 'yes' : 'no'}`);
    for (const problem of checks.problems.slice(0, 40)) console.log(`  ! ${problem}`);
    const isCorrect =
      checks.lost + checks.timeTwice + checks.differentValue + checks.duplicateSittings + checks.notSubmittedOnce + checks.deadlineMismatch + checks.deadlineChanged === 0 &&
      checks.sittings === CANDIDATES && tenOk && skewOk;
    console.log(isCorrect ? '\nNo acknowledged answer lost or counted twice; every sitting submitted once.' : '\nFAILED: see above.');
    if (!isCorrect) process.exitCode = 1;
  } finally {
    for (const server of servers) await stopServer(server);
    agent.destroy();
    if (!options['keep-database']) await dropDatabase(baseUrl, DATABASE);
    await autovacuum.restore();
  }
}

await main();
