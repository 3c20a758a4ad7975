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
// Each candidate's browser is modelled on apps/web/src/features/exam (answer-queue.ts,
// exam-controller.ts, exam-clock.ts): per-question sequence numbers and cumulative totals, one
// update per question waiting (a newer one replaces it), one request at a time, batches of up to 200,
// back-off 1, 2, 4, 8, 15, 30 s after a network error or a 5xx, "applied" and "stale" both done,
// 409 stops; Submit sends what waits first and is pressed again after a failure.
//
// Options: --candidates N (1000), --minutes M (8), --questions Q (60), --database-url URL (a server
// database; a fresh database "bench_faults" is made on it), --port P (3390: servers on P and P+1),
// --drop-before R (0.05), --drop-after R (0.05), --no-pg-restart, --pg-version V (from /etc/postgresql),
// --keep-database. Exits 1 when an acknowledged answer is lost or counted twice, a sitting is not
// submitted exactly once, or the deadlines differ.
import { execFile, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { SignJWT } from 'jose';
import pg from 'pg';
import { analyzeFilledTables, productionAutovacuum } from './production-postgres.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
/** The test's time: the sitting plus two minutes, so that retries at the end still come before the deadline. */
const TEST_MINUTES = MINUTES + 2;
const JWT_SECRET = 'exam-fault-benchmark-secret-long-enough-for-hs256';
const POOL_SIZE = 10;
/** As the exam page: answer-queue.ts DEFAULT_BACKOFF_MS, sitting-requests.ts SITTING_TIMEOUTS_MS, exam-rules.ts EXAM_TIMING. */
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
const TIMEOUT_MS = { update: 20_000, remainingTime: 10_000, claim: 20_000, submit: 30_000, launch: 30_000, serverTime: 10_000 };
const SERVER_TIME_POLL_MS = 15_000;
const MAX_BATCH = 200;
/** Share of questions the candidate comes back to and changes before submitting. */
const REVISIT_SHARE = 0.1;
const SKEW_MS = 10 * 60_000;
const SKEWED = 0;
const TEN_SUBMITS = 1;
/** The faults, as fractions of the sitting. */
const FAULTS = [
  { at: 0.25, kind: 'kill', server: 0 },
  { at: 0.45, kind: 'pg' },
  { at: 0.65, kind: 'kill', server: 1 },
].filter((fault) => fault.kind !== 'pg' || !options['no-pg-restart']);

const baseUrl = new URL(options['database-url']);
const benchUrl = new URL(baseUrl);
benchUrl.pathname = `/${DATABASE}`;

async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** One program, module and published test of QUESTIONS questions; N candidates each scheduled for it now. */
async function seed(client) {
  await client.query('begin');
  const { rows: [program] } = await client.query(
    `insert into programs (program_code, program_title, program_type, status, has_been_published, published_on)
     values ('FAULTS', 'Exam fault injection', 1, 2, true, now()) returning id`,
  );
  const { rows: [module] } = await client.query(
    `insert into program_modules (program_id, module_code, module_title, examination_type, member_fee_cents, non_member_fee_cents, pass_percentage, sort_order)
     values ($1, 'F1', 'Fault module', 'Online', 0, 0, 50, 1) returning id`,
    [program.id],
  );
  const { rows: [test] } = await client.query(
    `insert into exam_definitions (title, description, instruction, test_type, program_type, program_module_id, overall_time, minimum_time,
       total_test_marks, status, published_on)
     values ('Fault module exam', 'Exam day under faults', '<p>Answer every question.</p>', 'module', 1, $1, $2, 0, $3, 'published', now()) returning id`,
    [module.id, TEST_MINUTES, QUESTIONS],
  );
  const types = ['General Single Answer', 'General Single Answer', 'Multiple Answer', 'General Single Answer', 'Fill In The Blank', 'General Single Answer', 'Descriptive'];
  await client.query(
    `with q as (insert into questions (current_version) select 1 from generate_series(1, $1) returning id, question_number)
     insert into question_versions (question_id, version, question_type, difficulty, content, plain_text)
     select q.id, 1, (array[${types.map((t) => `'${t}'`).join(',')}])[(q.question_number % ${types.length}) + 1], 'Medium',
       '<p>Question ' || q.question_number || '</p>', 'Question ' || q.question_number from q`,
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
  await client.query(
    `insert into users (email, password_hash, first_name, last_name, user_type, role)
     select 'candidate' || lpad(g::text, 6, '0') || '@faults.local', '!', 'Candidate', g::text, 'applicant', 5 from generate_series(1, $1) g`,
    [CANDIDATES],
  );
  await client.query(`insert into applicants (user_id) select id from users where email like '%@faults.local'`);
  await client.query(
    `insert into applications (application_number, applicant_id, program_id, program_type, status, workflow_stage, declaration_accepted, submitted_on)
     select 'F-' || row_number() over (order by a.id), a.id, $1, 1, 'Examinations Stage', 'Exam Modules Sent', true, now() from applicants a`,
    [program.id],
  );
  await client.query(
    `insert into application_modules (application_id, program_module_id, is_required, fee_cents, fee_basis, "order", exam_kind, scheduled_at,
       schedule_time_zone, duration_minutes, exam_definition_id, schedule_sent_on)
     select a.id, $1, true, 0, 'member', 1, 'Online', now() - interval '1 minute', 'Australia/Sydney', $2, $3, now() from applications a`,
    [module.id, MINUTES + 5, test.id],
  );
  await client.query('commit');
  await analyzeFilledTables(client);
  const { rows } = await client.query(
    `select u.id as "userId", am.id as "applicationModuleId" from users u join applicants ap on ap.user_id = u.id
     join applications a on a.applicant_id = ap.id join application_modules am on am.application_id = a.id order by u.email`,
  );
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Server processes.

function startServer(index) {
  const port = PORTS[index];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: benchUrl.toString(),
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      JWT_SECRET,
      // Required with DATABASE_URL (one key for every instance); a throwaway one for the benchmark.
      CREDENTIAL_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'test',
      ALLOW_TEST_PAYMENT_GATEWAY: '1',
      WEB_DIST_DIR: 'no-web-app',
      PUBLIC_URL: `http://127.0.0.1:${PORTS[0]}`,
    },
  });
  // The servers' warnings are counted and summed up at the end (a PostgreSQL restart logs one per lost connection).
  let rest = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) serverLog.set(line.trim(), (serverLog.get(line.trim()) ?? 0) + 1);
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`server on ${port} exited (${code ?? signal})`);
  });
  return child;
}

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.stopping = true;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function waitFor(url, limitMs = 120_000) {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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
 * One JSON call as the browser sees it: { status, json }, status 0 for a network error or a timeout.
 * `faults: false` sends it straight (the ten simultaneous submits, to count their answers).
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
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (token) headers.authorization = `Bearer ${token}`;
    let isDone = false;
    const finish = (result) => {
      if (isDone) return;
      isDone = true;
      resolve(result);
    };
    const req = http.request({ host: '127.0.0.1', port: PORTS[server], method, path: url, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', () => finish({ status: 0, json: { message: 'answer cut' } }));
      res.on('end', () => {
        if (dropAfter) {
          count(`${kind} dropped after (status ${res.statusCode})`);
          finish({ status: 0, json: { message: 'answer dropped after the server' } });
          return;
        }
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        count(`${kind} status ${res.statusCode}`);
        if ((res.statusCode ?? 0) >= 500) failures.push(performance.now());
        finish({ status: res.statusCode ?? 0, json });
      });
    });
    req.on('timeout', () => {
      count(`${kind} timed out`);
      req.destroy(new Error('timeout'));
    });
    req.on('error', (error) => {
      if (error.code === 'ECONNREFUSED') downUntil[server] = Date.now() + 2000;
      // A time-out is counted where it fires.
      if (error.message !== 'timeout') count(`${kind} ${error.code ?? error.message}`);
      failures.push(performance.now());
      finish({ status: 0, json: { message: `${error.code ?? ''} ${error.message}` } });
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------
// One candidate's browser.

function answerFor(question, variant) {
  if (question.questionType === 'General Single Answer') return { answerOptionGivenByUser: [question.options[variant % question.options.length].id] };
  if (question.questionType === 'Multiple Answer') return { answerOptionGivenByUser: question.options.slice(0, 1 + (variant % 3)).map((o) => o.id) };
  if (question.questionType === 'Fill In The Blank') return { answerValueGivenByUser: ['flat', 'Flat ', 'horizontal'][variant % 3] };
  return { answerValueGivenByUser: `Answer ${variant}: inspect the weld visually first, then test.` };
}

const latencies = { saved: [], launch: [], submit: [] };
const isRetryable = (status) => status === 0 || status >= 500;

/**
 * The answer queue of answer-queue.ts: `record` makes the next sequence of a question with its
 * cumulative totals and replaces any update of that question still waiting; `flush` sends one batch
 * at a time until nothing waits, backing off after a network error or a 5xx. Done: applied and stale.
 */
class AnswerQueue {
  constructor(send, ledger) {
    this.send = send;
    this.ledger = ledger;
    this.progress = new Map();
    this.pending = [];
    this.inFlight = null;
    this.retryTimer = null;
    this.failures = 0;
    this.stopped = null;
    /** The newest update of each question the server acknowledged. */
    this.acknowledged = new Map();
  }

  record(questionInstanceId, state) {
    if (this.stopped) return;
    const previous = this.progress.get(questionInstanceId) ?? { sequence: 0, timeTaken: 0, numOfAttempts: 0 };
    const update = {
      questionInstanceId,
      ...state,
      sequence: previous.sequence + 1,
      timeTaken: Math.max(previous.timeTaken, state.timeTaken),
      numOfAttempts: Math.max(previous.numOfAttempts, state.numOfAttempts),
    };
    this.progress.set(questionInstanceId, update);
    this.ledger.recorded += 1;
    const replaced = this.pending.length;
    this.pending = [...this.pending.filter((waiting) => waiting.questionInstanceId !== questionInstanceId), { update, recordedAt: performance.now() }];
    if (this.pending.length === replaced) this.ledger.replacedWhileWaiting += 1;
    if (!this.retryTimer) void this.flush();
  }

  async flush() {
    if (this.stopped) return this.pending.length === 0;
    if (this.inFlight) {
      await this.inFlight;
      if (this.pending.length > 0 && !this.retryTimer && !this.stopped) return this.flush();
      return this.pending.length === 0;
    }
    if (this.pending.length === 0) return true;
    this.inFlight = this.sendAll().finally(() => {
      this.inFlight = null;
    });
    await this.inFlight;
    return this.pending.length === 0;
  }

  async sendAll() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    while (this.pending.length > 0 && !this.stopped) {
      const batch = this.pending.slice(0, MAX_BATCH);
      const response = await this.send(batch.map((item) => item.update));
      if (response.status !== 200) {
        if (response.status === 409) {
          this.stopped = response.json?.message ?? 'conflict';
          this.ledger.stops.push(this.stopped);
          return;
        }
        if (!isRetryable(response.status)) this.ledger.refused.push(response.status);
        const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)];
        this.failures += 1;
        this.ledger.retries += 1;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          void this.flush();
        }, delay);
        return;
      }
      this.failures = 0;
      const acknowledgedAt = performance.now();
      const sent = new Set(batch);
      this.pending = this.pending.filter((item) => !sent.has(item));
      response.json.results.forEach((result, i) => {
        const { update, recordedAt } = batch[i];
        if (result.outcome === 'invalid') {
          this.ledger.invalid += 1;
          return;
        }
        this.ledger.outcomes[result.outcome] += 1;
        latencies.saved.push(acknowledgedAt - recordedAt);
        const known = this.acknowledged.get(update.questionInstanceId);
        if (!known || known.sequence < update.sequence) this.acknowledged.set(update.questionInstanceId, update);
      });
      this.ledger.deadlines.add(response.json.timer.deadline);
    }
  }
}

