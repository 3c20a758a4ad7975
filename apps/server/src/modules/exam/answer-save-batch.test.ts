import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { EXAM_TIMING } from '@certs/shared/exam/exam-rules';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import { buildTestApp, openTestDatabase, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { signIn } from '../../../test/sign-in';
import { AnswerSaveQueue } from './answer-save-queue';
import { ExamAnswerRepository, type AnswerSave, type UpdateItem, type UpdateOutcome } from './exam-answer.repository';
import { ageSitting, createPublishedTest, EVERY_TYPE, examClient, storedAnswers, storedInstance, type PublishedTest } from './exam-test-fixtures';

/**
 * Issue 22: under load, several candidates' answer saves go to PostgreSQL in one statement
 * (`applyUpdateBatch`, queued by `answer-save-queue.ts`). A save in a batch must do exactly what it
 * does alone: the same checks of owner, session, deadline, sequence and options, on its own sitting
 * only, and the same outcome told to its own candidate.
 */
let t: TestApp;
let api: ReturnType<typeof examClient>;
let repository: ExamAnswerRepository;
let test: PublishedTest;

beforeAll(async () => {
  // One connection for the saves on a server too (PGlite has one), so that a held save holds the whole lane.
  t = await buildTestApp({}, await openTestDatabase({ size: 4, answerSize: 1 }));
  api = examClient(t.app);
  repository = new ExamAnswerRepository(t.database.db);
  test = await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE, overallTime: 30, minimumTime: 0 });
});
afterAll(async () => {
  await t.close();
  await t.database.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

interface Sitting {
  jwt: string;
  applicantId: string;
  exam: CandidateExam;
  session: string;
  /** Questions in test order: single answer, multiple answer, fill in the blank, descriptive. */
  questions: CandidateExam['sections'][number]['questions'];
}

let sittingCount = 0;
/** One after another: sign-ins from one address at once count against its limit of failures a minute. */
async function launchSittings(count: number): Promise<Sitting[]> {
  const sittings: Sitting[] = [];
  for (let index = 0; index < count; index += 1) sittings.push(await launchSitting());
  return sittings;
}

async function launchSitting(): Promise<Sitting> {
  sittingCount += 1;
  const candidate = await createUser(t.database.db, { role: ROLES.Applicant, firstName: `Batch${sittingCount}` });
  const jwt = (await signIn(t.app, candidate)).jwt;
  const exam: CandidateExam = (await api.post('/api/launchexam/inittrial', { testId: test.id }, jwt)).json();
  const session = `session-batch-${sittingCount}-0123456789`;
  expect((await api.put('/api/isexaminprogress', { examInstanceId: exam.id, examType: exam.examType, sessionId: session }, jwt)).statusCode).toBe(200);
  const applicantId = String((await storedInstance(t.database.db, exam.id)).applicant_id);
  const questions = exam.sections.flatMap((section) => section.questions).sort((a, b) => typeOrder(a.questionType) - typeOrder(b.questionType));
  return { jwt, applicantId, exam, session, questions };
}
const typeOrder = (type: string) => EVERY_TYPE.findIndex((question) => question.type === type);

const item = (question: { id: string }, seq: number, answer: { options?: string[]; text?: string }): UpdateItem => ({
  id: question.id,
  seq,
  timeTaken: seq * 10,
  attempts: 1,
  options: answer.options ?? null,
  answer: answer.text ?? null,
  isMarked: seq % 2 === 0,
  isAttempted: true,
});

const saveOf = (sitting: Sitting, items: UpdateItem[], overrides: Partial<AnswerSave> = {}): AnswerSave => ({
  examInstanceId: sitting.exam.id,
  applicantId: sitting.applicantId,
  examType: sitting.exam.examType,
  sessionId: sitting.session,
  now: new Date(),
  graceSeconds: EXAM_TIMING.graceSeconds,
  items,
  ...overrides,
});

const SITUATIONS = 11;

/**
 * Eleven situations a save meets, for a fresh set of sittings; `others` are sittings of other
 * candidates, named by the saves that reach for them. Each save arrived at its own time, `arrivedAt`
 * plus as many seconds as its place.
 */
async function situations(arrivedAt: number): Promise<{ saves: AnswerSave[]; sittings: Sitting[]; others: Sitting[] }> {
  const sittings = await launchSittings(SITUATIONS);
  const others = await launchSittings(2);
  const [fresh, stale, twice, foreignOption, otherSession, overdue, otherCandidate, foreignQuestion, submitted, otherType, arrivedInTime] = sittings as Sitting[] as [
    Sitting, Sitting, Sitting, Sitting, Sitting, Sitting, Sitting, Sitting, Sitting, Sitting, Sitting,
  ];
  const [victim, victimOfQuestion] = others as [Sitting, Sitting];
  // Stored before: an answer at sequence 5, which an older one must not replace.
  await repository.applyUpdates(saveOf(stale, [item(stale.questions[2]!, 5, { text: 'Flat' })]));
  // Ten minutes past deadline + grace: past it still when the save arrives, however long the set-up took.
  await ageSitting(t.database.db, overdue.exam.id, 30 * 60 + EXAM_TIMING.graceSeconds + 600);
  expect((await api.post(`/api/trialexaminstance/${submitted.exam.id}/submit`, { sessionId: submitted.session }, submitted.jwt)).statusCode).toBe(200);
  // Past deadline + grace now, but the save arrived at the deadline: it counts.
  await ageSitting(t.database.db, arrivedInTime.exam.id, 30 * 60 + EXAM_TIMING.graceSeconds + 5);
  const deadline = new Date(String((await storedInstance(t.database.db, arrivedInTime.exam.id)).deadline));
  const saves = [
    saveOf(fresh, [
      item(fresh.questions[0]!, 1, { options: [fresh.questions[0]!.options[1]!.id] }),
      item(fresh.questions[1]!, 1, { options: fresh.questions[1]!.options.slice(0, 2).map((option) => option.id) }),
      item(fresh.questions[3]!, 1, { text: 'Inspect the root run first.' }),
    ]),
    saveOf(stale, [item(stale.questions[2]!, 3, { text: 'PA' }), item(stale.questions[3]!, 1, { text: 'Newer than nothing' })]),
    saveOf(twice, [item(twice.questions[3]!, 4, { text: 'the later' }), item(twice.questions[3]!, 2, { text: 'the earlier' })]),
    saveOf(foreignOption, [item(foreignOption.questions[0]!, 1, { options: [foreignOption.questions[1]!.options[0]!.id] })]),
    saveOf(otherSession, [item(otherSession.questions[3]!, 1, { text: 'from a second tab' })], { sessionId: 'session-not-holding-0123456789' }),
    saveOf(overdue, [item(overdue.questions[3]!, 1, { text: 'too late' })]),
    // Candidate of `otherCandidate` names the victim's sitting.
    saveOf(otherCandidate, [item(victim.questions[3]!, 1, { text: 'written into another candidate' })], { examInstanceId: victim.exam.id, sessionId: victim.session }),
    // A question of another sitting, in the candidate's own sitting.
    saveOf(foreignQuestion, [item(victimOfQuestion.questions[3]!, 1, { text: 'into a question of another sitting' })]),
    saveOf(submitted, [item(submitted.questions[3]!, 1, { text: 'after submitting' })]),
    saveOf(otherType, [item(otherType.questions[3]!, 1, { text: 'as a module exam' })], { examType: 'module' }),
    saveOf(arrivedInTime, [item(arrivedInTime.questions[3]!, 1, { text: 'sent at the deadline' })]),
  ].map((save, place) => ({ ...save, now: new Date(arrivedAt + place * 1000) }));
  saves[10] = { ...saves[10]!, now: deadline };
  return { saves, sittings, others };
}

/** An outcome and the stored answers, with each sitting's own ids and times replaced by positions, to compare two sets of sittings. */
function comparable(outcome: UpdateOutcome, sittings: Sitting[]) {
  const names = new Map<string, string>();
  for (const [s, sitting] of sittings.entries()) {
    names.set(sitting.exam.id, `sitting ${s}`);
    names.set(sitting.applicantId, `applicant ${s}`);
    names.set(sitting.session, `session ${s}`);
    for (const [q, question] of sitting.questions.entries()) names.set(question.id, `sitting ${s} question ${q}`);
  }
  const name = (id: string) => names.get(id) ?? id;
  return {
    instance: outcome.instance && { id: name(outcome.instance.id), status: outcome.instance.status, activeSessionId: outcome.instance.activeSessionId && name(outcome.instance.activeSessionId) },
    applied: outcome.applied.map((row) => ({ ...row, id: name(row.id) })).sort((a, b) => a.id.localeCompare(b.id)),
    checked: outcome.checked.map((row) => ({ ...row, id: name(row.id) })).sort((a, b) => a.id.localeCompare(b.id)),
  };
}

async function storedOf(sittings: Sitting[]) {
  return Promise.all(
    sittings.map(async (sitting) =>
      (await storedAnswers(t.database.db, sitting.exam.id)).map((row) => ({
        lastSequence: row.last_sequence,
        timeTaken: row.time_taken,
        attempts: row.num_of_attempts,
        options: row.answer_option_given_by_user.map((id) => sitting.questions.flatMap((question) => question.options).findIndex((option) => option.id === id)),
        text: row.answer_value_given_by_user,
        isAnswered: row.is_answered,
        isAttempted: row.is_attempted,
        isMarked: row.is_marked,
        // The save's arrival time where a save changed the row (asserted below, not compared: the two sets' deadlines differ).
        modifiedOn: row.last_sequence > 0 ? new Date((row as unknown as { modified_on: string }).modified_on).getTime() : null,
      })),
    ),
  );
}

describe('answer saves in one statement', () => {
  it('do on each sitting exactly what the same saves do one at a time, and tell each save its own outcome', async () => {
    const arrivedAt = Date.now();
    const alone = await situations(arrivedAt);
    const aloneOutcomes: UpdateOutcome[] = [];
    for (const save of alone.saves) aloneOutcomes.push(await repository.applyUpdates(save));
    const batched = await situations(arrivedAt);
    const batchedOutcomes = await repository.applyUpdateBatch(batched.saves);

    const everyAlone = [...alone.sittings, ...alone.others];
    const everyBatched = [...batched.sittings, ...batched.others];
    expect(batchedOutcomes.map((outcome) => comparable(outcome, everyBatched))).toEqual(aloneOutcomes.map((outcome) => comparable(outcome, everyAlone)));
    const withoutTimes = (sets: Awaited<ReturnType<typeof storedOf>>) => sets.map((rows) => rows.map(({ modifiedOn: _time, ...row }) => row));
    expect(withoutTimes(await storedOf(everyBatched))).toEqual(withoutTimes(await storedOf(everyAlone)));

    // And what that is, situation by situation.
    const [fresh, stale, twice, foreignOption, otherSession, overdue, otherCandidate, foreignQuestion, submitted, otherType, arrivedInTime] = batchedOutcomes as UpdateOutcome[];
    const [freshStored, staleStored, twiceStored, foreignOptionStored, otherSessionStored, overdueStored, , , submittedStored, otherTypeStored, arrivedInTimeStored] = await storedOf(batched.sittings);
    const [victimStored, victimOfQuestionStored] = await storedOf(batched.others);
    expect(fresh!.applied).toHaveLength(3);
    expect(freshStored!.map((row) => row.isAnswered)).toEqual([true, true, false, true]);
    expect(freshStored!.map((row) => row.modifiedOn)).toEqual([arrivedAt, arrivedAt, null, arrivedAt]);
    expect(stale!.applied.map((row) => row.seq)).toEqual([1]);
    expect(stale!.checked.find((row) => row.seq === 3)).toMatchObject({ isValid: true, serverSeq: 5 });
    expect(staleStored![2]).toMatchObject({ lastSequence: 5, text: 'Flat' });
    expect(twice!.applied).toEqual([expect.objectContaining({ seq: 4 })]);
    expect(twiceStored![3]).toMatchObject({ lastSequence: 4, text: 'the later' });
    expect(foreignOption!.applied).toEqual([]);
    expect(foreignOption!.checked).toEqual([expect.objectContaining({ isValid: false })]);
    expect(foreignOptionStored!.every((row) => row.lastSequence === 0)).toBe(true);
    expect(otherSession!.instance?.activeSessionId).toBe(batched.sittings[4]!.session);
    expect(otherSession!.applied).toEqual([]);
    expect(otherSessionStored!.every((row) => row.lastSequence === 0)).toBe(true);
    expect(overdue!.applied).toEqual([]);
    expect(overdueStored!.every((row) => row.lastSequence === 0)).toBe(true);
    // Another candidate's sitting is not found, and nothing of it changed.
    expect(otherCandidate!.instance).toBeNull();
    expect(otherCandidate!.applied).toEqual([]);
    expect(victimStored!.every((row) => row.lastSequence === 0 && row.text === '')).toBe(true);
    // A question of another sitting is not the candidate's: not checked, not written.
    expect(foreignQuestion!.instance).not.toBeNull();
    expect(foreignQuestion!.checked).toEqual([]);
    expect(victimOfQuestionStored!.every((row) => row.lastSequence === 0 && row.text === '')).toBe(true);
    // A submitted sitting takes nothing more; a sitting asked for as another type of exam is not found.
    expect([submitted!.instance?.status, submitted!.applied]).toEqual(['Submitted', []]);
    expect(submittedStored!.every((row) => row.lastSequence === 0)).toBe(true);
    expect([otherType!.instance, otherType!.applied]).toEqual([null, []]);
    expect(otherTypeStored!.every((row) => row.lastSequence === 0)).toBe(true);
    // Each save is judged at its own arrival time.
    expect(arrivedInTime!.applied).toHaveLength(1);
    expect(arrivedInTimeStored![3]).toMatchObject({ lastSequence: 1, text: 'sent at the deadline', modifiedOn: batched.saves[10]!.now.getTime() });
  });

  it('refuse a batch that names one sitting twice, however its id is written, and change nothing', async () => {
    const [sitting] = (await launchSittings(1)) as [Sitting];
    const question = sitting.questions[3]!;
    const saves = [saveOf(sitting, [item(question, 5, { text: 'the later' })]), saveOf(sitting, [item(question, 6, { text: 'the latest' })], { examInstanceId: sitting.exam.id.toUpperCase() })];
    await expect(repository.applyUpdateBatch(saves)).rejects.toThrow('names a sitting twice');
    expect((await storedAnswers(t.database.db, sitting.exam.id)).every((row) => row.last_sequence === 0)).toBe(true);
  });

  it('through the API: saves of many candidates that arrive while the lane is busy are stored together, each acknowledged to its own candidate', async () => {
    const sittings = await launchSittings(10);
    const intruder = await launchSitting();
    // The first save holds the lane until every other request has reached the queue, so that they wait and go as one batch.
    const queued = vi.spyOn(AnswerSaveQueue.prototype, 'apply');
    const batches = vi.spyOn(ExamAnswerRepository.prototype, 'applyUpdateBatch');
    const alone = ExamAnswerRepository.prototype.applyUpdates;
    let openLane: () => void = () => undefined;
    const laneOpen = new Promise<void>((resolve) => (openLane = resolve));
    vi.spyOn(ExamAnswerRepository.prototype, 'applyUpdates').mockImplementationOnce(async function (this: ExamAnswerRepository, save) {
      await laneOpen;
      return alone.call(this, save);
    });
    const body = (sitting: Sitting, sequence: number) => ({
      examInstanceId: sitting.exam.id,
      examType: sitting.exam.examType,
      sessionId: sitting.session,
      updates: [{ questionInstanceId: sitting.questions[3]!.id, sequence, timeTaken: 9, numOfAttempts: 1, isMarked: false, isAttempted: true, answerValueGivenByUser: `answer of ${sitting.session}` }],
    });
    const first = api.post('/api/updateInstances', body(sittings[0]!, 1), sittings[0]!.jwt);
    await vi.waitFor(() => expect(queued).toHaveBeenCalledTimes(1));
    const responses = [first, ...sittings.slice(1).map((sitting) => api.post('/api/updateInstances', body(sitting, 1), sitting.jwt))];
    // A candidate naming another candidate's sitting, among them.
    const intrusion = api.post('/api/updateInstances', body(sittings[3]!, 2), intruder.jwt);
    await vi.waitFor(() => expect(queued).toHaveBeenCalledTimes(11));
    openLane();

    const answered = await Promise.all(responses);
    for (const response of answered) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().results).toEqual([expect.objectContaining({ outcome: 'applied', sequence: 1, isAnswered: true })]);
    }
    expect((await intrusion).statusCode).toBe(404);
    // All eleven waited behind the first: the intruder's save went in the batch beside the owner's, and wrote nothing.
    expect(batches.mock.calls.map(([saves]) => saves.length)).toEqual([10]);
    expect(batches.mock.calls[0]![0].some((save) => save.applicantId === intruder.applicantId)).toBe(true);
    for (const sitting of sittings) {
      const stored = (await storedAnswers(t.database.db, sitting.exam.id)).find((row) => row.id === sitting.questions[3]!.id);
      expect(stored).toMatchObject({ last_sequence: 1, answer_value_given_by_user: `answer of ${sitting.session}` });
    }
  });
});
