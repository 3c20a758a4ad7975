import { Button, Stack, Text } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { Company, CompanyPage } from '@certs/shared/company/company.contract';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import type { CsvColumn } from '../../../lib/export-csv';

const statusOf = (c: Company) => (c.active ? 'Active' : c.isRequested ? 'Requested' : 'Inactive');

/** The companies table as a file, with the address and membership dates the form holds. */
export const COMPANY_CSV_COLUMNS: readonly CsvColumn<Company>[] = [
  { header: 'Company Name', value: (c) => c.name },
  { header: 'ABN / NZBN', value: (c) => (c.businessNumber ? `${c.businessNumberKind ?? ''} ${c.businessNumber}`.trim() : '') },
  { header: 'Address', value: (c) => [c.streetAddress, c.city, c.state, c.postalCode, c.country].filter(Boolean).join(', ') },
  { header: 'Contact Name', value: (c) => c.contactName },
  { header: 'Contact Position', value: (c) => c.contactPosition },
  { header: 'Contact Email', value: (c) => c.contactEmail },
  { header: 'Contact Phone', value: (c) => c.contactPhone },
  { header: 'Corporate Member Number', value: (c) => c.corporateMemberNumber },
  { header: 'Membership Current', value: (c) => (c.corporateMemberNumber ? (c.isCurrentCorporateMember ? 'Yes' : 'No') : '') },
  { header: 'Membership From', value: (c, dates) => dates.date(c.membershipStartsOn) },
  { header: 'Membership To', value: (c, dates) => dates.date(c.membershipEndsOn) },
  { header: 'Status', value: statusOf },
];

interface CompaniesTableProps {
  page: CompanyPage | undefined;
  pageNumber: number;
  pageSize: number;
  isLoading: boolean;
  error: string | null;
  onEdit: (company: Company) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Users -> Companies: employers and corporate members, with requests from applicants waiting (inactive). */
export function CompaniesTable({ page, pageNumber, pageSize, isLoading, error, onEdit, onPageChange, onPageSizeChange }: CompaniesTableProps) {
  const columns: PagedTableColumn<Company>[] = [
    { key: 'name', header: 'Company Name', isRowHeader: true, render: (c) => c.name },
    { key: 'number', header: 'ABN / NZBN', noWrap: true, render: (c) => (c.businessNumber ? `${c.businessNumberKind} ${c.businessNumber}` : '-') },
    {
      key: 'contact',
      header: 'Contact',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm">{c.contactName || '-'}</Text>
          <Text size="xs" c="dimmed">
            {c.contactEmail}
          </Text>
        </Stack>
      ),
    },
    { key: 'membership', header: 'Corporate membership', render: (c) => (c.corporateMemberNumber ? `${c.corporateMemberNumber}${c.isCurrentCorporateMember ? ' (current)' : ' (not current)'}` : '-') },
    {
      key: 'status',
      header: 'Status',
      noWrap: true,
      render: (c) => <StatusBadge color={c.active ? 'green' : 'orange'} label={statusOf(c)} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (c) => (
        <Button size="compact-sm" variant="light" onClick={() => onEdit(c)} aria-label={`Edit ${c.name}`}>
          Edit
        </Button>
      ),
    },
  ];
  return (
    <PagedTable
      label="Companies"
      testId="companies-table"
      columns={columns}
      rows={page?.rows ?? []}
      rowKey={(c) => c.id}
      page={pageNumber}
      pageSize={pageSize}
      totalRows={page?.totalRows ?? 0}
      isLoading={isLoading}
      error={error}
      emptyText="No companies yet."
      minWidth={860}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />
  );
}
