import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EXAM_MESSAGES, type SubmitExamResponse } from '@certs/shared/exam/exam.contract';
import { AnswerQueue } from './answer-queue';
import { ExamController, SUBMIT_MESSAGES } from './exam-controller';
import { readStoredExam } from './exam-progress';
import { EXAM_ID, OPT, Q, exam, fakeServer, memoryStorage, question, timer } from './exam-test-data';

const START = Date.parse('2026-03-02T00:00:00.000Z');

function setup(options: { storage?: ReturnType<typeof memoryStorage>; serverQuestions?: ReturnType<typeof question>[]; submit?: () => Promise<SubmitExamResponse>; now?: () => number } = {}) {
  const storage = options.storage ?? memoryStorage();
  const server = fakeServer(options.serverQuestions ?? Object.values(Q).map((id) => question(id)));
  const theExam = exam(server.questions());
  let controller: ExamController | null = null;
  const queue = new AnswerQueue({
    examInstanceId: EXAM_ID,
    questions: server.questions(),
    storage,
    send: server.send,
    onStop: (reason, message) => controller?.handleStop(reason, message),
    backoffMs: [1000],
  });
  const clock = { now: () => Date.now(), record: vi.fn(), poll: vi.fn(async () => undefined) };
  const submit = vi.fn(
    options.submit ??
      (async (): Promise<SubmitExamResponse> => ({ id: EXAM_ID, examType: 'trial', status: 'Submitted', submittedOn: new Date().toISOString(), submittedHow: 'candidate', marksReleased: true, score: 2, totalMarks: 4, percentage: 50 })),
  );
  const fetchTimer = vi.fn(async () => timer({ serverTime: Date.now() }));
  controller = new ExamController({ exam: theExam, queue, clock, submit, fetchTimer, typingSaveMs: 30_000, ...(options.now ? { now: options.now } : {}) });
  return { controller, queue, server, storage, submit, fetchTimer, clock };
}

