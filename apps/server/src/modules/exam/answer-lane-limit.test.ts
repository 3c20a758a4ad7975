import { describe, expect, it } from 'vitest';
import { AnswerLaneLimit } from './answer-lane-limit';

/** A limit on a clock the test moves: `statements(n, ms)` ends n statements of `size` saves taking `ms` each, a millisecond apart. */
function laneLimit(most = 10, least = 2) {
  let clock = 0;
  const limit = new AnswerLaneLimit({ most, least, now: () => clock });
  const statements = (count: number, ms: number, options: { size?: number; waiting?: boolean } = {}) => {
    for (let i = 0; i < count; i += 1) {
      clock += 1;
      limit.observe(options.size ?? 1, ms, options.waiting ?? true);
    }
  };
  return { limit, statements, wait: (seconds: number) => (clock += seconds * 1000) };
}

describe("the answer lane's statements at once", () => {
  it('start at every connection and stay there while no save waits, however slow the statements', () => {
    const { limit, statements } = laneLimit();
    statements(5, 1);
    statements(200, 50, { waiting: false });
    expect(limit.limit).toBe(10);
  });

  it('fall by one a round while statements take over twice the quickest with saves waiting, never below the least', () => {
    const { limit, statements } = laneLimit();
    statements(5, 1, { waiting: false });
    statements(10, 3);
    expect(limit.limit).toBe(9);
    statements(9, 3);
    expect(limit.limit).toBe(8);
    statements(500, 3);
    expect(limit.limit).toBe(2);
  });

  it('rise by one a round again once statements are quick, up to every connection', () => {
    const { limit, statements } = laneLimit(6);
    statements(5, 1, { waiting: false });
    statements(100, 4);
    expect(limit.limit).toBe(2);
    statements(2, 1.2);
    expect(limit.limit).toBe(3);
    statements(100, 1.2);
    expect(limit.limit).toBe(6);
  });

  it('hold between one and a half and twice the quickest', () => {
    const { limit, statements } = laneLimit();
    statements(5, 1, { waiting: false });
    statements(10, 3);
    statements(100, 1.8);
    expect(limit.limit).toBe(9);
  });

  it('count a batch as the saves it carries: eight saves in twice a lone save’s time are not crowding', () => {
    const { limit, statements } = laneLimit();
    statements(5, 1, { waiting: false });
    statements(10, 3);
    statements(9, 2, { size: 8 });
    expect(limit.limit).toBe(10);
  });

  it('accept a database that became slower for good: the quickest time ages, and the limit rises again', () => {
    const { limit, statements, wait } = laneLimit();
    statements(5, 1, { waiting: false });
    statements(200, 3);
    expect(limit.limit).toBe(2);
    wait(400);
    statements(100, 3);
    expect(limit.limit).toBe(10);
  });

  it('refuses a lane of fewer than one statement or a least above the most', () => {
    expect(() => new AnswerLaneLimit({ most: 4, least: 0 })).toThrow();
    expect(() => new AnswerLaneLimit({ most: 2, least: 3 })).toThrow();
  });
});
