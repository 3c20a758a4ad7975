// One candidate's browser in an exam sitting, and the check of what the browsers saw acknowledged
// against the database: the pieces exam-faults.mjs and rolling-restart.mjs share. Modelled on
// apps/web/src/features/exam (answer-queue.ts, exam-controller.ts, exam-clock.ts): per-question
// sequence numbers and cumulative totals, one update per question waiting (a newer one replaces
// it), one request at a time, batches of up to 200, back-off 1, 2, 4, 8, 15, 30 s after a network
// error or a 5xx (a busy answer's Retry-After is its floor, as on the page), "applied" and "stale"
// both done, 409 stops; Submit sends what waits first and is pressed again after a failure.
//
// The network is the caller's: `call(kind, method, url, body, token, { timeoutMs, faults, browser })`
// resolves with { status, json, retryAfterMs } (status 0 for a network error or a time-out) and
// never rejects; `faults: false` asks for the request to be sent straight (exam-faults.mjs drops
// some); `browser` is the candidate's index, for a caller that gives each browser its own connections.

import http from 'node:http';
import { sleep } from './exam-setup.mjs';

/** As the exam page: answer-queue.ts DEFAULT_BACKOFF_MS, sitting-requests.ts SITTING_TIMEOUTS_MS, exam-rules.ts EXAM_TIMING. */
export const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
export const TIMEOUT_MS = { update: 20_000, remainingTime: 10_000, claim: 20_000, submit: 30_000, launch: 30_000, serverTime: 10_000 };
const SERVER_TIME_POLL_MS = 15_000;
const MAX_BATCH = 200;
/** Share of questions the candidate comes back to and changes before submitting. */
const REVISIT_SHARE = 0.1;
/** How fast the skewed candidate's computer clock is (`skewedIndex` of `sit`). */
export const SKEW_MS = 10 * 60_000;

const at = (plannedAt) => sleep(Math.max(0, plannedAt - performance.now()));
/** The page's wait after a failed call: its back-off, or a busy server's Retry-After when longer. */
const retryDelay = (failures, response) => Math.max(BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)], response.retryAfterMs ?? 0);

/**
 * One JSON request as a browser's fetch sees it: { status, json, retryAfterMs }, or status 0 with
 * `error` (the error's code, or 'timed out' after `timeoutMs`) when no answer came. Never rejects.
 * Like a browser, it sends the request again once when a kept-alive connection turns out to have
 * been closed by the other side before any answer (an idle timeout crossing the request).
 */
export function requestJson({ host = '127.0.0.1', port, method, path, body, token, agent, timeoutMs }, isRetry = false) {
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
    const failed = (error) => finish({ status: 0, error, json: { message: error } });
    let isAnswered = false;
    const req = http.request({ host, port, method, path, headers, agent, timeout: timeoutMs }, (res) => {
      isAnswered = true;
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', () => failed('answer cut'));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        const retryAfter = Number(res.headers['retry-after'] ?? Number.NaN);
        finish({ status: res.statusCode ?? 0, json, retryAfterMs: Number.isFinite(retryAfter) ? retryAfter * 1000 : null });
      });
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'timed out' })));
    req.on('error', (error) => {
      if (req.reusedSocket && !isRetry && !isAnswered && error.code === 'ECONNRESET') {
        isDone = true;
        resolve(requestJson({ host, port, method, path, body, token, agent, timeoutMs }, true));
        return;
      }
      failed(error.code ?? error.message);
    });
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function answerFor(question, variant) {
  if (question.questionType === 'General Single Answer') return { answerOptionGivenByUser: [question.options[variant % question.options.length].id] };
  if (question.questionType === 'Multiple Answer') return { answerOptionGivenByUser: question.options.slice(0, 1 + (variant % 3)).map((o) => o.id) };
  if (question.questionType === 'Fill In The Blank') return { answerValueGivenByUser: ['flat', 'Flat ', 'horizontal'][variant % 3] };
  return { answerValueGivenByUser: `Answer ${variant}: inspect the weld visually first, then test.` };
}

export const isRetryable = (status) => status === 0 || status >= 500;

/**
 * The answer queue of answer-queue.ts: `record` makes the next sequence of a question with its
 * cumulative totals and replaces any update of that question still waiting; `flush` sends one batch
 * at a time until nothing waits, backing off after a network error or a 5xx. Done: applied and stale.
 */
