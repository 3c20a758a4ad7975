import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Name of the migrated template database that every test file of one run copies on a PostgreSQL
 * server: its own per run (the run's process id), so that two runs on one server (a developer's
 * beside CI's, or several at once) never drop each other's template mid-run.
 */
export function templateDatabaseOf(runId: number): string {
  return `certs_test_template_${runId}`;
}

export function serverUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(baseUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function uniqueDatabaseName(): string {
  return `certs_test_${process.pid}_${randomBytes(4).toString('hex')}`;
}
