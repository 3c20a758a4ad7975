import { Button, Group, TextInput } from '@mantine/core';

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
  const set = (field: keyof AccessLogFilterValues) => (event: { currentTarget: { value: string } }) => onChange({ ...values, [field]: event.currentTarget.value });
  const isFiltered = Object.values(values).some((value) => value !== '');
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <TextInput label="Staff member" placeholder="Name or email" type="search" w={240} value={values.staff} onChange={set('staff')} />
      <TextInput label="Applicant" placeholder="Name or email" type="search" w={240} value={values.applicant} onChange={set('applicant')} />
      <TextInput type="date" label="From" description="Day in Sydney" w={170} value={values.from} onChange={set('from')} />
      <TextInput
        type="date"
        label="To"
        description="Day in Sydney"
        w={170}
        value={values.to}
        min={values.from || undefined}
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