class AnswerQueue {
  /** `onSaved(ms)`: each acknowledged update's time from leaving its question to the acknowledgement. */
  constructor(send, ledger, onSaved) {
    this.send = send;
    this.ledger = ledger;
    this.onSaved = onSaved;
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
        const delay = retryDelay(this.failures, response);
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
        this.onSaved(acknowledgedAt - recordedAt);
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
    await sleep(retryDelay(attempt, response));
  }
}

/**
 * One candidate's sitting from t0 (performance.now() ms): launches in the first `launchMs`, claims
 * the session, polls the server's clock and reports the remaining time, leaves each question in
 * turn (some revisited), and submits in the sitting's last minute. The candidate at `skewedIndex`
 * has a computer clock SKEW_MS fast; the one at `tenSubmitsIndex` presses Submit ten times at once.
 * Leaves `candidate.ledger` (what the browser saw) and `candidate.queue` for `verify`.
 * `latency(kind, ms)` is told each answer saved ('saved'), launch and submit, retries included.
 */
export async function sit(candidate, index, t0, { call: send, sittingMs, latency, launchMs = 60_000, skewedIndex = -1, tenSubmitsIndex = -1 }) {
  const call = (kind, method, url, body, token, options) => send(kind, method, url, body, token, { ...options, browser: index });
  const isSkewed = index === skewedIndex;
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
  const submitAt = t0 + sittingMs - 60_000 + Math.random() * 55_000;
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
  await at(t0 + (isSkewed ? 20_000 + Math.random() * 30_000 : Math.random() * launchMs));
  const launchStarted = performance.now();
  const launched = await untilAnswered(() => call('launch', 'POST', '/api/launchexam/init', { applicationModuleId: candidate.applicationModuleId }, token, { timeoutMs: TIMEOUT_MS.launch }), ledger, 'launch');
  latency('launch', performance.now() - launchStarted);
  if (launched.status !== 200) {
    ledger.failed = `launch ${launched.status} ${launched.json?.message ?? ''}`;
    isDone = true;
    return Promise.all(background);
  }
  const exam = launched.json;
  candidate.examId = exam.id;
  ledger.deadlines.add(exam.timer.deadline);
  const questions = exam.sections.flatMap((section) => section.questions);
  const sessionId = `bench-${index}-${Math.random().toString(36).slice(2)}`;
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
    (ms) => latency('saved', ms),
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
  if (index === tenSubmitsIndex) {
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
  latency('submit', performance.now() - submitStarted);
  isDone = true;
  await Promise.all(background);
}

const STATUS_ORDER = { Submitted: 0, TimedOut: 1, InProgress: 2 };

/**
 * What the browsers saw against the database: every acknowledged answer stored at its sequence with
 * its values (none lost, no time or attempts counted twice), one sitting per candidate submitted
 * once by the candidate, and deadlines at the end of the scheduled sitting (decision 041: its
 * scheduled time plus its duration, plus any extra time) that no browser saw change.
 */
export async function verify(client, candidates) {
  const { rows } = await client.query(`
    select qi.id, qi.exam_instance_id as "examId", qi.last_sequence as "lastSequence", qi.time_taken as "timeTaken", qi.num_of_attempts as "numOfAttempts",
      qi.answer_option_given_by_user as options, qi.answer_value_given_by_user as text, qi.is_marked as "isMarked"
    from question_instances qi`);
  const stored = new Map(rows.map((row) => [row.id, row]));
  const { rows: sittings } = await client.query(`
    select e.id, e.application_module_id as "applicationModuleId", e.status, e.submitted_how as "submittedHow", e.submitted_on as "submittedOn",
      e.deadline, e.extra_seconds as "extraSeconds", am.scheduled_at + make_interval(mins => am.duration_minutes) as "slotEndsAt"
    from exam_instances e join application_modules am on am.id = e.application_module_id`);
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
    // The time: the deadline is the scheduled sitting's end, whatever the browser's clock, and never moved.
    if (sitting.deadline.getTime() !== sitting.slotEndsAt.getTime() + sitting.extraSeconds * 1000) result.deadlineMismatch += 1;
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

