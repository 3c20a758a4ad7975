import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPglite, openPostgres } from '../src/db/client';
import { serverUrlFor, templateDatabaseOf, withAdminClient } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresBaseUrl: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates once: into a PGlite dump on the embedded default, or into a template database when
 * TEST_DATABASE_URL names a PostgreSQL server. Each test file then starts from a copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = templateDatabaseOf(process.pid);
    await withAdminClient(serverUrl, async (client) => {
      await client.query(`drop database if exists ${template} with (force)`);
      await client.query(`create database ${template}`);
    });
    const handle = await openPostgres(serverUrlFor(serverUrl, template), { poolSize: 1 });
    await migrateDatabase(handle);
    await handle.close();
    project.provide('postgresBaseUrl', serverUrl);
    project.provide('postgresTemplate', template);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await withAdminClient(serverUrl, async (client) => {
        await client.query(`drop database if exists ${template} with (force)`);
      });
    };
  }

  const handle = await openPglite();
  await migrateDatabase(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await handle.close();
  const dir = path.resolve(import.meta.dirname, '../../../.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar.gz`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresBaseUrl', '');
  project.provide('postgresTemplate', '');
  return async () => {
    rmSync(file, { force: true });
  };
}
