import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APPEAL_SUBJECT_SHORT, staffAppealPath, type AppealRow } from '@certs/shared/appeal/appeal.contract';
import { CASE_OUTCOME_LABELS, CASE_STATUS_LABELS } from '@certs/shared/case/case.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import type { PagedTableProps } from '../../../lib/paged-table-props';
import { AppealStatusBadge } from './appeal-status-badge';

/** The register as a file: what an assessor asks for (received, subject, handler, status, outcome, age). */
export const APPEAL_CSV_COLUMNS: readonly CsvColumn<AppealRow>[] = [
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Received', value: (row, dates) => dates.date(row.receivedOn) },
  { header: 'Person', value: (row) => row.appellantName },
  { header: 'Against', value: (row) => APPEAL_SUBJECT_SHORT[row.subject] },
  { header: 'Program', value: (row) => row.programCode },
  { header: 'Application', value: (row) => row.applicationNumber ?? '' },
  { header: 'Handler', value: (row) => row.handlerName ?? '' },
  { header: 'Status', value: (row) => CASE_STATUS_LABELS[row.status] },
  { header: 'Outcome', value: (row) => (row.outcome ? CASE_OUTCOME_LABELS[row.outcome] : '') },
  { header: 'Decide by', value: (row, dates) => dates.date(row.decideBy) },
  { header: 'Decided', value: (row, dates) => dates.date(row.decidedOn) },
  { header: 'Age (days)', value: (row) => String(row.ageDays) },
  { header: 'Overdue', value: (row) => (row.overdue ? 'Yes' : 'No') },
];

/** The age of an appeal, in red with an Overdue badge once an open one is past its decision date. */
export function AppealAge({ ageDays, overdue }: { ageDays: number; overdue: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" data-overdue={overdue ? 'true' : undefined}>
      <Text size="sm" c={overdue ? 'red.8' : undefined} fw={overdue ? 700 : undefined}>
        {ageDays} {ageDays === 1 ? 'day' : 'days'}
      </Text>
      {overdue && (
        <Badge color="red" variant="light" size="sm">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

/** The appeals register: newest first, overdue ones marked in red. */
export function AppealRegisterTable(props: PagedTableProps<AppealRow>) {
  const columns: PagedTableColumn<AppealRow>[] = [
    {
      key: 'reference',
      header: 'Reference',
      isRowHeader: true,
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={staffAppealPath(row.id)} size="sm" fw={600}>
          {row.reference}
        </Anchor>
      ),
    },
    { key: 'received', header: 'Received', noWrap: true, render: (row) => <DateDisplay value={row.receivedOn} /> },
    { key: 'person', header: 'Person', render: (row) => row.appellantName },
    { key: 'subject', header: 'Against', render: (row) => APPEAL_SUBJECT_SHORT[row.subject] },
    {
      key: 'program',
      header: 'Program',
      noWrap: true,
      render: (row) => (
        <Text size="sm">
          {row.programCode}
          {row.applicationNumber && (
            <Text span size="xs" c="dimmed">
              {' '}
              {row.applicationNumber}
            </Text>
          )}
        </Text>
      ),
    },
    { key: 'handler', header: 'Handler', render: (row) => row.handlerName ?? <Text size="sm" c="dimmed">Not assigned</Text> },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <AppealStatusBadge status={row.status} />
          {row.outcome && <Text size="xs">{CASE_OUTCOME_LABELS[row.outcome]}</Text>}
        </Group>
      ),
    },
    { key: 'age', header: 'Age', noWrap: true, render: (row) => <AppealAge ageDays={row.ageDays} overdue={row.overdue} /> },
    { key: 'decideBy', header: 'Decide by', noWrap: true, render: (row) => <DateDisplay value={row.decideBy} /> },
  ];
  return <PagedTable label="Appeals" testId="appeals-table" columns={columns} rowKey={(row) => row.id} emptyText="No appeals." {...props} />;
}
