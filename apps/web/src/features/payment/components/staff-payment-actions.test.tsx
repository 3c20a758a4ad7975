import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@certs/shared/payment/payment.contract';
import type { Invoice } from '@certs/shared/pre-exam/pre-exam.contract';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StaffPaymentActions } from './staff-payment-actions';
import { StaffPaymentsStage } from './staff-payments-stage';

const APPLICATION_ID = '5a1c2d3e-0000-4000-8000-000000000001';
const RENEWAL_ID = '5a1c2d3e-0000-4000-8000-000000000002';

const invoice = (status: Invoice['status']): Invoice => ({
  id: '5a1c2d3e-0000-4000-8000-000000000003',
  invoiceNumber: 123,
  invoiceNumberText: 'INV-000123',
  applicationId: APPLICATION_ID,
  applicationNumber: 'WQ-2026-00001',
  programCode: 'WQ-ISO',
  programTitle: 'Welder Qualification Test to ISO 9606-1',
  issuedOn: '2026-12-01T00:00:00.000Z',
  issuer: { name: 'Demo body', country: 'AU', abn: '51 824 753 556', nzbn: '', gstNumber: '', address: '1 Street', email: 'a@example.test', taxIdentifiers: [] },
  billedTo: { name: 'Rita Revalidated', email: 'rita@example.test', address: '', memberNumber: '' },
  lines: [],
  subtotalCents: 15000,
  discountCents: 0,
  couponCode: null,
  gstRateBasisPoints: 1000,
  gstCents: 1500,
  totalCents: 16500,
  currency: 'AUD',
  status,
  paidOn: status === 'Paid' ? '2026-12-02T00:00:00.000Z' : null,
});

const payment: Payment = {
  id: '5a1c2d3e-0000-4000-8000-000000000004',
  trackerId: '5a1c2d3e-0000-4000-8000-000000000005',
  invoiceId: '5a1c2d3e-0000-4000-8000-000000000003',
  invoiceNumber: 'INV-000123',
  applicationId: APPLICATION_ID,
  applicationNumber: 'WQ-2026-00001',
  gateway: 'offline',
  amountCents: 16500,
  currency: 'AUD',
  status: 'Success',
  displayedStatus: 'Success',
  transactionStatus: true,
  gatewayReference: null,
  offlineReference: 'EFT-WPQ-9',
  failureReason: null,
  expiresOn: '2026-12-02T00:00:00.000Z',
  paidOn: '2026-12-02T00:00:00.000Z',
  createdOn: '2026-12-02T00:00:00.000Z',
  lastCheckedOn: null,
  paymentUrl: 'http://localhost/student/payments/x',
};

function serve(invoiceStatus: Invoice['status']) {
  return stubFetch((call: RecordedCall) => {
    if (call.url.includes('/api/invoice/byapplication/')) return jsonResponse([invoice(invoiceStatus)]);
    if (call.url.includes('/payment/byapplication/')) return jsonResponse(invoiceStatus === 'Paid' ? [payment] : []);
    if (call.url.endsWith('/payment/verified')) return jsonResponse(payment);
    if (call.url.endsWith('/resend/payment/link')) return jsonResponse({ trackerId: 'new', paymentUrl: 'http://localhost/student/payments/new', expiresOn: '2026-12-10T00:00:00.000Z' });
    return jsonResponse({ message: 'unexpected' }, 404);
  });
}

const showWelderQualification = (canManage = true) =>
  renderWithProviders(<StaffPaymentsStage type="welderqualificationapplication" applicationId={APPLICATION_ID} status="Awarded" workflowStage={null} canManage={canManage} onMoved={() => undefined} />);

afterEach(() => vi.unstubAllGlobals());

