import '@mantine/dates/styles.css';
import { Group } from '@mantine/core';
import { DateInput, TimeInput, type DateInputProps } from '@mantine/dates';
import type { ReactNode } from 'react';
import { DAY_INPUT_FORMAT, parseTypedDay } from '../../lib/typed-day';

export interface DateFieldProps extends Omit<DateInputProps, 'value' | 'onChange' | 'defaultValue' | 'minDate' | 'maxDate' | 'type'> {
  /** The day as YYYY-MM-DD, or empty. */
  value?: string | null;
  /** The day as YYYY-MM-DD, or '' when cleared: what `form.getInputProps` and plain state both take. */
  onChange?: (value: string) => void;
  /** The first and last day that can be chosen, as YYYY-MM-DD. */
  min?: string;
  max?: string;
}

/**
 * The one date input of the platform (issue 21 item 10): shown as DD-MMM-YYYY whatever the
 * browser's language, typed as DD-MMM-YYYY, DD/MM/YYYY or YYYY-MM-DD, or picked from a calendar;
 * kept as YYYY-MM-DD, as the API takes it. A native date field would follow the browser's locale
 * (mm/dd/yyyy in a US-English browser).
 */
export function DateField({ value, onChange, min, max, placeholder = DAY_INPUT_FORMAT, clearable, required, ...rest }: DateFieldProps) {
  return (
    <DateInput
      valueFormat={DAY_INPUT_FORMAT}
      dateParser={parseTypedDay}
      placeholder={placeholder}
      clearable={clearable ?? !required}
      required={required}
      minDate={min || undefined}
      maxDate={max || undefined}
      // Mantine's clear button has no name of its own; screen readers would announce a bare "button".
      clearButtonProps={{ 'aria-label': typeof rest.label === 'string' ? `Clear ${rest.label}` : 'Clear the date' }}
      {...rest}
      value={value || null}
      onChange={(day) => onChange?.(day ?? '')}
    />
  );
}

export interface DateTimeFieldProps {
  /** The labels of the two inputs, e.g. "Date" and "Time", or "Date of AIC-R1" and "Time of AIC-R1". */
  dateLabel: string;
  timeLabel: string;
  /** Date and time as YYYY-MM-DDTHH:mm (wall-clock time), or empty. */
  value: string;
  onChange: (value: string) => void;
  /** Shown under the date (a missing or impossible date and time is one message). */
  error?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  min?: string;
}

/**
 * A date and a time side by side, kept as YYYY-MM-DDTHH:mm: the day through `DateField`, the time
 * as 24-hour HH:mm. Half a date and time is kept as typed, so the form's rule can ask for the rest.
 */
export function DateTimeField({ dateLabel, timeLabel, value, onChange, error, description, required, min }: DateTimeFieldProps) {
  const [day = '', time = ''] = value.split('T');
  const join = (nextDay: string, nextTime: string) => onChange(nextDay || nextTime ? `${nextDay}T${nextTime}` : '');
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <DateField label={dateLabel} value={day} onChange={(nextDay) => join(nextDay, time)} required={required} withAsterisk={required} min={min} error={error} description={description} style={{ flex: 1 }} />
      <TimeInput label={timeLabel} value={time} onChange={(event) => join(day, event.currentTarget.value)} required={required} withAsterisk={required} error={!!error} w={120} />
    </Group>
  );
}
