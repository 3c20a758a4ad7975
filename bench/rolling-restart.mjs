// Rolling restart in the middle of a sitting (issue 44): N candidates sit one scheduled online
// module exam against two server instances on one PostgreSQL behind HAProxy, configured as
// deploy/haproxy.cfg's backend (readiness checks on /unauth/ready, retries, redispatch); in the
// middle of the sitting one instance gets SIGTERM, and once it has exited, been started again, answers
// ready and HAProxy has it up again, so does the other. Then the database is checked for what every
// candidate's browser saw acknowledged.
//
//   npm run bench -- --rolling-restart                          1,000 candidates, an 8-minute sitting
//   npm run bench -- --rolling-restart --candidates 300 --minutes 4
//
// Each instance runs production's command (apps/server/server-command.mjs, the compiled bundle:
// `npm run build` first) with SHUTDOWN_DRAIN_SECONDS=6 and SHUTDOWN_GRACE_SECONDS=20, as
// docs/operations.md sets them. The candidates are exam-faults.mjs's (bench/exam-candidate.mjs: the
// exam page's answer queue, back-off and Retry-After, Submit pressed again after a failure), each
// with its own kept-alive connections to HAProxy, as a browser has; nothing is dropped on purpose.
//
// Prints the restarts (SIGTERM to exit, exit code, start to ready, HAProxy's view), every call's
// outcome during the restarts and outside them, the errors the candidates saw (a busy 503 the page
// asks again after, and an answer save its queue sends again, are counted but are no error of the
// candidate's; a launch, session claim or submission that failed otherwise is one: the candidate
// has to press again), the latency during the restarts against issue 7's targets (and outside
// them, for comparison) as ratios, and the database's check of every acknowledged answer.
//
// Options: --candidates N (1000), --minutes M (8), --questions Q (60), --restart-at F (0.35: the
// first SIGTERM at this fraction of the sitting), --database-url URL (a server database; a fresh
// database "bench_rolling" is made on it), --port P (3380: instances on P and P+1, HAProxy on P+2),
// --lb-max-conn N (64, as deploy/haproxy.cfg), --drain-seconds S (6), --tsx (the server from
// TypeScript), --keep-database. Exits 1 when an acknowledged answer is lost or counted twice, a
// sitting is not submitted exactly once, a candidate saw an error, or an instance did not exit 0.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { requestJson, sit, verify } from './exam-candidate.mjs';
import { dropDatabase, exitOf, freshDatabase, seedScheduledModule, serverEntry, sleep, startServer, stopServer, waitFor, withClient, withTokens } from './exam-setup.mjs';
import { deployedReadinessChecks, loadBalancerStats, startLoadBalancer } from './load-balancer.mjs';
import { productionAutovacuum } from './production-postgres.mjs';