describe("a Welder Qualification's Payments section (issue 41)", () => {
  it('offers both actions while the revalidation fee is unpaid, and records a bank transfer on the WQ route', async () => {
    const { calls } = serve('Issued');
    const user = userEvent.setup();
    showWelderQualification();
    await user.click(await screen.findByRole('button', { name: 'Record offline payment' }));
    const form = await screen.findByRole('form', { name: 'Record offline payment' });
    expect(form).toHaveTextContent('$165.00 (INV-000123)');
    await user.type(within(form).getByRole('textbox', { name: /Payment reference/ }), 'EFT-WPQ-9');
    await user.click(within(form).getByRole('button', { name: /Record/ }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/api/welderqualificationapplication/${APPLICATION_ID}/payment/verified`))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/payment/verified'))!.body).toEqual({ reference: 'EFT-WPQ-9' });
    expect(await screen.findByText('Payment recorded')).toBeInTheDocument();
  });

  it('sends a new link on the WQ route', async () => {
    const { calls } = serve('Issued');
    const user = userEvent.setup();
    showWelderQualification();
    await user.click(await screen.findByRole('button', { name: 'Resend payment link' }));
    await user.click(await screen.findByRole('button', { name: 'Send new link' }));
    expect(await screen.findByText('Payment link sent')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/api/welderqualificationapplication/${APPLICATION_ID}/resend/payment/link`))).toBe(true);
  });

  it('shows the payments without actions once the invoice is paid, and none to staff who only see the application', async () => {
    serve('Paid');
    const { unmount } = showWelderQualification();
    expect(await screen.findByRole('table', { name: 'Payments' })).toHaveTextContent('EFT-WPQ-9');
    expect(screen.queryByRole('button', { name: 'Record offline payment' })).not.toBeInTheDocument();
    unmount();
    const { calls } = serve('Issued');
    showWelderQualification(false);
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('/payment/byapplication/'))).toBe(true));
    expect(screen.queryByRole('button', { name: 'Resend payment link' })).not.toBeInTheDocument();
    // Staff who may not manage the program are not even asked about its invoices.
    expect(calls.some((c) => c.url.includes('/api/invoice/byapplication/'))).toBe(false);
  });
});

describe("the AICIP renewal modules' invoice actions (issue 41)", () => {
  it('post to the renewal route with the renewal id', async () => {
    const { calls } = serve('Issued');
    const user = userEvent.setup();
    renderWithProviders(<StaffPaymentActions type="aicipapplicationrenewalmodule" applicationId={APPLICATION_ID} id={RENEWAL_ID} amountText="$242.00 (INV-000124)" />);
    await user.click(screen.getByRole('button', { name: 'Resend payment link' }));
    await user.click(await screen.findByRole('button', { name: 'Send new link' }));
    expect(await screen.findByText('Payment link sent')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/api/aicipapplicationrenewalmodule/${RENEWAL_ID}/resend/payment/link`))).toBe(true);
  });
});

describe('every other invoice kind posts to its own route with its own id (issue 41)', () => {
  const RESIT_ID = '5a1c2d3e-0000-4000-8000-000000000006';
  const kinds = [
    { label: "a re-sit's fee", type: 'qualificationapplicationresitmodule', id: RESIT_ID },
    { label: "an AICIP re-sit's fee", type: 'aicipapplicationresitmodule', id: RESIT_ID },
    { label: "a late Certification renewal's fee", type: 'certificationrenewalapplication', id: RENEWAL_ID },
  ] as const;
  for (const kind of kinds) {
    it(`${kind.label}: a new link and a bank transfer`, async () => {
      const { calls } = serve('Issued');
      const user = userEvent.setup();
      renderWithProviders(<StaffPaymentActions type={kind.type} applicationId={APPLICATION_ID} id={kind.id} amountText="$110.00 (re-sit of M1)" />);
      await user.click(screen.getByRole('button', { name: 'Resend payment link' }));
      await user.click(await screen.findByRole('button', { name: 'Send new link' }));
      expect(await screen.findByText('Payment link sent')).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/api/${kind.type}/${kind.id}/resend/payment/link`))).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Record offline payment' }));
      const form = await screen.findByRole('form', { name: 'Record offline payment' });
      expect(form).toHaveTextContent('$110.00 (re-sit of M1)');
      await user.type(within(form).getByRole('textbox', { name: /Payment reference/ }), 'EFT-77');
      await user.click(within(form).getByRole('button', { name: /Record/ }));
      await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url.endsWith(`/api/${kind.type}/${kind.id}/payment/verified`))).toBe(true));
      expect(calls.find((c) => c.url.endsWith('/payment/verified'))!.body).toEqual({ reference: 'EFT-77' });
    });
  }
});
