import { describe, expect, it } from 'vitest';
import { QuestionInstanceUpdate } from './exam.contract';
import {
  answerStatusOf,
  autoMark,
  deadlineOf,
  isAnswered,
  jitteredDelay,
  minimumSubmitTime,
  partialMarksOf,
  percentageOf,
  remainingSeconds,
  resultOf,
  shuffledForInstance,
  storableText,
  type MarkableQuestion,
} from './exam-rules';

describe('the answered rule (spec section 4)', () => {
  it('counts text that is not empty, a chosen option, or actual marks of zero', () => {
    expect(isAnswered({ answerValueGivenByUser: 'flat', answerOptionGivenByUser: [], actualMarks: null })).toBe(true);
    expect(isAnswered({ answerValueGivenByUser: '', answerOptionGivenByUser: ['a'], actualMarks: null })).toBe(true);
    expect(isAnswered({ answerValueGivenByUser: '', answerOptionGivenByUser: [], actualMarks: 0 })).toBe(true);
  });
  it('does not count spaces, nothing chosen, or unmarked', () => {
    expect(isAnswered({ answerValueGivenByUser: '   ', answerOptionGivenByUser: [], actualMarks: null })).toBe(false);
    expect(isAnswered({ answerValueGivenByUser: '', answerOptionGivenByUser: [], actualMarks: 2 })).toBe(false);
  });
  it('gives the palette status: Answered, Pending when visited only, Unattempted when never visited', () => {
    expect(answerStatusOf({ isAnswered: true, isAttempted: true })).toBe('Answered');
    expect(answerStatusOf({ isAnswered: false, isAttempted: true })).toBe('Pending');
    expect(answerStatusOf({ isAnswered: false, isAttempted: false })).toBe('Unattempted');
  });
});

describe('the timer', () => {
  const start = new Date('2026-03-02T00:00:00Z');
  it('ends at start + total + extra seconds', () => {
    expect(deadlineOf(start, 3600, 600).toISOString()).toBe('2026-03-02T01:10:00.000Z');
  });
  it('counts whole seconds left, never below zero', () => {
    const deadline = deadlineOf(start, 60, 0).getTime();
    expect(remainingSeconds(deadline, start.getTime())).toBe(60);
    expect(remainingSeconds(deadline, start.getTime() + 59_500)).toBe(1);
    expect(remainingSeconds(deadline, deadline)).toBe(0);
    expect(remainingSeconds(deadline, deadline + 5000)).toBe(0);
  });
  it('allows submitting from start + minimum time', () => {
    expect(minimumSubmitTime(start, 1800).toISOString()).toBe('2026-03-02T00:30:00.000Z');
  });
  it('spreads polls within ±20 % of 15 s', () => {
    expect(jitteredDelay(15_000, 0.2, () => 0)).toBe(12_000);
    expect(jitteredDelay(15_000, 0.2, () => 0.5)).toBe(15_000);
    expect(jitteredDelay(15_000, 0.2, () => 0.999999)).toBe(18_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = jitteredDelay();
      expect(delay).toBeGreaterThanOrEqual(12_000);
      expect(delay).toBeLessThanOrEqual(18_000);
    }
  });
});

