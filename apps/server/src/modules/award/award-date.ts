import type { AwardDateRange } from '@certs/shared/award/award-date';
import { dayIn } from '../account/account-time-zone';

/**
 * The days an award date may take for an application (issue 41): from its submission day to today,
 * both in the zone of the account that owns the program. Every awarding path offers it to its form
 * and `AwardRecords.createForAwardedApplication` judges the day against it.
 */
export function awardDateRangeOf(bodyTimeZone: string, submittedOn: Date | null, now: Date): AwardDateRange {
  return { earliest: submittedOn ? dayIn(bodyTimeZone, submittedOn) : null, latest: dayIn(bodyTimeZone, now) };
}
