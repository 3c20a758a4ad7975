import { describe, expect, it } from 'vitest';
import { computeAngoff, judgeCutScore, roundTo2, sampleStandardDeviation, type AngoffRating } from './angoff';

/**
 * A worked example computed by hand: 3 judges rate 5 questions of unequal marks.
 *
 *   question   Q1  Q2  Q3  Q4  Q5   (total 10 marks)
 *   marks       1   2   2   3   2
 *   judge A    80  60  70  50  90
 *   judge B    70  50  60  40  80
 *   judge C    90  70  80  60  70
 *
 * Judge A: 80x1 + 60x2 + 70x2 + 50x3 + 90x2 = 80 + 120 + 140 + 150 + 180 = 670; 670 / 10 = 67.0 %
 * Judge B: 70x1 + 50x2 + 60x2 + 40x3 + 80x2 = 70 + 100 + 120 + 120 + 160 = 570; 570 / 10 = 57.0 %
 * Judge C: 90x1 + 70x2 + 80x2 + 60x3 + 70x2 = 90 + 140 + 160 + 180 + 140 = 710; 710 / 10 = 71.0 %
 * (Unweighted, their means would be 70, 60 and 74: the marks matter.)
 *
 * Panel cut score: (67 + 57 + 71) / 3 = 195 / 3 = 65.0 % of 10 marks = 6.5 marks.
 * Spread: deviations from 65 are 2, -8, 6; squares 4 + 64 + 36 = 104; sample variance 104 / (3 - 1) = 52;
 *   SD = sqrt(52) = 7.2111 %.
 * Standard error: 7.2111 / sqrt(3) = sqrt(52 / 3) = sqrt(17.3333) = 4.1633 %.
 */
const questions = [
  { questionId: 'q1', marks: 1 },
  { questionId: 'q2', marks: 2 },
  { questionId: 'q3', marks: 2 },
  { questionId: 'q4', marks: 3 },
  { questionId: 'q5', marks: 2 },
];
const judges = [{ judgeId: 'A' }, { judgeId: 'B' }, { judgeId: 'C' }];
const grid: Record<string, number[]> = { A: [80, 60, 70, 50, 90], B: [70, 50, 60, 40, 80], C: [90, 70, 80, 60, 70] };
const ratings: AngoffRating[] = Object.entries(grid).flatMap(([judgeId, row]) => row.map((rating, i) => ({ judgeId, questionId: `q${i + 1}`, rating })));

describe('the modified Angoff computation, against the worked example above', () => {
  it("gives each judge's cut score weighted by the questions' marks", () => {
    const figures = computeAngoff(questions, judges, ratings);
    expect(figures.judges.map((judge) => judge.cutScorePercent)).toEqual([67, 57, 71]);
    expect(figures.totalMarks).toBe(10);
  });

  it("gives the panel's cut score as the judges' mean, in percent and in marks", () => {
    const figures = computeAngoff(questions, judges, ratings);
    expect(figures.cutScorePercent).toBe(65);
    expect(figures.cutScoreMarks).toBe(6.5);
    expect(figures.judgesCounted).toBe(3);
    expect(figures.isComplete).toBe(true);
    expect(figures.missing).toEqual([]);
  });

  it("gives the spread (sample SD of the judges' cut scores) and the standard error", () => {
    const figures = computeAngoff(questions, judges, ratings);
    expect(figures.spreadPercent).toBeCloseTo(Math.sqrt(52), 10);
    expect(roundTo2(figures.spreadPercent!)).toBe(7.21);
    expect(figures.standardErrorPercent).toBeCloseTo(Math.sqrt(52 / 3), 10);
    expect(roundTo2(figures.standardErrorPercent!)).toBe(4.16);
  });

  it('names the missing cells and leaves out a judge who has not rated every question', () => {
    // Judge C has not rated Q2 and Q4: only A and B count, (67 + 57) / 2 = 62; SD = sqrt((5^2 + 5^2) / 1) = sqrt(50) = 7.0711.
    const partial = ratings.filter((rating) => !(rating.judgeId === 'C' && (rating.questionId === 'q2' || rating.questionId === 'q4')));
    const figures = computeAngoff(questions, judges, partial);
    expect(figures.isComplete).toBe(false);
    expect(figures.missing).toEqual([
      { judgeId: 'C', questionId: 'q2' },
      { judgeId: 'C', questionId: 'q4' },
    ]);
    expect(figures.judges[2]).toEqual({ judgeId: 'C', cutScorePercent: null, ratedCount: 3, missingQuestionIds: ['q2', 'q4'] });
    expect(figures.judgesCounted).toBe(2);
    expect(figures.cutScorePercent).toBe(62);
    expect(figures.spreadPercent).toBeCloseTo(Math.sqrt(50), 10);
  });

  it('ignores ratings of a question no longer in the test and of a judge not on the panel', () => {
    const extra = [...ratings, { judgeId: 'A', questionId: 'gone', rating: 0 }, { judgeId: 'Z', questionId: 'q1', rating: 0 }];
    expect(computeAngoff(questions, judges, extra).cutScorePercent).toBe(65);
  });

  it('has no spread or standard error with one judge, and is incomplete without judges or questions', () => {
    const one = computeAngoff(questions, [{ judgeId: 'A' }], ratings);
    expect(one).toMatchObject({ cutScorePercent: 67, spreadPercent: null, standardErrorPercent: null, isComplete: true });
    expect(computeAngoff(questions, [], ratings)).toMatchObject({ cutScorePercent: null, isComplete: false, judgesCounted: 0 });
    expect(computeAngoff([], judges, ratings)).toMatchObject({ cutScorePercent: null, isComplete: false });
  });

  it('reduces to the plain mean when every question carries the same marks', () => {
    // 60, 70, 80 on three 1-mark questions: (60 + 70 + 80) / 3 = 70.
    const equal = [
      { questionId: 'a', marks: 1 },
      { questionId: 'b', marks: 1 },
      { questionId: 'c', marks: 1 },
    ];
    const score = judgeCutScore(equal, (id) => ({ a: 60, b: 70, c: 80 })[id]);
    expect(score).toBe(70);
  });

  it('computes the sample standard deviation by hand: 2, 4, 4, 4, 5, 5, 7, 9', () => {
    // Mean 5; squared deviations 9 + 1 + 1 + 1 + 0 + 0 + 4 + 16 = 32; 32 / 7 = 4.5714; sqrt = 2.1381.
    expect(sampleStandardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(Math.sqrt(32 / 7), 10);
    expect(sampleStandardDeviation([5])).toBeNull();
  });
});