describe('automatic marking', () => {
  const single: MarkableQuestion = {
    questionType: 'General Single Answer',
    maxMarks: 2,
    options: [
      { id: 'a', option: 'MMAW', correctAnswer: true },
      { id: 'b', option: 'GTAW', correctAnswer: false },
    ],
    answerOptionGivenByUser: [],
    answerValueGivenByUser: '',
  };
  it('single answer: full marks for the correct option only', () => {
    expect(autoMark({ ...single, answerOptionGivenByUser: ['a'] })).toBe(2);
    expect(autoMark({ ...single, answerOptionGivenByUser: ['b'] })).toBe(0);
    expect(autoMark({ ...single, answerOptionGivenByUser: ['a', 'b'] })).toBe(0);
    expect(autoMark(single)).toBe(0);
  });
  const multiple: MarkableQuestion = {
    questionType: 'Multiple Answer',
    maxMarks: 3,
    options: [
      { id: 'a', option: 'Crack', correctAnswer: true },
      { id: 'b', option: 'Lack of fusion', correctAnswer: true },
      { id: 'c', option: 'Spatter', correctAnswer: false },
    ],
    answerOptionGivenByUser: [],
    answerValueGivenByUser: '',
  };
  it('multiple answer: full marks for exactly the correct set, nothing for part of it or more', () => {
    expect(autoMark({ ...multiple, answerOptionGivenByUser: ['b', 'a'] })).toBe(3);
    expect(autoMark({ ...multiple, answerOptionGivenByUser: ['a'] })).toBe(0);
    expect(autoMark({ ...multiple, answerOptionGivenByUser: ['a', 'b', 'c'] })).toBe(0);
  });
  it('multiple answer with partial marks: a share per correct option chosen, one share off per wrong one, never below zero', () => {
    const partial = { ...multiple, partialMarks: true };
    expect(autoMark({ ...partial, answerOptionGivenByUser: ['a', 'b'] })).toBe(3);
    expect(autoMark({ ...partial, answerOptionGivenByUser: ['a'] })).toBe(1.5);
    expect(autoMark({ ...partial, answerOptionGivenByUser: ['a', 'c'] })).toBe(0);
    expect(autoMark({ ...partial, answerOptionGivenByUser: ['c'] })).toBe(0);
    expect(autoMark({ ...partial, answerOptionGivenByUser: ['a', 'b', 'c'] })).toBe(1.5);
    expect(autoMark({ ...partial, answerOptionGivenByUser: [] })).toBe(0);
    // Three correct of four, 2 marks: shares are rounded to hundredths.
    const thirds = partialMarksOf(2, new Set(['a', 'b', 'c']), new Set(['a']));
    expect(thirds).toBe(0.67);
  });
  it('partial marks change nothing for single answer questions', () => {
    expect(autoMark({ ...single, partialMarks: true, answerOptionGivenByUser: ['a', 'b'] })).toBe(0);
  });
  it('fill in the blank: an accepted answer, case and surrounding spaces ignored', () => {
    const blank: MarkableQuestion = {
      questionType: 'Fill In The Blank',
      maxMarks: 1.5,
      options: [
        { id: 'x', option: 'Flat', correctAnswer: true },
        { id: 'y', option: 'PA', correctAnswer: true },
      ],
      answerOptionGivenByUser: [],
      answerValueGivenByUser: '',
    };
    expect(autoMark({ ...blank, answerValueGivenByUser: '  fLaT ' })).toBe(1.5);
    expect(autoMark({ ...blank, answerValueGivenByUser: 'pa' })).toBe(1.5);
    expect(autoMark({ ...blank, answerValueGivenByUser: 'f lat' })).toBe(0);
    expect(autoMark(blank)).toBe(0);
  });
  it('descriptive: waits for an examiner', () => {
    expect(autoMark({ questionType: 'Descriptive', maxMarks: 5, options: [], answerOptionGivenByUser: [], answerValueGivenByUser: 'An essay' })).toBeNull();
  });
  it('percentage against the test marks, and pass at or above the pass percentage', () => {
    expect(percentageOf(7, 10)).toBe(70);
    expect(percentageOf(2, 3)).toBe(66.67);
    expect(resultOf(70, 70)).toBe('Pass');
    expect(resultOf(69.99, 70)).toBe('Fail');
  });
});

describe('options shuffled per candidate', () => {
  const options = ['o1', 'o2', 'o3', 'o4', 'o5'].map((id) => ({ id }));
  it('keeps every option, and gives the same order on every load of one question instance', () => {
    const first = shuffledForInstance('instance-1', options);
    expect(first.map((o) => o.id).sort()).toEqual(['o1', 'o2', 'o3', 'o4', 'o5']);
    expect(shuffledForInstance('instance-1', [...options].reverse())).toEqual(first);
  });
  it('gives different candidates different orders', () => {
    const orders = new Set(Array.from({ length: 20 }, (_, i) => shuffledForInstance(`instance-${i}`, options).map((o) => o.id).join()));
    expect(orders.size).toBeGreaterThan(10);
  });
});

describe('an answer update', () => {
  const base = { questionInstanceId: '3f1c2a4e-8b7d-4c1a-9e2f-1a2b3c4d5e6f', sequence: 1, timeTaken: 10, numOfAttempts: 1, isMarked: false, isAttempted: true };
  it('sends free text only when no option is chosen (spec section 5)', () => {
    expect(QuestionInstanceUpdate.safeParse({ ...base, answerValueGivenByUser: 'flat' }).success).toBe(true);
    expect(QuestionInstanceUpdate.safeParse({ ...base, answerOptionGivenByUser: ['3f1c2a4e-8b7d-4c1a-9e2f-1a2b3c4d5e60'], answerValueGivenByUser: 'flat' }).success).toBe(false);
  });
  it('takes cumulative values and a positive sequence, and refuses unknown fields', () => {
    expect(QuestionInstanceUpdate.safeParse({ ...base, sequence: 0 }).success).toBe(false);
    expect(QuestionInstanceUpdate.safeParse({ ...base, timeTaken: -1 }).success).toBe(false);
    expect(QuestionInstanceUpdate.safeParse({ ...base, actualMarks: 5 }).success).toBe(false);
  });
});

describe('storable text', () => {
  it('drops NUL and replaces half a surrogate pair, keeping whole characters', () => {
    expect(storableText('root\u0000 pass')).toBe('root pass');
    expect(storableText('weld 🔥'.slice(0, 6))).toBe('weld \uFFFD');
    expect(storableText('\uDC00 toe')).toBe('\uFFFD toe');
    expect(storableText('Fillet 🔥 weld')).toBe('Fillet 🔥 weld');
  });
});