const { values: options } = parseArgs({
  options: {
    candidates: { type: 'string', default: '1000' },
    minutes: { type: 'string', default: '8' },
    questions: { type: 'string', default: '60' },
    'restart-at': { type: 'string', default: '0.35' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '3380' },
    'lb-max-conn': { type: 'string', default: '64' },
    'drain-seconds': { type: 'string', default: '6' },
    tsx: { type: 'boolean', default: false },
    'keep-database': { type: 'boolean', default: false },
  },
});
const CANDIDATES = Number(options.candidates);
const MINUTES = Number(options.minutes);
const QUESTIONS = Number(options.questions);
const RESTART_AT = Number(options['restart-at']);
const PORTS = [Number(options.port), Number(options.port) + 1];
const LB_PORT = Number(options.port) + 2;
const LB_MAX_CONN = Number(options['lb-max-conn']);
const DRAIN_SECONDS = Number(options['drain-seconds']);
if (!(CANDIDATES >= 2 && MINUTES >= 3 && QUESTIONS >= 4 && RESTART_AT > 0 && RESTART_AT < 0.8 && LB_MAX_CONN >= 1 && DRAIN_SECONDS >= 0)) {
  throw new Error('--candidates >= 2, --minutes >= 3, --questions >= 4, --restart-at between 0 and 0.8, --lb-max-conn >= 1 and --drain-seconds >= 0 are needed');
}
const DATABASE = 'bench_rolling';
const SITTING_MS = MINUTES * 60_000;
/** The test's own time (the sitting's length is the schedule's, decision 041). */
const TEST_MINUTES = MINUTES + 2;
/** The schedule's duration from a minute before the set-up: the deadline is 4 minutes after the sitting's last submission, so that retries at the end still come before it. */
const SCHEDULED_MINUTES = MINUTES + 5;
const JWT_SECRET = 'rolling-restart-benchmark-secret-long-enough-for-hs256';
const POOL_SIZE = 10;
const GRACE_SECONDS = 20;
/** Connections a browser opens to one host over HTTP/1.1 (Chrome, Firefox). */
const BROWSER_CONNECTIONS = 6;
/** Issue 7's targets, as exam-day.mjs checks them: the call, the percentile, the limit in ms. */
const TARGETS = [
  { kind: 'server time', percentile: 99, ms: 50 },
  { kind: 'save', percentile: 99, ms: 150 },
  { kind: 'launch', percentile: 95, ms: 2000 },
];
/** The calls whose failure the candidate sees (an error on the screen, pressed again); a busy 503 the page asks again after is not one. */
const PRESSED_AGAIN = new Set(['launch', 'session', 'submit']);

// ---------------------------------------------------------------------------------------------
// The browsers' network: every call through HAProxy, each candidate on its own kept-alive connections.

/** Every call: what, when it was sent (performance.now()), how long it took and how it ended. */
const calls = [];
const agents = new Map();
const agentOf = (browser) => {
  if (!agents.has(browser)) agents.set(browser, new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS }));
  return agents.get(browser);
};

async function call(kind, method, url, body, token, { timeoutMs, browser } = {}) {
  const sentAt = performance.now();
  const response = await requestJson({ port: LB_PORT, method, path: url, body, token, agent: agentOf(browser), timeoutMs });
  const outcome = response.status === 0 ? response.error : response.status === 503 && response.retryAfterMs !== null ? '503 busy' : String(response.status);
  calls.push({ kind, sentAt, ms: performance.now() - sentAt, outcome });
  return response;
}

// ---------------------------------------------------------------------------------------------
// The instances and the restarts.

const serverLog = new Map();

function startInstance(index) {
  return startServer({
    port: PORTS[index],
    databaseUrl: benchUrl,
    jwtSecret: JWT_SECRET,
    poolSize: POOL_SIZE,
    publicUrl: `http://127.0.0.1:${LB_PORT}`,
    entry: serverEntry({ tsx: options.tsx }),
    env: { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS) },
    onLine: (line) => serverLog.set(line, (serverLog.get(line) ?? 0) + 1),
  });
}

/** Until HAProxy's checks have every instance up (`rise 3`: three good checks in a row). */
async function untilAllUp(balancer, limitMs = 120_000) {
  const until = performance.now() + limitMs;
  for (;;) {
    const { serverStates } = await loadBalancerStats(balancer);
    if (serverStates.every((state) => state === 'UP')) return;
    if (performance.now() > until) throw new Error(`HAProxy does not have every instance up: ${serverStates.join(', ')}`);
    await sleep(100);
  }
}

/**
 * SIGTERM to instance `index`; its exit; a new one started and answering ready; HAProxy sending to
 * it again. Meanwhile HAProxy's view of it is sampled to find when it took it out. Returns the moments.
 */
async function restart(index, servers, balancer) {
  const sigtermAt = performance.now();
  const victim = servers[index];
  victim.stopping = true;
  victim.kill('SIGTERM');
  let outAt = null;
  let hasRestarted = false;
  const watching = (async () => {
    while (outAt === null && !hasRestarted) {
      const { serverStates } = await loadBalancerStats(balancer).catch(() => ({ serverStates: [] }));
      if (serverStates[index] && serverStates[index] !== 'UP' && !serverStates[index].startsWith('UP ')) outAt = performance.now();
      else await sleep(100);
    }
  })();
  const exitCode = await exitOf(victim);
  const exitedAt = performance.now();
  servers[index] = startInstance(index);
  await waitFor(`http://127.0.0.1:${PORTS[index]}/unauth/ready`);
  const readyAt = performance.now();
  await untilAllUp(balancer);
  const upAt = performance.now();
  hasRestarted = true;
  await watching;
  return { index, exitCode, sigtermAt, outAt, exitedAt, readyAt, upAt };
}

