import { Button, Group, Text } from '@mantine/core';
import { COMPANY_INVOICE_STATUS_COLORS, type CompanyInvoice } from '@certs/shared/employer/employer-billing.contract';
import { formatAmount } from '@certs/shared/payment/payment.contract';
import { DataTable } from '../../../components/ui/data-table';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { WholeIdentifier } from '../../../components/ui/unbroken-text';
import { useDateFormatter } from '../../../lib/dates';

interface CompanyInvoicesTableProps {
  invoices: readonly CompanyInvoice[];
  /** The coordinator pays; a viewer sees no Pay button. */
  canPay: boolean;
  /** The invoice whose payment is being started (its button shows it). */
  payingId: string | null;
  onPay: (invoice: CompanyInvoice) => void;
  onDownload: (invoice: CompanyInvoice) => void;
}

/** The tax invoices issued to the company: number, person, program, amount and GST, Paid or Unpaid and by when; Pay and the PDF. */
export function CompanyInvoicesTable({ invoices, canPay, payingId, onPay, onDownload }: CompanyInvoicesTableProps) {
  const dates = useDateFormatter();
  const columns: PagedTableColumn<CompanyInvoice>[] = [
    {
      key: 'invoice',
      header: 'Invoice',
      isRowHeader: true,
      render: (row) => (
        <>
          <WholeIdentifier>{row.invoiceNumber}</WholeIdentifier>
          <Text size="xs" c="dimmed">
            {dates.date(row.issuedOn)} · {row.issuerName}
          </Text>
        </>
      ),
    },
    { key: 'person', header: 'Person', render: (row) => row.personName },
    {
      key: 'program',
      header: 'Program',
      render: (row) => (
        <>
          {row.programCode} {row.programTitle}
          <Text size="xs" c="dimmed">
            {row.applicationNumber}
            {row.purchaseOrderNumber ? ` · PO ${row.purchaseOrderNumber}` : ''}
          </Text>
        </>
      ),
    },
    {
      key: 'amount',
      header: 'Amount (incl. GST)',
      align: 'right',
      render: (row) => (
        <>
          {formatAmount(row.totalCents, row.currency)} {row.currency}
          <Text size="xs" c="dimmed">
            GST {formatAmount(row.gstCents, row.currency)}
          </Text>
        </>
      ),
    },
    { key: 'status', header: 'Status', render: (row) => <StatusBadge label={row.status} color={COMPANY_INVOICE_STATUS_COLORS[row.status]} testId={`invoice-status-${row.invoiceNumber}`} /> },
    {
      key: 'due',
      header: 'Due',
      noWrap: true,
      render: (row) => (row.status === 'Paid' ? `Paid ${dates.date(row.paidOn)}` : row.dueOn ? dates.dateTime(row.dueOn) : '-'),
    },
    {
      key: 'actions',
      header: 'Actions',
      isAction: true,
      isHeaderHidden: true,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          {canPay && row.status === 'Unpaid' && (
            <Button size="compact-sm" loading={payingId === row.id} disabled={payingId !== null && payingId !== row.id} onClick={() => onPay(row)} aria-label={`Pay ${row.invoiceNumber}`}>
              {row.totalCents > 0 ? 'Pay' : 'Confirm'}
            </Button>
          )}
          <Button size="compact-sm" variant="light" onClick={() => onDownload(row)} aria-label={`Download ${row.invoiceNumber} as PDF`}>
            Download
          </Button>
        </Group>
      ),
    },
  ];
  return <DataTable label="Invoices" columns={columns} rows={invoices} rowKey={(row) => row.id} minWidth={900} testId="company-invoices" />;
}
