import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_BUSY } from '@certs/shared/common/api-error';
import { EXAM_MESSAGES } from '@certs/shared/exam/exam.contract';
import { ApiError } from '../../../lib/api-client';
import { AnswerQueue } from './answer-queue';
import { holderKeyOf, readStoredExam, storageKeyOf } from './exam-progress';
import { EXAM_ID, OPT, Q, fakeServer, memoryStorage, question } from './exam-test-data';

const answer = (values: Partial<{ timeTaken: number; numOfAttempts: number; answerOptionGivenByUser: string[]; answerValueGivenByUser: string; isMarked: boolean; isAttempted: boolean }>) => ({
  timeTaken: 0,
  numOfAttempts: 1,
  answerOptionGivenByUser: [],
  answerValueGivenByUser: '',
  isMarked: false,
  isAttempted: true,
  ...values,
});

/** A window stand-in for the online and offline events. */
function eventTarget() {
  const target = new EventTarget();
  return { addEventListener: target.addEventListener.bind(target), removeEventListener: target.removeEventListener.bind(target), fire: (name: string) => target.dispatchEvent(new Event(name)), dispatchEvent: (event: Event) => target.dispatchEvent(event) };
}

describe('AnswerQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('numbers each update of a question above the server’s last sequence and carries cumulative totals', async () => {
    const server = fakeServer([question(Q.single, { lastSequence: 4, timeTaken: 30, numOfAttempts: 2 }), question(Q.blank)]);
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send });
    const first = queue.record(Q.single, answer({ timeTaken: 42, numOfAttempts: 3, answerOptionGivenByUser: [OPT.a] }));
    const second = queue.record(Q.single, answer({ timeTaken: 50, numOfAttempts: 4, answerOptionGivenByUser: [OPT.b] }));
    const other = queue.record(Q.blank, answer({ timeTaken: 7, numOfAttempts: 1, answerValueGivenByUser: 'fillet' }));
    expect(first).toMatchObject({ questionInstanceId: Q.single, sequence: 5, timeTaken: 42, numOfAttempts: 3, answerOptionGivenByUser: [OPT.a] });
    expect(second).toMatchObject({ sequence: 6, timeTaken: 50, numOfAttempts: 4 });
    expect(other).toMatchObject({ questionInstanceId: Q.blank, sequence: 1, answerValueGivenByUser: 'fillet' });
    // Free text goes only with no options: a choice question sends options and never text, a text question the reverse.
    expect(first).not.toHaveProperty('answerValueGivenByUser');
    expect(other).not.toHaveProperty('answerOptionGivenByUser');
    await vi.runAllTimersAsync();
    expect(await queue.flush()).toBe(true);
    expect(server.state.get(Q.single)).toMatchObject({ lastSequence: 6, timeTaken: 50, numOfAttempts: 4, answerOptionGivenByUser: [OPT.b] });
  });

  it('never lets a total go down, whatever the caller computed', () => {
    const server = fakeServer([question(Q.single, { timeTaken: 90, numOfAttempts: 5, lastSequence: 5 })]);
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: () => new Promise(() => undefined) });
    const update = queue.record(Q.single, answer({ timeTaken: 10, numOfAttempts: 1 }));
    expect(update).toMatchObject({ timeTaken: 90, numOfAttempts: 5, sequence: 6 });
  });

  it('keeps waiting updates in storage, in order, and retries them with back-off when the network is down', async () => {
    const storage = memoryStorage();
    const server = fakeServer([question(Q.single), question(Q.multiple), question(Q.blank)]);
    server.fail(0);
    const events = eventTarget();
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage, send: server.send, backoffMs: [1000, 5000] });
    queue.start(events);
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    await vi.advanceTimersByTimeAsync(0);
    queue.record(Q.multiple, answer({ answerOptionGivenByUser: [OPT.c, OPT.d] }));
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'round' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 3, isConnectionLost: true });
    const stored = readStoredExam(storage, EXAM_ID);
    expect(stored?.pending.map((u) => [u.questionInstanceId, u.sequence])).toEqual([
      [Q.single, 1],
      [Q.multiple, 1],
      [Q.blank, 1],
    ]);
    const attemptsBefore = server.received.length;
    await vi.advanceTimersByTimeAsync(999);
    expect(server.received.length).toBe(attemptsBefore);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.received.length).toBe(attemptsBefore + 1);
    // Back online: the browser's event sends at once, everything in the order it was recorded.
    server.recover();
    events.fire('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.received.at(-1)?.map((u) => u.questionInstanceId)).toEqual([Q.single, Q.multiple, Q.blank]);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 0, isConnectionLost: false, isSending: false });
    expect(readStoredExam(storage, EXAM_ID)?.pending).toEqual([]);
    queue.dispose(events);
  });

  it('opened from the device’s copy, keeps answers for this candidate and sends nothing, even online, until the sitting is opened again from the server', async () => {
    const storage = memoryStorage();
    const server = fakeServer([question(Q.single), question(Q.blank)]);
    const events = eventTarget();
    const offline = new AnswerQueue({ examInstanceId: EXAM_ID, userId: 'candidate-1', isHoldingBack: true, questions: server.questions(), storage, send: server.send });
    offline.start(events);
    expect(offline.getSnapshot()).toMatchObject({ pendingCount: 0, isConnectionLost: true });
    offline.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    offline.setCurrentIndex(1);
    events.fire('online');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await offline.flush()).toBe(false);
    expect(server.received).toEqual([]);
    expect(offline.getSnapshot()).toMatchObject({ pendingCount: 1, isConnectionLost: true });
    offline.dispose(events);
    expect(readStoredExam(storage, EXAM_ID)?.userId).toBe('candidate-1');

    // The sitting opened from the server (the same candidate) sends what waited, once, and goes on at the same question.
    const online = new AnswerQueue({ examInstanceId: EXAM_ID, userId: 'candidate-1', questions: server.questions(), storage, send: server.send });
    expect(online.getCurrentIndex()).toBe(1);
    online.start(events);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.received).toEqual([[expect.objectContaining({ questionInstanceId: Q.single, sequence: 1, answerOptionGivenByUser: [OPT.a] })]]);
    online.dispose(events);

    // Someone else signed in at this browser starts from the server's state, not from this candidate's.
    const other = new AnswerQueue({ examInstanceId: EXAM_ID, userId: 'candidate-2', questions: [question(Q.single), question(Q.blank)], storage, send: server.send });
    expect(other.getCurrentIndex()).toBe(0);
    expect(other.pendingUpdates()).toEqual([]);
    expect(other.progressOf(Q.single).answerOptionGivenByUser).toEqual([]);
    other.dispose(events);
  });

  it('marks the connection lost on the browser’s offline event', () => {
    const events = eventTarget();
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: [question(Q.single)], storage: memoryStorage(), send: fakeServer([]).send });
    queue.start(events);
    events.fire('offline');
    expect(queue.getSnapshot().isConnectionLost).toBe(true);
    queue.dispose(events);
  });

  it('after a busy answer (503) waits at least the server’s Retry-After before sending again, then saves', async () => {
    const server = fakeServer([question(Q.descriptive)]);
    let isBusy = true;
    const send: typeof server.send = (updates) => {
      if (isBusy) {
        isBusy = false;
        return Promise.reject(new ApiError(503, SERVER_BUSY.message, {}, 2_000));
      }
      return server.send(updates);
    };
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send, backoffMs: [10] });
    queue.record(Q.descriptive, answer({ timeTaken: 12, numOfAttempts: 1, answerValueGivenByUser: 'Purge before the root run' }));
    await vi.advanceTimersByTimeAsync(1_990);
    // The queue's own backoff (10 ms) is shorter than the server asked for.
    expect(server.received).toHaveLength(0);
    expect(queue.getSnapshot().pendingCount).toBe(1);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(server.received).toHaveLength(1);
    expect(server.state.get(Q.descriptive)).toMatchObject({ lastSequence: 1, answerValueGivenByUser: 'Purge before the root run' });
    expect(queue.getSnapshot().pendingCount).toBe(0);
  });

  it('a retried batch that already arrived counts once: the server reports it stale and the queue moves on', async () => {
    const server = fakeServer([question(Q.descriptive)]);
    let lose = true;
    const send: typeof server.send = async (updates) => {
      const response = await server.send(updates);
      // The answer arrived but the reply was lost on the way back.
      if (lose) {
        lose = false;
        throw Object.assign(new Error(''), { status: 0 });
      }
      return response;
    };
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send, backoffMs: [10] });
    queue.record(Q.descriptive, answer({ timeTaken: 12, numOfAttempts: 1, answerValueGivenByUser: 'Permit, gas test, standby person' }));
    await vi.advanceTimersByTimeAsync(20);
    expect(server.received).toHaveLength(2);
    expect(server.received[1]).toEqual(server.received[0]);
    expect(server.state.get(Q.descriptive)).toMatchObject({ lastSequence: 1, timeTaken: 12, numOfAttempts: 1 });
    expect(queue.getSnapshot().pendingCount).toBe(0);
  });

  it('after a reload merges the server’s state with the stored queue: unsent local updates win when their sequence is higher', () => {
    const storage = memoryStorage();
    const firstPage = new AnswerQueue({
      examInstanceId: EXAM_ID,
      questions: [question(Q.single), question(Q.multiple), question(Q.blank)],
      storage,
      send: () => new Promise(() => undefined),
    });
    firstPage.record(Q.single, answer({ timeTaken: 5, answerOptionGivenByUser: [OPT.a] }));
    firstPage.record(Q.single, answer({ timeTaken: 9, numOfAttempts: 2, answerOptionGivenByUser: [OPT.b] }));
    firstPage.record(Q.blank, answer({ timeTaken: 4, answerValueGivenByUser: 'fillet' }));
    firstPage.setCurrentIndex(2);
    firstPage.dispose();

    // Meanwhile the server got the first update of Q.single only; Q.multiple was answered in another browser (sequence 3).
    const serverNow = [
      question(Q.single, { lastSequence: 1, timeTaken: 5, numOfAttempts: 1, answerOptionGivenByUser: [OPT.a], isAnswered: true, isAttempted: true }),
      question(Q.multiple, { lastSequence: 3, timeTaken: 20, numOfAttempts: 3, answerOptionGivenByUser: [OPT.c], isAnswered: true, isAttempted: true }),
      question(Q.blank),
    ];
    const reloaded = new AnswerQueue({ examInstanceId: EXAM_ID, questions: serverNow, storage, send: () => new Promise(() => undefined) });
    expect(reloaded.getCurrentIndex()).toBe(2);
    expect(reloaded.pendingUpdates().map((u) => [u.questionInstanceId, u.sequence])).toEqual([
      [Q.single, 2],
      [Q.blank, 1],
    ]);
    expect(reloaded.progressOf(Q.single)).toMatchObject({ sequence: 2, timeTaken: 9, numOfAttempts: 2, answerOptionGivenByUser: [OPT.b] });
    expect(reloaded.progressOf(Q.multiple)).toMatchObject({ sequence: 3, answerOptionGivenByUser: [OPT.c] });
    expect(reloaded.progressOf(Q.blank)).toMatchObject({ sequence: 1, answerValueGivenByUser: 'fillet', isAnswered: true });
    // The next update continues above both.
    expect(reloaded.record(Q.multiple, answer({ timeTaken: 25, numOfAttempts: 4, answerOptionGivenByUser: [OPT.c, OPT.d] }))?.sequence).toBe(4);
    reloaded.dispose();
  });

  it('ignores stored state it cannot read and starts from the server’s', () => {
    const storage = memoryStorage();
    storage.setItem(storageKeyOf(EXAM_ID), '{"version":1,"pending":"nonsense"}');
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: [question(Q.single, { lastSequence: 2 })], storage, send: () => new Promise(() => undefined) });
    expect(queue.pendingUpdates()).toEqual([]);
    expect(queue.progressOf(Q.single).sequence).toBe(2);
  });

  it('takes the server’s answered rule for the state it confirmed', async () => {
    const server = fakeServer([question(Q.blank)]);
    const send: typeof server.send = async (updates) => {
      const response = await server.send(updates);
      // Spaces are not an answer; pretend the server (which knows marks) decided otherwise.
      return { ...response, results: response.results.map((r) => ({ ...r, isAnswered: true })) };
    };
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send });
    queue.record(Q.blank, answer({ answerValueGivenByUser: '   ' }));
    expect(queue.progressOf(Q.blank).isAnswered).toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.progressOf(Q.blank).isAnswered).toBe(true);
  });

  it('stops for good when the exam is taken over in another tab, keeping what that tab stored', async () => {
    const storage = memoryStorage();
    const server = fakeServer([question(Q.single)]);
    server.fail(409, EXAM_MESSAGES.takenOver);
    const onStop = vi.fn();
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage, send: server.send, onStop, backoffMs: [10] });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(onStop).toHaveBeenCalledWith('takenOver', EXAM_MESSAGES.takenOver);
    expect(queue.getSnapshot().stopped).toEqual({ reason: 'takenOver', message: EXAM_MESSAGES.takenOver });
    // The other tab writes the stored state now; this one neither sends nor writes.
    storage.setItem(storageKeyOf(EXAM_ID), 'owned by the other tab');
    expect(queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.b] }))).toBeNull();
    queue.setCurrentIndex(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(server.received).toHaveLength(1);
    expect(storage.getItem(storageKeyOf(EXAM_ID))).toBe('owned by the other tab');
  });

  it('stops when the server says the time is over or the exam was submitted', async () => {
    for (const [message, reason] of [
      [EXAM_MESSAGES.timeOver, 'timeOver'],
      [EXAM_MESSAGES.alreadySubmitted, 'submitted'],
    ] as const) {
      const server = fakeServer([question(Q.single)]);
      server.fail(409, message);
      const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send });
      queue.record(Q.single, answer({}));
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.getSnapshot().stopped?.reason).toBe(reason);
    }
  });

  it('keeps retrying a server error and shows it, without losing the answer', async () => {
    const server = fakeServer([question(Q.single)]);
    server.fail(500, 'Something went wrong');
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send, backoffMs: [100] });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 1, lastError: 'Something went wrong', isConnectionLost: false });
    server.recover();
    await vi.advanceTimersByTimeAsync(100);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 0, lastError: null });
  });

  it('sends one batch at a time and picks up what was recorded meanwhile', async () => {
    const server = fakeServer([question(Q.single), question(Q.blank)]);
    let release: () => void = () => undefined;
    const sent: string[][] = [];
    const send: typeof server.send = (updates) =>
      new Promise((resolve) => {
        sent.push(updates.map((u) => u.questionInstanceId));
        release = () => void server.send(updates).then(resolve);
      });
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'fillet' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().isSending).toBe(true);
    release();
    await vi.advanceTimersByTimeAsync(0);
    // The first request took only the first update; the second went after it.
    expect(sent).toEqual([[Q.single], [Q.blank]]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().pendingCount).toBe(0);
  });

  it('holds one update per question however long the connection is gone: the newest carries the totals', async () => {
    const server = fakeServer([question(Q.single), question(Q.blank)]);
    server.fail(0);
    const events = eventTarget();
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send, backoffMs: [60_000] });
    queue.start(events);
    for (let visit = 1; visit <= 40; visit += 1) {
      queue.record(Q.single, answer({ timeTaken: visit * 3, numOfAttempts: visit, answerOptionGivenByUser: [visit % 2 ? OPT.a : OPT.b] }));
      queue.record(Q.blank, answer({ timeTaken: visit, numOfAttempts: visit, answerValueGivenByUser: `draft ${visit}` }));
    }
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 2, isConnectionLost: true });
    server.recover();
    events.fire('online');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.received.at(-1)?.map((u) => [u.questionInstanceId, u.sequence])).toEqual([
      [Q.single, 40],
      [Q.blank, 40],
    ]);
    expect(server.state.get(Q.single)).toMatchObject({ lastSequence: 40, timeTaken: 120, numOfAttempts: 40, answerOptionGivenByUser: [OPT.b] });
    expect(server.state.get(Q.blank)).toMatchObject({ lastSequence: 40, answerValueGivenByUser: 'draft 40' });
    queue.dispose(events);
  });

  it('keeps each request within its byte budget, so long answers never make a body the server refuses as too large', async () => {
    const server = fakeServer([question(Q.blank), question(Q.descriptive)], { bodyBytes: 120_000 });
    server.fail(0);
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send, backoffMs: [1000], batchBytes: 100_000 });
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'é'.repeat(30_000) }));
    queue.record(Q.descriptive, answer({ answerValueGivenByUser: 'é'.repeat(30_000) }));
    server.recover();
    await vi.advanceTimersByTimeAsync(1000);
    // 60,000 bytes each in UTF-8: one per request.
    expect(server.received.slice(1).map((batch) => batch.length)).toEqual([1, 1]);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 0, refused: null });
  });

  it('splits a batch the server refuses as it is, sets aside only the update refused on its own (kept, shown, tried again each minute), and saves the rest', async () => {
    const storage = memoryStorage();
    const server = fakeServer([question(Q.single), question(Q.multiple), question(Q.blank), question(Q.descriptive)]);
    let isRefusing = true;
    const send: typeof server.send = (updates) => {
      // Something this browser could not foresee makes the server refuse this one update for a while.
      if (isRefusing && updates.some((u) => u.answerValueGivenByUser === 'refused for now')) return Promise.reject(Object.assign(new Error('Invalid answer'), { status: 400 }));
      return server.send(updates);
    };
    server.fail(0);
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage, send: (updates) => (server.received.length === 0 ? server.send(updates) : send(updates)), backoffMs: [1000] });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    queue.record(Q.multiple, answer({ answerOptionGivenByUser: [OPT.c] }));
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'refused for now' }));
    queue.record(Q.descriptive, answer({ answerValueGivenByUser: 'Grind out and re-weld' }));
    server.recover();
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.state.get(Q.single)?.lastSequence).toBe(1);
    expect(server.state.get(Q.multiple)?.lastSequence).toBe(1);
    expect(server.state.get(Q.descriptive)).toMatchObject({ lastSequence: 1, answerValueGivenByUser: 'Grind out and re-weld' });
    expect(server.state.get(Q.blank)?.lastSequence).toBe(0);
    // Not lost: still waiting, still stored, and named on screen.
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 1, refused: { questionOrders: [3], message: 'Invalid answer' } });
    expect(readStoredExam(storage, EXAM_ID)?.pending.map((u) => u.answerValueGivenByUser)).toEqual(['refused for now']);
    expect(await queue.flush()).toBe(false);
    // A minute later it is tried again; once the server takes it, the warning goes.
    isRefusing = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.state.get(Q.blank)).toMatchObject({ lastSequence: 1, answerValueGivenByUser: 'refused for now' });
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 0, refused: null });
  });

  it('a refusal of every update (the server’s contract changed under the open page) loses none of them, and asks once a minute', async () => {
    const storage = memoryStorage();
    const server = fakeServer([question(Q.single), question(Q.multiple), question(Q.blank)]);
    server.fail(400, 'Unrecognized key: "updates"');
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage, send: server.send });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    queue.record(Q.multiple, answer({ answerOptionGivenByUser: [OPT.d] }));
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'fillet' }));
    await vi.advanceTimersByTimeAsync(0);
    // Two answers refused on their own in a row: the round ends; the third is not even tried.
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 3, refused: { questionOrders: [1, 2] } });
    expect(readStoredExam(storage, EXAM_ID)?.pending).toHaveLength(3);
    const requests = server.received.length;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(server.received.length).toBe(requests);
    // The server is mended; an answer given meanwhile waits for the minute, then everything goes.
    server.recover();
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'fillet weld' }));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.state.get(Q.blank)).toMatchObject({ lastSequence: 2, answerValueGivenByUser: 'fillet weld' });
    expect(server.state.get(Q.single)?.answerOptionGivenByUser).toEqual([OPT.a]);
    expect(server.state.get(Q.multiple)?.answerOptionGivenByUser).toEqual([OPT.d]);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 0, refused: null });
  });

  it('sends answers never refused before those refused: two bad answers cannot keep good ones behind them', async () => {
    const server = fakeServer([question(Q.single), question(Q.multiple), question(Q.blank), question(Q.descriptive)]);
    const send: typeof server.send = (updates) =>
      updates.some((u) => u.questionInstanceId === Q.single || u.questionInstanceId === Q.multiple) ? Promise.reject(Object.assign(new Error('Request body is too large'), { status: 413 })) : server.send(updates);
    let isOffline = true;
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: (updates) => (isOffline ? Promise.reject(Object.assign(new Error(''), { status: 0 })) : send(updates)), backoffMs: [1000] });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    queue.record(Q.multiple, answer({ answerOptionGivenByUser: [OPT.c] }));
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'fillet' }));
    queue.record(Q.descriptive, answer({ answerValueGivenByUser: 'Grind out and re-weld' }));
    await vi.advanceTimersByTimeAsync(0);
    isOffline = false;
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.state.get(Q.blank)).toMatchObject({ lastSequence: 1, answerValueGivenByUser: 'fillet' });
    expect(server.state.get(Q.descriptive)).toMatchObject({ lastSequence: 1, answerValueGivenByUser: 'Grind out and re-weld' });
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 2, refused: { questionOrders: [1, 2], message: 'Request body is too large' } });
  });

  it('gives answers set aside one more try at once when the candidate submits', async () => {
    const server = fakeServer([question(Q.single)]);
    let isRefusing = true;
    const queue = new AnswerQueue({
      examInstanceId: EXAM_ID,
      questions: server.questions(),
      storage: memoryStorage(),
      send: (updates) => (isRefusing ? Promise.reject(Object.assign(new Error('Invalid answer'), { status: 400 })) : server.send(updates)),
    });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.hasOnlyRefused()).toBe(true);
    expect(await queue.flush()).toBe(false);
    isRefusing = false;
    expect(await queue.flush({ retryRefused: true })).toBe(true);
    expect(server.state.get(Q.single)?.answerOptionGivenByUser).toEqual([OPT.a]);
  });

  it('keeps totals within what the server accepts, however large a caller made them', async () => {
    const server = fakeServer([question(Q.descriptive)]);
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send });
    queue.record(Q.descriptive, answer({ timeTaken: 40 * 24 * 3600, numOfAttempts: 1e9, answerValueGivenByUser: 'x'.repeat(60_000) }));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.state.get(Q.descriptive)).toMatchObject({ lastSequence: 1, timeTaken: 7 * 24 * 3600, numOfAttempts: 100_000 });
    expect(server.state.get(Q.descriptive)?.answerValueGivenByUser).toHaveLength(50_000);
  });

  it('sends its answer again above the server’s when another tab wrote the question with the same sequence, so the server holds what this screen shows', async () => {
    const server = fakeServer([question(Q.single)]);
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send });
    // Another tab (since taken over) saved its own answer as sequence 1 after this one loaded.
    server.state.set(Q.single, { ...server.state.get(Q.single)!, lastSequence: 1, answerOptionGivenByUser: [OPT.b] });
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.received.map((batch) => batch.map((u) => u.sequence))).toEqual([[1], [2]]);
    expect(server.state.get(Q.single)).toMatchObject({ lastSequence: 2, answerOptionGivenByUser: [OPT.a] });
    expect(queue.progressOf(Q.single).sequence).toBe(2);
    expect(queue.getSnapshot().pendingCount).toBe(0);
  });

  it('stops, writing nothing more, once another tab of this browser claimed the sitting later, so its answers cannot travel through the other tab', async () => {
    const storage = memoryStorage();
    const server = fakeServer([question(Q.single), question(Q.multiple)]);
    const events = eventTarget();
    const first = new AnswerQueue({ examInstanceId: EXAM_ID, holder: { sessionId: 'first-tab-session', claimedAt: 1_000 }, questions: server.questions(), storage, send: server.send });
    first.start(events);
    first.record(Q.single, answer({ answerOptionGivenByUser: [OPT.a] }));
    await vi.advanceTimersByTimeAsync(0);
    // The second tab takes the sitting over (a later claim) and stores its state.
    const second = new AnswerQueue({ examInstanceId: EXAM_ID, holder: { sessionId: 'second-tab-session', claimedAt: 2_000 }, questions: server.questions(), storage, send: server.send });
    const storedBySecond = storage.getItem(storageKeyOf(EXAM_ID));
    // The browser tells the first tab that the holder changed: it stops at once.
    events.dispatchEvent(Object.assign(new Event('storage'), { key: holderKeyOf(EXAM_ID) }));
    expect(first.getSnapshot().stopped?.reason).toBe('takenOver');
    // Whatever the first tab still does is neither stored nor sent.
    first.record(Q.multiple, answer({ answerOptionGivenByUser: [OPT.c] }));
    first.setCurrentIndex(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(storage.getItem(storageKeyOf(EXAM_ID))).toBe(storedBySecond);
    expect(server.received.flat().map((u) => u.questionInstanceId)).toEqual([Q.single]);
    second.dispose();
    // The second tab reloaded finds only its own state.
    const reloaded = new AnswerQueue({ examInstanceId: EXAM_ID, holder: { sessionId: 'second-tab-session', claimedAt: 2_000 }, questions: server.questions(), storage, send: server.send });
    expect(reloaded.pendingUpdates()).toEqual([]);
    expect(reloaded.getCurrentIndex()).toBe(0);
    expect(reloaded.getSnapshot().stopped).toBeNull();
    first.dispose(events);
  });

  it('a first tab that misses the browser’s notice still stops on its next write', () => {
    const storage = memoryStorage();
    const server = fakeServer([question(Q.single)]);
    const first = new AnswerQueue({ examInstanceId: EXAM_ID, holder: { sessionId: 'first-tab-session', claimedAt: 1_000 }, questions: server.questions(), storage, send: server.send });
    new AnswerQueue({ examInstanceId: EXAM_ID, holder: { sessionId: 'second-tab-session', claimedAt: 2_000 }, questions: server.questions(), storage, send: server.send }).dispose();
    const storedBySecond = storage.getItem(storageKeyOf(EXAM_ID));
    first.record(Q.single, answer({ answerOptionGivenByUser: [OPT.b] }));
    expect(first.getSnapshot().stopped?.reason).toBe('takenOver');
    expect(storage.getItem(storageKeyOf(EXAM_ID))).toBe(storedBySecond);
    expect(server.received).toEqual([]);
  });

  it('keeps an update the server calls invalid (options not of its question), names it and tries again, instead of forgetting it', async () => {
    const server = fakeServer([question(Q.single), question(Q.blank)]);
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: server.questions(), storage: memoryStorage(), send: server.send });
    // The server does not know this question (in the fake: not in its state), so the update is invalid.
    server.state.delete(Q.blank);
    queue.record(Q.blank, answer({ answerValueGivenByUser: 'toe crack' }));
    queue.record(Q.single, answer({ answerOptionGivenByUser: [OPT.b] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(server.state.get(Q.single)?.lastSequence).toBe(1);
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 1, refused: { questionOrders: [3], message: 'not an answer to this question' } });
    server.state.set(Q.blank, question(Q.blank));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.state.get(Q.blank)).toMatchObject({ lastSequence: 1, answerValueGivenByUser: 'toe crack' });
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 0, refused: null });
  });
});
