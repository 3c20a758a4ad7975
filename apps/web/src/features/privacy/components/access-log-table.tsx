import { Text } from '@mantine/core';
import type { AccessLogEntry } from '@certs/shared/privacy/privacy.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';
import { accessLogActionOf, accessLogRecordOf } from '../model/access-log-actions';

interface AccessLogTableProps {
  rows: readonly AccessLogEntry[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  emptyText: string;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** The access log as a file: the action in words beside the route it was read through. */
export const ACCESS_LOG_CSV_COLUMNS: readonly CsvColumn<AccessLogEntry>[] = [
  { header: 'When', value: (row, dates) => dates.dateTime(row.accessedOn) },
  { header: 'Staff member', value: (row) => row.actorName },
  { header: 'Staff Email', value: (row) => row.actorEmail },
  { header: 'Action', value: (row) => accessLogActionOf(row.route) },
  { header: 'Route', value: (row) => row.route },
  { header: 'Applicant', value: (row) => row.applicantName },
  { header: 'Record', value: (row) => accessLogRecordOf(row.route, row.resource) || 'The profile' },
];

const columns: PagedTableColumn<AccessLogEntry>[] = [
  { key: 'when', header: 'When', isRowHeader: true, noWrap: true, render: (row) => <DateDisplay value={row.accessedOn} withTime /> },
  {
    key: 'staff',
    header: 'Staff member',
    render: (row) => (
      <>
        <Text size="sm">{row.actorName}</Text>
        <Text size="xs" c="dimmed">
          {row.actorEmail}
        </Text>
      </>
    ),
  },
  {
    key: 'action',
    header: 'Action',
    render: (row) => {
      const action = accessLogActionOf(row.route);
      return (
        <>
          <Text size="sm">{action}</Text>
          {action !== row.route && (
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {row.route}
            </Text>
          )}
        </>
      );
    },
  },
  { key: 'applicant', header: 'Applicant', render: (row) => <Text size="sm">{row.applicantName}</Text> },
  {
    key: 'record',
    header: 'Record',
    render: (row) => {
      const record = accessLogRecordOf(row.route, row.resource);
      return record ? (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {record}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          The profile
        </Text>
      );
    },
  },
];

/** Staff reads of applicants' personal records and files, newest first (decision 016). */
export function AccessLogTable(props: AccessLogTableProps) {
  return <PagedTable label="Access log" columns={columns} rowKey={(row) => row.id} testId="access-log-table" minWidth={900} {...props} />;
}
