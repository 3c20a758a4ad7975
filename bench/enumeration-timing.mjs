// Enumeration timing (issue 15 item 7): can a stranger tell a registered email from an unknown one
// by how long the unauthenticated mail routes take to answer? For each route it sends N requests
// one after another, alternating a known and an unknown email, and prints the median time of each,
// their ratio, and how often the best single time threshold guesses which was which (50 % is a coin
// toss: the times say nothing). It starts nothing itself: point it at a running server on loopback.
//
//   # a throwaway server with the demo accounts; the limits raised, or they answer 429 mid-run
//   PORT=3411 DATA_DIR=.tmp/timing-data SEED_DEMO=1 LOG_LEVEL=warn \
//     MAIL_REQUEST_LIMIT_PER_EMAIL=100000 MAIL_REQUEST_LIMIT_PER_ADDRESS=100000 \
//     node --import tsx apps/server/src/main.ts &
//   node bench/enumeration-timing.mjs http://localhost:3411            # N=200 per route
//   node bench/enumeration-timing.mjs http://localhost:3411 --n 400 --known applicant@demo.local
//   kill %1 && rm -rf .tmp/timing-data
//
// Routes: forgot password (known: an active applicant), registration (known: that applicant's email;
// unknown: a new address each time, so the run registers N/2 accounts), and resend activation
// (known: an account this script registers first and never activates). Run it on a quiet machine;
// the first requests of each route are a warm-up and are not counted.
import { parseArgs } from 'node:util';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    n: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    known: { type: 'string', default: 'applicant@demo.local' },
    routes: { type: 'string', default: 'forgot,register,resend' },
  },
});
const baseUrl = (positionals[0] ?? '').replace(/\/$/, '');
if (!/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(baseUrl)) {
  console.error('usage: node bench/enumeration-timing.mjs http://localhost:PORT [--n 200] [--known EMAIL] [--routes forgot,register,resend]');
  console.error('(loopback only: network jitter would hide what is measured)');
  process.exit(2);
}
const total = Number(options.n);
const warmup = Number(options.warmup);
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let serial = 0;
const unknownEmail = () => `nobody.${run}.${serial++}@example.test`;
const PASSWORD = 'Timing-bench-2026';

async function post(path, body) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The share of samples the best threshold ("faster than t means known", or the reverse) labels right. */
function bestThresholdAccuracy(known, unknown) {
  const samples = [...known.map((ms) => ({ ms, isKnown: true })), ...unknown.map((ms) => ({ ms, isKnown: false }))].sort((a, b) => a.ms - b.ms);
  let best = 0.5;
  let knownBelow = 0;
  let unknownBelow = 0;
  for (const sample of samples) {
    if (sample.isKnown) knownBelow += 1;
    else unknownBelow += 1;
    // "at or below the threshold: known" and "at or below: unknown".
    const knownFirst = (knownBelow + (unknown.length - unknownBelow)) / samples.length;
    const unknownFirst = (unknownBelow + (known.length - knownBelow)) / samples.length;
    best = Math.max(best, knownFirst, unknownFirst);
  }
  return best;
}

async function measure(name, knownRequest, unknownRequest) {
  const known = [];
  const unknown = [];
  const statuses = new Map();
  for (let i = 0; i < warmup + total; i += 1) {
    // Alternate which goes first, so that neither always follows the other.
    const isKnown = i % 2 === 0;
    const result = await (isKnown ? knownRequest() : unknownRequest());
    statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
    if (i < warmup) continue;
    (isKnown ? known : unknown).push(result.ms);
  }
  const knownMedian = median(known);
  const unknownMedian = median(unknown);
  const statusText = [...statuses].map(([status, count]) => `${status}x${count}`).join(' ');
  console.log(
    `${name.padEnd(18)} known ${knownMedian.toFixed(2).padStart(7)} ms   unknown ${unknownMedian.toFixed(2).padStart(7)} ms   ratio ${(knownMedian / unknownMedian).toFixed(2)}   guessable ${(bestThresholdAccuracy(known, unknown) * 100).toFixed(0)} %   (${known.length}+${unknown.length} samples; ${statusText})`,
  );
  if ([...statuses.keys()].some((status) => status === 429)) console.warn(`  ${name}: some answers were 429; raise the limits (see the top of this file)`);
}

const routes = new Set(options.routes.split(','));
console.log(`${baseUrl}: N=${total} per route (after ${warmup} warm-up), known ${options.known}`);
if (routes.has('forgot')) {
  await measure(
    'forgot password',
    () => post('/unauth/forgotpassword', { email: options.known }),
    () => post('/unauth/forgotpassword', { email: unknownEmail() }),
  );
}
if (routes.has('register')) {
  const register = (email) => post('/unauth/applicantregistration', { firstName: 'Timing', lastName: 'Bench', email, password: PASSWORD });
  await measure('registration', () => register(options.known), () => register(unknownEmail()));
}
if (routes.has('resend')) {
  const pending = `pending.${run}@example.test`;
  const registered = await post('/unauth/applicantregistration', { firstName: 'Timing', lastName: 'Pending', email: pending, password: PASSWORD });
  if (registered.status !== 202) throw new Error(`registering ${pending} answered ${registered.status}`);
  await measure(
    'resend activation',
    () => post('/unauth', { email: pending }),
    () => post('/unauth', { email: unknownEmail() }),
  );
}
