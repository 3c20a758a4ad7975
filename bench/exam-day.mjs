// Exam-day benchmark (issue 7): N simulated candidates sit one scheduled online module exam
// against the real server on PostgreSQL. An open-model generator: every request is sent at its
// planned time whether or not earlier ones have answered, and latency counts from that planned
// time, so a slow server shows as latency instead of as fewer requests. Besides latency it prints
// the CPU of the servers, of PostgreSQL (when on this machine) and of itself, overall and by phase;
// the time requests spent inside the server (bench/server-probe.mjs); PostgreSQL's checkpoints and
// WAL during the sitting; and the slowest 10-s windows (issue 22).
//
//   npm run bench                                   2,000 candidates, a 10-minute sitting (about 12 minutes)
//   npm run bench -- --minutes 3                    the same sitting compressed further (overloads a 2-core machine)
//   npm run bench -- --candidates 10000 --minutes 15
//   npm run bench -- --faults                       runs bench/exam-faults.mjs instead (bench/bench.mjs chooses)
//   npm run bench -- --rolling-restart              runs bench/rolling-restart.mjs instead: two instances behind
//                                                   HAProxy restarted one after the other mid-sitting, every answer checked
//
// Options: --candidates N, --minutes M (the sitting, launches in the first minute and submissions in
// the last), --questions Q (60), --baseline-seconds S (30), --database-url URL (a server database;
// a fresh database "bench" is made on it), --port P (3290; the baseline uses P+1), --keep-database,
// --cpu-prof-dir DIR (a V8 CPU profile of the server), --node-flags=F (more flags for each server's node), --instances N (1; N server processes on ports
// P, P+2, P+3, ..., each candidate staying on one, as behind a load balancer with sticky sessions),
// --pool-size N (10: each server's DATABASE_POOL_SIZE, and the baseline's), --answer-pool-size N (10: each
// server's DATABASE_ANSWER_POOL_SIZE, the connections kept for answer saves; 0 shares the pool), --answer-lane-fixed (a statement on
// every one of them at once, as before decision 045), --pool-wait-ms N
// (5000: each server's DATABASE_POOL_WAIT_MS; a request that waits longer for a connection is answered 503 with
// Retry-After and the candidates ask again as the page does, counted as busy answers; 0: no limit), --generators N (2: the
// processes that drive the candidates between them; their latencies are merged), --recorded (issue 19: the
// module is recorded; each candidate also saves its recording info and every 30 s, as the page does,
// asks in one request for upload URLs for a 1 KiB chunk of each of its two streams (the same request
// enters the previous two in the manifest) and PUTs both to the local storage; it sends its keystroke batch
// every 5 minutes and at submission, and reports events; on S3 the chunk bytes would not reach the
// server at all), --saturate (issue 22: instead of the sitting,
// closed-loop answer saves as fast as the server answers, --saturate-clients C at once (64) for
// --saturate-seconds S (30) of each side, against the bare upsert baseline driven the same way in the same run, in
// --saturate-rounds R (3) alternating rounds; prints saves per second over upserts per second (issue 46's goal at least 0.9),
// each round's ratio, the saves each statement carried, and each side's CPU a request: server, PostgreSQL, the generator, the machine), --load-balancer (the candidates reach the
// servers through HAProxy on port P+100, as the README's production shape has a load balancer in front: kept-alive
// connections to each server, at most --lb-max-conn requests at once per server (64), the rest queued in the balancer;
// --launch-seconds S (60: the candidates launch at random over the sitting's first S seconds; the phases
// printed stay the first minute, the middle and the last minute), --lb-fifo: that queue in arrival order instead of a sitting in progress before new launches;
// bench/load-balancer.mjs; needs `apt-get install -y haproxy`).
import { fork, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { dropDatabase, freshDatabase, withClient, withTokens } from './exam-setup.mjs';
import { loadBalancerStats, startLoadBalancer } from './load-balancer.mjs';
import { analyzeFilledTables, productionAutovacuum } from './production-postgres.mjs';
import { compiledServerArgs } from '../apps/server/server-command.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: options } = parseArgs({
  options: {
    candidates: { type: 'string', default: '2000' },
    minutes: { type: 'string', default: '10' },
    questions: { type: 'string', default: '60' },
    'baseline-seconds': { type: 'string', default: '30' },
    'database-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    port: { type: 'string', default: '3290' },
    instances: { type: 'string', default: '1' },
    'pool-size': { type: 'string', default: '10' },
    'answer-pool-size': { type: 'string', default: '10' },
    'pool-wait-ms': { type: 'string', default: '5000' },
    'keep-database': { type: 'boolean', default: false },
    /** Writes a V8 CPU profile of the server into this folder. */
    'cpu-prof-dir': { type: 'string' },
    'node-flags': { type: 'string' },
    /** Runs the server from TypeScript through tsx instead of the compiled bundle (`npm run build`). */
    tsx: { type: 'boolean', default: false },
    recorded: { type: 'boolean', default: false },
    saturate: { type: 'boolean', default: false },
    'saturate-clients': { type: 'string', default: '64' },
    'saturate-seconds': { type: 'string', default: '30' },
    'saturate-rounds': { type: 'string', default: '3' },
    /** The answer lane runs a statement on every connection, as before decision 045 (DATABASE_ANSWER_LANE_LEARNS=0). */
    'answer-lane-fixed': { type: 'boolean', default: false },
    /** Processes that drive the candidates between them (each its own event loop and core). */
    generators: { type: 'string', default: '2' },
    'load-balancer': { type: 'boolean', default: false },
    'lb-max-conn': { type: 'string', default: '64' },
    'lb-fifo': { type: 'boolean', default: false },
    'launch-seconds': { type: 'string', default: '60' },
  },
});
const SATURATE = options.saturate;
const SATURATE_CLIENTS = Number(options['saturate-clients']);
const SATURATE_SECONDS = Number(options['saturate-seconds']);
const SATURATE_ROUNDS = Number(options['saturate-rounds']);
const RECORDED = options.recorded;
/** Issue 19's rhythm: a chunk of each stream every 30 s, keystrokes every 300000 ms. */
const CHUNK_MS = 30_000;
const KEYSTROKE_MS = 300_000;
const CHUNK_BYTES = Buffer.alloc(1024, 7);
/** What the server acknowledged, compared with the database at the end. */
const recordingLedger = { chunks: 0, put: 0, keystrokes: 0 };
const CANDIDATES = Number(options.candidates);
const MINUTES = Number(options.minutes);
const QUESTIONS = Number(options.questions);
const BASELINE_SECONDS = Number(options['baseline-seconds']);
const PORT = Number(options.port);
const BASELINE_PORT = PORT + 1;
/** Each server's Prometheus listener (METRICS_PORT): the saturation mode reads the answer lane's figures there. */
const METRICS_PORT_OF = (serverPort) => serverPort + 1000;
const INSTANCES = Number(options.instances);
const GENERATORS = Number(options.generators);
/** Each server's PostgreSQL connections (DATABASE_POOL_SIZE), and the baseline's. */
const POOL_SIZE = Number(options['pool-size']);
/** Each server's further connections for answer saves alone (DATABASE_ANSWER_POOL_SIZE). */
const ANSWER_POOL_SIZE = Number(options['answer-pool-size']);
/** How long each server lets a request wait for a connection before answering 503 (DATABASE_POOL_WAIT_MS; 0: no limit). */
const POOL_WAIT_MS = Number(options['pool-wait-ms']);
/** The servers' ports: P, then P+2 on (P+1 is the baseline's). */
const SERVER_PORTS = Array.from({ length: INSTANCES }, (_, i) => (i === 0 ? PORT : PORT + 1 + i));
const LOAD_BALANCER = options['load-balancer'];
const LB_MAX_CONN = Number(options['lb-max-conn']);
/** Where the candidates connect: the load balancer's port, or their own server's (sticky by candidate). */
const candidatePort = (index) => (LOAD_BALANCER ? PORT + 100 : SERVER_PORTS[index % INSTANCES]);
if (!(CANDIDATES > 0 && MINUTES >= 2 && QUESTIONS >= 4 && Number.isInteger(INSTANCES) && INSTANCES >= 1 && POOL_SIZE >= 2 && Number.isInteger(ANSWER_POOL_SIZE) && ANSWER_POOL_SIZE >= 0 && Number.isInteger(POOL_WAIT_MS) && POOL_WAIT_MS >= 0 && Number.isInteger(GENERATORS) && GENERATORS >= 1 && Number.isInteger(LB_MAX_CONN) && LB_MAX_CONN >= 1)) {
  throw new Error('--candidates > 0, --minutes >= 2, --questions >= 4, --instances >= 1, --pool-size >= 2, --answer-pool-size >= 0, --pool-wait-ms >= 0, --generators >= 1 and --lb-max-conn >= 1 are needed');
}
const SITTING_MS = MINUTES * 60_000;
/** The candidates launch at random over the sitting's first this many seconds (an exam opens at a time; people start over its first minutes). */
const LAUNCH_MS = Number(options['launch-seconds']) * 1000;
if (!(LAUNCH_MS >= 1000 && LAUNCH_MS <= SITTING_MS - 60_000)) throw new Error('--launch-seconds must be at least 1 and end by the sitting\'s last minute');
const JWT_SECRET = 'exam-day-benchmark-secret-long-enough-for-hs256';
const SERVER_TIME_POLL_MS = 15_000;
const JITTER = 0.2;
const RETRY_SHARE = 0.05;
/** Connections a browser opens to one host over HTTP/1.1 (Chrome, Firefox). */
const BROWSER_CONNECTIONS = 6;

const baseUrl = new URL(options['database-url']);
const benchUrl = new URL(baseUrl);
benchUrl.pathname = '/bench';

