import { Text } from '@mantine/core';
import type { Nomination } from '@certs/shared/employer/employer-billing.contract';
import { formatAmount } from '@certs/shared/payment/payment.contract';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { DataTable } from '../../../components/ui/data-table';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useDateFormatter } from '../../../lib/dates';

/** The applications the company pays for: the person, the program, where the application stands and its invoice. */
export function NominationsTable({ nominations }: { nominations: readonly Nomination[] }) {
  const dates = useDateFormatter();
  const columns: PagedTableColumn<Nomination>[] = [
    { key: 'person', header: 'Person', isRowHeader: true, render: (row) => row.personName },
    {
      key: 'program',
      header: 'Program',
      render: (row) => (
        <>
          {row.programCode} {row.programTitle}
          <Text size="xs" c="dimmed">
            {row.awardingBodyName}
          </Text>
        </>
      ),
    },
    { key: 'application', header: 'Application', noWrap: true, render: (row) => row.applicationNumber },
    { key: 'status', header: 'Status', render: (row) => <ApplicationStatusBadge status={row.status} /> },
    {
      key: 'invoice',
      header: 'Invoice',
      render: (row) =>
        row.invoice ? (
          <>
            {row.invoice.invoiceNumber} · {formatAmount(row.invoice.totalCents, row.invoice.currency)}{' '}
            <StatusBadge label={row.invoice.isPaid ? 'Paid' : 'Unpaid'} color={row.invoice.isPaid ? 'green' : 'orange'} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Not issued yet
          </Text>
        ),
    },
    {
      key: 'nominated',
      header: 'Nominated',
      render: (row) => (
        <>
          {dates.date(row.nominatedOn)}
          <Text size="xs" c="dimmed">
            by {row.nominatedBy}
            {row.purchaseOrderNumber ? ` · PO ${row.purchaseOrderNumber}` : ''}
          </Text>
        </>
      ),
    },
  ];
  return <DataTable label="Nominations" columns={columns} rows={nominations} rowKey={(row) => row.applicationId} minWidth={820} testId="nominations" />;
}
