import { Button, Text } from '@mantine/core';
import type { DeletionRequest, DeletionRequestStatus } from '@certs/shared/privacy/privacy.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { CsvColumn } from '../../../lib/export-csv';

const STATUS_LABELS: Record<DeletionRequestStatus, { label: string; color: string }> = {
  requested: { label: 'Requested', color: 'orange' },
  completed: { label: 'Completed', color: 'green' },
};

/** The deletion requests table as a file. */
export const DELETION_REQUEST_CSV_COLUMNS: readonly CsvColumn<DeletionRequest>[] = [
  { header: 'Applicant', value: (row) => row.applicantName },
  { header: 'Applicant Email', value: (row) => row.applicantEmail },
  { header: 'Requested', value: (row, dates) => dates.dateTime(row.requestedOn) },
  { header: 'Reason', value: (row) => row.reason },
  { header: 'Status', value: (row) => STATUS_LABELS[row.status].label },
  { header: 'Completed', value: (row, dates) => dates.dateTime(row.completedOn) },
  { header: 'Completed By', value: (row) => row.completedByName },
];

interface DeletionRequestsTableProps {
  rows: readonly DeletionRequest[];
  page: number;
  pageSize: number;
  totalRows: number;
  isLoading: boolean;
  error: string | null;
  onComplete: (row: DeletionRequest) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Applicants' requests to delete their personal data; a completed one names the anonymised applicant. */
export function DeletionRequestsTable({ onComplete, ...paging }: DeletionRequestsTableProps) {
  const columns: PagedTableColumn<DeletionRequest>[] = [
    {
      key: 'applicant',
      header: 'Applicant',
      isRowHeader: true,
      render: (row) => (
        <>
          <Text size="sm" fw={500}>
            {row.applicantName}
          </Text>
          <Text size="xs" c="dimmed">
            {row.applicantEmail}
          </Text>
        </>
      ),
    },
    { key: 'requested', header: 'Requested', noWrap: true, render: (row) => <DateDisplay value={row.requestedOn} withTime /> },
    {
      key: 'reason',
      header: 'Reason',
      render: (row) =>
        row.reason ? (
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {row.reason}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            None given
          </Text>
        ),
    },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (row) => (
        <>
          <StatusBadge label={STATUS_LABELS[row.status].label} color={STATUS_LABELS[row.status].color} />
          {row.completedOn && (
            <Text size="xs" c="dimmed" mt={4}>
              <DateDisplay value={row.completedOn} />
              {row.completedByName ? ` by ${row.completedByName}` : ''}
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) =>
        row.status === 'requested' ? (
          <Button size="xs" variant="light" onClick={() => onComplete(row)} aria-label={`Complete the request of ${row.applicantEmail}`}>
            Complete
          </Button>
        ) : null,
    },
  ];
  return <PagedTable label="Deletion requests" columns={columns} rowKey={(row) => row.id} emptyText="No deletion requests." testId="deletion-requests-table" {...paging} />;
}