// ---------------------------------------------------------------------------------------------
// Database: a fresh "bench" database, the schema by the server's own migration, then bulk data.

/** One program, module and published module test of QUESTIONS questions; N candidates each scheduled for it now. */
async function seed(client) {
  const started = Date.now();
  await client.query('begin');
  const { rows: [program] } = await client.query(
    `insert into programs (program_code, program_title, program_type, status, has_been_published, published_on)
     values ('BENCH', 'Exam day benchmark', 1, 2, true, now()) returning id`,
  );
  const { rows: [module] } = await client.query(
    `insert into program_modules (program_id, module_code, module_title, examination_type, member_fee_cents, non_member_fee_cents, pass_percentage, sort_order)
     values ($1, 'B1', 'Benchmark module', 'Online', 0, 0, 50, 1) returning id`,
    [program.id],
  );
  // Whole minutes: the sitting lasts MINUTES + 1 so that the last submissions come before the deadline; no minimum.
  const { rows: [test] } = await client.query(
    `insert into exam_definitions (title, description, instruction, test_type, program_type, program_module_id, overall_time, minimum_time,
       total_test_marks, status, published_on)
     values ('Benchmark module exam', 'Exam day', '<p>Answer every question.</p>', 'module', 1, $1, $2, 0, $3, 'published', now()) returning id`,
    [module.id, MINUTES + 1, QUESTIONS],
  );
  // Questions: mostly single answer, with multiple answer, fill in the blank and descriptive among them.
  const typeOf = (i) => (i % 10 === 3 ? 'Multiple Answer' : i % 10 === 6 ? 'Fill In The Blank' : i % 10 === 9 ? 'Descriptive' : 'General Single Answer');
  await client.query(
    `with q as (insert into questions (current_version) select 1 from generate_series(1, $1) returning id, question_number)
     insert into question_versions (question_id, version, question_type, difficulty, content, plain_text)
     select q.id, 1, (array[${Array.from({ length: 10 }, (_, i) => `'${typeOf(i)}'`).join(',')}])[(q.question_number % 10) + 1], 'Medium',
       '<p>Question ' || q.question_number || ' about welding</p>', 'Question ' || q.question_number || ' about welding'
     from q`,
    [QUESTIONS],
  );
  await client.query(`
    insert into question_options (question_version_id, option, correct_answer, sort_order)
    select v.id, o.option, o.correct, o.n from question_versions v
    cross join lateral (values ('MMAW', true, 1), ('GTAW', v.question_type = 'Multiple Answer', 2), ('SAW', false, 3), ('FCAW', false, 4)) as o(option, correct, n)
    where v.question_type in ('General Single Answer', 'Multiple Answer')
    union all
    select v.id, 'flat', true, 1 from question_versions v where v.question_type = 'Fill In The Blank'`);
  await client.query(
    `insert into exam_section_questions (exam_definition_id, section_id, question_id, question_version_id, marks, sort_order)
     select $1, null, v.question_id, v.id, 1, row_number() over (order by v.id) from question_versions v`,
    [test.id],
  );
  const { rows: users } = await client.query(
    `insert into users (email, password_hash, first_name, last_name, user_type, role)
     select 'candidate' || g || '@bench.local', '!', 'Candidate', g::text, 'applicant', 5 from generate_series(1, $1) g
     returning id`,
    [CANDIDATES],
  );
  await client.query(`insert into applicants (user_id) select id from users where email like '%@bench.local'`);
  await client.query(
    `insert into applications (application_number, applicant_id, program_id, program_type, status, workflow_stage, declaration_accepted, submitted_on)
     select 'B-' || row_number() over (order by a.id), a.id, $1, 1, 'Examinations Stage', 'Exam Modules Sent', true, now() from applicants a`,
    [program.id],
  );
  // Scheduled a minute ago: every candidate may launch at once; the window stays open for the sitting.
  await client.query(
    `insert into application_modules (application_id, program_module_id, is_required, fee_cents, fee_basis, "order", exam_kind, scheduled_at,
       schedule_time_zone, duration_minutes, exam_definition_id, schedule_sent_on)
     select a.id, $1, true, 0, 'member', 1, 'Online', now() - interval '1 minute', 'Australia/Sydney', $2, $3, now() from applications a`,
    [module.id, MINUTES + 5, test.id],
  );
  if (RECORDED) {
    // Recorded, and every candidate agreed beforehand (the consent screen is not the load).
    await client.query(`update application_modules set record_exam = true`);
    await client.query(
      `insert into exam_recording_consents (application_module_id, applicant_id, consent_version, retention_days, agreed_on)
       select am.id, a.applicant_id, 1, 180, now() from application_modules am join applications a on a.id = am.application_id`,
    );
  }
  await client.query('commit');
  const { rows: candidates } = await client.query(
    `select u.id as "userId", am.id as "applicationModuleId" from users u join applicants ap on ap.user_id = u.id
     join applications a on a.applicant_id = ap.id join application_modules am on am.application_id = a.id order by u.email`,
  );
  await analyzeFilledTables(client);
  return { candidates, testId: test.id, users: users.length, seconds: (Date.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------
// Processes.

function startProcess(label, args, env) {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`${label} exited unexpectedly (${code ?? signal})`);
  });
  return child;
}

