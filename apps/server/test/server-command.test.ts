import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, compiledServerArgs } from '../server-command.mjs';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('the production server command (decision 043)', () => {
  it('is the same wherever it is written out: npm start, the systemd unit and the journeys', () => {
    const start = JSON.parse(read('apps/server/package.json')).scripts.start as string;
    const unit = read('deploy/certs.service').split('\n').find((line) => line.startsWith('ExecStart='))!;
    expect(start).toBe(`node ${compiledServerArgs('dist/main.js').join(' ')}`);
    expect(unit).toBe(`ExecStart=/opt/certs/node_modules/.bin/node ${compiledServerArgs().join(' ')}`);
    expect(read('e2e/playwright.config.ts')).toContain("node ${compiledServerArgs().join(' ')}");
  });

  it('bounds the heap softly: a growing factor and small semispaces, never a hard old-space ceiling', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--heap-growing-percent=20', '--max-semi-space-size=8']);
    expect(compiledServerArgs().some((flag) => flag.startsWith('--max-old-space-size'))).toBe(false);
  });
});
