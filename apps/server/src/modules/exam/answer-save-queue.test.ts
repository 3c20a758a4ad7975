import { describe, expect, it } from 'vitest';
import { isDatabaseBusy } from '../../db/errors';
import { AnswerSaveQueue, type AnswerSaveLane } from './answer-save-queue';

/**
 * The queue's rules, on a lane whose statements finish when the test says so. The statements
 * themselves run on the database in `answer-save-batch.test.ts`.
 */
interface Save {
  sitting: string;
  answer: string;
}

interface Statement {
  saves: Save[];
  finish(): void;
  fail(error: Error): void;
}

function laneOfStatements(options: { failWhen?: (save: Save) => boolean } = {}) {
  const statements: Statement[] = [];
  const run = (saves: Save[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({
        saves,
        finish: () => {
          const bad = saves.find((save) => options.failWhen?.(save));
          if (bad) reject(new Error(`cannot store ${bad.answer}`));
          else resolve(saves.map((save) => `stored ${save.answer}`));
        },
        fail: reject,
      });
    });
  const lane: AnswerSaveLane<Save, string> = { one: async (save) => (await run([save]))[0]!, many: (saves) => run([...saves]) };
  return { lane, statements };
}

const queueOn = (lane: AnswerSaveLane<Save, string>, options: { connections?: number; largestBatch?: number; waitLimitMs?: number } = {}) =>
  new AnswerSaveQueue<Save, string>(lane, (save) => save.sitting, { connections: 1, largestBatch: 32, waitLimitMs: 0, ...options });

