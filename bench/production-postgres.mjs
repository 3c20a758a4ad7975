// PostgreSQL as a production exam day has it, for the benchmarks that drive the server on a
// PostgreSQL server (exam-day.mjs, exam-faults.mjs).
//
// 3 Dec 2026 (docs/performance.md, session 26): this machine's PostgreSQL runs with autovacuum off
// (conf.d/90-ci.conf), and the benchmarks ran `analyze` on the whole fresh database after their
// bulk set-up, while the sitting's tables were still empty. Every connection then planned its
// lookups of exam_instances by id as scans of an empty table and kept those plans for the whole run:
// a launch's 60 foreign-key checks and every read of a sitting scanned the whole table (7,490
// buffers a launch at 10,000 candidates). A production database analyzes as tables grow
// (autovacuum is on by default), and on an exam day its sittings' tables are not empty.
import pg from 'pg';

/**
 * Statistics for the tables the set-up filled; the tables still empty stay never analyzed, which
 * the planner takes as "size unknown" (never as empty), as for a database with earlier sittings.
 */
export async function analyzeFilledTables(client) {
  // By size on disk: the statistics counters reach pg_stat_user_tables up to a second late.
  const { rows } = await client.query(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and pg_relation_size(c.oid) > 0`,
  );
  for (const { name } of rows) await client.query(`analyze ${name}`);
  return rows.length;
}

/**
 * Autovacuum on for the run when the server has it off, restored afterwards (`restore()`); a
 * sitting's tables grow by thousands of rows a minute and need their statistics kept up as in
 * production. Changes the server's own setting (ALTER SYSTEM), so only for a server of your own.
 */
export async function productionAutovacuum(url) {
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('show autovacuum');
    if (rows[0].autovacuum === 'on') return { note: 'autovacuum on (the server\'s own setting)', restore: async () => {} };
    await client.query('alter system set autovacuum = on');
    await client.query('select pg_reload_conf()');
  } finally {
    await client.end();
  }
  const restore = async () => {
    const again = new pg.Client({ connectionString: url.toString() });
    await again.connect();
    try {
      await again.query('alter system reset autovacuum');
      await again.query('select pg_reload_conf()');
    } finally {
      await again.end();
    }
  };
  return { note: 'autovacuum turned on for the run (the server has it off; production has it on), set back afterwards', restore };
}
