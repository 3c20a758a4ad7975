import { useMemo } from 'react';
import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDateTimeWithZone,
  type DateFormatName,
  type OfferedTimeZone,
} from '@certs/shared/common/dates';
import { useSession } from './auth';

type DateInput = string | number | Date | null | undefined;

/** The zone the signed-in user chose; Australia/Sydney before sign-in (spec section 9). */
export function useUserTimeZone(): OfferedTimeZone {
  return useSession()?.user.timeZone ?? DEFAULT_TIME_ZONE;
}

export interface DateFormatter {
  zone: OfferedTimeZone;
  /** A date in one of the spec's formats; a dash when missing. */
  date(value: DateInput, format?: DateFormatName): string;
  /** Date, time and the zone's abbreviation, e.g. "21-Nov-2026 10:54 AM AEDT". */
  dateTime(value: DateInput): string;
}

export function createDateFormatter(zone: OfferedTimeZone): DateFormatter {
  return {
    zone,
    date: (value, format = 'day') => formatDate(value, format, zone),
    dateTime: (value) => formatDateTimeWithZone(value, zone),
  };
}

/** Every date on screen goes through this, so a change of zone shows everywhere at once. */
export function useDateFormatter(): DateFormatter {
  const zone = useUserTimeZone();
  return useMemo(() => createDateFormatter(zone), [zone]);
}
