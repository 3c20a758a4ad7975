/**
 * Classical test theory for one test's marked sittings (issue 43, ISO/IEC 17024 9.3.3: exams are
 * checked for validity and reliability). Pure functions over a score matrix: one row per candidate,
 * one column per question, each cell the marks that candidate earned on that question.
 *
 * Conventions, stated once because every figure depends on them:
 * - Variances and standard deviations divide by N (the candidates), not N - 1: these are the
 *   candidates who sat, not a sample of some other group, and KR-20's item variance p(1 - p) is
 *   itself a division by N, so the total's variance must be too.
 * - Reliability is KR-20 when every question was scored right or wrong (each cell is 0 or the
 *   question's full marks), Cronbach's alpha otherwise. KR-20 is alpha for right/wrong questions:
 *   its item variance p(1 - p) is weighted by the square of the question's marks, which is 1 for a
 *   one-mark question and so is the textbook formula.
 * - Discrimination is the corrected point-biserial: the Pearson correlation between the marks on a
 *   question and the candidate's total on the other questions (item-rest correlation), so that a
 *   question is not correlated with itself.
 */

export interface ScoreMatrix {
  /** The full marks of each question, in column order. */
  maxMarks: readonly number[];
  /** One row per candidate: the marks earned on each question, in column order. */
  scores: readonly (readonly number[])[];
}

export type ReliabilityMethod = 'KR-20' | 'Cronbach alpha';

export const QUALITY_THRESHOLDS = {
  /** Above it: nearly everyone answers right. */
  facilityHigh: 0.95,
  /** Below it: nearly everyone answers wrong. */
  facilityLow: 0.05,
  /** Fewer marked sittings than this: the figures are shown with a caution. */
  candidatesForConfidence: 30,
  /** Percentage bins of the score distribution. */
  binWidthPercent: 10,
} as const;

/** Marks are compared in hundredths (they are stored so). */
const EPSILON = 0.005;

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/** The arithmetic mean; null for no values. */
export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : sum(values) / values.length;
}

/** The variance dividing by N (see above); null for no values. */
export function variance(values: readonly number[]): number | null {
  const average = mean(values);
  if (average === null) return null;
  return sum(values.map((value) => (value - average) ** 2)) / values.length;
}

/** The standard deviation dividing by N; null for no values. */
export function standardDeviation(values: readonly number[]): number | null {
  const v = variance(values);
  return v === null ? null : Math.sqrt(v);
}

/** Pearson's r; null when either list does not vary (no correlation can be said) or has fewer than two values. */
export function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length !== ys.length || xs.length < 2) return null;
  const mx = sum(xs) / xs.length;
  const my = sum(ys) / ys.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i += 1) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** Each candidate's total marks. */
export function totalsOf(matrix: ScoreMatrix): number[] {
  return matrix.scores.map((row) => sum(row));
}

/** The marks of one question, one per candidate. */
export function columnOf(matrix: ScoreMatrix, item: number): number[] {
  return matrix.scores.map((row) => row[item] ?? 0);
}

/** Whether every question was scored right or wrong: every cell is 0 or that question's full marks. */
export function isDichotomous(matrix: ScoreMatrix): boolean {
  return matrix.scores.every((row) => row.every((marks, item) => Math.abs(marks) < EPSILON || Math.abs(marks - (matrix.maxMarks[item] ?? 0)) < EPSILON));
}

/**
 * Kuder-Richardson 20: k/(k-1) x (1 - sum of p(1-p) w^2 / variance of totals), p the share right
 * and w the question's marks. Null with fewer than two questions or two candidates, or when the
 * totals do not vary.
 */
export function kr20(matrix: ScoreMatrix): number | null {
  const k = matrix.maxMarks.length;
  const totalVariance = variance(totalsOf(matrix));
  if (k < 2 || matrix.scores.length < 2 || totalVariance === null || totalVariance < 1e-12) return null;
  const itemVariances = matrix.maxMarks.map((max, item) => {
    if (max <= 0) return 0;
    const p = sum(columnOf(matrix, item)) / max / matrix.scores.length;
    return p * (1 - p) * max * max;
  });
  return (k / (k - 1)) * (1 - sum(itemVariances) / totalVariance);
}

/** Cronbach's alpha: k/(k-1) x (1 - sum of the questions' variances / variance of totals). Null as for KR-20. */
export function cronbachAlpha(matrix: ScoreMatrix): number | null {
  const k = matrix.maxMarks.length;
  const totalVariance = variance(totalsOf(matrix));
  if (k < 2 || matrix.scores.length < 2 || totalVariance === null || totalVariance < 1e-12) return null;
  const itemVariances = matrix.maxMarks.map((_, item) => variance(columnOf(matrix, item)) ?? 0);
  return (k / (k - 1)) * (1 - sum(itemVariances) / totalVariance);
}

