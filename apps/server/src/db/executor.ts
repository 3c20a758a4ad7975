import type { Database } from './client';

/** The database or a transaction on it: repositories take one so that a service can put several calls in one transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
