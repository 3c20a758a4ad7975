// `npm run typecheck`: every project's types, checked by TypeScript 7, the native compiler (the
// `typescript-7` alias). Its checks are 5.9's; on 7 Dec 2026 (quiet) it took 47 s and 90 CPU-seconds
// for the four projects where 5.9 took 101 s and 138 (CI is bound by CPU, issue 46). TypeScript 5.9
// stays for typescript-eslint's parser, which does not take 7 yet, and for editors; npm links the
// alias's `tsc` into node_modules/.bin too, so this names the compiler by its path.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript-7/bin/tsc');
const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'e2e'];

// Every project is checked, so that one run lists all that is wrong.
const failed = PROJECTS.filter((project) => spawnSync(process.execPath, [tsc, '-p', project], { cwd: root, stdio: 'inherit' }).status !== 0);
if (failed.length) {
  console.error(`typecheck failed in ${failed.join(', ')}`);
  process.exit(1);
}