/** KR-20 for a test scored right or wrong, Cronbach's alpha otherwise. */
export function reliabilityOf(matrix: ScoreMatrix): { method: ReliabilityMethod; value: number | null } {
  return isDichotomous(matrix) ? { method: 'KR-20', value: kr20(matrix) } : { method: 'Cronbach alpha', value: cronbachAlpha(matrix) };
}

/** SD x sqrt(1 - reliability): the spread of a candidate's observed score around their true score. Null without both. */
export function standardErrorOfMeasurement(sd: number | null, reliability: number | null): number | null {
  if (sd === null || reliability === null) return null;
  return sd * Math.sqrt(Math.max(0, 1 - reliability));
}

/** Facility: the mean share of the question's marks earned (0 to 1). Null for a question worth nothing or no candidates. */
export function facilityOf(matrix: ScoreMatrix, item: number): number | null {
  const max = matrix.maxMarks[item] ?? 0;
  const average = mean(columnOf(matrix, item));
  if (max <= 0 || average === null) return null;
  return average / max;
}

/** Corrected point-biserial (item-rest correlation): the question's marks against the total of the other questions. */
export function itemRestCorrelation(matrix: ScoreMatrix, item: number): number | null {
  const marks = columnOf(matrix, item);
  const rest = matrix.scores.map((row, candidate) => sum(row) - marks[candidate]!);
  return pearson(marks, rest);
}

export interface HistogramBin {
  /** Inclusive lower bound, percent. */
  fromPercent: number;
  /** Upper bound, percent: exclusive, but the last bin holds 100. */
  toPercent: number;
  count: number;
}

/** Counts of percentages in bins of `width` percent from 0 to 100; the last bin holds 100 itself. */
export function histogramOf(percentages: readonly number[], width: number = QUALITY_THRESHOLDS.binWidthPercent): HistogramBin[] {
  const binCount = Math.ceil(100 / width);
  const bins: HistogramBin[] = Array.from({ length: binCount }, (_, i) => ({ fromPercent: i * width, toPercent: Math.min(100, (i + 1) * width), count: 0 }));
  for (const percentage of percentages) {
    const index = Math.min(binCount - 1, Math.max(0, Math.floor((percentage + 1e-9) / width)));
    bins[index]!.count += 1;
  }
  return bins;
}

export interface OptionChoice {
  optionId: string;
  isCorrect: boolean;
}

/** The share (0 to 1) of candidates choosing each option: `chosen` is each candidate's chosen option ids. */
export function optionShares(options: readonly OptionChoice[], chosen: readonly (readonly string[])[]): { optionId: string; isCorrect: boolean; count: number; share: number }[] {
  return options.map((option) => {
    const count = chosen.filter((ids) => ids.includes(option.optionId)).length;
    return { optionId: option.optionId, isCorrect: option.isCorrect, count, share: chosen.length === 0 ? 0 : count / chosen.length };
  });
}

export const ITEM_FLAGS = ['negativeDiscrimination', 'nearlyAllRight', 'nearlyAllWrong', 'unusedDistractor'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

/** What a flag says, on screen, in the PDF and the CSV, and on the question bank's badge. */
export const ITEM_FLAG_LABELS: Record<ItemFlag, string> = {
  negativeDiscrimination: 'Negative discrimination',
  nearlyAllRight: 'Nearly everyone right',
  nearlyAllWrong: 'Nearly everyone wrong',
  unusedDistractor: 'Distractor nobody chose',
};

/**
 * A question's flags: discrimination below zero (stronger candidates do worse on it), facility
 * above 0.95 or below 0.05, and a wrong option (a distractor) no candidate chose.
 */
export function itemFlagsOf(item: { facility: number | null; discrimination: number | null; distractorCounts?: readonly number[] }): ItemFlag[] {
  const flags: ItemFlag[] = [];
  if (item.discrimination !== null && item.discrimination < 0) flags.push('negativeDiscrimination');
  if (item.facility !== null && item.facility > QUALITY_THRESHOLDS.facilityHigh) flags.push('nearlyAllRight');
  if (item.facility !== null && item.facility < QUALITY_THRESHOLDS.facilityLow) flags.push('nearlyAllWrong');
  if (item.distractorCounts?.some((count) => count === 0)) flags.push('unusedDistractor');
  return flags;
}