/** Calls a write until it answers other than with a network error or a 5xx (a candidate pressing again). */
async function untilAnswered(send, ledger, what) {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    if (!isRetryable(response.status) || attempt >= 40) return response;
    ledger.retriesOf[what] = (ledger.retriesOf[what] ?? 0) + 1;
    await sleep(BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]);
  }
}

const at = (plannedAt) => sleep(Math.max(0, plannedAt - performance.now()));

async function sit(candidate, index, t0) {
  const isSkewed = index === SKEWED;
  // The candidate's computer clock; the page works on the server's, measured by polls.
  const clientNow = () => Date.now() + (isSkewed ? SKEW_MS : 0);
  const ledger = {
    index,
    deadlines: new Set(),
    outcomes: { applied: 0, stale: 0 },
    retries: 0,
    retriesOf: {},
    recorded: 0,
    replacedWhileWaiting: 0,
    invalid: 0,
    refused: [],
    stops: [],
    submit: null,
    submits: null,
    offsets: [],
    skew: [],
  };
  candidate.ledger = ledger;
  const token = candidate.token;
  const submitAt = t0 + SITTING_MS - 60_000 + Math.random() * 55_000;
  let isDone = false;
  const background = [];

  // The server clock: polled every 15 s ±20 % until the candidate submits (exam-clock.ts).
  background.push(
    (async () => {
      await at(t0 + Math.random() * SERVER_TIME_POLL_MS);
      while (!isDone) {
        const sentAt = clientNow();
        const response = await call('server time', 'GET', '/api/launchexam/servertime', undefined, undefined, { timeoutMs: TIMEOUT_MS.serverTime });
        const receivedAt = clientNow();
        // exam-clock.ts: the server's reading taken as made halfway through the round trip (wrong by at most half of it).
        if (response.status === 200) ledger.offsets.push({ offsetMs: response.json.serverTime - (sentAt + receivedAt) / 2, roundTripMs: receivedAt - sentAt });
        await sleep(SERVER_TIME_POLL_MS * (1 + (Math.random() * 2 - 1) * 0.2));
      }
    })(),
  );

  // The skewed candidate launches once the examinations page has measured the server's clock, as the page does.
  await at(t0 + (isSkewed ? 20_000 + Math.random() * 30_000 : Math.random() * 60_000));
  const launchStarted = performance.now();
  const launched = await untilAnswered(() => call('launch', 'POST', '/api/launchexam/init', { applicationModuleId: candidate.applicationModuleId }, token, { timeoutMs: TIMEOUT_MS.launch }), ledger, 'launch');
  latencies.launch.push(performance.now() - launchStarted);
  if (launched.status !== 200) {
    ledger.failed = `launch ${launched.status} ${launched.json?.message ?? ''}`;
    isDone = true;
    return Promise.all(background);
  }
  const exam = launched.json;
  candidate.examId = exam.id;
  ledger.deadlines.add(exam.timer.deadline);
  const questions = exam.sections.flatMap((section) => section.questions);
  const sessionId = `faults-${index}-${Math.random().toString(36).slice(2)}`;
  const claimed = await untilAnswered(() => call('session', 'PUT', '/api/isexaminprogress', { examInstanceId: exam.id, examType: 'module', sessionId }, token, { timeoutMs: TIMEOUT_MS.claim }), ledger, 'session');
  if (claimed.status !== 200) {
    ledger.failed = `session ${claimed.status} ${claimed.json?.message ?? ''}`;
    isDone = true;
    return Promise.all(background);
  }
  ledger.deadlines.add(claimed.json.timer.deadline);

  // The timer asks the server's remaining time about once a minute; the skewed browser also claims
  // a remaining time by its own clock (ten minutes more), which the server must ignore.
  background.push(
    (async () => {
      while (!isDone) {
        const deadline = Date.parse(exam.timer.deadline);
        const askedAt = clientNow();
        const claimedRemaining = Math.max(0, Math.round((deadline - clientNow() + (isSkewed ? 2 * SKEW_MS : 0)) / 1000));
        const response = await call('remaining time', 'POST', '/api/remainingtime', { examInstanceId: exam.id, examType: 'module', remainingTime: claimedRemaining }, token, { timeoutMs: TIMEOUT_MS.remainingTime });
        if (response.status === 200) {
          ledger.deadlines.add(response.json.deadline);
          if (isSkewed && ledger.offsets.length > 0) {
            // What this browser shows: the deadline against its clock corrected by the measured offset.
            const { offsetMs, roundTripMs } = ledger.offsets.at(-1);
            const now = clientNow();
            // The two readings differ by the offset's error (half the poll's round trip) and this call's own round trip, at most.
            const toleranceS = (roundTripMs / 2 + (now - askedAt)) / 1000 + 1.5;
            ledger.skew.push({ offsetMs, roundTripMs, toleranceS, shownRemaining: (Date.parse(response.json.deadline) - (now + offsetMs)) / 1000, serverRemaining: response.json.remainingTime });
          }
        }
        // The skewed browser asks more often, for more samples.
        await sleep((isSkewed ? 20_000 : 60_000) * (1 + (Math.random() * 2 - 1) * 0.2));
      }
    })(),
  );

  const queue = new AnswerQueue(
    (updates) => call('save', 'POST', '/api/updateInstances', { examInstanceId: exam.id, examType: 'module', sessionId, updates }, token, { timeoutMs: TIMEOUT_MS.update }),
    ledger,
  );
  candidate.queue = queue;
  // Leaving each question records its cumulative state; some are revisited and changed later.
  const start = performance.now() + 2000;
  const step = (submitAt - 6000 - start) / (questions.length * (1 + REVISIT_SHARE));
  const times = new Map();
  let moment = start;
  for (const [i, question] of questions.entries()) {
    moment += step;
    await at(moment);
    const spent = Math.max(1, Math.round(step / 1000));
    times.set(question.id, spent);
    queue.record(question.id, { timeTaken: spent, numOfAttempts: 1, isMarked: i % 13 === 0, isAttempted: true, ...answerFor(question, index + i) });
  }
  const revisits = questions.filter(() => Math.random() < REVISIT_SHARE);
  for (const [i, question] of revisits.entries()) {
    moment += step;
    await at(moment);
    const spent = times.get(question.id) + 5 + i;
    queue.record(question.id, { timeTaken: spent, numOfAttempts: 2, isMarked: false, isAttempted: true, ...answerFor(question, index + 7 + i) });
  }

  // Submit (exam-controller.ts): what waits goes first, then the submission; pressed again after a failure.
  await at(submitAt);
  for (let waited = 0; !(await queue.flush()) && !queue.stopped && waited < 120; waited += 1) await sleep(1000);
  ledger.unsent = queue.pending.length;
  const submitStarted = performance.now();
  if (index === TEN_SUBMITS) {
    // Ten at once, straight to the servers (no dropped answers, so that each one's answer is counted).
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('submit', 'POST', `/api/moduleexaminstance/${exam.id}/submit`, { sessionId }, token, { timeoutMs: TIMEOUT_MS.submit, faults: false })));
    ledger.submits = answers.map((answer) => `${answer.status} ${answer.status === 200 ? answer.json.submittedOn : (answer.json?.message ?? '')}`);
    const accepted = answers.find((answer) => answer.status === 200);
    if (accepted) ledger.submit = { how: 'acknowledged', submittedOn: accepted.json.submittedOn };
  } else {
    const submitted = await untilAnswered(() => call('submit', 'POST', `/api/moduleexaminstance/${exam.id}/submit`, { sessionId }, token, { timeoutMs: TIMEOUT_MS.submit }), ledger, 'submit');
    if (submitted.status === 200) ledger.submit = { how: 'acknowledged', submittedOn: submitted.json.submittedOn };
    // A retry after a lost answer: the first one went through.
    else if (submitted.status === 409 && /already/i.test(submitted.json?.message ?? '')) ledger.submit = { how: 'already submitted (a retry)' };
    else ledger.failed = `submit ${submitted.status} ${submitted.json?.message ?? ''}`;
  }
  latencies.submit.push(performance.now() - submitStarted);
  isDone = true;
  await Promise.all(background);
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
    await new Promise((resolve) => (victim.exitCode !== null || victim.signalCode !== null ? resolve() : victim.once('exit', resolve)));
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

