import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { startMetricsServer } from '../../platform/metrics/metrics';
import { createPublishedTest, EVERY_TYPE, examClient } from './exam-test-fixtures';

let t: TestApp;
let metrics: Server;
let metricsUrl: string;

beforeAll(async () => {
  t = await buildTestApp();
  metrics = await startMetricsServer(0, '127.0.0.1');
  const address = metrics.address();
  if (!address || typeof address === 'string') throw new Error('no metrics address');
  metricsUrl = `http://127.0.0.1:${address.port}/metrics`;
});

afterAll(async () => {
  metrics.close();
  await t.close();
});

/** The value of one series in the scrape, or undefined when it is not there. */
function valueOf(scrape: string, series: string): number | undefined {
  const line = scrape.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('answer saves on the metrics port (issue 44)', () => {
  it('counts applied and stale saves, their requests and the candidates in a sitting', async () => {
    const api = examClient(t.app);
    const candidate = await createUser(t.database.db, { role: ROLES.Applicant });
    const { jwt } = await signIn(t.app, candidate);
    const test = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE });
    const exam = (await api.post('/api/launchexam/inittrial', { testId: test.id }, jwt)).json<CandidateExam>();
    const sessionId = 'session-metrics-0123456789';
    expect((await api.put('/api/isexaminprogress', { examInstanceId: exam.id, examType: exam.examType, sessionId }, jwt)).statusCode).toBe(200);
    const question = exam.sections[0]!.questions[0]!;
    const before = await (await fetch(metricsUrl)).text();
    const update = { questionInstanceId: question.id, sequence: 1, timeTaken: 5, numOfAttempts: 1, isMarked: false, isAttempted: true };
    const saved = await api.post('/api/updateInstances', { examInstanceId: exam.id, examType: exam.examType, sessionId, updates: [update] }, jwt);
    expect(saved.statusCode, saved.body).toBe(200);
    // The same update again is stale: the server already holds sequence 1.
    expect((await api.post('/api/updateInstances', { examInstanceId: exam.id, examType: exam.examType, sessionId, updates: [update] }, jwt)).statusCode).toBe(200);

    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const scrape = await response.text();
    expect(valueOf(scrape, 'certs_http_requests_total{method="POST",route="/auth/local/applicant",status="200"}')).toBeGreaterThanOrEqual(1);
    const applied = 'certs_answer_saves_total{outcome="applied"}';
    expect(valueOf(scrape, applied)! - (valueOf(before, applied) ?? 0)).toBe(1);
    expect(valueOf(scrape, 'certs_answer_saves_total{outcome="stale"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(scrape, 'certs_http_requests_total{method="POST",route="/api/updateInstances",status="200"}')).toBeGreaterThanOrEqual(2);
    expect(scrape).toMatch(/^certs_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/api\/updateInstances",status="200"\} \d+/m);
    expect(valueOf(scrape, 'certs_candidates_in_sitting')).toBeGreaterThanOrEqual(1);
    expect(valueOf(scrape, 'certs_mail_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(valueOf(scrape, 'certs_mail_outbox_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(scrape, 'certs_answer_save_queue_waiting')).toBe(0);
    expect(valueOf(scrape, 'certs_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(scrape).toContain('certs_nodejs_eventloop_lag_p99_seconds');
  });

});
