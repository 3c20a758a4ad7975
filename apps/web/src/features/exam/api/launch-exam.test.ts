import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_BUSY } from '@certs/shared/common/api-error';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { EXAM_ID, exam } from '../model/exam-test-data';
import { launchExam } from './launch-exam';
import { SITTING_BUSY_RETRY_MS } from './sitting-requests';

const busy = () =>
  new Response(JSON.stringify({ statusCode: 503, error: 'Service Unavailable', message: SERVER_BUSY.message }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '2' },
  });

describe('launching a sitting while the server answers busy (issue 22)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('keeps asking well past two minutes, telling the page before each wait, and resolves with the sitting', async () => {
    // Busy for the first five minutes (a load balancer's queue at the start of a large sitting).
    const busyUntil = Date.now() + 5 * 60_000;
    const { calls } = stubFetch(() => (Date.now() < busyUntil ? busy() : jsonResponse(exam())));
    const onBusy = vi.fn();
    const launching = launchExam('trial', 'test-1', false, 'session-1', onBusy);
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    await expect(launching).resolves.toMatchObject({ id: EXAM_ID });
    expect(calls.length).toBeGreaterThan(60);
    expect(onBusy).toHaveBeenCalledTimes(calls.length - 1);
    expect(calls.every((call) => call.url === '/api/launchexam/inittrial' && (call.body as { sessionId: string }).sessionId === 'session-1')).toBe(true);
  });

  it('gives up with the busy answer once the launch limit has passed, for the page’s Retry', async () => {
    const { calls } = stubFetch(() => busy());
    const launching = launchExam('module', 'module-1', false, null).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SITTING_BUSY_RETRY_MS.launch + 10_000);
    expect(await launching).toMatchObject({ status: 503, message: SERVER_BUSY.message });
    const asked = calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(asked);
    expect(calls[0]?.url).toBe('/api/launchexam/init');
  });
});