const STATUS_ORDER = { Submitted: 0, TimedOut: 1, InProgress: 2 };

async function verify(client, candidates) {
  const { rows } = await client.query(`
    select qi.id, qi.exam_instance_id as "examId", qi.last_sequence as "lastSequence", qi.time_taken as "timeTaken", qi.num_of_attempts as "numOfAttempts",
      qi.answer_option_given_by_user as options, qi.answer_value_given_by_user as text, qi.is_marked as "isMarked"
    from question_instances qi`);
  const stored = new Map(rows.map((row) => [row.id, row]));
  const { rows: sittings } = await client.query(`
    select e.id, e.application_module_id as "applicationModuleId", e.status, e.submitted_how as "submittedHow", e.submitted_on as "submittedOn",
      e.started_on as "startedOn", e.deadline, e.total_seconds as "totalSeconds", e.extra_seconds as "extraSeconds"
    from exam_instances e`);
  const sittingOf = new Map(sittings.map((row) => [row.applicationModuleId, row]));
  const result = { checked: 0, lost: 0, timeTwice: 0, differentValue: 0, sittings: sittings.length, byStatus: {}, notSubmittedOnce: 0, deadlineMismatch: 0, deadlineChanged: 0, problems: [] };
  const perModule = new Map();
  for (const row of sittings) perModule.set(row.applicationModuleId, (perModule.get(row.applicationModuleId) ?? 0) + 1);
  result.duplicateSittings = [...perModule.values()].filter((n) => n > 1).length;
  for (const row of sittings) result.byStatus[row.status] = (result.byStatus[row.status] ?? 0) + 1;
  for (const candidate of candidates) {
    const sitting = sittingOf.get(candidate.applicationModuleId);
    const ledger = candidate.ledger;
    if (!sitting) {
      result.problems.push(`candidate ${ledger.index}: no sitting (${ledger.failed ?? 'no reason seen'})`);
      continue;
    }
    // Submitted exactly once, by the candidate, and the acknowledged submission is the one stored.
    const isOnce = sitting.status === 'Submitted' && sitting.submittedHow === 'candidate' && ledger.submit !== null &&
      (ledger.submit.submittedOn === undefined || Date.parse(ledger.submit.submittedOn) === sitting.submittedOn.getTime());
    if (!isOnce) {
      result.notSubmittedOnce += 1;
      result.problems.push(`candidate ${ledger.index}: ${sitting.status}/${sitting.submittedHow}, browser saw ${JSON.stringify(ledger.submit)} ${ledger.failed ?? ''}`);
    }
    // The time: the deadline is start + the test's time, whatever the browser's clock, and never moved.
    if (sitting.deadline.getTime() - sitting.startedOn.getTime() !== (sitting.totalSeconds + sitting.extraSeconds) * 1000 || sitting.totalSeconds !== TEST_MINUTES * 60) result.deadlineMismatch += 1;
    if (ledger.deadlines.size !== 1 || [...ledger.deadlines][0] !== sitting.deadline.toISOString()) {
      result.deadlineChanged += 1;
      result.problems.push(`candidate ${ledger.index}: deadlines seen ${[...ledger.deadlines].join(', ')}, stored ${sitting.deadline.toISOString()}`);
    }
    for (const [id, update] of candidate.queue?.acknowledged ?? []) {
      result.checked += 1;
      const row = stored.get(id);
      if (!row || row.lastSequence < update.sequence) {
        result.lost += 1;
        continue;
      }
      // Cumulative totals are written, not added: more than acknowledged is time counted twice.
      if (row.timeTaken > update.timeTaken || row.numOfAttempts > update.numOfAttempts) result.timeTwice += 1;
      const sameAnswer = update.answerOptionGivenByUser
        ? JSON.stringify([...(row.options ?? [])].sort()) === JSON.stringify([...update.answerOptionGivenByUser].sort())
        : row.text === update.answerValueGivenByUser.trim() || row.text === update.answerValueGivenByUser;
      if (row.lastSequence !== update.sequence || !sameAnswer || row.timeTaken !== update.timeTaken || row.numOfAttempts !== update.numOfAttempts || row.isMarked !== update.isMarked) {
        result.differentValue += 1;
        if (result.problems.length < 40) result.problems.push(`candidate ${ledger.index}: question ${id} stored seq ${row.lastSequence} ${JSON.stringify(row.options ?? row.text)} ${row.timeTaken}s, acknowledged seq ${update.sequence} ${JSON.stringify(update.answerOptionGivenByUser ?? update.answerValueGivenByUser)} ${update.timeTaken}s`);
      }
    }
  }
  result.sittingsByStatus = Object.entries(result.byStatus).sort(([a], [b]) => STATUS_ORDER[a] - STATUS_ORDER[b]);
  return result;
}

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
    `Exam fault injection: ${CANDIDATES} candidates × ${QUESTIONS} questions, a ${MINUTES}-minute sitting (test time ${TEST_MINUTES} min), two server processes (ports ${PORTS.join(', ')}), ` +
      `drops ${DROP_BEFORE * 100} % before / ${DROP_AFTER * 100} % after; ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}; ${new Date().toISOString()}`,
  );
  await withClient(baseUrl, async (client) => {
    await client.query(`drop database if exists ${DATABASE} with (force)`);
    await client.query(`create database ${DATABASE}`);
  });
  const autovacuum = await productionAutovacuum(baseUrl);
  console.log(`PostgreSQL: ${autovacuum.note}`);
  const servers = [];
  try {
    // One after another: each migrates the database at start.
    for (const index of PORTS.keys()) {
      servers.push(startServer(index));
      await waitFor(`http://127.0.0.1:${PORTS[index]}/api/launchexam/servertime`);
    }
    const rows = await withClient(benchUrl, seed);
    const key = new TextEncoder().encode(JWT_SECRET);
    const candidates = await Promise.all(
      rows.map(async (row) => ({
        ...row,
        token: await new SignJWT({ role: 5, userType: 'applicant', sv: 0 })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
          .setSubject(row.userId)
          .setIssuer('certification-platform')
          .setAudience('certification-platform-api')
          .setIssuedAt()
          .setExpirationTime(`${MINUTES + 30}m`)
          .sign(key),
      })),
    );
    console.log(`Set up ${candidates.length} candidates. Faults: ${FAULTS.map((f) => `${f.kind === 'kill' ? `kill server ${f.server + 1}` : 'restart PostgreSQL'} at ${f.at * 100} %`).join(', ')}.`);
    const t0 = performance.now() + 1000;
    const log = [];
    const faults = FAULTS.map((fault) =>
      at(t0 + fault.at * SITTING_MS)
        .then(() => runFault(fault, servers, log))
        .catch(async (error) => {
          // A server that does not come back would leave every candidate retrying: stop here.
          console.error(`The fault "${fault.kind}" failed: ${error.message}`);
          for (const server of servers) await stopServer(server);
          process.exit(2);
        }),
    );
    const loadBefore = os.loadavg()[0];
    await Promise.all([...candidates.map((candidate, index) => sit(candidate, index, t0)), ...faults]);
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
        `not submitted exactly once by the candidate: ${checks.notSubmittedOnce}; deadline other than start + test time: ${checks.deadlineMismatch}; a browser saw its deadline change: ${checks.deadlineChanged}`,
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
    if (!options['keep-database']) await withClient(baseUrl, (client) => client.query(`drop database if exists ${DATABASE} with (force)`)).catch(() => {});
    await autovacuum.restore();
  }
}

await main();
