import { CUT_SCORE_STATUS_LABELS, type CutScoreStatus } from '@certs/shared/cut-score/cut-score.contract';

/** A percentage with two decimals (the stored precision); a dash when there is none yet. */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${value.toFixed(2)} %`;
}

/** Marks with at most two decimals (6.5, not 6.50). */
export function marksText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : `${Math.round(value * 100) / 100}`;
}

/** The study statuses' badge colours: a draft is work in progress, the adopted one is in force. */
export const CUT_SCORE_STATUS_COLORS: Record<CutScoreStatus, string> = {
  draft: 'yellow',
  adopted: 'green',
  superseded: 'gray',
};

export const statusLabel = (status: CutScoreStatus) => CUT_SCORE_STATUS_LABELS[status];
