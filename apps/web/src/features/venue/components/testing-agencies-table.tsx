import { Button, Group, Stack, Text } from '@mantine/core';
import type { TestingAgency, TestingAgencyPage } from '@certs/shared/venue/venue.contract';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';

/** The test centres table as a file, each part of the address in its own column. */
export const TESTING_AGENCY_CSV_COLUMNS: readonly CsvColumn<TestingAgency>[] = [
  { header: 'Reference Number', value: (c) => c.referenceNumber },
  { header: 'Company Name', value: (c) => c.companyName },
  { header: 'Street', value: (c) => [c.streetNumber, c.streetName].filter(Boolean).join(' ') },
  { header: 'City', value: (c) => c.city },
  { header: 'State', value: (c) => c.state },
  { header: 'Postal Code', value: (c) => c.postalCode },
  { header: 'Country', value: (c) => c.country },
  { header: 'Primary Email', value: (c) => c.primaryEmail },
  { header: 'Alternate Email', value: (c) => c.alternateEmail },
  { header: 'Phone', value: (c) => c.phone },
  { header: 'Mobile', value: (c) => c.mobile },
];

interface TestingAgenciesTableProps {
  page: TestingAgencyPage | undefined;
  pageNumber: number;
  pageSize: number;
  isLoading: boolean;
  error: string | null;
  canEdit: boolean;
  onEdit: (centre: TestingAgency) => void;
  onRemove: (centre: TestingAgency) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

export function TestingAgenciesTable({ page, pageNumber, pageSize, isLoading, error, canEdit, onEdit, onRemove, onPageChange, onPageSizeChange }: TestingAgenciesTableProps) {
  const columns: PagedTableColumn<TestingAgency>[] = [
    { key: 'reference', header: 'Reference Number', isRowHeader: true, noWrap: true, render: (c) => c.referenceNumber },
    { key: 'company', header: 'Company Name', render: (c) => c.companyName },
    {
      key: 'address',
      header: 'Address',
      render: (c) => (
        <Text size="sm">
          {[c.streetNumber, c.streetName].filter(Boolean).join(' ')}, {c.city} {c.state} {c.postalCode}, {c.country}
        </Text>
      ),
    },
    {
      key: 'contact',
      header: 'Contact',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{c.primaryEmail}</Text>
          <Text size="xs" c="dimmed">
            {c.phone} · {c.mobile}
          </Text>
        </Stack>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            align: 'right' as const,
            render: (c: TestingAgency) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="compact-sm" variant="light" onClick={() => onEdit(c)} aria-label={`Edit ${c.companyName}`}>
                  Edit
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => onRemove(c)} aria-label={`Remove ${c.companyName}`}>
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
      label="Test centres"
      testId="test-centres-table"
      columns={columns}
      rows={page?.rows ?? []}
      rowKey={(c) => c.id}
      page={pageNumber}
      pageSize={pageSize}
      totalRows={page?.totalRows ?? 0}
      isLoading={isLoading}
      error={error}
      emptyText="No test centres yet."
      minWidth={860}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />
  );
}