describe('ExamController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('adds the whole seconds of each visit and one attempt when leaving a question, and marks it attempted', async () => {
    const { controller, server } = setup();
    controller.start();
    controller.chooseOption(OPT.b);
    await vi.advanceTimersByTimeAsync(12_700);
    controller.next();
    await vi.advanceTimersByTimeAsync(3_200);
    controller.previous();
    await vi.advanceTimersByTimeAsync(5_900);
    controller.next();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.state.get(Q.single)).toMatchObject({ timeTaken: 12 + 5, numOfAttempts: 2, answerOptionGivenByUser: [OPT.b], isAttempted: true, isAnswered: true, lastSequence: 2 });
    // Visited without an answer: attempted (Pending), not answered.
    expect(server.state.get(Q.multiple)).toMatchObject({ timeTaken: 3, numOfAttempts: 1, isAttempted: true, isAnswered: false });
    expect(controller.getSnapshot().progress[Q.multiple]).toMatchObject({ isAttempted: true });
    controller.dispose();
  });

  it('keeps multiple answers in the question’s order and sends the mark for review', async () => {
    const { controller, server } = setup();
    controller.start();
    controller.goTo(1);
    controller.chooseOptions([OPT.d, OPT.c, 'not-an-option']);
    controller.setMarked(true);
    controller.next();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.state.get(Q.multiple)).toMatchObject({ answerOptionGivenByUser: [OPT.c, OPT.d], isMarked: true });
    controller.dispose();
  });

  it('saves free text while typing at most every 30 s, with the time so far, counting the attempt only on leaving', async () => {
    const { controller, server } = setup();
    controller.start();
    controller.goTo(3);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.setText('Permit');
    await vi.advanceTimersByTimeAsync(10_000);
    controller.setText('Permit to work');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(server.received.flat().filter((u) => u.questionInstanceId === Q.descriptive)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.state.get(Q.descriptive)).toMatchObject({ answerValueGivenByUser: 'Permit to work', timeTaken: 31, numOfAttempts: 0, lastSequence: 1 });
    controller.setText('Permit to work, gas test');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(server.state.get(Q.descriptive)?.lastSequence).toBe(1);
    controller.previous();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.state.get(Q.descriptive)).toMatchObject({ answerValueGivenByUser: 'Permit to work, gas test', timeTaken: 60, numOfAttempts: 1, lastSequence: 2 });
    // Leaving cancelled the pending typing save: nothing more goes later.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.state.get(Q.descriptive)?.lastSequence).toBe(2);
    controller.dispose();
  });

  it('after a reload resumes at the same question with the answers saved and the one being typed', async () => {
    const storage = memoryStorage();
    const first = setup({ storage });
    first.controller.start();
    first.controller.chooseOption(OPT.a);
    first.controller.goTo(2);
    first.controller.setText('fillet');
    await vi.advanceTimersByTimeAsync(0);
    first.controller.dispose();
    first.queue.dispose();

    const second = setup({ storage, serverQuestions: first.server.questions() });
    second.controller.start();
    const snapshot = second.controller.getSnapshot();
    expect(snapshot.currentIndex).toBe(2);
    expect(snapshot.current.answerValueGivenByUser).toBe('fillet');
    expect(snapshot.progress[Q.single]).toMatchObject({ answerOptionGivenByUser: [OPT.a], isAnswered: true });
    second.controller.dispose();
  });

  it('refuses to submit while answers wait to be saved, and submits once they are', async () => {
    const { controller, server, submit, storage } = setup();
    controller.start();
    server.fail(0);
    controller.chooseOption(OPT.a);
    await controller.submit();
    expect(submit).not.toHaveBeenCalled();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'sitting', submitError: SUBMIT_MESSAGES.waiting });
    server.recover();
    await controller.submit();
    expect(submit).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'submitted', result: { score: 2 } });
    expect(server.state.get(Q.single)?.answerOptionGivenByUser).toEqual([OPT.a]);
    // Submitted: the browser forgets the sitting.
    expect(readStoredExam(storage, EXAM_ID)).toBeNull();
  });

  it('a second submission (double click) changes nothing; a refusal as already submitted ends the exam here too', async () => {
    const first = setup();
    first.controller.start();
    await Promise.all([first.controller.submit(), first.controller.submit()]);
    expect(first.submit).toHaveBeenCalledTimes(1);

    const other = setup({ submit: () => Promise.reject(Object.assign(new Error(EXAM_MESSAGES.alreadySubmitted), { status: 409 })) });
    other.controller.start();
    await other.controller.submit();
    expect(other.controller.getSnapshot().phase).toBe('submitted');
  });

  it('at zero asks the server first, then submits with what was answered', async () => {
    const { controller, submit, fetchTimer } = setup();
    controller.start();
    controller.chooseOption(OPT.a);
    // Staff gave 5 minutes extra just before the end: the server's timer says so.
    fetchTimer.mockResolvedValueOnce(timer({ deadline: '2026-03-02T00:35:00.000Z', serverTime: START + 30 * 60_000 }));
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(fetchTimer).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
    expect(controller.getSnapshot().deadlineMs).toBe(Date.parse('2026-03-02T00:35:00.000Z'));
    fetchTimer.mockResolvedValue(timer({ deadline: '2026-03-02T00:35:00.000Z' }));
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().phase).toBe('submitted');
  });

  it('follows the server’s timer: a throttled tab that wakes late shows the true time left', async () => {
    const { controller } = setup();
    controller.start();
    expect(controller.getCountdown().remainingSeconds).toBe(1800);
    // A background tab's interval did not run for ten minutes; the next tick computes from the deadline.
    vi.setSystemTime(START + 10 * 60_000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(controller.getCountdown().remainingSeconds).toBe(20 * 60 - 1);
    controller.applyTimer(timer({ deadline: '2026-03-02T00:40:00.000Z' }));
    expect(controller.getCountdown().remainingSeconds).toBe(30 * 60 - 1);
    controller.dispose();
  });

  it('stops saving and says so when the exam is taken over in another window', async () => {
    const { controller, server } = setup();
    controller.start();
    server.fail(409, EXAM_MESSAGES.takenOver);
    controller.chooseOption(OPT.a);
    controller.next();
    await vi.advanceTimersByTimeAsync(0);
    expect(controller.getSnapshot()).toMatchObject({ phase: 'takenOver', stoppedMessage: EXAM_MESSAGES.takenOver });
    controller.chooseOption(OPT.b);
    controller.goTo(3);
    expect(controller.getSnapshot().currentIndex).toBe(1);
    controller.dispose();
  });

  it('times a visit on the monotonic clock: setting the computer’s date 30 days ahead adds nothing, and the answers still save', async () => {
    const { controller, server, queue } = setup();
    controller.start();
    controller.chooseOption(OPT.a);
    await vi.advanceTimersByTimeAsync(5_000);
    vi.setSystemTime(Date.now() + 30 * 24 * 3600 * 1000);
    controller.next();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.state.get(Q.single)).toMatchObject({ lastSequence: 1, timeTaken: 5, answerOptionGivenByUser: [OPT.a] });
    expect(queue.getSnapshot()).toMatchObject({ pendingCount: 0, refused: null });
    controller.dispose();
  });

  it('never counts more time on a question than the sitting allows, even after the computer slept for a month', async () => {
    let monotonic = 0;
    const { controller, server, queue } = setup({ now: () => monotonic });
    controller.start();
    controller.chooseOption(OPT.b);
    monotonic += 30 * 24 * 3600 * 1000;
    controller.next();
    await vi.advanceTimersByTimeAsync(0);
    // The demo sitting is 30 minutes, plus the 30 s grace.
    expect(server.state.get(Q.single)).toMatchObject({ lastSequence: 1, timeTaken: 1800 + 30, answerOptionGivenByUser: [OPT.b] });
    expect(queue.getSnapshot().pendingCount).toBe(0);
    controller.dispose();
  });

  it('says when the server refuses answers, tries them once more on Submit, and a second Submit goes without them', async () => {
    const { controller, server, submit } = setup();
    controller.start();
    server.fail(400, 'Invalid answer');
    controller.chooseOption(OPT.a);
    await controller.submit();
    expect(submit).not.toHaveBeenCalled();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'sitting', submitError: SUBMIT_MESSAGES.refused });
    const tries = server.received.length;
    await controller.submit();
    // Tried once more before giving up on it, then submitted.
    expect(server.received.length).toBeGreaterThan(tries);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot().phase).toBe('submitted');
    controller.dispose();
  });

  it('stops like a taken-over window when the server refuses the submission for another window’s session', async () => {
    const takenOver = Object.assign(new Error(EXAM_MESSAGES.takenOver), { status: 409 });
    const { controller, queue } = setup({ submit: () => Promise.reject(takenOver) });
    controller.start();
    await controller.submit();
    expect(controller.getSnapshot()).toMatchObject({ phase: 'takenOver', stoppedMessage: EXAM_MESSAGES.takenOver, submitError: null });
    expect(queue.getSnapshot().stopped?.reason).toBe('takenOver');
    controller.dispose();
  });
});
