import { describe, expect, it } from 'vitest';
import {
  cronbachAlpha,
  facilityOf,
  histogramOf,
  isDichotomous,
  itemFlagsOf,
  itemRestCorrelation,
  kr20,
  mean,
  optionShares,
  pearson,
  reliabilityOf,
  standardDeviation,
  standardErrorOfMeasurement,
  totalsOf,
  variance,
  type ScoreMatrix,
} from './statistics';

/**
 * Worked example 1: six candidates, four one-mark questions scored right (1) or wrong (0).
 *
 *              Q1 Q2 Q3 Q4 | total
 *   C1          0  0  0  0 |   0
 *   C2          1  0  0  0 |   1
 *   C3          1  1  0  0 |   2
 *   C4          0  0  1  1 |   2
 *   C5          0  1  1  1 |   3
 *   C6          1  1  1  1 |   4
 *
 * Totals: 0 + 1 + 2 + 2 + 3 + 4 = 12; mean = 12 / 6 = 2.
 * Deviations from 2: -2, -1, 0, 0, 1, 2; squares 4, 1, 0, 0, 1, 4 = 10.
 * Variance (divided by N = 6) = 10 / 6 = 5/3 = 1.666667; SD = sqrt(5/3) = 1.290994.
 *
 * Each question is right for 3 of 6: p = 0.5, p(1 - p) = 0.25; sum over 4 questions = 1.
 * KR-20 = k/(k-1) x (1 - sum p(1-p) / variance) = 4/3 x (1 - 1 / (5/3)) = 4/3 x (1 - 3/5)
 *       = 4/3 x 2/5 = 8/15 = 0.533333.
 * SEM = SD x sqrt(1 - KR-20) = sqrt(5/3) x sqrt(7/15) = sqrt(35/45) = sqrt(7/9) = 0.881917.
 *
 * Discrimination of Q1 (item-rest): marks x = 0,1,1,0,0,1; rest (total - Q1) y = 0,0,1,2,3,3.
 *   mean x = 0.5, mean y = 9/6 = 1.5.
 *   dx = -.5, .5, .5, -.5, -.5, .5;  dy = -1.5, -1.5, -.5, .5, 1.5, 1.5.
 *   sum dx.dy = .75 - .75 - .25 - .25 - .75 + .75 = -0.5
 *   sum dx^2 = 6 x .25 = 1.5;  sum dy^2 = 2.25 + 2.25 + .25 + .25 + 2.25 + 2.25 = 9.5
 *   r = -0.5 / sqrt(1.5 x 9.5) = -0.5 / sqrt(14.25) = -0.132453: negative, so flagged.
 * Discrimination of Q2: x = 0,0,1,0,1,1; rest y = 0,1,1,2,2,3; mean y = 1.5.
 *   dx = -.5, -.5, .5, -.5, .5, .5;  dy = -1.5, -.5, -.5, .5, .5, 1.5.
 *   sum dx.dy = .75 + .25 - .25 - .25 + .25 + .75 = 1.5;  sum dy^2 = 2.25 + .25 + .25 + .25 + .25 + 2.25 = 5.5
 *   r = 1.5 / sqrt(1.5 x 5.5) = 1.5 / sqrt(8.25) = 0.522233.
 * Q3 and Q4 have the same column (0,0,0,1,1,1) and the same rest (0,1,2,1,2,3): r = 0.522233 each
 *   (dy = -1.5, -.5, .5, -.5, .5, 1.5; sum dx.dy = .75 + .25 - .25 - .25 + .25 + .75 = 1.5; sum dy^2 = 5.5).
 */
const example1: ScoreMatrix = {
  maxMarks: [1, 1, 1, 1],
  scores: [
    [0, 0, 0, 0],
    [1, 0, 0, 0],
    [1, 1, 0, 0],
    [0, 0, 1, 1],
    [0, 1, 1, 1],
    [1, 1, 1, 1],
  ],
};

