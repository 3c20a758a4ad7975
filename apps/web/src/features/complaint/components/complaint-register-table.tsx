import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { CASE_OUTCOME_LABELS, CASE_STATUS_LABELS } from '@certs/shared/case/case.contract';
import { COMPLAINANT_KIND_LABELS, COMPLAINT_ABOUT_LABELS, COMPLAINT_PAGES, type ComplaintRegisterRow } from '@certs/shared/complaint/complaint.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { PagedTableProps } from '../../../lib/paged-table-props';
import type { CsvColumn } from '../../../lib/export-csv';
import { ComplaintStatusBadge } from './complaint-status-badge';

/** The register as a file: what an assessor asks for (received, about, handler, status, outcome, age). */
export const COMPLAINT_CSV_COLUMNS: readonly CsvColumn<ComplaintRegisterRow>[] = [
  { header: 'Reference', value: (row) => row.reference },
  { header: 'Received', value: (row, dates) => dates.date(row.receivedOn) },
  { header: 'From', value: (row) => `${row.complainantName} (${COMPLAINANT_KIND_LABELS[row.complainantKind]})` },
  { header: 'About', value: (row) => COMPLAINT_ABOUT_LABELS[row.about] },
  { header: 'What it is about', value: (row) => row.aboutText },
  { header: 'Program', value: (row) => row.programCode ?? '' },
  { header: 'Handler', value: (row) => row.handlerName ?? '' },
  { header: 'Status', value: (row) => CASE_STATUS_LABELS[row.status] },
  { header: 'Outcome', value: (row) => (row.outcome ? CASE_OUTCOME_LABELS[row.outcome] : '') },
  { header: 'Decide by', value: (row, dates) => dates.date(row.decideBy) },
  { header: 'Decided', value: (row, dates) => dates.date(row.decidedOn) },
  { header: 'Age (days)', value: (row) => String(row.ageDays) },
  { header: 'Overdue', value: (row) => (row.overdue ? 'Yes' : 'No') },
];

/** The body's complaints: newest first, overdue ones marked in red. */
export function ComplaintRegisterTable(props: PagedTableProps<ComplaintRegisterRow>) {
  const columns: PagedTableColumn<ComplaintRegisterRow>[] = [
    {
      key: 'reference',
      header: 'Reference',
      isRowHeader: true,
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={`${COMPLAINT_PAGES.staff}/${row.id}`} size="sm" fw={600}>
          {row.reference}
        </Anchor>
      ),
    },
    { key: 'received', header: 'Received', noWrap: true, render: (row) => <DateDisplay value={row.receivedOn} /> },
    {
      key: 'from',
      header: 'From',
      render: (row) => (
        <Text size="sm">
          {row.complainantName}{' '}
          <Text span size="xs" c="dimmed">
            ({COMPLAINANT_KIND_LABELS[row.complainantKind]})
          </Text>
        </Text>
      ),
    },
    {
      key: 'about',
      header: 'About',
      render: (row) => (
        <Text size="sm" lineClamp={2} maw={320}>
          {COMPLAINT_ABOUT_LABELS[row.about]}
          {row.aboutText ? `: ${row.aboutText}` : ''}
        </Text>
      ),
    },
    { key: 'program', header: 'Program', noWrap: true, render: (row) => row.programCode ?? '-' },
    { key: 'handler', header: 'Handler', render: (row) => row.handlerName ?? <Text size="sm" c="dimmed">Not assigned</Text> },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <ComplaintStatusBadge status={row.status} />
          {row.outcome && <Text size="xs">{CASE_OUTCOME_LABELS[row.outcome]}</Text>}
        </Group>
      ),
    },
    {
      key: 'age',
      header: 'Age',
      noWrap: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap" data-overdue={row.overdue ? 'true' : undefined}>
          <Text size="sm" c={row.overdue ? 'red.8' : undefined} fw={row.overdue ? 700 : undefined}>
            {row.ageDays} {row.ageDays === 1 ? 'day' : 'days'}
          </Text>
          {row.overdue && (
            <Badge color="red" variant="light" size="sm">
              Overdue
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'decideBy', header: 'Decide by', noWrap: true, render: (row) => <DateDisplay value={row.decideBy} /> },
  ];
  return <PagedTable label="Complaints" testId="complaints-table" columns={columns} rowKey={(row) => row.id} emptyText="No complaints." {...props} />;
}
