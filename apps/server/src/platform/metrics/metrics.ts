import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';

/**
 * The platform's metrics in the Prometheus text format (issue 44), served on their own port
 * (`METRICS_PORT`), never on the public listener. One registry per process: counters are counted
 * where things happen (requests, answer saves, recording chunks, job passes); figures that live in
 * the database (candidates in a sitting, the mail outbox) and in the pools are read at each scrape.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'certs_' });

export const httpRequests = new Counter({
  name: 'certs_http_requests_total',
  help: 'Requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

export const httpRequestSeconds = new Histogram({
  name: 'certs_http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const answerSaves = new Counter({
  name: 'certs_answer_saves_total',
  help: "Candidates' answer updates, by outcome: applied, stale (an older sequence), invalid, or refused (the whole save: time over, submitted, session taken over).",
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const recordingChunks = new Counter({
  name: 'certs_recording_chunks_total',
  help: 'Exam recording chunks received and stored.',
  registers: [metricsRegistry],
});

export const jobRuns = new Counter({
  name: 'certs_job_runs_total',
  help: 'Background job passes, by job and outcome (ok or failed).',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const jobLastSuccess = new Gauge({
  name: 'certs_job_last_success_timestamp_seconds',
  help: "When each background job last finished a pass without an error (its lag is now minus this).",
  labelNames: ['job'] as const,
  registers: [metricsRegistry],
});

/** What the scrape-time gauges read; the app sets it once it is built (the last one built in a test process). */
interface Sources {
  db: Database;
  pools?: readonly { name: string; pool: pg.Pool }[];
}
let sources: Sources | null = null;

export function useMetricSources(next: Sources): void {
  sources = next;
}

/** A scrape must answer even while the database does not: the figure is then left out. */
async function fromDatabase<T>(read: (db: Database) => Promise<T>): Promise<T | null> {
  if (!sources) return null;
  try {
    return await read(sources.db);
  } catch {
    return null;
  }
}

new Gauge({
  name: 'certs_candidates_in_sitting',
  help: 'Sittings in progress now (candidates between launch and submission).',
  registers: [metricsRegistry],
  async collect() {
    const rows = await fromDatabase((db) => db.execute(sql`select count(*)::int as n from exam_instances where status = 'InProgress'`));
    if (rows) this.set(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0));
  },
});

new Gauge({
  name: 'certs_mail_outbox_depth',
  help: 'Mails queued and not yet sent.',
  registers: [metricsRegistry],
  async collect() {
    const rows = await fromDatabase((db) => db.execute(sql`select count(*)::int as n from mails where status = 'queued'`));
    if (rows) this.set(Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0));
  },
});

new Gauge({
  name: 'certs_mail_outbox_oldest_seconds',
  help: 'Age of the oldest queued mail (0 when none waits).',
  registers: [metricsRegistry],
  async collect() {
    const rows = await fromDatabase((db) => db.execute(sql`select coalesce(extract(epoch from now() - min(created_on)), 0)::float as s from mails where status = 'queued'`));
    if (rows) this.set(Number((rows as unknown as { rows: { s: number }[] }).rows[0]?.s ?? 0));
  },
});

export const answerSaveQueueWaiting = new Gauge({
  name: 'certs_answer_save_queue_waiting',
  help: 'Answer saves waiting in this process for a connection of their lane.',
  registers: [metricsRegistry],
});

/** Whether answer saves batch (issue 46): saves in each statement of the lane. */
export const answerSaveStatementSaves = new Histogram({
  name: 'certs_answer_save_statement_saves',
  help: "Answer saves in each statement of the answer lane: 1 when a save went alone, more when saves waited and went together.",
  buckets: [1, 2, 4, 8, 16, 32],
  registers: [metricsRegistry],
});

export const answerLaneStatementsAtOnce = new Gauge({
  name: 'certs_answer_lane_statements_at_once',
  help: "Answer-save statements the lane may run at once now: its connections, fewer while the database is crowded (modules/exam/answer-lane-limit.ts).",
  registers: [metricsRegistry],
});

new Gauge({
  name: 'certs_db_pool_connections',
  help: 'PostgreSQL server pools: connections by pool and state (in_use, idle), and requests waiting for one.',
  labelNames: ['pool', 'state'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const { name, pool } of sources?.pools ?? []) {
      this.set({ pool: name, state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** The metrics listener: `GET /metrics` and nothing else, on its own port (bind it where only the scraper reaches). */
export function startMetricsServer(port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metricsRegistry
      .metrics()
      .then((text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text))
      .catch((error: unknown) => response.writeHead(500).end(String(error)));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
