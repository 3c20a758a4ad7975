// The benchmark's baseline: a bare Fastify route that upserts one row in the same PostgreSQL
// database, with the same pool size as the app. The exam engine's answer save is compared with it.
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 3291);
// Idle connections are kept: the benchmark sums the CPU of PostgreSQL's live processes, and a connection closed between two readings would take its CPU with it.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 10), idleTimeoutMillis: 0 });
pool.on('error', () => {});
await pool.query('create table if not exists bench_baseline (id integer primary key, value integer not null, updated_on timestamptz not null default now())');
// BASELINE_ROWS: every id the benchmark sends already has its row, so that each upsert updates one
// row as each answer save does (issue 46: a table filling up made the first of the saturation mode's
// rounds the slowest, the upserts' rate rising 35 % from the first round to the third).
const rows = Number(process.env.BASELINE_ROWS ?? 0);
if (rows > 0) {
  await pool.query('insert into bench_baseline (id, value) select id, 0 from generate_series(0, $1::int - 1) id on conflict (id) do nothing', [rows]);
  await pool.query('vacuum analyze bench_baseline');
}

const app = Fastify({ logger: false });
app.post('/baseline', async (request) => {
  const { id, value } = request.body;
  await pool.query('insert into bench_baseline (id, value) values ($1, $2) on conflict (id) do update set value = excluded.value, updated_on = now()', [id, value]);
  return { ok: true };
});
app.get('/health', async () => ({ ok: true }));

const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
await app.listen({ port, host: '127.0.0.1' });