/**
 * Worked example 2: five candidates, three questions with partial marks (Q1 out of 2, Q2 out of 3,
 * Q3 out of 1), so Cronbach's alpha, not KR-20.
 *
 *              Q1 Q2 Q3 | total
 *   C1          2  3  1 |   6
 *   C2          2  2  1 |   5
 *   C3          1  2  0 |   3
 *   C4          1  1  1 |   3
 *   C5          0  1  0 |   1
 *
 * Totals: 18, mean 3.6; deviations 2.4, 1.4, -.6, -.6, -2.6; squares 5.76 + 1.96 + .36 + .36 + 6.76 = 15.2;
 *   variance = 15.2 / 5 = 3.04; SD = sqrt(3.04) = 1.743560.
 * Q1: 2,2,1,1,0, mean 1.2; deviations .8, .8, -.2, -.2, -1.2; squares .64 + .64 + .04 + .04 + 1.44 = 2.8; variance .56.
 * Q2: 3,2,2,1,1, mean 1.8; deviations 1.2, .2, .2, -.8, -.8; squares 1.44 + .04 + .04 + .64 + .64 = 2.8; variance .56.
 * Q3: 1,1,0,1,0, mean .6; variance .6 x .4 = .24.
 * Sum of question variances = .56 + .56 + .24 = 1.36.
 * alpha = 3/2 x (1 - 1.36 / 3.04) = 3/2 x (1 - 17/38) = 3/2 x 21/38 = 63/76 = 0.828947.
 * SEM = SD x sqrt(1 - 63/76): SEM^2 = 3.04 x 13/76 = 0.52, so SEM = sqrt(0.52) = 0.721110.
 * Facility: Q1 1.2 / 2 = 0.6; Q2 1.8 / 3 = 0.6; Q3 0.6 / 1 = 0.6.
 * Discrimination of Q1: x = 2,2,1,1,0; rest y = 4,3,2,2,1 (mean 2.4).
 *   dx = .8, .8, -.2, -.2, -1.2; dy = 1.6, .6, -.4, -.4, -1.4.
 *   sum dx.dy = 1.28 + .48 + .08 + .08 + 1.68 = 3.6; sum dx^2 = 2.8; sum dy^2 = 2.56 + .36 + .16 + .16 + 1.96 = 5.2.
 *   r = 3.6 / sqrt(2.8 x 5.2) = 3.6 / sqrt(14.56) = 0.943456.
 * Discrimination of Q3: x = 1,1,0,1,0; rest y = 5,4,3,2,1 (mean 3).
 *   dx = .4, .4, -.6, .4, -.6; dy = 2, 1, 0, -1, -2.
 *   sum dx.dy = .8 + .4 + 0 - .4 + 1.2 = 2; sum dx^2 = 1.2; sum dy^2 = 10.
 *   r = 2 / sqrt(12) = 0.577350.
 */
const example2: ScoreMatrix = {
  maxMarks: [2, 3, 1],
  scores: [
    [2, 3, 1],
    [2, 2, 1],
    [1, 2, 0],
    [1, 1, 1],
    [0, 1, 0],
  ],
};

describe('worked example 1: KR-20 on a test scored right or wrong', () => {
  it('totals, mean, variance and SD (divided by N)', () => {
    expect(totalsOf(example1)).toEqual([0, 1, 2, 2, 3, 4]);
    expect(mean(totalsOf(example1))).toBe(2);
    expect(variance(totalsOf(example1))).toBeCloseTo(5 / 3, 10);
    expect(standardDeviation(totalsOf(example1))).toBeCloseTo(1.290994, 6);
  });

  it('is right-or-wrong, so its reliability is KR-20 = 8/15', () => {
    expect(isDichotomous(example1)).toBe(true);
    expect(kr20(example1)).toBeCloseTo(8 / 15, 10);
    expect(reliabilityOf(example1)).toEqual({ method: 'KR-20', value: expect.closeTo(0.533333, 6) });
    // On right/wrong questions KR-20 and alpha are one formula.
    expect(cronbachAlpha(example1)).toBeCloseTo(8 / 15, 10);
  });

  it('SEM = SD x sqrt(1 - KR-20) = sqrt(7/9)', () => {
    expect(standardErrorOfMeasurement(Math.sqrt(5 / 3), 8 / 15)).toBeCloseTo(Math.sqrt(7 / 9), 10);
    expect(standardErrorOfMeasurement(Math.sqrt(5 / 3), 8 / 15)).toBeCloseTo(0.881917, 6);
  });

  it('facility 0.5 for each question; item-rest discrimination -0.132453 for Q1 and 0.522233 for the others', () => {
    expect([0, 1, 2, 3].map((item) => facilityOf(example1, item))).toEqual([0.5, 0.5, 0.5, 0.5]);
    expect(itemRestCorrelation(example1, 0)).toBeCloseTo(-0.5 / Math.sqrt(14.25), 10);
    expect(itemRestCorrelation(example1, 0)).toBeCloseTo(-0.132453, 6);
    for (const item of [1, 2, 3]) expect(itemRestCorrelation(example1, item)).toBeCloseTo(1.5 / Math.sqrt(8.25), 10);
    expect(itemRestCorrelation(example1, 1)).toBeCloseTo(0.522233, 6);
  });

  it('score distribution in 10 % bins: 0 %, 25 %, 50 % twice, 75 %, 100 % (the last bin holds 100)', () => {
    const bins = histogramOf(totalsOf(example1).map((total) => (total / 4) * 100));
    expect(bins).toHaveLength(10);
    expect(bins.map((bin) => bin.count)).toEqual([1, 0, 1, 0, 0, 2, 0, 1, 0, 1]);
    expect(bins[9]).toEqual({ fromPercent: 90, toPercent: 100, count: 1 });
  });
});

