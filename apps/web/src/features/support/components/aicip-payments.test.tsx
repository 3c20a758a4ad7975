import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { SUPPORT_MESSAGES, type AicipPaymentApplication } from '@certs/shared/support/support.contract';
import { savedExports, stubCsvExports } from '../../../test/export-stub';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AicipPayments, aicipPaymentRequestOf } from './aicip-payments';

const waiting: AicipPaymentApplication = {
  applicationId: '60000000-0000-4000-8000-000000000001',
  applicationNumber: 'AICIP-2026-00007',
  programId: '60000000-0000-4000-8000-0000000000aa',
  programCode: 'AICIP-PIPE',
  programTitle: 'AICIP Pressure Equipment Inspector - In-Service Piping',
  applicantName: 'Paige Payer',
  email: 'paige@example.test',
  memberNumber: 'WCB-M-5120',
  status: 'Examinations Stage',
  workflowStage: 'Payment Stage Requested',
  stageLabel: 'Payment requested',
  isAwaitingPayment: true,
  invoice: { id: '60000000-0000-4000-8000-0000000000bb', invoiceNumber: 'INV-000042', totalCents: 58000, currency: 'AUD', status: 'Issued', issuedOn: '2026-11-20T01:00:00.000Z', paidOn: null },
};
const paid: AicipPaymentApplication = {
  ...waiting,
  workflowStage: 'Payment Stage Completed',
  stageLabel: 'Payment completed',
  isAwaitingPayment: false,
  invoice: { ...waiting.invoice!, status: 'Paid', paidOn: '2026-11-27T01:00:00.000Z' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(onPayment: (call: RecordedCall) => Response) {
  let isPaid = false;
  return stubFetch(async (call) => {
    if (call.url.startsWith('/api/108/aicipapplications')) return jsonResponse({ rows: isPaid ? [] : [waiting], page: 1, pageSize: 10, totalRows: isPaid ? 0 : 1 });
    if (call.url.startsWith(`/api/108/aicipapplication/${waiting.applicationId}`)) return jsonResponse(isPaid ? paid : waiting);
    if (call.url === '/api/108/aicippayment' && call.method === 'POST') {
      const answer = onPayment(call);
      isPaid = answer.status === 200;
      return answer;
    }
    return jsonResponse({ message: 'unexpected' }, 404);
  });
}

const payment = {
  id: 'p1',
  trackerId: 't1',
  invoiceId: waiting.invoice!.id,
  invoiceNumber: 'INV-000042',
  applicationId: waiting.applicationId,
  applicationNumber: waiting.applicationNumber,
  gateway: 'offline',
  amountCents: 58000,
  currency: 'AUD',
  status: 'Success',
  displayedStatus: 'Success',
  transactionStatus: true,
  gatewayReference: null,
  offlineReference: 'EFT-991',
  failureReason: null,
  expiresOn: '2026-11-27T01:00:00.000Z',
  paidOn: '2026-11-27T01:00:00.000Z',
  createdOn: '2026-11-27T01:00:00.000Z',
  lastCheckedOn: null,
  paymentUrl: 'http://localhost/student/payments/t1',
};

describe('aicipPaymentRequestOf', () => {
  it("checks with the contract's messages and sends a day as noon in the zone", () => {
    expect(aicipPaymentRequestOf('a1', { reference: ' ', paidOn: '', reason: '' }, 'Australia/Sydney')).toEqual({
      errors: { reference: PAYMENT_MESSAGES.referenceRequired, reason: SUPPORT_MESSAGES.reasonRequired },
    });
    const tomorrow = dayjs().add(2, 'day').format('YYYY-MM-DD');
    expect(aicipPaymentRequestOf('a1', { reference: 'EFT-1', paidOn: tomorrow, reason: 'ok' }, 'Australia/Sydney')).toEqual({ errors: { paidOn: PAYMENT_MESSAGES.paidOnFuture } });
    // 1 March 2026 is daylight time in Sydney (UTC+11): noon there is 01:00 UTC.
    expect(aicipPaymentRequestOf('60000000-0000-4000-8000-000000000001', { reference: ' EFT-1 ', paidOn: '2026-03-01', reason: ' Seen ' }, 'Australia/Sydney')).toEqual({
      request: { applicationId: '60000000-0000-4000-8000-000000000001', reference: 'EFT-1', reason: 'Seen', paidOn: '2026-03-01T01:00:00.000Z' },
    });
  });
});

describe('AicipPayments', () => {
  it('records a payment after a confirmation and shows the invoice paid and the application moved on', async () => {
    const { calls } = serve(() => jsonResponse(payment));
    renderWithProviders(<AicipPayments />);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'AICIP applications waiting for payment' });
    expect(await within(table).findByText('Paige Payer')).toBeInTheDocument();
    expect(within(table).getByText('$580.00')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Record payment: AICIP-2026-00007' }));

    const dialog = await screen.findByRole('dialog', { name: 'Record AICIP payment: AICIP-2026-00007' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(within(dialog).getByText(PAYMENT_MESSAGES.referenceRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SUPPORT_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Payment reference/ }), 'EFT-991');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bank transfer seen on the statement');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    // Nothing is sent before the confirmation.
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(within(dialog).getByText(/Record a payment of \$580.00 for invoice INV-000042 with reference EFT-991\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Payment of $580.00 recorded with reference EFT-991');
    await waitFor(() => expect(within(dialog).getByTestId('aicip-invoice-status')).toHaveTextContent('Paid'));
    expect(within(dialog).getByTestId('aicip-application-stage')).toHaveTextContent('Payment completed');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ applicationId: waiting.applicationId, reference: 'EFT-991', reason: 'Bank transfer seen on the statement' }]);
  });

  it("shows a New Zealand body's invoice in NZ$ (the invoice's currency), in the list and the dialog", async () => {
    const nz: AicipPaymentApplication = { ...waiting, invoice: { ...waiting.invoice!, currency: 'NZD' } };
    stubFetch(async (call) => {
      if (call.url.startsWith('/api/108/aicipapplications')) return jsonResponse({ rows: [nz], page: 1, pageSize: 10, totalRows: 1 });
      if (call.url.startsWith(`/api/108/aicipapplication/${nz.applicationId}`)) return jsonResponse(nz);
      return jsonResponse({ message: 'unexpected' }, 404);
    });
    renderWithProviders(<AicipPayments />);
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'AICIP applications waiting for payment' });
    expect(await within(table).findByText('NZ$580.00')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Record payment: AICIP-2026-00007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record AICIP payment: AICIP-2026-00007' });
    expect(within(dialog).getByRole('textbox', { name: /Payment reference/ })).toHaveAccessibleDescription("The bank transfer's reference for NZ$580.00");
  });

  it("puts the server's field messages back at the fields", async () => {
    serve(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: PAYMENT_MESSAGES.referenceMax, fieldErrors: { reference: PAYMENT_MESSAGES.referenceMax } }, 400));
    renderWithProviders(<AicipPayments />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record payment: AICIP-2026-00007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record AICIP payment: AICIP-2026-00007' });
    await user.type(within(dialog).getByRole('textbox', { name: /Payment reference/ }), 'EFT-992');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
    const reference = await within(dialog).findByRole('textbox', { name: /Payment reference/ });
    await waitFor(() => expect(reference).toHaveAccessibleDescription(new RegExp(PAYMENT_MESSAGES.referenceMax)));
    expect(reference).toHaveValue('EFT-992');
  });
});

