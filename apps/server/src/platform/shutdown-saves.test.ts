import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AvailableTrial, CandidateExam, UpdateInstancesResponse } from '@certs/shared/exam/exam.contract';
import { startSpawnedServer, type SpawnedServer } from '../../test/spawned-server';

/** The demo's applicant and its published trial (the demo seed: README, Demo accounts). */
const APPLICANT = { identifier: 'applicant@demo.local', password: 'Demo1234!' };
const SESSION_ID = 'sigterm-during-saves';

async function call<T>(server: SpawnedServer, method: string, url: string, jwt: string | null, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${server.base}${url}`, {
    method,
    headers: { ...(jwt ? { authorization: `Bearer ${jwt}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as T };
}

const signIn = async (server: SpawnedServer) => (await call<{ jwt: string }>(server, 'POST', '/auth/local/applicant', null, APPLICANT)).json.jwt;

describe('a SIGTERM in the middle of answer saves (issue 44)', () => {
  it('keeps every save the server acknowledged while it drained, and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'certs-sigterm-saves-'));
    const settings = { SHUTDOWN_DRAIN_SECONDS: '1', SHUTDOWN_GRACE_SECONDS: '20' };
    let server = await startSpawnedServer(dataDir, { ...settings, SEED_DEMO: '1' }, 240_000);
    try {
      const jwt = await signIn(server);
      const trials = await call<AvailableTrial[]>(server, 'GET', '/api/examinations/trials', jwt);
      expect(trials.status).toBe(200);
      const launched = await call<CandidateExam>(server, 'POST', '/api/launchexam/inittrial', jwt, { testId: trials.json[0]!.testId, sessionId: SESSION_ID });
      expect(launched.status, JSON.stringify(launched.json)).toBe(200);
      expect((await call(server, 'PUT', '/api/isexaminprogress', jwt, { examInstanceId: launched.json.id, examType: 'trial', sessionId: SESSION_ID })).status).toBe(200);
      const questions = launched.json.sections.flatMap((section) => section.questions);
      expect(questions.length).toBeGreaterThan(5);

      // One save a question after another, each answered or refused; SIGTERM once every question has
      // a stored answer, from the loop itself, so saves go on while the server drains.
      const acknowledged = new Map<string, { sequence: number; option?: string; text?: string }>();
      let signalled = false;
      const saveLoop = (async () => {
        for (let round = 1; round <= 50; round += 1) {
          for (const question of questions) {
            const option = question.options[round % Math.max(question.options.length, 1)]?.id;
            const answer = option ? { answerOptionGivenByUser: [option] } : { answerValueGivenByUser: `answer ${round}` };
            const update = { questionInstanceId: question.id, sequence: round, timeTaken: round, numOfAttempts: round, isMarked: false, isAttempted: true, ...answer };
            try {
              const saved = await call<UpdateInstancesResponse>(server, 'POST', '/api/updateInstances', jwt, { examInstanceId: launched.json.id, examType: 'trial', sessionId: SESSION_ID, updates: [update] });
              // Anything else (a 503 while draining) was not acknowledged, so nothing is owed.
              if (saved.status === 200 && saved.json.results[0]?.outcome === 'applied') acknowledged.set(question.id, { sequence: round, option, text: option ? undefined : `answer ${round}` });
              if (!signalled && acknowledged.size === questions.length) {
                signalled = true;
                server.process.kill('SIGTERM');
              }
            } catch {
              // The listener closed: nothing more is sent.
              return;
            }
          }
        }
      })();
      await saveLoop;
      expect(signalled, 'every question had an acknowledged save before the SIGTERM').toBe(true);
      expect(await server.exited, server.errors()).toBe(0);

      // Started again on the same data: every acknowledged save is there, at the sequence acknowledged.
      server = await startSpawnedServer(dataDir, settings, 240_000);
      const again = await signIn(server);
      const stored = await call<CandidateExam>(server, 'GET', `/api/trialexaminstance/${launched.json.id}`, again);
      expect(stored.status).toBe(200);
      const byId = new Map(stored.json.sections.flatMap((section) => section.questions).map((question) => [question.id, question]));
      for (const [id, sent] of acknowledged) {
        const question = byId.get(id)!;
        expect(question.lastSequence, `question ${question.order}`).toBeGreaterThanOrEqual(sent.sequence);
        if (question.lastSequence === sent.sequence) {
          if (sent.option) expect(question.answerOptionGivenByUser).toEqual([sent.option]);
          else expect(question.answerValueGivenByUser).toBe(sent.text);
        }
      }
    } finally {
      server.process.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
