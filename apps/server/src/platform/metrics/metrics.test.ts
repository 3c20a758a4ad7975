import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { PeriodicJob } from '../jobs/periodic-job';
import { startMetricsServer } from './metrics';

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

describe('metrics on their own port (issue 44)', () => {
  it('counts requests by route pattern and status, with the outbox and the process', async () => {
    const person = await createUser(t.database.db, { role: ROLES.Applicant });
    await signIn(t.app, person);
    const scrape = await (await fetch(metricsUrl)).text();
    expect(valueOf(scrape, 'certs_http_requests_total{method="POST",route="/auth/local/applicant",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(scrape).toMatch(/^certs_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/auth\/local\/applicant",status="200"\} \d+/m);
    expect(valueOf(scrape, 'certs_mail_outbox_depth')).toBeGreaterThanOrEqual(0);
    expect(valueOf(scrape, 'certs_mail_outbox_oldest_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(scrape, 'certs_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(scrape).toContain('certs_nodejs_eventloop_lag_p99_seconds');
  });

  it("counts background job passes, failures and the last success (the job's lag)", async () => {
    const quiet = { warn: () => {} };
    let shouldFail = false;
    const job = new PeriodicJob('metrics-test-job', 60_000, async () => {
      if (shouldFail) throw new Error('nothing to reach');
    }, quiet);
    await job.runOnce();
    shouldFail = true;
    await job.runOnce();
    const scrape = await (await fetch(metricsUrl)).text();
    expect(valueOf(scrape, 'certs_job_runs_total{job="metrics-test-job",outcome="ok"}')).toBe(1);
    expect(valueOf(scrape, 'certs_job_runs_total{job="metrics-test-job",outcome="failed"}')).toBe(1);
    expect(Date.now() / 1000 - valueOf(scrape, 'certs_job_last_success_timestamp_seconds{job="metrics-test-job"}')!).toBeLessThan(60);
  });

  it('is not on the public listener, and its own port answers nothing else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/api/users/me'))).status).toBe(404);
  });
});
