import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Name of the migrated template database that every test file copies on a PostgreSQL server. */
export const TEMPLATE_DATABASE = 'certs_test_template';

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
