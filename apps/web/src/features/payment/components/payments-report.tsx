import { Anchor, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatAmount, type PaymentReportQuery, type PaymentReportRow } from '@certs/shared/payment/payment.contract';
import { PAYMENT_GATEWAYS, PAYMENT_GATEWAY_LABELS, PAYMENT_STATUSES, type PaymentGatewayName, type PaymentStatus } from '@certs/shared/payment/payment-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { EmailAddress } from '../../../components/ui/unbroken-text';
import { errorMessageOf } from '../../../lib/api-client';
import { usePaging } from '../../../lib/use-paging';
import { usePaymentReport, useReportPrograms, type ReportFilters } from '../api/payments';
import { PaymentStatusBadge } from './payment-status-badge';
import { DateField } from '../../../components/ui/date-field';
import { PaymentReferenceCell } from './payment-reference-cell';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The query the API takes: only filled-in filters, days only when complete. */
export function reportQueryOf(filters: { from: string; to: string; status: string; gateway: string; programId: string }): ReportFilters {
  return {
    from: DAY.test(filters.from) ? filters.from : undefined,
    to: DAY.test(filters.to) ? filters.to : undefined,
    status: (filters.status || undefined) as PaymentStatus | undefined,
    gateway: (filters.gateway || undefined) as PaymentGatewayName | undefined,
    programId: filters.programId || undefined,
  };
}

function csvPathOf(filters: ReportFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value));
  const text = params.toString();
  return `/api/paymentgateway/all/reports/csv${text ? `?${text}` : ''}`;
}

const columns: PagedTableColumn<PaymentReportRow>[] = [
  // The day and the time may go on two lines, so that the table fits a 1366 px screen (issue 21 item 13).
  { key: 'date', header: 'Date', render: (row) => <DateDisplay value={row.paidOn ?? row.createdOn} withTime /> },
  { key: 'invoice', header: 'Invoice', isRowHeader: true, noWrap: true, render: (row) => row.invoiceNumber },
  {
    key: 'application',
    header: 'Application',
    noWrap: true,
    render: (row) => (
      <Anchor component={Link} to={`/admin/programs/${row.programId}/applications/${row.applicationType}/${row.applicationId}`} size="sm">
        {row.applicationNumber}
      </Anchor>
    ),
  },
  {
    key: 'applicant',
    header: 'Applicant',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.applicantName}</Text>
        {/* A long address goes onto two lines before its @ or a dot (unbroken, it widened the table past a 1366 px screen). */}
        <Text size="xs" c="dimmed">
          <EmailAddress email={row.applicantEmail} />
        </Text>
      </Stack>
    ),
  },
  // The program's code, its title beneath in small type: the table fits a 1366 px screen (issue 21 item 13).
  {
    key: 'program',
    header: 'Program',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.programCode}</Text>
        <Text size="xs" c="dimmed" lineClamp={1} title={row.programTitle}>
          {row.programTitle}
        </Text>
      </Stack>
    ),
  },
  // GST and discount under the amount they make up, each on its own line (the CSV keeps them as columns of their own).
  {
    key: 'amount',
    header: 'Amount',
    align: 'right',
    noWrap: true,
    render: (row) => (
      <Stack gap={0} align="flex-end">
        <Text size="sm">{formatAmount(row.amountCents, row.currency)}</Text>
        <Text size="xs" c="dimmed">
          GST {formatAmount(row.gstCents, row.currency)}
        </Text>
        {/* A line of its own: beside the GST it widened the table past a 1366 px screen (the application journey's 10 % code). */}
        {row.discountCents ? (
          <Text size="xs" c="dimmed">
            less {formatAmount(row.discountCents, row.currency)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { key: 'gateway', header: 'Gateway', render: (row) => PAYMENT_GATEWAY_LABELS[row.gateway] },
  { key: 'reference', header: 'Reference', render: (row) => <PaymentReferenceCell reference={row.reference} /> },
  { key: 'status', header: 'Status', noWrap: true, render: (row) => <PaymentStatusBadge status={row.displayedStatus} /> },
];

/** Reports: the payments report, filtered by date range (days in the account's time zone), status, gateway and program, with a CSV export. */
export function PaymentsReport() {
  const { page, pageSize, onPageChange, onPageSizeChange, resetPage } = usePaging();
  const [form, setForm] = useState({ from: '', to: '', status: '', gateway: '', programId: '' });
  const filters = reportQueryOf(form);
  const query: PaymentReportQuery = { ...filters, page, pageSize };
  const report = usePaymentReport(query);
  const programs = useReportPrograms();
  // Selects hand in their event, date fields their day.
  const change = (field: keyof typeof form) => (input: string | { currentTarget: { value: string } }) => {
    const value = typeof input === 'string' ? input : input.currentTarget.value;
    setForm((current) => ({ ...current, [field]: value }));
    resetPage();
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="payments-report-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Title order={2} size="h3" id="payments-report-heading">
            Payments
          </Title>
          <ExportButton table="Payments" fileName="payments.csv" source={{ kind: 'server', path: csvPathOf(filters) }} />
        </Group>
        <Group gap="md" align="flex-end" wrap="wrap">
          <DateField label="From" description="Day in the account's time zone" value={form.from} onChange={change('from')} w={170} />
          <DateField label="To" description="Day in the account's time zone" value={form.to} min={form.from || undefined} onChange={change('to')} w={170} />
          <NativeSelect label="Status" value={form.status} onChange={change('status')} data={[{ value: '', label: 'All' }, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: s }))]} w={150} />
          <NativeSelect label="Gateway" value={form.gateway} onChange={change('gateway')} data={[{ value: '', label: 'All' }, ...PAYMENT_GATEWAYS.map((g) => ({ value: g, label: PAYMENT_GATEWAY_LABELS[g] }))]} w={200} />
          <NativeSelect
            label="Program"
            value={form.programId}
            onChange={change('programId')}
            data={[{ value: '', label: 'All' }, ...(programs.data ?? []).map((p) => ({ value: p.id, label: `${p.programCode} ${p.programTitle}` }))]}
            w={260}
          />
        </Group>
        <PagedTable
          label="Payments report"
          testId="payments-report"
          columns={columns}
          rows={report.data?.rows ?? []}
          rowKey={(row) => row.paymentId}
          page={page}
          pageSize={pageSize}
          totalRows={report.data?.totalRows ?? 0}
          isLoading={report.isFetching}
          error={report.error ? errorMessageOf(report.error) : null}
          emptyText="No payments match these filters."
          minWidth={860}
          onPageChange={onPageChange}
          onPageSizeChange={onPageSizeChange}
        />
      </Stack>
    </Paper>
  );
}
