import { Group, NativeSelect } from '@mantine/core';
import type { ReportQuery } from '@certs/shared/report/report.contract';
import { useReportPrograms } from '../api/reports';
import { DateField } from '../../../components/ui/date-field';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface PeriodForm {
  from: string;
  to: string;
  programId: string;
}
export const EMPTY_PERIOD: PeriodForm = { from: '', to: '', programId: '' };

/** The API query of the form: only filled-in fields, days only when complete. */
export function reportQueryOf(form: PeriodForm): ReportQuery {
  return { from: DAY.test(form.from) ? form.from : undefined, to: DAY.test(form.to) ? form.to : undefined, programId: form.programId || undefined };
}

/** From, To (days in the account's time zone: Sydney's, Auckland's) and Program: the filters every report shares. */
export function ReportFilters({ value, onChange, periodLabel = "Day in the account's time zone" }: { value: PeriodForm; onChange: (next: PeriodForm) => void; periodLabel?: string }) {
  const programs = useReportPrograms();
  // Selects hand in their event, date fields their day.
  const set = (field: keyof PeriodForm) => (input: string | { currentTarget: { value: string } }) => onChange({ ...value, [field]: typeof input === 'string' ? input : input.currentTarget.value });
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <DateField label="From" description={periodLabel} value={value.from} onChange={set('from')} w={170} />
      <DateField label="To" description={periodLabel} value={value.to} min={value.from || undefined} onChange={set('to')} w={170} />
      <NativeSelect
        label="Program"
        value={value.programId}
        onChange={set('programId')}
        data={[{ value: '', label: 'All my programs' }, ...(programs.data ?? []).map((p) => ({ value: p.id, label: `${p.programCode} ${p.programTitle}` }))]}
        w={280}
      />
    </Group>
  );
}
