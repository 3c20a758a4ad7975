import type { ApplicationAction } from '../application/application-workflow';

/** Award types of spec section 4. An application's first award is `Awarded`. */
export const AWARD_TYPES = ['Awarded', 'Confirmation', 'Cancellation', 'Revalidation', 'Renewal'] as const;
export type AwardType = (typeof AWARD_TYPES)[number];

/** The award's own state, which the register and the verification page show as "the status now". */
export const AWARD_STATUSES = ['current', 'on hold', 'cancelled', 'withdrawn', 'expired'] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];

export const AWARD_STATUS_LABELS: Record<AwardStatus, string> = {
  current: 'Current',
  'on hold': 'On hold',
  cancelled: 'Cancelled',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** Mantine colour names; text on the light variants passes WCAG AA in the theme. */
export const AWARD_STATUS_COLORS: Record<AwardStatus, string> = {
  current: 'green',
  'on hold': 'yellow',
  cancelled: 'red',
  withdrawn: 'gray',
  expired: 'gray',
};

/**
 * Award actions of spec section 4 and 7 (`POST {type}/{id}/award/{action}`), by path word: the
 * application's move in the shared transition table and the award's status before and after.
 */
export const AWARD_ACTIONS = {
  hold: { label: 'Hold', workflowAction: 'holdAward', from: ['current'], to: 'on hold' },
  release: { label: 'Release', workflowAction: 'releaseAward', from: ['on hold'], to: 'current' },
  cancel: { label: 'Cancel', workflowAction: 'cancelAward', from: ['current', 'on hold'], to: 'cancelled' },
  withdraw: { label: 'Withdraw', workflowAction: 'withdrawAward', from: ['current'], to: 'withdrawn' },
} as const satisfies Record<string, { label: string; workflowAction: ApplicationAction; from: readonly AwardStatus[]; to: AwardStatus }>;
export type AwardAction = keyof typeof AWARD_ACTIONS;
export const AWARD_ACTION_PATHS = Object.keys(AWARD_ACTIONS) as AwardAction[];

export function awardActionsFrom(status: AwardStatus): AwardAction[] {
  return AWARD_ACTION_PATHS.filter((action) => (AWARD_ACTIONS[action].from as readonly AwardStatus[]).includes(status));
}

/** Statuses under which the award's certificate and credential are valid. */
export function isAwardValid(status: AwardStatus): boolean {
  return status === 'current';
}

/** The award's state that an application's status implies, where the award itself is not at hand. */
export function awardStatusOfApplication(status: string): AwardStatus | null {
  switch (status) {
    case 'Awarded OnHold':
      return 'on hold';
    case 'Award Cancelled':
      return 'cancelled';
    case 'Award Withdrawn':
      return 'withdrawn';
    default:
      return null;
  }
}

/**
 * How an overall result reads once its award has moved on (issue 45 item 2): Awarded stays the
 * result recorded, but an award on hold, cancelled, withdrawn or expired says so, in its own colour.
 */
export function overallResultShown(overallResult: string, awardStatus: AwardStatus | null): { label: string; color: string } {
  if (overallResult !== 'Awarded') return { label: overallResult, color: 'red' };
  if (!awardStatus || awardStatus === 'current') return { label: 'Awarded', color: 'green' };
  return { label: `Awarded, now ${AWARD_STATUS_LABELS[awardStatus].toLowerCase()}`, color: AWARD_STATUS_COLORS[awardStatus] };
}

/** The words of each action an award's history records (the stored word stays; issue 45 item 8). */
export const AWARD_HISTORY_ACTION_LABELS: Record<string, string> = {
  awarded: 'Awarded',
  hold: 'Put on hold',
  release: 'Released from hold',
  cancel: 'Cancelled',
  withdraw: 'Withdrawn',
  reinstated: 'Reinstated',
  renewed: 'Renewed',
  'renewal refused': 'Renewal refused',
  expire: 'Expired',
  confirmation: 'Confirmed',
  revalidated: 'Revalidated',
  'revalidation refused': 'Revalidation refused',
  imported: 'Imported',
  'import undone': 'Import undone',
};

/** An award history action in words; one not listed shows with a capital letter. */
export function awardHistoryActionLabel(action: string): string {
  return AWARD_HISTORY_ACTION_LABELS[action] ?? action.charAt(0).toUpperCase() + action.slice(1);
}
