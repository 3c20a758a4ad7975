import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from wherever this code runs: `src/` under tsx in
 * development and tests, or the bundle in `dist/` in production (issue 22). Paths to files the
 * server reads at run time (migrations, the repository root for `DATA_DIR` and the web build)
 * start here, so they are the same either way.
 */
function findServerRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@certs/server') return dir;
    if (path.dirname(dir) === dir) throw new Error(`The @certs/server package folder was not found above ${from}`);
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