describe("worked example 2: Cronbach's alpha with partial marks", () => {
  it('is not right-or-wrong (C3 has 1 of 2 on Q1), so its reliability is alpha = 63/76', () => {
    expect(isDichotomous(example2)).toBe(false);
    expect(cronbachAlpha(example2)).toBeCloseTo(63 / 76, 10);
    expect(reliabilityOf(example2)).toEqual({ method: 'Cronbach alpha', value: expect.closeTo(0.828947, 6) });
  });

  it('variance 3.04, SD 1.743560, SEM sqrt(0.52) = 0.721110', () => {
    expect(variance(totalsOf(example2))).toBeCloseTo(3.04, 10);
    const sd = standardDeviation(totalsOf(example2));
    expect(sd).toBeCloseTo(1.74356, 5);
    expect(standardErrorOfMeasurement(sd, 63 / 76)).toBeCloseTo(Math.sqrt(0.52), 10);
  });

  it('facility 0.6 each; discrimination 0.943456 for Q1 and 0.577350 for Q3', () => {
    expect([0, 1, 2].map((item) => facilityOf(example2, item))).toEqual([0.6, 0.6, 0.6]);
    expect(itemRestCorrelation(example2, 0)).toBeCloseTo(3.6 / Math.sqrt(14.56), 10);
    expect(itemRestCorrelation(example2, 0)).toBeCloseTo(0.943456, 6);
    expect(itemRestCorrelation(example2, 2)).toBeCloseTo(2 / Math.sqrt(12), 10);
  });
});

describe('what cannot be said', () => {
  it('no reliability with one question, one candidate, or totals that do not vary; no correlation without variation', () => {
    expect(kr20({ maxMarks: [1], scores: [[1], [0]] })).toBeNull();
    expect(cronbachAlpha({ maxMarks: [1, 1], scores: [[1, 0]] })).toBeNull();
    expect(kr20({ maxMarks: [1, 1], scores: [[1, 0], [0, 1]] })).toBeNull();
    expect(pearson([1, 1, 1], [0, 1, 2])).toBeNull();
    expect(standardErrorOfMeasurement(2, null)).toBeNull();
    expect(mean([])).toBeNull();
  });
});

describe('distractors and flags', () => {
  it('shares each option by the candidates choosing it: A right for 3 of 6, B chosen by 2, C by 1, D by none', () => {
    const options = [
      { optionId: 'A', isCorrect: true },
      { optionId: 'B', isCorrect: false },
      { optionId: 'C', isCorrect: false },
      { optionId: 'D', isCorrect: false },
    ];
    const shares = optionShares(options, [['B'], ['A'], ['A'], ['B'], ['C'], ['A']]);
    expect(shares.map((s) => [s.optionId, s.count, s.share])).toEqual([
      ['A', 3, 0.5],
      ['B', 2, 2 / 6],
      ['C', 1, 1 / 6],
      ['D', 0, 0],
    ]);
  });

  it('flags negative discrimination, facility above 0.95 or below 0.05, and a distractor nobody chose', () => {
    expect(itemFlagsOf({ facility: 0.5, discrimination: -0.132453, distractorCounts: [2, 1, 0] })).toEqual(['negativeDiscrimination', 'unusedDistractor']);
    expect(itemFlagsOf({ facility: 0.96, discrimination: 0.1 })).toEqual(['nearlyAllRight']);
    expect(itemFlagsOf({ facility: 0.95, discrimination: 0 })).toEqual([]);
    expect(itemFlagsOf({ facility: 0.04, discrimination: null })).toEqual(['nearlyAllWrong']);
    expect(itemFlagsOf({ facility: 0.05, discrimination: 0.3, distractorCounts: [1, 4] })).toEqual([]);
  });
});
