import { Button, Group } from '@mantine/core';
import type { Venue, VenuePage } from '@certs/shared/venue/venue.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';

/** The venues table as a file. */
export const VENUE_CSV_COLUMNS: readonly CsvColumn<Venue>[] = [
  { header: 'Title', value: (venue) => venue.title },
  { header: 'Created', value: (venue, dates) => dates.date(venue.createdOn) },
  { header: 'Last changed', value: (venue, dates) => dates.date(venue.modifiedOn) },
];

interface VenuesTableProps {
  page: VenuePage | undefined;
  pageNumber: number;
  pageSize: number;
  isLoading: boolean;
  error: string | null;
  canEdit: boolean;
  onEdit: (venue: Venue) => void;
  onRemove: (venue: Venue) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function VenuesTable({ page, pageNumber, pageSize, isLoading, error, canEdit, onEdit, onRemove, onPageChange, onPageSizeChange }: VenuesTableProps) {
  const columns: PagedTableColumn<Venue>[] = [
    { key: 'title', header: 'Title', isRowHeader: true, render: (venue) => venue.title },
    { key: 'modified', header: 'Last changed', noWrap: true, render: (venue) => <DateDisplay value={venue.modifiedOn} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (venue: Venue) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => onEdit(venue)} aria-label={`Edit ${venue.title}`}>
                  Edit
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRemove(venue)} aria-label={`Remove ${venue.title}`}>
                  Remove
                </Button>
              </Group>
            ),
          },
        ]
      : []),
  ];
  return (
    <PagedTable
      label="Venues"
      testId="venues-table"
      columns={columns}
      rows={page?.rows ?? []}
      rowKey={(venue) => venue.id}
      page={pageNumber}
      pageSize={pageSize}
      totalRows={page?.totalRows ?? 0}
      isLoading={isLoading}
      error={error}
      emptyText="No venues yet."
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />
  );
}