/** Lets the queue's promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('answer saves in the queue', () => {
  it('go at once, each alone, while a connection is free', async () => {
    const { lane, statements } = laneOfStatements();
    const queue = queueOn(lane, { connections: 2 });
    const first = queue.apply({ sitting: 'a', answer: 'A1' });
    const second = queue.apply({ sitting: 'b', answer: 'B1' });
    expect(statements.map((statement) => statement.saves.map((save) => save.answer))).toEqual([['A1'], ['B1']]);
    statements.forEach((statement) => statement.finish());
    expect(await Promise.all([first, second])).toEqual(['stored A1', 'stored B1']);
  });

  it('wait while every connection is busy, then go together in one statement, each told its own outcome', async () => {
    const { lane, statements } = laneOfStatements();
    const queue = queueOn(lane);
    const first = queue.apply({ sitting: 'a', answer: 'A1' });
    const waiting = ['b', 'c', 'd'].map((sitting) => queue.apply({ sitting, answer: `${sitting.toUpperCase()}1` }));
    expect(statements).toHaveLength(1);
    statements[0]!.finish();
    await settle();
    expect(statements).toHaveLength(2);
    expect(statements[1]!.saves.map((save) => save.answer)).toEqual(['B1', 'C1', 'D1']);
    statements[1]!.finish();
    expect(await first).toBe('stored A1');
    expect(await Promise.all(waiting)).toEqual(['stored B1', 'stored C1', 'stored D1']);
  });

  it('run no more statements at once than the lane limit allows, although connections are free, and tell it of each statement', async () => {
    const { lane, statements } = laneOfStatements();
    const told: { saves: number; savesWaiting: boolean }[] = [];
    const limit = { limit: 1, observe: (saves: number, _ms: number, savesWaiting: boolean) => void told.push({ saves, savesWaiting }) };
    const queue = new AnswerSaveQueue<Save, string>(lane, (save) => save.sitting, { connections: 4, largestBatch: 32, waitLimitMs: 0, limit });
    const saves = ['a', 'b', 'c'].map((sitting) => queue.apply({ sitting, answer: `${sitting.toUpperCase()}1` }));
    expect(statements.map((statement) => statement.saves.map((save) => save.answer))).toEqual([['A1']]);
    statements[0]!.finish();
    await settle();
    // The database is less crowded: a second statement may go beside the batch.
    limit.limit = 2;
    const late = queue.apply({ sitting: 'd', answer: 'D1' });
    expect(statements.map((statement) => statement.saves.map((save) => save.answer))).toEqual([['A1'], ['B1', 'C1'], ['D1']]);
    statements[1]!.finish();
    statements[2]!.finish();
    expect(await Promise.all([...saves, late])).toEqual(['stored A1', 'stored B1', 'stored C1', 'stored D1']);
    expect(told).toEqual([
      { saves: 1, savesWaiting: true },
      { saves: 2, savesWaiting: false },
      { saves: 1, savesWaiting: false },
    ]);
  });

  it('never put one sitting in two statements at once, nor twice in one, and keep its saves in order', async () => {
    const { lane, statements } = laneOfStatements();
    const queue = queueOn(lane, { connections: 3 });
    const saves = [
      queue.apply({ sitting: 'a', answer: 'A1' }),
      queue.apply({ sitting: 'a', answer: 'A2' }),
      queue.apply({ sitting: 'b', answer: 'B1' }),
      queue.apply({ sitting: 'a', answer: 'A3' }),
    ];
    // A1 and B1 took two connections; A2 waits for A1 although the third connection is free.
    expect(statements.map((statement) => statement.saves.map((save) => save.answer))).toEqual([['A1'], ['B1']]);
    statements[1]!.finish();
    await settle();
    expect(statements).toHaveLength(2);
    statements[0]!.finish();
    await settle();
    expect(statements[2]!.saves.map((save) => save.answer)).toEqual(['A2']);
    statements[2]!.finish();
    await settle();
    expect(statements[3]!.saves.map((save) => save.answer)).toEqual(['A3']);
    statements[3]!.finish();
    expect(await Promise.all(saves)).toEqual(['stored A1', 'stored A2', 'stored B1', 'stored A3']);
  });

  it('put at most the largest batch in one statement', async () => {
    const { lane, statements } = laneOfStatements();
    const queue = queueOn(lane, { largestBatch: 2 });
    const saves = ['a', 'b', 'c', 'd'].map((sitting) => queue.apply({ sitting, answer: sitting }));
    statements[0]!.finish();
    await settle();
    expect(statements[1]!.saves.map((save) => save.answer)).toEqual(['b', 'c']);
    statements[1]!.finish();
    await settle();
    expect(statements[2]!.saves.map((save) => save.answer)).toEqual(['d']);
    statements[2]!.finish();
    expect(await Promise.all(saves)).toEqual(['stored a', 'stored b', 'stored c', 'stored d']);
  });

  it('when a batch fails, try each save alone, so that only the save that cannot be stored fails', async () => {
    const { lane, statements } = laneOfStatements({ failWhen: (save) => save.answer === 'bad' });
    const queue = queueOn(lane);
    const first = queue.apply({ sitting: 'a', answer: 'A1' });
    const good = queue.apply({ sitting: 'b', answer: 'B1' });
    const bad = queue.apply({ sitting: 'c', answer: 'bad' });
    const alsoGood = queue.apply({ sitting: 'd', answer: 'D1' });
    const outcomes = Promise.allSettled([good, bad, alsoGood]);
    statements[0]!.finish();
    await settle();
    statements[1]!.finish(); // the batch of three fails on 'bad'
    for (let alone = 2; alone <= 4; alone += 1) {
      await settle();
      expect(statements[alone]!.saves).toHaveLength(1);
      statements[alone]!.finish();
    }
    expect(await first).toBe('stored A1');
    const [goodOutcome, badOutcome, alsoGoodOutcome] = await outcomes;
    expect(goodOutcome).toEqual({ status: 'fulfilled', value: 'stored B1' });
    expect(badOutcome).toMatchObject({ status: 'rejected', reason: { message: 'cannot store bad' } });
    expect(alsoGoodOutcome).toEqual({ status: 'fulfilled', value: 'stored D1' });
  });

  it('refuse as busy a save that waited past the wait limit, and never send it', async () => {
    const { lane, statements } = laneOfStatements();
    const queue = queueOn(lane, { waitLimitMs: 20 });
    const first = queue.apply({ sitting: 'a', answer: 'A1' });
    const refused = queue.apply({ sitting: 'b', answer: 'B1' }).catch((error: unknown) => error);
    expect(isDatabaseBusy(await refused)).toBe(true);
    statements[0]!.finish();
    expect(await first).toBe('stored A1');
    await settle();
    expect(statements).toHaveLength(1);
    // The queue goes on: the next save goes at once.
    const next = queue.apply({ sitting: 'b', answer: 'B2' });
    statements[1]!.finish();
    expect(await next).toBe('stored B2');
  });

  it('refuse as busy a save that waited past the wait limit behind its own sitting, although a connection was free', async () => {
    const { lane, statements } = laneOfStatements();
    const queue = queueOn(lane, { connections: 2, waitLimitMs: 20 });
    const first = queue.apply({ sitting: 'a', answer: 'A1' });
    const refused = queue.apply({ sitting: 'a', answer: 'A2' }).catch((error: unknown) => error);
    expect(isDatabaseBusy(await refused)).toBe(true);
    statements[0]!.finish();
    expect(await first).toBe('stored A1');
    await settle();
    expect(statements).toHaveLength(1);
  });

  it('refuse a whole batch as busy when its statement found no connection, without trying each again', async () => {
    const { lane, statements } = laneOfStatements();
    const queue = queueOn(lane);
    const first = queue.apply({ sitting: 'a', answer: 'A1' });
    const batch = ['b', 'c'].map((sitting) => queue.apply({ sitting, answer: sitting }).catch((error: unknown) => error));
    statements[0]!.finish();
    await settle();
    statements[1]!.fail(new Error('timeout exceeded when trying to connect'));
    for (const outcome of await Promise.all(batch)) expect(isDatabaseBusy(outcome)).toBe(true);
    expect(statements).toHaveLength(2);
    expect(await first).toBe('stored A1');
  });
});