async function stopProcess(child) {
  if (!child || child.exitCode !== null) return;
  child.stopping = true;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function waitFor(url) {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

// ---------------------------------------------------------------------------------------------
// The load generator.

/** The baseline's connections; each candidate has its own two (see `sit`). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One JSON request; resolves with status and body (never rejects: network errors are status 0).
 * Like a browser, it sends a request again once when a kept-alive connection turns out to have
 * been closed by the server before any answer (the server closes idle connections after 72 s).
 */
function request(port, method, url, body, token, viaAgent = agent, isRetry = false) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    let isAnswered = false;
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: viaAgent }, (res) => {
      isAnswered = true;
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        const retryAfter = Number(res.headers['retry-after'] ?? Number.NaN);
        resolve({ status: res.statusCode ?? 0, json, retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : null });
      });
    });
    req.on('error', (error) => {
      if (req.reusedSocket && !isAnswered && !isRetry && error.code === 'ECONNRESET') {
        resolve(request(port, method, url, body, token, viaAgent, true));
        return;
      }
      resolve({ status: 0, json: { message: `${error.code ?? ''} ${error.message}` } });
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** How long the page's launch keeps asking a busy server (`SITTING_BUSY_RETRY_MS.launch` in apps/web); claim and submission: 60 s. */
const LAUNCH_BUSY_RETRY_MS = 15 * 60_000;

/** As the exam page waits after a busy answer (503 with Retry-After): the delay plus up to as much again. */
const busyDelayMs = (response) => (response.status === 503 && response.retryAfterMs !== null ? response.retryAfterMs * (1 + Math.random()) : null);

/**
 * As the exam page's launch, claim and submission do (`retryWhileBusyMs` in apps/web): a busy answer
 * is asked again after its delay, for up to `forMs`; each busy answer is counted in the ledger.
 */
async function askWhileBusy(send, forMs, ledger) {
  const giveUpAt = now() + forMs;
  for (;;) {
    const response = await send();
    const delay = busyDelayMs(response);
    if (delay === null) return response;
    ledger.busyAnswers += 1;
    if (now() + delay > giveUpAt) return response;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** The sitting's three phases, by when a request was planned: the launch peak, the middle, the submission peak. */
const PHASES = ['first minute', 'between', 'last minute'];

class Stats {
  /** `phaseOf(plannedAt)` names the phase a request belongs to (none for the baseline). */
  constructor(phaseOf = () => null, windowOf = () => null) {
    this.kinds = new Map();
    this.phaseOf = phaseOf;
    this.windowOf = windowOf;
  }

  record(kind, latencyMs, ok, status, plannedAt = now()) {
    let entry = this.kinds.get(kind);
    if (!entry) {
      entry = { latencies: [], errors: 0, statuses: new Map(), byPhase: new Map(), byWindow: new Map() };
      this.kinds.set(kind, entry);
    }
    entry.latencies.push(latencyMs);
    const window = this.windowOf(plannedAt);
    if (window !== null) {
      if (!entry.byWindow.has(window)) entry.byWindow.set(window, []);
      entry.byWindow.get(window).push(latencyMs);
    }
    const phase = this.phaseOf(plannedAt);
    if (phase) {
      if (!entry.byPhase.has(phase)) entry.byPhase.set(phase, []);
      entry.byPhase.get(phase).push(latencyMs);
    }
    if (!ok) {
      entry.errors += 1;
      entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
    }
  }

  /** Adds another generator's measurements (its `kinds`, as sent over IPC) to these. */
  absorb(kinds) {
    for (const [kind, theirs] of kinds) {
      const ours = this.kinds.get(kind);
      if (!ours) {
        this.kinds.set(kind, theirs);
        continue;
      }
      for (const latency of theirs.latencies) ours.latencies.push(latency);
      ours.errors += theirs.errors;
      for (const [status, count] of theirs.statuses) ours.statuses.set(status, (ours.statuses.get(status) ?? 0) + count);
      for (const key of ['byPhase', 'byWindow']) {
        for (const [at, latencies] of theirs[key]) {
          if (!ours[key].has(at)) ours[key].set(at, []);
          for (const latency of latencies) ours[key].get(at).push(latency);
        }
      }
    }
  }

  /** How many requests were planned in a phase ("answer saved" counts answers, not requests). */
  phaseRequests(phase) {
    let count = 0;
    for (const [kind, entry] of this.kinds) if (kind !== 'answer saved' && kind !== 'baseline upsert') count += entry.byPhase.get(phase)?.length ?? 0;
    return count;
  }

  /** p95 and p99 of one kind in one phase (null when none was planned then). */
  phaseSummary(kind, phase) {
    const latencies = this.kinds.get(kind)?.byPhase.get(phase);
    if (!latencies?.length) return null;
    const sorted = [...latencies].sort((a, b) => a - b);
    return { count: sorted.length, p95: percentileOf(sorted, 95), p99: percentileOf(sorted, 99) };
  }

  /** The p99 of one kind in each window that has any: [{ window, count, p99 }], in time order. */
  windowSummaries(kind) {
    const windows = this.kinds.get(kind)?.byWindow ?? new Map();
    return [...windows.entries()]
      .sort(([a], [b]) => a - b)
      .map(([window, latencies]) => ({ window, count: latencies.length, p99: percentileOf([...latencies].sort((a, b) => a - b), 99) }));
  }

  summary(kind, seconds) {
    const entry = this.kinds.get(kind);
    if (!entry) return null;
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    const at = (p) => percentileOf(sorted, p);
    return {
      kind,
      count: sorted.length,
      perSecond: sorted.length / seconds,
      p50: at(50),
      p95: at(95),
      p99: at(99),
      p999: at(99.9),
      max: sorted[sorted.length - 1] ?? 0,
      errors: entry.errors,
      statuses: Object.fromEntries(entry.statuses),
    };
  }
}

function percentileOf(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

const jitter = (base) => base * (1 + (Math.random() * 2 - 1) * JITTER);
const now = () => performance.now();

/**
 * Runs `send` at `plannedAt` (performance.now() ms) or at once if that has passed, and records the
 * latency from the planned time: queueing in the generator or the server counts, as a candidate would feel it.
 */
function at(plannedAt, run) {
  return new Promise((resolve) => {
    const start = () => resolve(run(Math.max(plannedAt, now())));
    const delay = plannedAt - now();
    if (delay <= 0) start();
    else setTimeout(start, delay);
  });
}

async function timed(stats, kind, plannedAt, send, isOk = (r) => r.status === 200) {
  const response = await send();
  // A network error is named by its code, so that the table says what failed.
  const status = response.status === 0 ? `0 ${response.json?.message ?? ''}`.trim() : response.status;
  stats.record(kind, now() - plannedAt, isOk(response), status, plannedAt);
  return response;
}

/** The baseline: the same arrival rate as the exam's answer saves, against the bare upsert route. */
async function runBaseline(ratePerSecond) {
  const stats = new Stats();
  const t0 = now() + 200;
  const total = Math.round(ratePerSecond * BASELINE_SECONDS);
  const jobs = [];
  for (let i = 0; i < total; i += 1) {
    const plannedAt = t0 + Math.random() * BASELINE_SECONDS * 1000;
    const id = Math.floor(Math.random() * CANDIDATES * QUESTIONS);
    jobs.push(at(plannedAt, (from) => timed(stats, 'baseline upsert', from, () => request(BASELINE_PORT, 'POST', '/baseline', { id, value: i }))));
  }
  await Promise.all(jobs);
  return stats.summary('baseline upsert', BASELINE_SECONDS);
}

/**
 * A closed loop (issue 22's saturation mode): `clients` senders, each sending its next request as
 * soon as the last is answered, for `seconds`; the rate is what the server sustains.
 */
async function closedLoop(label, clients, seconds, send, isOk = undefined, totals = undefined) {
  const stats = new Stats();
  const endAt = now() + seconds * 1000;
  const startedAt = now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; now() < endAt; i += 1) await timed(stats, label, now(), () => send(client, i), isOk);
    }),
  );
  const elapsed = (now() - startedAt) / 1000;
  const summary = stats.summary(label, elapsed);
  // Several rounds of one side add up in `totals` ({ stats, seconds }).
  if (totals) {
    totals.stats.absorb(stats.kinds);
    totals.seconds += elapsed;
  }
  return summary;
}

/**
 * Saturation (`--saturate`): the bare upsert baseline and the platform's answer save, each driven
 * closed-loop by the same number of clients, in alternating rounds (baseline, saves, saves,
 * baseline, ...: issue 46). The VM's speed drifts by 10-30 % over a minute, and one 30-s phase of
 * each side, one after the other, put that drift into the ratio; each round's pair of phases sees
 * the same machine. The platform's clients are sittings launched first (untimed); each save is one
 * answer, as the exam page sends a single answer when nothing waits. The server's metrics say how
 * many saves each statement carried and how many statements the lane ran at once.
 */
async function saturate(candidates, serversCpu) {
  const baseline = startProcess('baseline', ['bench/baseline-server.mjs'], {
    DATABASE_URL: benchUrl.toString(),
    PORT: String(BASELINE_PORT),
    POOL_SIZE: String(POOL_SIZE),
    BASELINE_ROWS: String(CANDIDATES * QUESTIONS),
  });
  try {
    await waitFor(`http://127.0.0.1:${BASELINE_PORT}/health`);
    // One sitting per client, launched and claimed before the clock starts.
    const sittings = [];
    for (const [index, candidate] of candidates.slice(0, SATURATE_CLIENTS).entries()) {
      const port = candidatePort(index);
      const sittingAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const call = (method, url, body) => request(port, method, url, body, candidate.token, sittingAgent);
      const launched = await call('POST', '/api/launchexam/init', { applicationModuleId: candidate.applicationModuleId });
      if (launched.status !== 200) throw new Error(`launch ${launched.status}: ${JSON.stringify(launched.json)}`);
      const sessionId = `saturate-${index}`;
      const claimed = await call('PUT', '/api/isexaminprogress', { examInstanceId: launched.json.id, examType: 'module', sessionId });
      if (claimed.status !== 200) throw new Error(`session ${claimed.status}`);
      sittings.push({ call, agent: sittingAgent, exam: launched.json, questions: launched.json.sections.flatMap((section) => section.questions), sessionId, lastSent: new Map(), sent: 0 });
    }
    const roundSeconds = SATURATE_SECONDS / SATURATE_ROUNDS;
    const totals = { base: { stats: new Stats(), seconds: 0 }, save: { stats: new Stats(), seconds: 0 } };
    console.log(`Saturation: ${SATURATE_CLIENTS} closed-loop clients, ${SATURATE_ROUNDS} rounds of ${roundSeconds} s of each side, alternating (${SATURATE_SECONDS} s of each in all)...`);
    const baselinePhase = async () => {
      const before = cpuSplit(() => cpuSecondsOf(baseline.pid));
      const summary = await closedLoop('baseline upsert', SATURATE_CLIENTS, roundSeconds, (client, i) =>
        request(BASELINE_PORT, 'POST', '/baseline', { id: Math.floor(Math.random() * CANDIDATES * QUESTIONS), value: client * 1_000_000 + i }),
        undefined,
        totals.base,
      );
      return { summary, cpu: cpuDelta(before, cpuSplit(() => cpuSecondsOf(baseline.pid))) };
    };
    // A save counts only when the server applied it; each question's last sequence sent is checked in the database after.
    const isApplied = (response) => response.status === 200 && response.json?.results?.[0]?.outcome === 'applied';
    const savePhase = async () => {
      const before = cpuSplit(serversCpu);
      const lanesBefore = await laneMetrics();
      const summary = await closedLoop(
        'save request',
        sittings.length,
        roundSeconds,
        (client) => {
          const sitting = sittings[client];
          sitting.sent += 1;
          const i = sitting.sent;
          const question = sitting.questions[i % sitting.questions.length];
          const update = { questionInstanceId: question.id, sequence: i, timeTaken: i, numOfAttempts: 1, isMarked: false, isAttempted: true, ...answerFor(question, i) };
          sitting.lastSent.set(question.id, i);
          return sitting.call('POST', '/api/updateInstances', { examInstanceId: sitting.exam.id, examType: 'module', sessionId: sitting.sessionId, updates: [update] });
        },
        isApplied,
        totals.save,
      );
      const lanesAfter = await laneMetrics();
      const statements = lanesAfter.statements - lanesBefore.statements;
      return { summary, cpu: cpuDelta(before, cpuSplit(serversCpu)), savesPerStatement: statements > 0 ? (lanesAfter.saves - lanesBefore.saves) / statements : null, atOnce: lanesAfter.atOnce };
    };
    const rounds = [];
    for (let round = 0; round < SATURATE_ROUNDS; round += 1) {
      // Baseline first in even rounds, saves first in odd ones, so that neither side always follows the other.
      const [first, second] = round % 2 === 0 ? [await baselinePhase(), await savePhase()] : [await savePhase(), await baselinePhase()];
      const [base, save] = round % 2 === 0 ? [first, second] : [second, first];
      rounds.push({ base, save, ratio: save.summary.perSecond / base.summary.perSecond });
      console.log(
        `  round ${round + 1}: ${save.summary.perSecond.toFixed(0)} saves/s, ${base.summary.perSecond.toFixed(0)} upserts/s = ${rounds.at(-1).ratio.toFixed(2)}; ` +
          `${save.savesPerStatement === null ? 'n/a' : save.savesPerStatement.toFixed(1)} saves a statement, ${save.atOnce ?? 'n/a'} statements at once at the end; ` +
          `CPU a save ${perRequest(save.cpu, save.summary.count)}, an upsert ${perRequest(base.cpu, base.summary.count)}`,
      );
    }
    for (const sitting of sittings) sitting.agent.destroy();
    const stored = await withClient(benchUrl, async (client) =>
      (await client.query('select id, last_sequence from question_instances where exam_instance_id = any($1::uuid[])', [sittings.map((sitting) => sitting.exam.id)])).rows,
    );
    const storedSequence = new Map(stored.map((row) => [row.id, row.last_sequence]));
    const notStored = sittings.flatMap((sitting) => [...sitting.lastSent].filter(([id, sequence]) => storedSequence.get(id) !== sequence)).length;
    const saveSummary = totals.save.stats.summary('save request', totals.save.seconds);
    const baselineSummary = totals.base.stats.summary('baseline upsert', totals.base.seconds);
    printTable([saveSummary, baselineSummary]);
    const ratio = saveSummary.perSecond / baselineSummary.perSecond;
    const ratios = rounds.map((round) => round.ratio);
    // Issue 46: 0.9 with the default 64 clients; with fewer, fewer saves can wait to go together (0.6 with 16).
    const goal = SATURATE_CLIENTS >= 64 ? 0.9 : 0.6;
    const statements = rounds.reduce((sum, round) => sum + (round.save.savesPerStatement === null ? 0 : round.save.summary.count / round.save.savesPerStatement), 0);
    console.log(
      `\nSaturation: ${saveSummary.perSecond.toFixed(0)} saves/s against ${baselineSummary.perSecond.toFixed(0)} bare upserts/s = ${ratio.toFixed(2)} ` +
        `(rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}; goal at least ${goal}: ${ratio >= goal ? 'met' : 'MISSED'}); ` +
        `${statements > 0 ? (saveSummary.count / statements).toFixed(1) : 'n/a'} saves a statement; ` +
        `errors ${saveSummary.errors + baselineSummary.errors}; answers whose last save is not the one stored: ${notStored}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    // Where each request's CPU went: with the machine saturated, the ratio is about the inverse of the totals' ratio.
    const total = (side) => rounds.map((round) => round[side].cpu).reduce(sumCpu);
    console.log(`CPU a request, ms (server / PostgreSQL / this generator / the whole machine): save ${perRequest(total('save'), saveSummary.count)}; baseline upsert ${perRequest(total('base'), baselineSummary.count)}`);
    if (saveSummary.errors + baselineSummary.errors + notStored > 0) process.exitCode = 1;
  } finally {
    await stopProcess(baseline);
  }
}

/** The answer lane's figures from the first server's metrics: saves and statements so far, statements allowed at once now. */
async function laneMetrics() {
  const text = await new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port: METRICS_PORT_OF(SERVER_PORTS[0]), path: '/metrics' }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      })
      .on('error', () => resolve(''));
  });
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return { saves: value('certs_answer_save_statement_saves_sum'), statements: value('certs_answer_save_statement_saves_count'), atOnce: value('certs_answer_lane_statements_at_once') || null };
}

/** The CPU seconds between two `cpuSplit` readings, part by part. */
function cpuDelta(before, after) {
  const part = (a, b) => (a === null || b === null ? null : b - a);
  return {
    server: part(before.server, after.server),
    postgres: part(before.postgres, after.postgres),
    generator: before.generator === null ? null : after.generator - before.generator,
    machineTicks: before.machine && after.machine ? after.machine.busy - before.machine.busy : null,
  };
}

function sumCpu(a, b) {
  const add = (x, y) => (x === null || y === null ? null : x + y);
  return { server: add(a.server, b.server), postgres: add(a.postgres, b.postgres), generator: add(a.generator, b.generator), machineTicks: add(a.machineTicks, b.machineTicks) };
}

/** Milliseconds of CPU a request: server / PostgreSQL / this generator / the whole machine. */
function perRequest(cpu, count) {
  const ms = (seconds) => (seconds === null || count === 0 ? 'n/a' : ((seconds * 1000) / count).toFixed(3));
  return `${ms(cpu.server)} / ${ms(cpu.postgres)} / ${ms(cpu.generator)} / ${cpu.machineTicks === null || count === 0 ? 'n/a' : ((cpu.machineTicks * 10) / count).toFixed(3)}`;
}

function answerFor(question, variant) {
  if (question.questionType === 'General Single Answer') return { answerOptionGivenByUser: [question.options[variant % question.options.length].id] };
  if (question.questionType === 'Multiple Answer') return { answerOptionGivenByUser: question.options.slice(0, 2 + (variant % 2)).map((o) => o.id) };
  if (question.questionType === 'Fill In The Blank') return { answerValueGivenByUser: variant % 2 ? 'Flat ' : 'horizontal' };
  return { answerValueGivenByUser: `Answer ${variant}: inspect the weld visually first, then test.` };
}

/**
 * One candidate's sitting, on the shared clock, as the exam page behaves: launch, session, jittered
 * server-time polls, remaining time, and an answer queue that sends what is waiting as one batch
 * whenever no save is in flight (retrying after a network error), then submit once it is empty.
 * The browser opens up to six connections to the server, as Chrome and Firefox do over HTTP/1.1,
 * so a poll never waits on the candidate's side behind a save in flight. "answer saved" is each answer's time
 * from leaving its question to the server's acknowledgement; "save request" is each batch request.
 */
async function sit(candidate, index, t0, stats, ledger) {
  const launchAt = t0 + Math.random() * LAUNCH_MS;
  const submitAt = t0 + SITTING_MS - 60_000 + Math.random() * 60_000;
  const token = candidate.token;
  const agent = new http.Agent({ keepAlive: true, maxSockets: BROWSER_CONNECTIONS });
  const port = candidatePort(index);
  const call = (method, url, body) => request(port, method, url, body, token, agent);
  const sessionId = `bench-session-${index}-${Math.random().toString(36).slice(2)}`;
  const jobs = [];
  let isDone = false;
  const finish = async () => {
    isDone = true;
    await Promise.all(jobs);
    agent.destroy();
  };

  // Server time is polled from the examinations page on, with jitter, until the candidate submits.
  const poll = (plannedAt) => {
    if (plannedAt >= submitAt) return;
    jobs.push(
      at(plannedAt, async (from) => {
        if (isDone) return;
        await timed(stats, 'server time', from, () => call('GET', '/api/launchexam/servertime'));
        poll(plannedAt + jitter(SERVER_TIME_POLL_MS));
      }),
    );
  };
  poll(t0 + Math.random() * SERVER_TIME_POLL_MS);

  // The page's limits for asking a busy server again (SITTING_BUSY_RETRY_MS in apps/web).
  const whileBusy = (forMs, send) => () => askWhileBusy(send, forMs, ledger);
  const launched = await at(launchAt, (from) =>
    timed(stats, 'launch', from, whileBusy(LAUNCH_BUSY_RETRY_MS, () => call('POST', '/api/launchexam/init', { applicationModuleId: candidate.applicationModuleId }))),
  );
  if (launched.status !== 200) return finish();
  const exam = launched.json;
  const questions = exam.sections.flatMap((section) => section.questions);
  const opened = now();
  const claimed = await timed(stats, 'session', opened, whileBusy(60_000, () => call('PUT', '/api/isexaminprogress', { examInstanceId: exam.id, examType: 'module', sessionId })));
  if (claimed.status !== 200) return finish();
  // The timer reports the window open with its remaining time, then about once a minute.
  const report = (plannedAt) => {
    if (plannedAt >= submitAt) return;
    jobs.push(
      at(plannedAt, async (from) => {
        if (isDone) return;
        // The page's countdown asks again by itself; a minute's report is not worth longer.
        await timed(stats, 'remaining time', from, whileBusy(30_000, () => call('POST', '/api/remainingtime', { examInstanceId: exam.id, examType: 'module', remainingTime: 5400 })));
        report(plannedAt + jitter(60_000));
      }),
    );
  };
  report(now());
  if (RECORDED) jobs.push(record(call, port, agent, exam.id, sessionId, index, stats, submitAt, () => isDone));

  // The answer queue.
  const expected = new Map();
  const queue = [];
  let flushing = null;
  const acknowledge = (update) => {
    const known = expected.get(update.questionInstanceId);
    if (!known || known.sequence < update.sequence) expected.set(update.questionInstanceId, update);
  };
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, 200);
      const sentAt = now();
      const response = await timed(stats, 'save request', sentAt, () =>
        call('POST', '/api/updateInstances', { examInstanceId: exam.id, examType: 'module', sessionId, updates: batch.map((item) => item.update) }),
      );
      if (response.status === 200) {
        const acknowledgedAt = now();
        response.json.results.forEach((result, i) => {
          if (result.outcome === 'invalid') ledger.invalid += 1;
          if (batch[i].isRetry && result.outcome === 'applied') ledger.retriesApplied += 1;
          stats.record('answer saved', acknowledgedAt - batch[i].plannedAt, true, 200, batch[i].plannedAt);
          acknowledge(batch[i].update);
        });
      } else if (response.status === 0 || busyDelayMs(response) !== null) {
        // The network failed, or the server was busy: the answers wait and go again (a busy
        // server's Retry-After is the queue's floor, as on the page).
        if (response.status === 503) ledger.busyAnswers += 1;
        queue.unshift(...batch);
        await new Promise((resolve) => setTimeout(resolve, Math.max(1000, busyDelayMs(response) ?? 0)));
      } else {
        for (const item of batch) stats.record('answer saved', now() - item.plannedAt, false, response.status, item.plannedAt);
      }
    }
  };
  const enqueue = (update, plannedAt, isRetry = false) =>
    at(plannedAt, () => {
      queue.push({ update, plannedAt, isRetry });
      flushing ??= flush().finally(() => {
        flushing = null;
      });
      return flushing;
    });

  // Leaving each question queues its cumulative state; a few are queued again (a response the
  // browser never saw), and the first question is revisited at the end.
  const start = Math.max(opened, launchAt) + 2000;
  const step = (submitAt - 4000 - start) / questions.length;
  let elapsed = 0;
  for (const [i, question] of questions.entries()) {
    const plannedAt = start + step * (i + 1);
    elapsed += Math.max(1, Math.round(step / 1000));
    const update = { questionInstanceId: question.id, sequence: 1, timeTaken: elapsed, numOfAttempts: 1, isMarked: i % 17 === 0, isAttempted: true, ...answerFor(question, index + i) };
    jobs.push(enqueue(update, plannedAt));
    if (Math.random() < RETRY_SHARE) jobs.push(enqueue(update, plannedAt + 1500, true));
  }
  const first = questions[0];
  const firstUpdate = { questionInstanceId: first.id, sequence: 1, timeTaken: Math.max(1, Math.round(step / 1000)), numOfAttempts: 1, isMarked: true, isAttempted: true, ...answerFor(first, index) };
  const revisit = { questionInstanceId: first.id, sequence: 2, timeTaken: firstUpdate.timeTaken + 7, numOfAttempts: 2, isMarked: false, isAttempted: true, ...answerFor(first, index + 1) };
  jobs.push(enqueue(revisit, submitAt - 3000));
  // A duplicate of the first save arriving after the revisit, on another connection (a request the
  // network held up): the server must keep the revisit.
  jobs.push(
    at(submitAt - 2000, async (from) => {
      const response = await timed(stats, 'save request', from, () =>
        request(port, 'POST', '/api/updateInstances', { examInstanceId: exam.id, examType: 'module', sessionId, updates: [firstUpdate] }, token, agent),
      );
      if (response.status === 200 && response.json.results[0].outcome === 'applied') ledger.retriesApplied += 1;
    }),
  );
  await Promise.all(jobs.splice(0));
  await flushing;

  const submitted = await at(submitAt, (from) => timed(stats, 'submit', from, whileBusy(60_000, () => call('POST', `/api/moduleexaminstance/${exam.id}/submit`))));
  if (submitted.status === 200) ledger.submitted += 1;
  ledger.expected.set(exam.id, expected);
  return finish();
}

/** A PUT of bytes to a presigned URL of the local storage (relative, on the candidate's server). */
function putBytes(port, url, headers, viaAgent) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'PUT', path: url, headers: { ...headers, 'content-length': CHUNK_BYTES.length }, agent: viaAgent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: null }));
    });
    req.on('error', (error) => resolve({ status: 0, json: { message: error.message } }));
    req.end(CHUNK_BYTES);
  });
}

/**
 * The recorded sitting's extra traffic (issue 19): save recording info once, then every 30 s one
 * sync (the new slices' URLs and the previous slices' confirmation) and two PUTs, one last sync
 * after the submission; a keystroke batch every 5 minutes and at the end; events at the start.
 */
async function record(call, port, agent, examInstanceId, sessionId, index, stats, submitAt, isDone) {
  const started = now();
  const info = await timed(stats, 'record info', started, () =>
    call('POST', '/api/examrecording/recordinfo', {
      examInstanceId,
      sessionId,
      segmentStartedOn: new Date().toISOString(),
      segmentReason: 'start',
      resolution: '180x180',
      screenResolution: '1280x800',
      hasAudio: false,
      hasVideo: true,
      userAgent: 'exam-day-benchmark',
      recordTimezone: 'Australia/Sydney',
      mimeType: 'video/webm;codecs=vp8',
    }),
  );
  if (info.status !== 200) return;
  const recordingId = info.json.recording.id;
  let eventNumber = 0;
  const event = (kind) => ({ clientEventId: `bench-${index}-${eventNumber++}-${Math.random().toString(36).slice(2, 10)}`, kind, occurredOn: new Date().toISOString(), examInstanceId });
  const work = [at(started, (from) => timed(stats, 'events', from, () => call('POST', '/api/examrecording/events', { events: [event('monitorPermissionPrompt'), event('focusLost'), event('focusRegained')] })))];
  const sha = (stream, sequence) => createHash('sha256').update(`${recordingId}-${stream}-${sequence}`).digest('hex');
  // As the page does (decision 028): every 30 s one sync carries both streams' new slices (for
  // their URLs) and the previous two, PUT since, for the manifest; then the two PUTs. After the
  // submission one last sync enters the last two. Each round waits for the one before, as the queue does.
  let toConfirm = [];
  let previousRound = Promise.resolve();
  const syncRound = (kind, from, chunks) =>
    timed(stats, kind, from, () => call('POST', '/api/examrecording/chunks', { recordingId, chunks })).then((synced) => {
      if (synced.status !== 200) return null;
      recordingLedger.chunks += synced.json.chunks.filter((chunk) => chunk.status === 'acknowledged').length;
      toConfirm = toConfirm.filter((chunk) => !synced.json.chunks.some((c) => c.status === 'acknowledged' && c.stream === chunk.stream && c.sequence === chunk.sequence));
      return synced;
    });
  for (let sequence = 0, chunkAt = started + jitter(CHUNK_MS); chunkAt < submitAt; sequence++, chunkAt += CHUNK_MS) {
    const round = previousRound.then(() =>
      at(chunkAt, async (from) => {
        if (isDone()) return;
        const endedOn = new Date().toISOString();
        const slices = ['screen', 'camera'].map((stream) => ({ stream, segment: 1, sequence, sha256: sha(stream, sequence), size: CHUNK_BYTES.length, startedOn: endedOn, endedOn, isUploaded: false }));
        const synced = await syncRound('chunk sync', from, [...toConfirm, ...slices]);
        if (!synced) return;
        for (const result of synced.json.chunks) {
          if (result.status !== 'upload') continue;
          const put = await timed(stats, 'chunk PUT (local storage)', now(), () => putBytes(port, result.url, result.headers, agent));
          const slice = slices.find((chunk) => chunk.stream === result.stream && chunk.sequence === result.sequence);
          if (put.status === 200 && slice) {
            recordingLedger.put += 1;
            toConfirm.push({ ...slice, isUploaded: true });
          }
        }
      }),
    );
    work.push(round);
    previousRound = round;
  }
  work.push(previousRound.then(() => at(submitAt, (from) => (toConfirm.length > 0 ? syncRound('chunk sync (last)', from, toConfirm) : null))));
  const batchStart = new Date();
  const keys = Array.from({ length: 400 }, (_, t) => ({ k: t % 9 === 0 ? 'Backspace' : 'char', t: t * 500 }));
  for (let batchAt = started + KEYSTROKE_MS; ; batchAt += KEYSTROKE_MS) {
    const isLast = batchAt >= submitAt - 1000;
    const planned = isLast ? submitAt - 1000 : batchAt;
    work.push(
      at(planned, async (from) => {
        const saved = await timed(stats, 'keystrokes', from, () =>
          call('POST', '/api/examrecording/keystrokes', {
            batchId: `bench-${index}-${Math.round(planned)}`,
            examInstanceId,
            moduleExamInstanceRecordId: recordingId,
            keys,
            clientTimeZone: 'Australia/Sydney',
            startDate: batchStart.toISOString(),
            endDate: new Date().toISOString(),
            networkData: { effectiveType: '4g', downlink: 10, rtt: 50, online: true },
          }),
        );
        if (saved.status === 200) recordingLedger.keystrokes += 1;
      }),
    );
    if (isLast) break;
  }
  await Promise.all(work);
}

/** The sitting's measurements, by phase and by 10-s window of the planned time (t0 on this process's clock). */
function sittingStats(t0) {
  return new Stats(
    (plannedAt) => (plannedAt < t0 + 60_000 ? PHASES[0] : plannedAt < t0 + SITTING_MS - 60_000 ? PHASES[1] : PHASES[2]),
    (plannedAt) => Math.max(0, Math.floor((plannedAt - t0) / WINDOW_MS)),
  );
}

const newLedger = () => ({ expected: new Map(), submitted: 0, invalid: 0, retriesApplied: 0, busyAnswers: 0 });

/**
 * Drives every candidate from t0, split among GENERATORS processes (candidate i in process i mod
 * GENERATORS): one event loop driving 2,000 recorded sittings was seen up to half a second late,
 * which the targets then counted as server latency. Each child sends back its measurements, its
 * ledger and its own CPU and event-loop delay; they are merged here. Returns the generators' CPU
 * seconds and event-loop delay (the worst process's).
 */
async function driveCandidates(candidates, t0, stats, ledger) {
  const cpuBefore = process.cpuUsage();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const ownCpu = () => {
    const used = process.cpuUsage(cpuBefore);
    return (used.user + used.system) / 1e6;
  };
  if (GENERATORS === 1) {
    await Promise.all(candidates.map((candidate, index) => sit(candidate, index, t0, stats, ledger)));
    loop.disable();
    return { cpu: ownCpu(), loopP99: loop.percentile(99), loopMax: loop.max };
  }
  // The children share the clock through the epoch: performance.now() starts anew in each process.
  const t0Epoch = performance.timeOrigin + t0;
  const results = await Promise.all(
    Array.from({ length: GENERATORS }, (_, generator) => {
      const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), { cwd: ROOT, env: { ...process.env, EXAM_DAY_GENERATOR: '1' }, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const mine = candidates.flatMap((candidate, index) => (index % GENERATORS === generator ? [{ candidate, index }] : []));
      return new Promise((resolve, reject) => {
        child.once('message', resolve);
        child.once('exit', (code) => reject(new Error(`generator ${generator} exited (${code}) before reporting`)));
        child.send({ t0Epoch, candidates: mine });
      });
    }),
  );
  loop.disable();
  let cpu = ownCpu();
  let loopP99 = loop.percentile(99);
  let loopMax = loop.max;
  for (const result of results) {
    stats.absorb(result.kinds);
    for (const [examId, expected] of result.ledger.expected) ledger.expected.set(examId, expected);
    for (const key of ['submitted', 'invalid', 'retriesApplied', 'busyAnswers']) ledger[key] += result.ledger[key];
    for (const key of Object.keys(recordingLedger)) recordingLedger[key] += result.recordingLedger[key];
    cpu += result.cpu;
    loopP99 = Math.max(loopP99, result.loopP99);
    loopMax = Math.max(loopMax, result.loopMax);
  }
  return { cpu, loopP99, loopMax };
}

/** A generator process (EXAM_DAY_GENERATOR=1): sits its share of the candidates and reports to its parent. */
async function generatorChild() {
  const { t0Epoch, candidates } = await new Promise((resolve) => process.once('message', resolve));
  const t0 = t0Epoch - performance.timeOrigin;
  const stats = sittingStats(t0);
  const ledger = newLedger();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  await Promise.all(candidates.map(({ candidate, index }) => sit(candidate, index, t0, stats, ledger)));
  const used = process.cpuUsage(cpuBefore);
  loop.disable();
  const report = { kinds: stats.kinds, ledger, recordingLedger, cpu: (used.user + used.system) / 1e6, loopP99: loop.percentile(99), loopMax: loop.max };
  await new Promise((resolve) => process.send(report, resolve));
  process.disconnect();
}

/** Compares every acknowledged answer with what the database holds. */
async function verify(client, ledger) {
  const { rows } = await client.query(`
    select qi.exam_instance_id as "examId", qi.id, qi.last_sequence as "lastSequence", qi.time_taken as "timeTaken",
      qi.num_of_attempts as "numOfAttempts", qi.answer_option_given_by_user as options, qi.answer_value_given_by_user as text
    from question_instances qi`);
  const stored = new Map(rows.map((row) => [row.id, row]));
  let lost = 0;
  let duplicated = 0;
  let outOfOrder = 0;
  let checked = 0;
  for (const expected of ledger.expected.values()) {
    for (const [id, update] of expected) {
      checked += 1;
      const row = stored.get(id);
      if (!row || row.lastSequence < update.sequence) {
        lost += 1;
        continue;
      }
      if (row.numOfAttempts > update.numOfAttempts || row.timeTaken > update.timeTaken) duplicated += 1;
      const sameAnswer = update.answerOptionGivenByUser
        ? JSON.stringify([...row.options].sort()) === JSON.stringify([...update.answerOptionGivenByUser].sort())
        : row.text === update.answerValueGivenByUser;
      if (row.lastSequence > update.sequence || !sameAnswer || row.numOfAttempts !== update.numOfAttempts) outOfOrder += 1;
    }
  }
  const { rows: [counts] } = await client.query(`
    select count(*)::int as instances, count(*) filter (where status = 'Submitted')::int as submitted,
      (select count(*)::int from question_instances) as "questionInstances",
      (select count(*)::int from (select application_module_id from exam_instances group by 1 having count(*) > 1) d) as "duplicateSittings"
    from exam_instances`);
  return { checked, lost, duplicated, outOfOrder, ...counts };
}

// ---------------------------------------------------------------------------------------------

/** CPU seconds a process has used (Linux /proc; null elsewhere). */
function cpuSecondsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * CPU seconds of every PostgreSQL process on this machine (its backends and helpers; Linux only,
 * null elsewhere or when PostgreSQL runs on another host). The pool's backends live through the
 * sitting, so the difference over it is PostgreSQL's share of the work.
 */
function postgresCpuSeconds() {
  try {
    let total = 0;
    let found = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue;
      }
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
      found += 1;
    }
    return found > 0 ? total : null;
  } catch {
    return null;
  }
}

const WINDOW_MS = 10_000;

/**
 * PostgreSQL's checkpoints during the sitting (issue 22: is the middle's tail theirs?). Samples the
 * checkpointer's counters and the WAL position every 5 s on its own connection; a checkpoint is
 * seen when a counter moves, and its start read from the control file.
 */
async function watchCheckpoints(url) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const version = Number((await client.query('show server_version_num')).rows[0].server_version_num);
  // PostgreSQL 17 moved the checkpointer's counters out of pg_stat_bgwriter.
  const counters =
    version >= 170000
      ? 'select num_timed::int as timed, num_requested::int as requested, write_time as "writeMs", sync_time as "syncMs", buffers_written::bigint as buffers from pg_stat_checkpointer'
      : 'select checkpoints_timed::int as timed, checkpoints_req::int as requested, checkpoint_write_time as "writeMs", checkpoint_sync_time as "syncMs", buffers_checkpoint::bigint as buffers from pg_stat_bgwriter';
  const settings = Object.fromEntries(
    (await client.query(`select name, setting, unit from pg_settings where name in ('max_wal_size', 'checkpoint_timeout', 'checkpoint_completion_target', 'shared_buffers', 'synchronous_commit', 'wal_compression')`)).rows.map((row) => [
      row.name,
      `${row.setting}${row.unit ? ` ${row.unit}` : ''}`,
    ]),
  );
  const sample = async () => {
    const [row] = (await client.query(`${counters.replace(' from ', `, pg_current_wal_lsn()::text as lsn, (pg_control_checkpoint()).checkpoint_time as "startedOn" from `)}`)).rows;
    return { ...row, at: now() };
  };
  const samples = [await sample()];
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => samples.push(await sample())).catch(() => {});
  }, 5_000);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      samples.push(await sample());
      const walBytes = Number((await client.query('select pg_wal_lsn_diff($1, $2)::bigint as bytes', [samples.at(-1).lsn, samples[0].lsn])).rows[0].bytes);
      await client.end();
      const seen = [];
      for (let i = 1; i < samples.length; i++) {
        const [before, after] = [samples[i - 1], samples[i]];
        if (after.timed + after.requested === before.timed + before.requested) continue;
        seen.push({ kind: after.requested > before.requested ? 'requested' : 'timed', startedAt: new Date(after.startedOn).getTime() - Date.now() + now(), endedBy: after.at });
      }
      const [first, last] = [samples[0], samples.at(-1)];
      return { settings, seen, walBytes, writeMs: last.writeMs - first.writeMs, syncMs: last.syncMs - first.syncMs, buffers: Number(last.buffers) - Number(first.buffers) };
    },
  };
}

function printCheckpoints(report, stats, t0) {
  const seconds = (at) => `${((at - t0) / 1000).toFixed(0)} s`;
  const settings = Object.entries(report.settings).map(([name, value]) => `${name} ${value}`).join(', ');
  console.log(
    `\nPostgreSQL checkpoints during the sitting: ${report.seen.length} (${report.seen.map((c) => `${c.kind}, began ${seconds(c.startedAt)}, done by ${seconds(c.endedBy)}`).join('; ') || 'none'}); ` +
      `write ${(report.writeMs / 1000).toFixed(1)} s, sync ${(report.syncMs / 1000).toFixed(1)} s, ${report.buffers} buffers; WAL written ${(report.walBytes / 2 ** 20).toFixed(0)} MB; ${settings}`,
  );
  // The slowest 10-s windows, to set beside the checkpoints' times.
  for (const kind of ['save request', 'server time']) {
    const windows = stats.windowSummaries(kind);
    const worst = [...windows].sort((a, b) => b.p99 - a.p99).slice(0, 5);
    const median = [...windows].map((w) => w.p99).sort((a, b) => a - b)[Math.floor(windows.length / 2)];
    console.log(`${kind} p99 by 10-s window: median window ${fmt(median ?? 0)} ms; slowest ${worst.map((w) => `${seconds(t0 + w.window * WINDOW_MS)} ${fmt(w.p99)} ms`).join(', ')}`);
  }
}

function machineTicks() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
}

/** Busy and stolen shares of the machine's CPU between two readings (steal: time the VM's host gave to others). */
function machineShare(before, after) {
  if (!before || !after) return 'n/a';
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const total = busy + steal + after.idle - before.idle;
  return `busy ${((100 * busy) / total).toFixed(0)} %, stolen by the host ${((100 * steal) / total).toFixed(1)} %`;
}

/** CPU seconds so far of the server(s) (`serverSeconds`), PostgreSQL, this process, and the whole machine (busy ticks). */
function cpuSplit(serverSeconds) {
  const own = process.cpuUsage();
  return { server: serverSeconds(), postgres: postgresCpuSeconds(), generator: (own.user + own.system) / 1e6, machine: machineTicks() };
}

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 1024 ** 3)} GB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

const fmt = (n) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

function printTable(rows) {
  const header = ['call', 'count', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'p99.9 ms', 'max ms', 'errors'];
  const lines = rows.filter(Boolean).map((r) => [r.kind, String(r.count), fmt(r.perSecond), fmt(r.p50), fmt(r.p95), fmt(r.p99), fmt(r.p999), fmt(r.max), r.errors ? `${r.errors} ${JSON.stringify(r.statuses)}` : '0']);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const l of lines) console.log(line(l));
}

/** The server as production runs it (the compiled bundle), or from TypeScript with `--tsx`. */
/** What each server's probe last wrote under `<file>.<kind>.json`; null if a server wrote none. */
function readProbes(probeFiles, kind) {
  try {
    return probeFiles.map((file) => JSON.parse(readFileSync(`${file}.${kind}.json`, 'utf8')));
  } catch {
    return null;
  }
}

/**
 * The servers' connections in the sitting (bench/server-probe.mjs): opened in all, the busiest
 * seconds (a burst beyond the listen backlog of 511 overflows the accept queue), and who closed them.
 */
function printConnections(probeFiles, resetBeforeStart) {
  const each = readProbes(probeFiles, 'connections');
  if (!each) return;
  const bySecond = [];
  for (const server of each) server.openedBySecond.forEach((n, i) => (bySecond[i] = (bySecond[i] ?? 0) + n));
  const opened = bySecond.reduce((sum, n) => sum + (n ?? 0), 0);
  const busiest = bySecond
    .map((n, i) => ({ n: n ?? 0, at: Math.round(i - resetBeforeStart) }))
    .sort((a, b) => b.n - a.n)
    .slice(0, 5);
  const sum = (key) => each.reduce((total, server) => total + server.ended[key], 0);
  console.log(
    `\nConnections: ${opened} opened (${(opened / CANDIDATES).toFixed(1)} a candidate), at most ${Math.max(...each.map((s) => s.peakOpen))} open on one server; ` +
      `busiest seconds ${busiest.map((b) => `${b.n} at ${b.at} s`).join(', ')}; ended by the client ${sum('byClient')}, by the server's idle timeout ${sum('byIdleTimeout')}, by an error ${sum('byError')}`,
  );
}

/** Inside the servers: waits for a pooled PostgreSQL connection, by pool (bench/server-probe.mjs). */
function printPoolWaits(probeFiles, resetBeforeStart) {
  const each = readProbes(probeFiles, 'pools');
  if (!each) return;
  const cells = each.flatMap((pools, server) =>
    Object.entries(pools).map(([name, pool]) => {
      const worst = pool.waitingBy10s
        .map((n, i) => ({ n, at: Math.round(i * 10 - resetBeforeStart) }))
        .sort((a, b) => b.n - a.n)
        .slice(0, 3);
      return `${name}${each.length > 1 ? ` (server ${server + 1})` : ''}: ${pool.count} connections handed out, wait p99 ${pool.p99} ms, max ${pool.max} ms; most waiting at once ${worst.map((w) => `${w.n} in the 10 s from ${w.at} s`).join(', ')}`;
    }),
  );
  console.log(`Waiting for a database connection inside the server: ${cells.join('; ')}`);
}

function serverEntry() {
  if (options.tsx) return ['--import', 'tsx', 'apps/server/src/main.ts'];
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('Build the server first (npm run build), or pass --tsx');
  return compiledServerArgs();
}

async function main() {
  console.log(`Exam-day benchmark${RECORDED ? ' (recorded)' : ''}: ${CANDIDATES} candidates, ${QUESTIONS} questions, a ${MINUTES}-minute sitting, ${INSTANCES} server process${INSTANCES === 1 ? '' : 'es'} with ${POOL_SIZE} database connections each (and ${ANSWER_POOL_SIZE} for answer saves; a request waits at most ${POOL_WAIT_MS || 'unlimited'} ms for one); ${machine()}`);
  await freshDatabase(baseUrl, 'bench');
  const pgVersion = await withClient(benchUrl, async (client) => (await client.query('show server_version')).rows[0].server_version);
  const autovacuum = await productionAutovacuum(baseUrl);
  console.log(`PostgreSQL ${pgVersion} at ${baseUrl.host}, database bench; ${autovacuum.note}`);
  const servers = [];
  let baseline;
  let loadBalancer;
  try {
    const probeFolder = mkdtempSync(path.join(os.tmpdir(), 'exam-day-'));
    const probeFiles = SERVER_PORTS.map((port) => path.join(probeFolder, `event-loop-${port}.json`));
    const profile = options['cpu-prof-dir'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(options['cpu-prof-dir'])}`] : [];
    // --node-flags=F: more flags for each server's node (its memory settings, for one), as bench:migration takes them.
    profile.push(...(options['node-flags'] ?? '').split(/\s+/).filter(Boolean));
    // One after another: each migrates the database at start (under an advisory lock).
    for (const [i, port] of SERVER_PORTS.entries()) {
      servers.push(
        startProcess(`server on ${port}`, [...profile, '--import', './bench/server-probe.mjs', ...serverEntry()], {
          BENCH_PROBE_FILE: probeFiles[i],
          DATABASE_URL: benchUrl.toString(),
          DATABASE_POOL_SIZE: String(POOL_SIZE),
          DATABASE_ANSWER_POOL_SIZE: String(ANSWER_POOL_SIZE),
          DATABASE_ANSWER_LANE_LEARNS: options['answer-lane-fixed'] ? '0' : '1',
          DATABASE_POOL_WAIT_MS: String(POOL_WAIT_MS),
          JWT_SECRET,
          // Required with DATABASE_URL (decision 018); one key for every instance.
          CREDENTIAL_SIGNING_KEY: 'ZXhhbS1kYXktYmVuY2htYXJrLWNyZWRlbnRpYWwta3k',
          PORT: String(port),
          HOST: '127.0.0.1',
          METRICS_PORT: String(METRICS_PORT_OF(port)),
          SEED_DEMO: '0',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
          // A throwaway benchmark database: the test gateway must be allowed explicitly on a server database.
          PAYMENT_GATEWAY: 'test',
          ALLOW_TEST_PAYMENT_GATEWAY: '1',
          WEB_DIST_DIR: 'no-web-app',
          PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        }),
      );
      await waitFor(`http://127.0.0.1:${port}/api/launchexam/servertime`);
    }
    if (LOAD_BALANCER) {
      loadBalancer = startLoadBalancer({ folder: probeFolder, port: PORT + 100, serverPorts: SERVER_PORTS, maxConnPerServer: LB_MAX_CONN, fifo: options['lb-fifo'] });
      await waitFor(`http://127.0.0.1:${PORT + 100}/api/launchexam/servertime`);
      console.log(
        `Load balancer: HAProxy on ${PORT + 100}, at most ${LB_MAX_CONN} requests at once to each server, the rest queued in it ` +
          (options['lb-fifo'] ? 'in arrival order.' : '(the clock first, then the rest of a sitting in progress, then launches and the rest).'),
      );
    }
    const seeded = await withClient(benchUrl, seed);
    console.log(`Set up ${seeded.users} candidates with a scheduled online module in ${seeded.seconds.toFixed(1)} s (bulk SQL).`);
    const candidates = await withTokens(seeded.candidates, JWT_SECRET, MINUTES + 30);

    if (SATURATE) {
      await saturate(candidates, () => {
        const each = servers.map((server) => cpuSecondsOf(server.pid));
        return each.includes(null) ? null : each.reduce((sum, seconds) => sum + seconds, 0);
      });
      return;
    }
    // The baseline first, alone, at the sitting's average answer-save rate.
    baseline = startProcess('baseline', ['bench/baseline-server.mjs'], { DATABASE_URL: benchUrl.toString(), PORT: String(BASELINE_PORT), POOL_SIZE: String(POOL_SIZE) });
    await waitFor(`http://127.0.0.1:${BASELINE_PORT}/health`);
    const saveRate = (CANDIDATES * (QUESTIONS * (1 + RETRY_SHARE) + 2)) / ((SITTING_MS - 60_000) / 1000);
    console.log(`Baseline: ${BASELINE_SECONDS} s at ${saveRate.toFixed(0)} upserts/s (the sitting's average answer-save rate)...`);
    const baselineSummary = await runBaseline(saveRate);
    await stopProcess(baseline);
    baseline = undefined;

    console.log(`Sitting: ${MINUTES} minutes; launches in the first ${LAUNCH_MS / 1000} s, submissions in the last minute...`);
    // Child generators need a moment to start and receive their candidates before the clock starts.
    const t0 = now() + (GENERATORS === 1 ? 1000 : 5000);
    const stats = sittingStats(t0);
    const checkpoints = await watchCheckpoints(benchUrl);
    const ledger = newLedger();
    const serversCpu = () => {
      const each = servers.map((server) => cpuSecondsOf(server.pid));
      return each.includes(null) ? null : each.reduce((sum, seconds) => sum + seconds, 0);
    };
    const serverCpuBefore = serversCpu();
    const balancerCpuBefore = loadBalancer ? cpuSecondsOf(loadBalancer.pid) : null;
    const postgresCpuBefore = postgresCpuSeconds();
    const machineBefore = machineTicks();
    const probesResetAt = now();
    for (const server of servers) server.kill('SIGUSR2');
    // The servers' and the machine's CPU at the phase boundaries (a minute in, a minute before the end).
    const phaseMarks = [];
    const markPhase = () => phaseMarks.push({ server: serversCpu(), postgres: postgresCpuSeconds(), machine: machineTicks(), at: now() });
    const phaseTimers = [t0, t0 + 60_000, t0 + SITTING_MS - 60_000].map((at) => setTimeout(markPhase, at - now()));
    const generator = await driveCandidates(candidates, t0, stats, ledger);
    const seconds = (now() - t0) / 1000;
    const serverCpuAfter = serversCpu();
    const balancerCpuAfter = loadBalancer ? cpuSecondsOf(loadBalancer.pid) : null;
    const postgresCpuAfter = postgresCpuSeconds();
    const machineAfter = machineTicks();
    phaseTimers.forEach(clearTimeout);
    phaseMarks.push({ server: serverCpuAfter, postgres: postgresCpuAfter, machine: machineAfter, at: now() });
    const checkpointReport = await checkpoints.stop();
    const serverCpu = serverCpuBefore === null || serverCpuAfter === null ? null : serverCpuAfter - serverCpuBefore;
    const loopMs = (ns) => Math.max(0, Math.round((ns / 1e6 - 5) * 10) / 10);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // Time inside the servers (arrival to response), the worst instance's.
    let handling = null;
    const each = readProbes(probeFiles, 'handling');
    if (each) {
      handling = { p99: Math.max(...each.map((h) => h.handling.p99 ?? 0)), max: Math.max(...each.map((h) => h.handling.max ?? 0)), serverTimeP99: Math.max(...each.map((h) => h.serverTime.p99 ?? 0)), serverTimeMax: Math.max(...each.map((h) => h.serverTime.max ?? 0)), saveP99: Math.max(...each.map((h) => h.save?.p99 ?? 0)), saveMax: Math.max(...each.map((h) => h.save?.max ?? 0)) };
    }
    // The worst of the servers' event loops.
    let loop = null;
    try {
      const loops = probeFiles.map((file) => JSON.parse(readFileSync(file, 'utf8')));
      loop = Object.fromEntries(['p50', 'p99', 'max', 'rssMb', 'peakRssMb'].map((key) => [key, Math.max(...loops.map((l) => l[key] ?? 0))]));
    } catch {
      loop = null;
    }
    const kinds = ['launch', 'session', 'server time', 'remaining time', 'answer saved', 'save request', 'submit'].map((kind) => stats.summary(kind, seconds));
    // The recording's calls (--recorded) come after the seven above, whose places the targets read.
    const recordingKinds = RECORDED ? ['record info', 'chunk sync', 'chunk PUT (local storage)', 'chunk sync (last)', 'keystrokes', 'events'].map((kind) => stats.summary(kind, seconds)) : [];
    kinds.push(...recordingKinds);
    // "answer saved" counts answers, not requests.
    const requests = kinds.filter((k) => k && k.kind !== 'answer saved');
    const all = requests.reduce((sum, k) => sum + k.count, 0);
    const errors = kinds.filter(Boolean).reduce((sum, k) => sum + k.errors, 0);
    const checks = await withClient(benchUrl, (client) => verify(client, ledger));

    console.log(`\nSitting: ${all} requests in ${seconds.toFixed(0)} s = ${(all / seconds).toFixed(0)} req/s; errors ${errors}`);
    console.log(
      `CPU: ${INSTANCES === 1 ? 'server process' : `${INSTANCES} server processes together`} ${serverCpu === null ? 'n/a' : `${serverCpu.toFixed(1)} s (${((serverCpu * 1000) / all).toFixed(2)} ms a request)`}, ` +
        `PostgreSQL ${postgresCpuBefore === null || postgresCpuAfter === null ? 'n/a' : `${(postgresCpuAfter - postgresCpuBefore).toFixed(1)} s (${(((postgresCpuAfter - postgresCpuBefore) * 1000) / all).toFixed(2)} ms a request)`}, ` +
        (loadBalancer ? `load balancer ${balancerCpuBefore === null || balancerCpuAfter === null ? 'n/a' : `${(balancerCpuAfter - balancerCpuBefore).toFixed(1)} s (${(((balancerCpuAfter - balancerCpuBefore) * 1000) / all).toFixed(2)} ms a request)`}, ` : '') +
        `load generator${GENERATORS === 1 ? '' : ` (${GENERATORS} processes)`} ${generator.cpu.toFixed(1)} s (event-loop delay p99 ${loopMs(generator.loopP99)} ms, max ${loopMs(generator.loopMax)} ms); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; machine CPU ${machineShare(machineBefore, machineAfter)}; ` +
        `server event-loop delay ${loop ? `p50 ${loop.p50} ms, p99 ${loop.p99} ms, max ${loop.max} ms` : 'n/a'}; ` +
        `inside the server (arrival to response) ${handling ? `every request p99 ${handling.p99} ms, max ${handling.max} ms; server time p99 ${handling.serverTimeP99} ms, max ${handling.serverTimeMax} ms; save request p99 ${handling.saveP99} ms, max ${handling.saveMax} ms` : 'n/a'}; ` +
        `server resident memory ${loop ? `${loop.rssMb} MB at the end, peak ${loop.peakRssMb} MB` : 'n/a'} (${options.tsx ? 'tsx' : 'compiled'})`,
    );
    printTable([...kinds, baselineSummary]);
    if (phaseMarks.length === 4 && !phaseMarks.some((mark) => mark.server === null || !mark.machine)) {
      const cells = PHASES.map((phase, i) => {
        const [from, to] = [phaseMarks[i], phaseMarks[i + 1]];
        const ticks = to.machine.busy + to.machine.idle + to.machine.steal - (from.machine.busy + from.machine.idle + from.machine.steal);
        const seconds = ticks / 100 / os.cpus().length;
        if (!(seconds > 0)) return `${phase}: -`;
        // Requests planned in the phase over its length: with the CPU, the cost of the phase's mix.
        const requests = stats.phaseRequests(phase);
        const postgres = from.postgres === null || to.postgres === null ? 'n/a' : `${(((to.postgres - from.postgres) / seconds) * 100).toFixed(0)} %`;
        const perRequest = (cpu) => (requests > 0 ? `${((cpu * 1000) / requests).toFixed(2)} ms` : 'n/a');
        return (
          `${phase}: ${(requests / ((to.at - from.at) / 1000)).toFixed(0)} req/s; servers ${(((to.server - from.server) / seconds) * 100).toFixed(0)} % of a core (${perRequest(to.server - from.server)} a request), ` +
          `PostgreSQL ${postgres} of a core${postgres === 'n/a' ? '' : ` (${perRequest(to.postgres - from.postgres)} a request)`}, machine ${machineShare(from.machine, to.machine)}`
        );
      });
      console.log(`\nCPU by phase:\n  ${cells.join('\n  ')}`);
    }
    // Where the tail lives: the launch peak, the middle of the sitting or the submission peak.
    console.log(`\nBy phase (p95 / p99 ms): ${PHASES.join(' | ')}`);
    for (const kind of ['server time', 'remaining time', 'save request', 'answer saved']) {
      const cells = PHASES.map((phase) => {
        const s = stats.phaseSummary(kind, phase);
        return s ? `${fmt(s.p95)} / ${fmt(s.p99)} (${s.count})` : '-';
      });
      console.log(`  ${kind}: ${cells.join(' | ')}`);
    }
    printCheckpoints(checkpointReport, stats, t0);
    printConnections(probeFiles, (t0 - probesResetAt) / 1000);
    printPoolWaits(probeFiles, (t0 - probesResetAt) / 1000);
    if (loadBalancer) {
      const lb = await loadBalancerStats(loadBalancer).catch((error) => ({ error }));
      console.log(
        lb.error
          ? `Load balancer: stats unavailable (${lb.error.message})`
          : `Load balancer: ${lb.requests} requests, ${lb.errorResponses} answered 5xx (the servers' own 503s included); at most ${lb.mostClientConnections} client connections at once; ` +
              `at most ${lb.mostAtOnceByServer.join(', ')} requests at once with ${lb.mostAtOnceByServer.length === 1 ? 'the server' : 'each server'} (limit ${LB_MAX_CONN}), ${lb.serverConnectionsOpened} connections opened to ${lb.mostAtOnceByServer.length === 1 ? 'it' : 'them'}; ` +
              `at most ${lb.mostQueued} requests queued in the balancer, mean wait there ${lb.meanQueueMs} ms over its last 1,024`,
      );
    }
    const save = kinds[5];
    if (save && baselineSummary) {
      console.log(
        `\nSave request / baseline upsert: p50 ${(save.p50 / baselineSummary.p50).toFixed(2)}×, p95 ${(save.p95 / baselineSummary.p95).toFixed(2)}×, p99 ${(save.p99 / baselineSummary.p99).toFixed(2)}×`,
      );
    }
    console.log(
      `Answers checked in the database: ${checks.checked} acknowledged; lost ${checks.lost}, duplicated ${checks.duplicated}, out of order ${checks.outOfOrder}; ` +
        `sittings ${checks.instances} (one per candidate: ${checks.duplicateSittings === 0 ? 'yes' : `no, ${checks.duplicateSittings} modules with more than one`}), ` +
        `question instances ${checks.questionInstances} (expected ${checks.instances * QUESTIONS}), submitted ${checks.submitted} (acknowledged ${ledger.submitted}); ` +
        `late retries applied ${ledger.retriesApplied}, invalid ${ledger.invalid}, busy answers (503, asked again) ${ledger.busyAnswers}`,
    );
    const targets = [
      ['p99 server time <= 50 ms', (kinds[2]?.p99 ?? Infinity) <= 50],
      ['p99 answer save request <= 150 ms', (save?.p99 ?? Infinity) <= 150],
      ['p95 launch <= 2000 ms', (kinds[0]?.p95 ?? Infinity) <= 2000],
      ['no errors', errors === 0],
      ['no lost, duplicated or out-of-order answer', checks.lost + checks.duplicated + checks.outOfOrder === 0 && checks.duplicateSittings === 0 && checks.questionInstances === checks.instances * QUESTIONS],
    ];
    if (RECORDED) {
      const stored = await withClient(benchUrl, async (client) => (await client.query(`select (select count(*)::int from exam_recording_chunks) as chunks, (select count(*)::int from exam_keystroke_batches) as keystrokes`)).rows[0]);
      console.log(`Recording: ${recordingLedger.put} chunks PUT, ${recordingLedger.chunks} acknowledged, ${stored.chunks} in the manifests; ${recordingLedger.keystrokes} keystroke batches acknowledged, ${stored.keystrokes} stored`);
      if (stored.chunks !== recordingLedger.chunks || recordingLedger.put !== recordingLedger.chunks || stored.keystrokes !== recordingLedger.keystrokes) process.exitCode = 1;
    }
    console.log(`Targets (issue 7, for 2,000 candidates): ${targets.map(([name, ok]) => `${ok ? 'met' : 'MISSED'}: ${name}`).join('; ')}`);
    if (checks.lost + checks.duplicated + checks.outOfOrder > 0) process.exitCode = 1;
  } finally {
    await stopProcess(baseline);
    await stopProcess(loadBalancer);
    for (const server of servers) await stopProcess(server);
    agent.destroy();
    if (!options['keep-database']) await dropDatabase(baseUrl, 'bench');
    await autovacuum.restore();
  }
}

// The same file is the generator's child processes (driveCandidates forks it).
if (process.env.EXAM_DAY_GENERATOR === '1') await generatorChild();
else await main();
