import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ROLES } from '@certs/shared/auth/roles';
import type { CompanyInvoice } from '@certs/shared/employer/employer-billing.contract';
import { companyInvoicePdfPath, payCompanyInvoice, useCheckCompanyInvoice, useCompanyInvoices } from '../../../features/employer-billing/api/employer-billing';
import { CompanyInvoicesTable } from '../../../features/employer-billing/components/company-invoices-table';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { downloadFile } from '../../../lib/download-file';
import { usePageTitle } from '../../../lib/page-title';

/** Where the browser goes to pay: the gateway's page (the app's window; a spy in tests). */
export type Redirect = (url: string) => void;

/**
 * The tax invoices issued to the company for the applications it pays for (issue 42). The
 * coordinator pays online (the payment gateway's page, then back here, where the payment is asked
 * about once more); everyone downloads the PDF. A bank transfer quoting the invoice number is
 * recorded by the awarding body's staff, and the invoice then shows Paid.
 */
export function EmployerInvoicesPage({ onRedirect }: { onRedirect: Redirect }) {
  usePageTitle('Invoices');
  const { user } = useRequiredSession();
  const isCoordinator = user.role === ROLES.CompanyCoordinator;
  const invoices = useCompanyInvoices();
  const check = useCheckCompanyInvoice();
  const [searchParams, setSearchParams] = useSearchParams();
  const [payingId, setPayingId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [returned, setReturned] = useState<CompanyInvoice | null>(null);

  // Back from the gateway (?invoice=): ask about that invoice's payment once, then show where it stands.
  const returnedId = searchParams.get('invoice');
  const hasChecked = useRef(false);
  const checkNow = check.mutateAsync;
  useEffect(() => {
    if (!returnedId || hasChecked.current) return;
    hasChecked.current = true;
    setSearchParams({}, { replace: true });
    checkNow(returnedId).then(setReturned, (error: unknown) => setFailure(errorMessageOf(error)));
  }, [returnedId, checkNow, setSearchParams]);

  const pay = async (invoice: CompanyInvoice) => {
    setFailure(null);
    setReturned(null);
    setPayingId(invoice.id);
    try {
      onRedirect((await payCompanyInvoice(invoice.id)).redirectUrl);
    } catch (error) {
      setFailure(errorMessageOf(error));
      setPayingId(null);
    }
  };
  const download = (invoice: CompanyInvoice) =>
    void downloadFile(companyInvoicePdfPath(invoice.id), `${invoice.invoiceNumber}.pdf`).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'The invoice could not be downloaded', message: errorMessageOf(error) }),
    );

  const rows = invoices.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Invoices</Title>
        <Text c="dimmed">
          Tax invoices issued to your company for the applications it pays for. {isCoordinator ? 'Pay online, or' : 'Your coordinator pays online, or you can'} pay by bank transfer quoting the invoice number.
        </Text>
      </Stack>
      {check.isPending && <Text c="dimmed">Checking the payment with the gateway…</Text>}
      {returned && returned.status === 'Paid' && (
        <Alert color="green" variant="light" title="Payment received" data-testid="payment-result">
          Invoice {returned.invoiceNumber} is paid. A receipt has been mailed to the billing contact.
        </Alert>
      )}
      {returned && returned.status !== 'Paid' && (
        <Alert color={returned.paymentStatus === 'Failed' ? 'red' : 'yellow'} variant="light" title={returned.paymentStatus === 'Failed' ? 'The payment was not completed' : 'Waiting for the payment gateway'} data-testid="payment-result">
          {returned.paymentStatus === 'Failed' ? `Nothing was charged for invoice ${returned.invoiceNumber}. You can try again.` : `The gateway has not confirmed the payment of invoice ${returned.invoiceNumber} yet. If you paid, it shows as Paid here shortly.`}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" title="Payment not started" role="alert">
          {failure}
        </Alert>
      )}
      {invoices.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(invoices.error)}
        </Alert>
      )}
      {invoices.isSuccess && rows.length === 0 && <Text c="dimmed">No invoice has been issued to your company yet. Invoices follow the applications you pay for (Nominations), once staff accept them.</Text>}
      {rows.length > 0 && <CompanyInvoicesTable invoices={rows} canPay={isCoordinator} payingId={payingId} onPay={(invoice) => void pay(invoice)} onDownload={download} />}
    </Stack>
  );
}

export function EmployerInvoicesRoute() {
  return <EmployerInvoicesPage onRedirect={(url) => window.location.assign(url)} />;
}
