import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { INVOICE_STATUS_COLORS, taxIdentifiersText, type Invoice } from '@certs/shared/pre-exam/pre-exam.contract';
import { FEE_BASIS_LABELS, formatGstRate, formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';

/**
 * An issued tax invoice: number, date, status, the body that issued it with its tax identifiers
 * (ABN; or NZBN and GST number), lines and totals as issued in its currency, and its PDF.
 */
export function InvoiceSummary({ invoice }: { invoice: Invoice }) {
  const [isDownloading, setIsDownloading] = useState(false);
  const money = (cents: number) => formatMoney(cents, invoice.currency);
  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadFile(`/api/invoice/${encodeURIComponent(invoice.id)}/pdf`, `${invoice.invoiceNumberText}.pdf`);
    } catch (error) {
      notifications.show({ color: 'red', title: 'The invoice could not be downloaded', message: errorMessageOf(error) });
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Stack gap="sm" data-testid="invoice-summary">
      <Group gap="sm" wrap="wrap">
        <Text fw={700}>Tax invoice {invoice.invoiceNumberText}</Text>
        <StatusBadge label={invoice.status} color={INVOICE_STATUS_COLORS[invoice.status]} />
        <Text size="sm" c="dimmed">
          Issued <DateDisplay value={invoice.issuedOn} withTime />
          {invoice.paidOn && (
            <>
              {' '}
              · paid <DateDisplay value={invoice.paidOn} />
            </>
          )}
        </Text>
        <Button size="compact-sm" variant="light" onClick={() => void download()} loading={isDownloading}>
          Download PDF
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="invoice-issuer">
        Issued by {invoice.issuer.name} · {taxIdentifiersText(invoice.issuer)} · amounts in {invoice.currency}, GST {formatGstRate(invoice.gstRateBasisPoints)} included
      </Text>
      <Text size="sm" c="dimmed">
        Billed to {invoice.billedTo.name} ({invoice.billedTo.email})
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label={`Invoice ${invoice.invoiceNumberText}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Module</Table.Th>
              <Table.Th scope="col">Title</Table.Th>
              <Table.Th scope="col">Fee</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line, index) => (
              <Table.Tr key={`${line.moduleCode}-${index}`}>
                <Table.Td>{line.moduleCode}</Table.Td>
                <Table.Td>
                  {line.moduleTitle}
                  {!line.isRequired && ' (optional)'}
                </Table.Td>
                <Table.Td>{FEE_BASIS_LABELS[line.feeBasis]}</Table.Td>
                <Table.Td ta="right">{money(line.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={3} ta="right">
                Subtotal
              </Table.Th>
              <Table.Td ta="right">{money(invoice.subtotalCents)}</Table.Td>
            </Table.Tr>
            {invoice.discountCents > 0 && (
              <Table.Tr>
                <Table.Th scope="row" colSpan={3} ta="right">
                  Discount{invoice.couponCode ? ` (${invoice.couponCode})` : ''}
                </Table.Th>
                <Table.Td ta="right">-{money(invoice.discountCents)}</Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" colSpan={3} ta="right">
                Total (incl. GST)
              </Table.Th>
              <Table.Td ta="right" fw={700}>
                {money(invoice.totalCents)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" colSpan={3} ta="right" fw={400}>
                GST included ({formatGstRate(invoice.gstRateBasisPoints)})
              </Table.Th>
              <Table.Td ta="right">{money(invoice.gstCents)}</Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