// ---------------------------------------------------------------------------------------------
// The report.

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const fmt = (ms) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const seconds = (from, to) => `${((to - from) / 1000).toFixed(1)} s`;

/** Outcomes of `list`'s calls: "200 1234, 503 busy 2, ECONNRESET 1". */
function outcomes(list) {
  const byOutcome = new Map();
  for (const c of list) byOutcome.set(c.outcome, (byOutcome.get(c.outcome) ?? 0) + 1);
  return [...byOutcome].sort(([, a], [, b]) => b - a).map(([outcome, n]) => `${outcome} ${n}`).join(', ');
}

const isAnswered = (c) => /^[1-4]\d\d$/.test(c.outcome);

function printLatency(during, outside) {
  console.log('\n| call | during the restarts p50 / p95 / p99 ms (calls) | the rest of the sitting p50 / p95 / p99 ms (calls) | target | during / target | rest / target |');
  console.log('|---|---|---|---|---|---|');
  for (const kind of ['server time', 'remaining time', 'save', 'launch', 'session', 'submit']) {
    // Every call that got an answer (a busy 503 included: the candidate waited for it), none that failed.
    const ms = (list) => list.filter((c) => c.kind === kind && (isAnswered(c) || c.outcome === '503 busy')).map((c) => c.ms);
    const [a, b] = [ms(during), ms(outside)];
    const cell = (values) => (values.length ? `${fmt(percentile(values, 50))} / ${fmt(percentile(values, 95))} / ${fmt(percentile(values, 99))} (${values.length})` : '– (0)');
    const target = TARGETS.find((t) => t.kind === kind);
    const ratio = (values) => (target && values.length ? (percentile(values, target.percentile) / target.ms).toFixed(2) : '–');
    console.log(`| ${kind} | ${cell(a)} | ${cell(b)} | ${target ? `p${target.percentile} ≤ ${target.ms} ms` : '–'} | ${ratio(a)} | ${ratio(b)} |`);
  }
}

// ---------------------------------------------------------------------------------------------

const baseUrl = new URL(options['database-url']);
let benchUrl;

