import { Button, Group, TextInput } from '@mantine/core';
import { DateField } from '../../../components/ui/date-field';

export interface AccessLogFilterValues {
  staff: string;
  applicant: string;
  from: string;
  to: string;
}

export const NO_ACCESS_LOG_FILTERS: AccessLogFilterValues = { staff: '', applicant: '', from: '', to: '' };

/** The "To" day's problem as the server would word it, shown before any request is sent. */
export function dateRangeProblemOf(values: AccessLogFilterValues): string | null {
  return values.from && values.to && values.from > values.to ? 'To must be on or after From' : null;
}

interface AccessLogFiltersProps {
  values: AccessLogFilterValues;
  onChange: (values: AccessLogFilterValues) => void;
}

/** Who read (name or email), whose record (name or email), and the days (in Sydney, both included). */
export function AccessLogFilters({ values, onChange }: AccessLogFiltersProps) {
  // Text fields hand in their event, date fields their day.
  const set = (field: keyof AccessLogFilterValues) => (input: string | { currentTarget: { value: string } }) => onChange({ ...values, [field]: typeof input === 'string' ? input : input.currentTarget.value });
  const isFiltered = Object.values(values).some((value) => value !== '');
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput label="Staff member" placeholder="Name or email" type="search" w={240} value={values.staff} onChange={set('staff')} />
      <TextInput label="Applicant" placeholder="Name or email" type="search" w={240} value={values.applicant} onChange={set('applicant')} />
      <DateField label="From" description="Day in Sydney" w={170} value={values.from} onChange={set('from')} />
      <DateField
        label="To"
        description="Day in Sydney"
        w={170}
        value={values.to}
        onChange={set('to')}
        error={dateRangeProblemOf(values)}
      />
      {isFiltered && (
        <Button variant="subtle" onClick={() => onChange(NO_ACCESS_LOG_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