describe('AICIP payments: Export CSV', () => {
  it('exports every application waiting for payment under the search on screen, in words', async () => {
    const exports = stubCsvExports();
    const { calls } = stubFetch(async (call) => {
      const exported = exports.handle(call);
      if (exported) return exported;
      if (call.url.startsWith('/api/108/aicipapplications')) return jsonResponse({ rows: [waiting], page: 1, pageSize: 10, totalRows: 1 });
      return jsonResponse({ message: 'unexpected' }, 404);
    });
    const user = userEvent.setup();
    renderWithProviders(<AicipPayments />);
    await user.type(await screen.findByRole('textbox', { name: /Find an AICIP application/ }), 'Paige');
    await waitFor(() => expect(calls.some((call) => call.url.includes('searchTerm=Paige'))).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(savedExports(calls)).toHaveLength(1));
    const saved = savedExports(calls)[0]!;
    expect(saved.fileName).toBe('aicip-applications-waiting-for-payment.csv');
    expect(saved.lines[0]).toBe('"Application","Program","Applicant","Email","Member Number","Invoice","Amount","Issued","Invoice Status"');
    expect(saved.lines[1]).toBe('"AICIP-2026-00007","AICIP-PIPE","Paige Payer","paige@example.test","WCB-M-5120","INV-000042","$580.00","20-Nov-2026","Issued"');
    const exportRead = calls.map((call) => new URL(call.url, 'http://localhost')).find((url) => url.pathname === '/api/108/aicipapplications' && url.searchParams.get('perPageCount') === '250');
    expect(exportRead?.searchParams.get('searchTerm')).toBe('Paige');
  });
});
