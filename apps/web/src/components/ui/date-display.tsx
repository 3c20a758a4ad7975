import type { DateFormatName } from '@certs/shared/common/dates';
import { useDateFormatter } from '../../lib/dates';

interface DateDisplayProps {
  value: string | number | Date | null | undefined;
  /** One of the spec's formats; `withTime` shows date, time and the zone's abbreviation instead. */
  format?: DateFormatName;
  withTime?: boolean;
}

function isoOf(value: DateDisplayProps['value']): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A date in the signed-in user's zone; a dash when missing (spec section 8). */
export function DateDisplay({ value, format = 'day', withTime = false }: DateDisplayProps) {
  const formatter = useDateFormatter();
  const iso = isoOf(value);
  const text = withTime ? formatter.dateTime(value) : formatter.date(value, format);
  return iso ? <time dateTime={iso}>{text}</time> : <span>{text}</span>;
}
