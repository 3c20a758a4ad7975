// The set-up the exam sitting benchmarks share (exam-faults.mjs, rolling-restart.mjs): a fresh
// database of their own on a PostgreSQL server, one scheduled online module exam for N candidates,
// their sign-in tokens, and the server processes with their start, readiness and stop.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import pg from 'pg';
import { compiledServerArgs } from '../apps/server/server-command.mjs';
import { analyzeFilledTables } from './production-postgres.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `name` on the server of `baseUrl`, dropped first if it is there; returns its URL. */
export async function freshDatabase(baseUrl, name) {
  await withClient(baseUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url;
}

export function dropDatabase(baseUrl, name) {
  return withClient(baseUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).catch(() => {});
}

/**
 * One program, module and published test of `questions` questions lasting `testMinutes`; N
 * candidates (emails `candidateNNNNNN@<code>.local`) each scheduled for it a minute ago for
 * `windowMinutes`: every sitting ends then (decision 041). Returns [{ userId, applicationModuleId }] in email order.
 */
export async function seedScheduledModule(client, { code, candidates, questions, testMinutes, windowMinutes }) {
  const domain = `${code.toLowerCase()}.local`;
  await client.query('begin');
  const { rows: [program] } = await client.query(
    `insert into programs (program_code, program_title, program_type, status, has_been_published, published_on)
     values ($1, 'Exam sitting benchmark', 1, 2, true, now()) returning id`,
    [code],
  );
  const { rows: [module] } = await client.query(
    `insert into program_modules (program_id, module_code, module_title, examination_type, member_fee_cents, non_member_fee_cents, pass_percentage, sort_order)
     values ($1, 'F1', 'Benchmark module', 'Online', 0, 0, 50, 1) returning id`,
    [program.id],
  );
  const { rows: [test] } = await client.query(
    `insert into exam_definitions (title, description, instruction, test_type, program_type, program_module_id, overall_time, minimum_time,
       total_test_marks, status, published_on)
     values ('Benchmark module exam', 'Exam day', '<p>Answer every question.</p>', 'module', 1, $1, $2, 0, $3, 'published', now()) returning id`,
    [module.id, testMinutes, questions],
  );
  const types = ['General Single Answer', 'General Single Answer', 'Multiple Answer', 'General Single Answer', 'Fill In The Blank', 'General Single Answer', 'Descriptive'];
  await client.query(
    `with q as (insert into questions (current_version) select 1 from generate_series(1, $1) returning id, question_number)
     insert into question_versions (question_id, version, question_type, difficulty, content, plain_text)
     select q.id, 1, (array[${types.map((t) => `'${t}'`).join(',')}])[(q.question_number % ${types.length}) + 1], 'Medium',
       '<p>Question ' || q.question_number || '</p>', 'Question ' || q.question_number from q`,
    [questions],
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
     select 'candidate' || lpad(g::text, 6, '0') || '@${domain}', '!', 'Candidate', g::text, 'applicant', 5 from generate_series(1, $1) g`,
    [candidates],
  );
  await client.query(`insert into applicants (user_id) select id from users where email like '%@${domain}'`);
  await client.query(
    `insert into applications (application_number, applicant_id, program_id, program_type, status, workflow_stage, declaration_accepted, submitted_on)
     select '${code.slice(0, 1)}-' || row_number() over (order by a.id), a.id, $1, 1, 'Examinations Stage', 'Exam Modules Sent', true, now() from applicants a`,
    [program.id],
  );
  await client.query(
    `insert into application_modules (application_id, program_module_id, is_required, fee_cents, fee_basis, "order", exam_kind, scheduled_at,
       schedule_time_zone, duration_minutes, exam_definition_id, schedule_sent_on)
     select a.id, $1, true, 0, 'member', 1, 'Online', now() - interval '1 minute', 'Australia/Sydney', $2, $3, now() from applications a`,
    [module.id, windowMinutes, test.id],
  );
  await client.query('commit');
  await analyzeFilledTables(client);
  const { rows } = await client.query(
    `select u.id as "userId", am.id as "applicationModuleId" from users u join applicants ap on ap.user_id = u.id
     join applications a on a.applicant_id = ap.id join application_modules am on am.application_id = a.id order by u.email`,
  );
  return rows;
}

/** Each candidate with a bearer token the servers accept (signed with their JWT_SECRET), valid for `minutes`. */
export function withTokens(rows, jwtSecret, minutes) {
  const key = new TextEncoder().encode(jwtSecret);
  return Promise.all(
    rows.map(async (row) => ({
      ...row,
      token: await new SignJWT({ role: 5, userType: 'applicant', sv: 0 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(row.userId)
        .setIssuer('certification-platform')
        .setAudience('certification-platform-api')
        .setIssuedAt()
        .setExpirationTime(`${minutes}m`)
        .sign(key),
    })),
  );
}

/** How a server is started: production's command on the compiled bundle, or from TypeScript through tsx. */
export function serverEntry({ tsx = false } = {}) {
  if (tsx) return ['--import', 'tsx', 'apps/server/src/main.ts'];
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('Build the server first (npm run build), or pass --tsx');
  return compiledServerArgs();
}

/**
 * One server process on `port` and `databaseUrl`, as production configures one instance (the test
 * payment gateway allowed: a throwaway database). Its stderr lines go to `onLine`, counted by the
 * caller; an exit nobody asked for (`stopServer`) is reported on the console.
 */
export function startServer({ port, databaseUrl, jwtSecret, poolSize, publicUrl, entry, env = {}, onLine = () => {} }) {
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      DATABASE_POOL_SIZE: String(poolSize),
      JWT_SECRET: jwtSecret,
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
      PUBLIC_URL: publicUrl,
      ...env,
    },
  });
  let rest = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line.trim());
  });
  child.on('exit', (code, signal) => {
    if (!child.stopping) console.error(`server on ${port} exited (${code ?? signal})`);
  });
  return child;
}

export const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;

/** Resolves with the process's exit code (or signal) once it has exited. */
export const exitOf = (child) => new Promise((resolve) => (hasExited(child) ? resolve(child.exitCode ?? child.signalCode) : child.once('exit', (code, signal) => resolve(code ?? signal))));

/** SIGTERM, then SIGKILL after `graceMs` if it has not exited. */
export async function stopServer(child, graceMs = 5000) {
  if (!child || hasExited(child)) return;
  child.stopping = true;
  child.kill('SIGTERM');
  await Promise.race([exitOf(child), sleep(graceMs)]);
  if (!hasExited(child)) child.kill('SIGKILL');
}

/** Until `url` answers 2xx, polling every 200 ms; throws after `limitMs`. */
export async function waitFor(url, limitMs = 120_000) {
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
