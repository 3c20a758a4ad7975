/**
 * The modified Angoff method (issue 43, ISO/IEC 17024 9.3): each judge estimates, for every
 * question, the percentage (0-100) of minimally competent candidates who would answer it right.
 *
 * - A judge's cut score is their ratings' mean weighted by the questions' marks, as a percentage
 *   of the test's marks: sum(rating x marks) / sum(marks). A 10-mark question weighs five times a
 *   2-mark one, as it does in a candidate's score.
 * - The panel's cut score is the mean of the judges' cut scores.
 * - The spread is the standard deviation of the judges' cut scores (the sample one, n - 1, as
 *   standard-setting reports give it: the judges are a sample of the experts who could have sat),
 *   and the standard error of the panel's cut score is that SD / sqrt(n).
 *
 * Only judges who rated every question count: a judge's figure over part of the test would weigh
 * the questions they skipped as nothing. The panel's figures are given over the judges counted so
 * far, so an editor can watch them form; `isComplete` says whether the grid may be adopted.
 */

export interface AngoffQuestion {
  questionId: string;
  marks: number;
}

export interface AngoffJudge {
  judgeId: string;
}

export interface AngoffRating {
  judgeId: string;
  questionId: string;
  /** 0-100. */
  rating: number;
}

export interface AngoffJudgeFigure {
  judgeId: string;
  /** Null until the judge has rated every question. */
  cutScorePercent: number | null;
  ratedCount: number;
  /** The questions the judge has not rated yet, in the questions' order. */
  missingQuestionIds: string[];
}

export interface AngoffFigures {
  judges: AngoffJudgeFigure[];
  /** Sum of the questions' marks. */
  totalMarks: number;
  /** Judges who rated every question (their figures make the panel's). */
  judgesCounted: number;
  /** Mean of the counted judges' cut scores; null when none is counted. */
  cutScorePercent: number | null;
  /** The cut score in marks of the test (cutScorePercent x totalMarks / 100). */
  cutScoreMarks: number | null;
  /** Sample SD of the counted judges' cut scores; null below two judges. */
  spreadPercent: number | null;
  /** spreadPercent / sqrt(judgesCounted); null below two judges. */
  standardErrorPercent: number | null;
  /** Cells (judge x question) without a rating, judge by judge in the questions' order. */
  missing: { judgeId: string; questionId: string }[];
  /** At least one judge and one question with marks, and every cell rated. */
  isComplete: boolean;
}

/** Rounds to two decimals (the stored precision of ratings, cut scores and spreads). */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The sample standard deviation (n - 1); null below two values. */
export function sampleStandardDeviation(values: readonly number[]): number | null {
  const average = mean(values);
  if (average === null || values.length < 2) return null;
  const squares = values.reduce((sum, value) => sum + (value - average) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/** A judge's cut score: their ratings weighted by the questions' marks, as a percentage of the marks; null unless every question is rated. */
export function judgeCutScore(questions: readonly AngoffQuestion[], ratingOf: (questionId: string) => number | undefined): number | null {
  const totalMarks = questions.reduce((sum, question) => sum + question.marks, 0);
  if (questions.length === 0 || totalMarks <= 0) return null;
  let weighted = 0;
  for (const question of questions) {
    const rating = ratingOf(question.questionId);
    if (rating === undefined) return null;
    weighted += rating * question.marks;
  }
  return weighted / totalMarks;
}

/** The panel's figures from the grid. Ratings of judges or questions not given are ignored (a question taken out of a draft test). */
export function computeAngoff(questions: readonly AngoffQuestion[], judges: readonly AngoffJudge[], ratings: readonly AngoffRating[]): AngoffFigures {
  const grid = new Map<string, Map<string, number>>();
  for (const rating of ratings) {
    const row = grid.get(rating.judgeId) ?? new Map<string, number>();
    row.set(rating.questionId, rating.rating);
    grid.set(rating.judgeId, row);
  }
  const totalMarks = questions.reduce((sum, question) => sum + question.marks, 0);
  const missing: { judgeId: string; questionId: string }[] = [];
  const judgeFigures = judges.map((judge): AngoffJudgeFigure => {
    const row = grid.get(judge.judgeId) ?? new Map<string, number>();
    const missingQuestionIds = questions.filter((question) => !row.has(question.questionId)).map((question) => question.questionId);
    for (const questionId of missingQuestionIds) missing.push({ judgeId: judge.judgeId, questionId });
    return {
      judgeId: judge.judgeId,
      cutScorePercent: judgeCutScore(questions, (questionId) => row.get(questionId)),
      ratedCount: questions.length - missingQuestionIds.length,
      missingQuestionIds,
    };
  });
  const counted = judgeFigures.map((judge) => judge.cutScorePercent).filter((value): value is number => value !== null);
  const cutScorePercent = mean(counted);
  const spreadPercent = sampleStandardDeviation(counted);
  return {
    judges: judgeFigures,
    totalMarks,
    judgesCounted: counted.length,
    cutScorePercent,
    cutScoreMarks: cutScorePercent === null ? null : (cutScorePercent * totalMarks) / 100,
    spreadPercent,
    standardErrorPercent: spreadPercent === null ? null : spreadPercent / Math.sqrt(counted.length),
    missing,
    isComplete: judges.length > 0 && questions.length > 0 && totalMarks > 0 && missing.length === 0,
  };
}
