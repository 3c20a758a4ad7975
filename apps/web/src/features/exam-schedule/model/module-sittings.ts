import type { ModuleResult } from '@certs/shared/exam-schedule/exam-schedule.contract';

/** A later attempt at a module (a re-sit) whose result is recorded: it replaces the first sitting's as the module's standing. */
export interface LaterAttempt {
  moduleCode: string;
  attempt: number;
  result: ModuleResult;
  resultPercentage: number | null;
}

/** One sitting of a module with its result: attempt 0 is the first sitting, then each re-sit by its number. */
export interface ModuleSitting {
  attempt: number;
  label: string;
  result: ModuleResult | null;
  resultPercentage: number | null;
  /** Every sitting but the latest: its result no longer counts. */
  isEarlier: boolean;
}

export const percentText = (percentage: number | null) => (percentage !== null ? `${percentage.toFixed(2)}%` : '');

/**
 * A module's sittings with a result, latest first: the latest is the module's result and the earlier
 * ones follow it (issue 45 item 5). The candidate's and staff's pages both list them so.
 */
export function moduleSittings(module: { moduleCode: string; result: ModuleResult | null; resultPercentage: number | null }, laterAttempts: readonly LaterAttempt[]): ModuleSitting[] {
  const first = { attempt: 0, result: module.result, resultPercentage: module.resultPercentage };
  const resits = laterAttempts.filter((attempt) => attempt.moduleCode === module.moduleCode);
  return [first, ...resits]
    .sort((a, b) => b.attempt - a.attempt)
    .map((sitting, index) => ({
      attempt: sitting.attempt,
      label: sitting.attempt === 0 ? 'First sitting' : `Re-sit ${sitting.attempt}`,
      result: sitting.result,
      resultPercentage: sitting.resultPercentage,
      isEarlier: index > 0,
    }));
}

/** "Re-sit 1: Pass 100.00%", "First sitting: Fail 40.00%". */
export const sittingText = (sitting: ModuleSitting) => `${sitting.label}: ${sitting.result ?? '-'} ${percentText(sitting.resultPercentage)}`.trim();
