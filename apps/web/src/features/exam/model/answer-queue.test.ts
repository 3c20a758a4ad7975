import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXAM_MESSAGES } from '@certs/shared/exam/exam.contract';
import { AnswerQueue } from './answer-queue';
import { readStoredExam, storageKeyOf } from './exam-progress';
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
  return { addEventListener: target.addEventListener.bind(target), removeEventListener: target.removeEventListener.bind(target), fire: (name: string) => target.dispatchEvent(new Event(name)) };
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

  it('marks the connection lost on the browser’s offline event', () => {
    const events = eventTarget();
    const queue = new AnswerQueue({ examInstanceId: EXAM_ID, questions: [question(Q.single)], storage: memoryStorage(), send: fakeServer([]).send });
    queue.start(events);
    events.fire('offline');
    expect(queue.getSnapshot().isConnectionLost).toBe(true);
    queue.dispose(events);
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
});
