import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import { POOL_APPLICATION_NAMES } from '../../db/client';
import { buildTestApp, isOnPostgresServer, openTestDatabase, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { holdConnections } from '../../../test/hold-connections';
import { signIn } from '../../../test/sign-in';
import { createPublishedTest, EVERY_TYPE, examClient, storedAnswers } from './exam-test-fixtures';

/**
 * Issue 19: at the submission peak of 2,000 recorded sittings, answer saves waited 730 ms for one of
 * the pool's connections held by submissions and recording writes. On a PostgreSQL server they now
 * run on connections of their own (DATABASE_ANSWER_POOL_SIZE).
 */
const onServer = isOnPostgresServer();
const SESSION = 'session-lane-0123456789';

let t: TestApp;
let api: ReturnType<typeof examClient>;
let jwt: string;
let exam: CandidateExam;

beforeAll(async () => {
  // Two connections for everything else, one for the saves.
  t = await buildTestApp({}, await openTestDatabase({ size: 2, answerSize: 1 }));
  api = examClient(t.app);
  const candidate = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Lane' });
  jwt = (await signIn(t.app, candidate)).jwt;
  const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE, overallTime: 30, minimumTime: 0 });
  exam = (await api.post('/api/launchexam/inittrial', { testId: test.id }, jwt)).json();
  expect((await api.put('/api/isexaminprogress', { examInstanceId: exam.id, examType: exam.examType, sessionId: SESSION }, jwt)).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});

describe('answer saves', () => {
  it(
    onServer
      ? 'on a PostgreSQL server, are stored while every other connection of the instance is held by other work'
      : 'on the embedded default, use its one connection like everything else',
    async () => {
      const question = exam.sections[0]!.questions[0]!;
      const body = {
        examInstanceId: exam.id,
        examType: exam.examType,
        sessionId: SESSION,
        updates: [{ questionInstanceId: question.id, sequence: 1, timeTaken: 12, numOfAttempts: 1, isMarked: false, isAttempted: true, answerOptionGivenByUser: [question.options[0]!.id] }],
      };
      if (!onServer) {
        expect(t.database.answerDb).toBe(t.database.db);
        expect((await api.post('/api/updateInstances', body, jwt)).statusCode).toBe(200);
        return;
      }
      expect(t.database.answerDb).not.toBe(t.database.db);
      // A request checks its token against a cached user row, so the save itself needs no main connection.
      const release = await holdConnections(t.database.db, 2);
      try {
        // With the saves on the main pool this would wait for a held connection and the test would time out.
        const response = await api.post('/api/updateInstances', body, jwt);
        expect(response.statusCode, response.body).toBe(200);
      } finally {
        await release();
      }
      const [stored] = (await storedAnswers(t.database.db, exam.id)).filter((row) => row.id === question.id);
      expect(stored).toMatchObject({ last_sequence: 1, answer_option_given_by_user: [question.options[0]!.id] });
    },
  );
});

// Connections are a PostgreSQL server's: the embedded default has one, shared (above).
if (onServer) {
  describe("the answer-save lane's connections", () => {
    it('are open from the start and stay open through a quiet spell in which the main pool closes its idle ones', async () => {
      const handle = await openTestDatabase({ size: 2, answerSize: 2, idleTimeoutMs: 100 });
      const openConnections = async (applicationName: string) => {
        const result = await handle.db.execute(
          sql`select count(*)::int as open from pg_stat_activity where datname = current_database() and application_name = ${applicationName} and pid <> pg_backend_pid()`,
        );
        return (result as unknown as { rows: { open: number }[] }).rows[0]!.open;
      };
      try {
        expect(await openConnections(POOL_APPLICATION_NAMES.answerSaves)).toBe(2);
        // Two main connections busy at once, then idle: the main pool lets them go, the lane keeps its own.
        await Promise.all([handle.db.execute(sql`select pg_sleep(0.05)`), handle.db.execute(sql`select pg_sleep(0.05)`)]);
        await expect.poll(() => openConnections(POOL_APPLICATION_NAMES.main), { timeout: 10_000 }).toBe(0);
        expect(await openConnections(POOL_APPLICATION_NAMES.answerSaves)).toBe(2);
      } finally {
        await handle.close();
      }
    });
  });
}