async function main() {
  const cpus = os.cpus();
  console.log(
    `Rolling restart: ${CANDIDATES} candidates × ${QUESTIONS} questions, a ${MINUTES}-minute sitting (scheduled for ${SCHEDULED_MINUTES} min); two instances (ports ${PORTS.join(', ')}; ` +
      `SHUTDOWN_DRAIN_SECONDS=${DRAIN_SECONDS}, SHUTDOWN_GRACE_SECONDS=${GRACE_SECONDS}; ${options.tsx ? 'tsx' : 'compiled'}) behind HAProxy on ${LB_PORT} (readiness checks, at most ${LB_MAX_CONN} requests at once to each); ` +
      `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${new Date().toISOString()}`,
  );
  benchUrl = await freshDatabase(baseUrl, DATABASE);
  const autovacuum = await productionAutovacuum(baseUrl);
  console.log(`PostgreSQL at ${baseUrl.host}, database ${DATABASE}: ${autovacuum.note}`);
  const servers = [];
  let balancer;
  try {
    // One after another: each migrates the database at start (under the advisory lock).
    for (const index of PORTS.keys()) {
      servers.push(startInstance(index));
      await waitFor(`http://127.0.0.1:${PORTS[index]}/unauth/ready`);
    }
    balancer = startLoadBalancer({ folder: mkdtempSync(path.join(os.tmpdir(), 'rolling-restart-')), port: LB_PORT, serverPorts: PORTS, maxConnPerServer: LB_MAX_CONN, readinessChecks: deployedReadinessChecks() });
    await waitFor(`http://127.0.0.1:${LB_PORT}/unauth/health`);
    await untilAllUp(balancer);
    const rows = await withClient(benchUrl, (client) =>
      seedScheduledModule(client, { code: 'ROLLING', candidates: CANDIDATES, questions: QUESTIONS, testMinutes: TEST_MINUTES, windowMinutes: SCHEDULED_MINUTES }),
    );
    const candidates = await withTokens(rows, JWT_SECRET, MINUTES + 30);
    console.log(`Set up ${candidates.length} candidates; the first SIGTERM at ${RESTART_AT * 100} % of the sitting, the second once the first instance is back.`);

    const t0 = performance.now() + 1000;
    const latencies = { saved: [], launch: [], submit: [] };
    const sitting = { call, sittingMs: SITTING_MS, latency: (kind, ms) => latencies[kind].push(ms) };
    const restarts = [];
    const rolling = sleep(t0 + RESTART_AT * SITTING_MS - performance.now())
      .then(async () => {
        for (const index of PORTS.keys()) restarts.push(await restart(index, servers, balancer));
      })
      .catch(async (error) => {
        // A restart that fails would leave every candidate retrying: stop here.
        console.error(`The rolling restart failed: ${error.message}`);
        for (const server of servers) await stopServer(server);
        await stopServer(balancer);
        process.exit(2);
      });
    await Promise.all([...candidates.map((candidate, index) => sit(candidate, index, t0, sitting)), rolling]);
    const sittingSeconds = (performance.now() - t0) / 1000;
    const lb = await loadBalancerStats(balancer);
    const checks = await withClient(benchUrl, (client) => verify(client, candidates));

    console.log(`\nSitting: ${sittingSeconds.toFixed(0)} s, ${calls.length} calls; load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}.`);
    for (const r of restarts) {
      console.log(
        `  instance ${r.index + 1} (port ${PORTS[r.index]}): SIGTERM at ${seconds(t0, r.sigtermAt)}; out of HAProxy after ${r.outAt === null ? 'never seen out' : seconds(r.sigtermAt, r.outAt)}; ` +
          `exited ${r.exitCode} after ${seconds(r.sigtermAt, r.exitedAt)}; started again and ready after ${seconds(r.exitedAt, r.readyAt)} more; up in HAProxy ${seconds(r.readyAt, r.upAt)} later (${seconds(r.sigtermAt, r.upAt)} in all)`,
      );
    }
    if (serverLog.size > 0) console.log(`  instances' error output: ${[...serverLog].map(([line, n]) => `${n} × ${line.slice(0, 160)}`).join('; ')}`);
    console.log(`  HAProxy: ${lb.requests} requests, ${lb.errorResponses} answered 5xx, ${lb.retried} connections retried, ${lb.redispatched} redispatched to the other instance`);

    // The restarts' window: from the first SIGTERM until the last instance is up again.
    const [from, to] = [restarts[0].sigtermAt, restarts.at(-1).upAt];
    const during = calls.filter((c) => c.sentAt >= from && c.sentAt < to);
    const outside = calls.filter((c) => c.sentAt < from || c.sentAt >= to);
    console.log(`\nCalls by outcome, during the restarts (${seconds(from, to)}) | the rest of the sitting:`);
    for (const kind of ['launch', 'session', 'server time', 'remaining time', 'save', 'submit']) {
      const mine = (list) => list.filter((c) => c.kind === kind);
      console.log(`  ${kind}: ${outcomes(mine(during)) || 'none'} | ${outcomes(mine(outside)) || 'none'}`);
    }

    const failed = (c) => !isAnswered(c) && c.outcome !== '503 busy';
    const busy = calls.filter((c) => c.outcome === '503 busy');
    const seen = calls.filter((c) => PRESSED_AGAIN.has(c.kind) && (failed(c) || /^4/.test(c.outcome)) && !(c.kind === 'submit' && c.outcome === '409'));
    const saveFailures = calls.filter((c) => c.kind === 'save' && failed(c));
    const pollFailures = calls.filter((c) => (c.kind === 'server time' || c.kind === 'remaining time') && failed(c));
    const ledgers = candidates.map((c) => c.ledger);
    const stops = ledgers.reduce((sum, l) => sum + l.stops.length, 0);
    const unfinished = ledgers.filter((l) => l.failed).length;
    console.log(
      `\nErrors the candidates saw: ${seen.length} (a launch, session claim or submission failing other than busy: the candidate presses again${seen.length ? `: ${outcomes(seen)}` : ''}); ` +
        `answer queues stopped (409) ${stops}; candidates who could not finish ${unfinished}.` +
        `\nRetried by the page itself: ${busy.length} busy 503s asked again after their Retry-After (${outcomes(busy.map((c) => ({ outcome: c.kind }))) || 'none'}); ` +
        `${saveFailures.length} answer saves sent again by the queue (${outcomes(saveFailures) || 'none'}; a network error shows the page's "connection lost" until the retry); ` +
        `${pollFailures.length} clock polls or remaining-time reports missed (${outcomes(pollFailures) || 'none'}; the next one comes as planned).`,
    );
    const applied = ledgers.reduce((sum, l) => sum + l.outcomes.applied, 0);
    const stale = ledgers.reduce((sum, l) => sum + l.outcomes.stale, 0);
    console.log(
      `Answers: ${ledgers.reduce((sum, l) => sum + l.recorded, 0)} updates recorded by the browsers; ${applied} acknowledged as applied, ${stale} as stale (a retry of an update the server already held); ` +
        `answer saved (leaving the question to the acknowledgement, retries included) p50 ${fmt(percentile(latencies.saved, 50))} ms, p99 ${fmt(percentile(latencies.saved, 99))} ms, max ${fmt(percentile(latencies.saved, 100))} ms`,
    );
    printLatency(during, outside);
    console.log(
      `\nChecked in the database: ${checks.checked} acknowledged answers; lost ${checks.lost}, time or attempts counted twice ${checks.timeTwice}, stored value or sequence differs ${checks.differentValue}; ` +
        `sittings ${checks.sittings} for ${CANDIDATES} candidates (modules with more than one: ${checks.duplicateSittings}), by status ${checks.sittingsByStatus.map(([s, n]) => `${s} ${n}`).join(', ')}; ` +
        `not submitted exactly once by the candidate: ${checks.notSubmittedOnce}; deadline other than the scheduled sitting's end: ${checks.deadlineMismatch}; a browser saw its deadline change: ${checks.deadlineChanged}`,
    );
    for (const problem of checks.problems.slice(0, 40)) console.log(`  ! ${problem}`);
    const isLedgerRight =
      checks.lost + checks.timeTwice + checks.differentValue + checks.duplicateSittings + checks.notSubmittedOnce + checks.deadlineMismatch + checks.deadlineChanged === 0 && checks.sittings === CANDIDATES;
    const isExitClean = restarts.every((r) => r.exitCode === 0);
    const isUnseen = seen.length + stops + unfinished === 0;
    console.log(
      `\nLost / acknowledged ${checks.lost} / ${checks.checked}; errors the candidates saw ${seen.length + stops + unfinished}; instances exited 0: ${isExitClean ? 'both' : restarts.map((r) => r.exitCode).join(', ')}. ` +
        (isLedgerRight && isExitClean && isUnseen ? 'Nothing lost or doubled, and no candidate saw an error.' : 'FAILED: see above.'),
    );
    if (!(isLedgerRight && isExitClean && isUnseen)) process.exitCode = 1;
  } finally {
    await Promise.all(servers.map((server) => stopServer(server, (DRAIN_SECONDS + GRACE_SECONDS) * 1000)));
    await stopServer(balancer);
    for (const agent of agents.values()) agent.destroy();
    if (!options['keep-database']) await dropDatabase(baseUrl, DATABASE);
    await autovacuum.restore();
  }
}

await main();
