import { Button, Group, Stack, Text } from '@mantine/core';
import { COUPON_STATE_COLORS, appliesToText, type Coupon, type CouponPage } from '@certs/shared/coupon/coupon.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import type { CsvColumn } from '../../../lib/export-csv';

const usedText = (c: Coupon) => (c.usageLimit === null ? `${c.usedCount}` : `${c.usedCount} of ${c.usageLimit}`);

/** The discount codes table as a file. */
export const COUPON_CSV_COLUMNS: readonly CsvColumn<Coupon>[] = [
  { header: 'Code', value: (c) => c.code },
  { header: 'Description', value: (c) => c.description },
  { header: 'Discount', value: (c) => c.discountText },
  { header: 'For', value: (c) => appliesToText(c) },
  { header: 'Valid From', value: (c, dates) => dates.date(c.validFrom) },
  { header: 'Valid To', value: (c, dates) => dates.date(c.validTo) },
  { header: 'Used', value: (c) => c.usedCount },
  { header: 'Usage Limit', value: (c) => c.usageLimit },
  { header: 'Status', value: (c) => c.state },
];

interface CouponsTableProps {
  page: CouponPage | undefined;
  pageNumber: number;
  pageSize: number;
  isLoading: boolean;
  error: string | null;
  onEdit: (coupon: Coupon) => void;
  onToggleActive: (coupon: Coupon) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Discount codes with their discount, scope, validity, uses against the limit and state. */
export function CouponsTable({ page, pageNumber, pageSize, isLoading, error, onEdit, onToggleActive, onPageChange, onPageSizeChange }: CouponsTableProps) {
  const columns: PagedTableColumn<Coupon>[] = [
    {
      key: 'code',
      header: 'Code',
      isRowHeader: true,
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} ff="monospace">
            {c.code}
          </Text>
          {c.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {c.description}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'discount', header: 'Discount', noWrap: true, render: (c) => c.discountText },
    { key: 'for', header: 'For', render: (c) => appliesToText(c) },
    { key: 'from', header: 'Valid From', noWrap: true, render: (c) => <DateDisplay value={c.validFrom} /> },
    { key: 'to', header: 'Valid To', noWrap: true, render: (c) => <DateDisplay value={c.validTo} /> },
    { key: 'used', header: 'Used', noWrap: true, render: usedText },
    { key: 'state', header: 'Status', noWrap: true, render: (c) => <StatusBadge label={c.state} color={COUPON_STATE_COLORS[c.state]} /> },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (c) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button size="compact-sm" variant="light" onClick={() => onEdit(c)} aria-label={`Edit ${c.code}`}>
            Edit
          </Button>
          <Button size="compact-sm" variant="subtle" color={c.active ? 'red' : 'green'} onClick={() => onToggleActive(c)} aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.code}`}>
            {c.active ? 'Deactivate' : 'Activate'}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <PagedTable
      label="Discount codes"
      testId="discount-codes-table"
      columns={columns}
      rows={page?.rows ?? []}
      rowKey={(c) => c.id}
      page={pageNumber}
      pageSize={pageSize}
      totalRows={page?.totalRows ?? 0}
      isLoading={isLoading}
      error={error}
      emptyText="No discount codes yet."
      minWidth={900}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />
  );
}
